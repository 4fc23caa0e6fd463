/**
 * The connected wallet's spending limits on the open Safe, per token, as Assets shows them (decision 0063). Tiny on
 * purpose: it is in the first load with the Assets table, while the chain read that fills it (WalletLimits.tsx, the
 * spendingLimits machine) loads lazily after the table has rendered.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';

/** One token's limit of the connected wallet: the sentence, and the token as the flow takes it. */
export interface WalletTokenLimit {
  text: string;
  token: { address: `0x${string}`; symbol: string; decimals: number };
}

export interface WalletLimitsStore {
  get(): Readonly<Record<string, WalletTokenLimit>>;
  set(limits: Readonly<Record<string, WalletTokenLimit>>): void;
  subscribe(listener: () => void): () => void;
}

const NONE: Readonly<Record<string, WalletTokenLimit>> = {};

export function createWalletLimitsStore(): WalletLimitsStore {
  let limits = NONE;
  const listeners = new Set<() => void>();
  return {
    get: () => limits,
    set(next) {
      limits = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const WalletLimitsContext = createContext<WalletLimitsStore | null>(null);

const noop = () => () => undefined;

/** The connected wallet's limit for `token` (lower-case address; the zero address for the native coin), or null. */
export function useWalletTokenLimit(token: string): WalletTokenLimit | null {
  const store = useContext(WalletLimitsContext);
  const limits = useSyncExternalStore(store ? store.subscribe : noop, store ? store.get : () => NONE);
  return limits[token.toLowerCase()] ?? null;
}
