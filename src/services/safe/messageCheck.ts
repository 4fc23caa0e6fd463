/**
 * Checks for off-chain messages: the gateway's message record against the locally computed SafeMessage hash
 * (S3 for messages, S22), and an app's EIP-712 domain chain against the Safe's chain (S10).
 */
import type { Message } from '../gateway/types.ts';
import type { Mismatch } from './crossCheck.ts';
import { isTypedData, normalizeTypedData, safeMessageHash, type Eip712TypedData, type SafeMessageContent } from './messages.ts';
import type { SafeContext } from './types.ts';

/**
 * Null when the typed data names no chain or the Safe's chain; otherwise the reason to refuse signing
 * (a signature for another chain could be replayed there).
 */
export function typedDataChainMismatch(typed: Eip712TypedData, chainId: number | bigint): string | null {
  const domainChain = normalizeTypedData({ ...typed, primaryType: typed.primaryType ?? '_' }).domain.chainId;
  if (domainChain === undefined) return null;
  return BigInt(domainChain) === BigInt(chainId) ? null : `The message is for chain ${String(domainChain)}, but the Safe is on chain ${String(chainId)}`;
}

/** Compares a gateway message with the message the user is signing, by locally computed SafeMessage hash. */
export function crossCheckMessage(local: SafeMessageContent, gateway: Pick<Message, 'messageHash' | 'message'>, ctx: SafeContext): { ok: boolean; mismatches: Mismatch[] } {
  const mismatches: Mismatch[] = [];
  const localHash = safeMessageHash(ctx, local);
  if (gateway.messageHash.toLowerCase() !== localHash) mismatches.push({ field: 'messageHash', local: localHash, gateway: gateway.messageHash });
  let shownHash: string;
  try {
    shownHash = safeMessageHash(ctx, typeof gateway.message === 'string' ? gateway.message : (gateway.message as Eip712TypedData));
  } catch (error) {
    shownHash = `unhashable: ${(error as Error).message}`;
  }
  if (shownHash !== localHash) {
    mismatches.push({ field: 'message', local: describe(local), gateway: typeof gateway.message === 'string' ? gateway.message : JSON.stringify(gateway.message) });
  }
  return { ok: mismatches.length === 0, mismatches };
}

const describe = (message: SafeMessageContent): string =>
  typeof message === 'string' ? message : isTypedData(message) ? JSON.stringify(message, (_k, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)) : message.raw;
