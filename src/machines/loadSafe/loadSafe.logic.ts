/** Pure helpers of the loadSafe machine: validation texts (anchor-features §1, /new-safe/load) and links. */
import { getAddress, isAddress } from 'viem';
import type { AddedSafe, ChainOption, LoadSafeForm } from './loadSafe.types.ts';
import type { HexAddress } from '../walletConnection/walletConnection.types.ts';

export const LOAD_SAFE_TEXTS = {
  invalidFormat: 'Invalid address format',
  notASafe: 'Address given is not a valid Safe account address',
  alreadyAdded: 'Safe account is already added',
  noChain: 'Choose a network',
} as const;

/** Accepts `0x…` or an EIP-3770 `shortName:0x…`; returns the bare address part, trimmed. */
export function bareAddress(value: string): string {
  const trimmed = value.trim();
  const colon = trimmed.lastIndexOf(':');
  return colon >= 0 ? trimmed.slice(colon + 1) : trimmed;
}

export function isAlreadyAdded(added: readonly AddedSafe[], chainId: string, address: string): boolean {
  const bare = bareAddress(address).toLowerCase();
  return added.some((safe) => safe.chainId === chainId && safe.address.toLowerCase() === bare);
}

/**
 * The first problem the form has before the gateway is asked, or null. A prefix that names another chain
 * than the one chosen is a format error too.
 */
export function validateLoadSafeForm(form: LoadSafeForm, chains: readonly ChainOption[], added: readonly AddedSafe[]): string | null {
  const chain = chains.find((c) => c.chainId === form.chainId);
  if (!chain) return LOAD_SAFE_TEXTS.noChain;
  const trimmed = form.address.trim();
  const colon = trimmed.lastIndexOf(':');
  if (colon >= 0 && trimmed.slice(0, colon) !== chain.shortName) return LOAD_SAFE_TEXTS.invalidFormat;
  if (!isAddress(bareAddress(trimmed), { strict: false })) return LOAD_SAFE_TEXTS.invalidFormat;
  if (isAlreadyAdded(added, form.chainId, trimmed)) return LOAD_SAFE_TEXTS.alreadyAdded;
  return null;
}

export function checksumAddress(value: string): HexAddress {
  return getAddress(bareAddress(value)) as HexAddress;
}

/** `/home?safe=<shortName>:<address>` for a chain id, or null when the chain is unknown. */
export function safeHref(chains: readonly ChainOption[], chainId: string, address: string): string | null {
  const chain = chains.find((c) => c.chainId === chainId);
  return chain ? `/home?safe=${chain.shortName}:${address}` : null;
}

/** Failure kinds of the checkSafe effect: `notASafe` (the gateway has no Safe there) or anything else. */
export function isNotASafeError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'notASafe';
}
