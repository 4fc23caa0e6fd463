/**
 * Pure helpers of the walletConnection machine: chain classification, failure normalisation, the texts the
 * views show. No effects.
 */
import type { ChainFit, ChainView, WalletFailure } from './walletConnection.types.ts';

/** Wallet connection layer retry (product-spec §9): 2 retries, 100 ms apart. */
export const CONNECTION_RETRIES = 2;
export const CONNECTION_RETRY_DELAY_MS = 100;

export const WALLET_TEXTS = {
  /** product-spec §8, shown on the wrong-chain and unsupported-chain banners. */
  wrongNetwork: 'Wrong network detected, switch or disconnect to continue.',
  /** product-spec §8, the generic fallback. */
  somethingWrong: 'Oops, something went wrong!',
  /** product-spec §8: "a wallet not installed or not available message". */
  unavailable: 'No wallet found. Install a browser wallet, or enable and unlock it, then try again.',
  connectRejected: 'You rejected the connection request in your wallet.',
  switchRejected: 'You rejected the network switch in your wallet.',
} as const;

/**
 * Where a connected wallet stands: on a chain the gateway does not list (`unsupportedChain`), connected but
 * not on the open Safe's chain (`wrongChain`), or fine (`ready`). Unsupported wins: a chain the app cannot
 * use at all is the bigger problem. An unknown chain list (null) or no open Safe flags nothing.
 */
export function chainFit(view: ChainView): ChainFit {
  if (view.chainId === null) return 'ready';
  if (view.supportedChainIds !== null && !view.supportedChainIds.includes(view.chainId)) return 'unsupportedChain';
  if (view.requiredChainId !== null && view.requiredChainId !== view.chainId) return 'wrongChain';
  return 'ready';
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * Normalises whatever an effect threw: an explicit `{kind, message}`, an EIP-1193 error (code 4001 = the
 * user rejected), or anything else.
 */
export function toWalletFailure(error: unknown, rejectedText: string = WALLET_TEXTS.connectRejected): WalletFailure {
  const kind = field(error, 'kind');
  const message = field(error, 'message');
  const text = typeof message === 'string' && message ? message : null;
  if (kind === 'rejected' || kind === 'unavailable' || kind === 'failed') {
    return { kind, message: text ?? (kind === 'unavailable' ? WALLET_TEXTS.unavailable : kind === 'rejected' ? rejectedText : WALLET_TEXTS.somethingWrong) };
  }
  if (field(error, 'code') === 4001) return { kind: 'rejected', message: rejectedText };
  return { kind: 'failed', message: text ?? (typeof error === 'string' && error ? error : WALLET_TEXTS.somethingWrong) };
}

/** `0x7a69` → `31337`; decimal strings pass through. Returns null for anything else. */
export function toDecimalChainId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value !== 'string') return null;
  if (/^0x[0-9a-f]+$/i.test(value)) return BigInt(value).toString(10);
  if (/^[1-9][0-9]*$/.test(value)) return value;
  return null;
}

export function toHexChainId(chainId: string): `0x${string}` {
  return `0x${BigInt(chainId).toString(16)}`;
}
