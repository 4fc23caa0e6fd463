/** Pure helpers of the Safe session (no effects; safe to use in guards and assigns). */
import { isAddress } from 'viem';
import type { ChainInfo, SafeInfo } from '../../domain/gateway/types.ts';
import type { SafeInfoTag, SafeRefInput } from './safeSession.types.ts';

export const POLL_INTERVAL_MS = 15_000;
export const DEFAULT_CURRENCY = 'usd';

export const SAFE_INFO_TAG_NAMES: readonly SafeInfoTag[] = ['txQueuedTag', 'txHistoryTag', 'messagesTag', 'collectiblesTag'];

/**
 * Ids of the session's children, and which tags refresh each of them. The NFT list follows the queue too: its
 * cards carry the queued transactions that move each NFT (decision 0041).
 */
export type SessionChildId = 'queue' | 'history' | 'messages' | 'collectibles' | 'txDetails' | 'messageDetails';

export const TAG_REFRESHES: Readonly<Record<SafeInfoTag, readonly SessionChildId[]>> = {
  txQueuedTag: ['queue', 'collectibles', 'txDetails'],
  txHistoryTag: ['history', 'queue', 'collectibles', 'txDetails'],
  messagesTag: ['messages', 'messageDetails'],
  collectiblesTag: ['collectibles'],
};

/** True for a 20-byte hex address that is all lower-case, all upper-case, or correctly checksummed. */
export function isValidSafeAddress(address: string): boolean {
  return isAddress(address, { strict: true });
}

/** Splits `?safe=<shortName>:<address>` without validating, so a bad address can be reported as such. */
export function readSafeParam(search: string): SafeRefInput | null {
  const value = new URLSearchParams(search).get('safe')?.trim();
  if (!value) return null;
  const colon = value.indexOf(':');
  if (colon <= 0) return null;
  return { shortName: value.slice(0, colon), address: value.slice(colon + 1) };
}

export function findChain(chains: readonly ChainInfo[], shortName: string): ChainInfo | null {
  return chains.find((chain) => chain.shortName === shortName) ?? null;
}

/** Tags whose value differs between two Safe infos (none when there is no previous one). */
export function changedTags(previous: SafeInfo | null, next: SafeInfo): SafeInfoTag[] {
  if (!previous) return [];
  return SAFE_INFO_TAG_NAMES.filter((tag) => previous[tag] !== next[tag]);
}

/** Children to refresh for a set of changed tags, each once, in a stable order. */
export function childrenToRefresh(tags: readonly SafeInfoTag[]): SessionChildId[] {
  const ids = new Set<SessionChildId>();
  for (const tag of tags) TAG_REFRESHES[tag].forEach((id) => ids.add(id));
  return (['queue', 'history', 'messages', 'collectibles', 'txDetails', 'messageDetails'] as const).filter((id) => ids.has(id));
}

export const hasFeature = (chain: ChainInfo | null, feature: string): boolean => chain?.features.includes(feature) ?? false;
