/**
 * Checks for off-chain messages: the gateway's message record against the locally computed SafeMessage hash
 * (S3 for messages, S22), and an app's EIP-712 domain chain against the Safe's chain (S10).
 */
import type { Message } from '../gateway/types.ts';
import type { Mismatch } from './crossCheck.ts';
import { isTypedData, normalizeChainId, safeMessageHash, type Eip712TypedData, type SafeMessageContent } from './messages.ts';
import type { SafeContext } from './types.ts';

/**
 * Where an EIP-712 message may be used, read from its domain (S10, decision 0026):
 * - `sameChain`: the domain names the Safe's chain;
 * - `otherChain`: it names another chain — a signature could be replayed there, so signing is blocked;
 * - `anyChain`: it names no chain — valid on every chain where the verifying contract (or the same Safe) exists,
 *   so it is signed only after the user says they understand that.
 * Chain ids are compared as integers (1, "1", "0x1" and 1n are the same chain) and given back as decimal strings.
 */
export type TypedDataChain = { kind: 'sameChain'; chainId: string } | { kind: 'otherChain'; chainId: string; safeChainId: string } | { kind: 'anyChain' };

/** The refusal shown (and logged) when typed data names another chain than the Safe's. */
export const otherChainText = (messageChainId: string, safeChainId: string): string =>
  `This message is for chain ${messageChainId}, but this Safe is on chain ${safeChainId} — signing is blocked.`;

/**
 * The domain's chain against the Safe's chain. It reads the chain id the way the message is hashed
 * (`normalizeChainId`, as normalizeTypedData does), so it judges exactly what would be signed. A chainId that is
 * present but is not a non-negative safe integer is `otherChain`: it names no chain this Safe is on.
 */
export function typedDataChain(typed: Eip712TypedData, safeChainId: number | bigint | string): TypedDataChain {
  const raw: unknown = typed.domain.chainId;
  if (raw === undefined) return { kind: 'anyChain' };
  const safeChain = BigInt(safeChainId).toString();
  let hashed: number | null;
  try {
    hashed = normalizeChainId(typed.domain.chainId) ?? null;
  } catch {
    hashed = null;
  }
  if (hashed === null || !Number.isSafeInteger(hashed) || hashed < 0) {
    return { kind: 'otherChain', chainId: typeof raw === 'string' ? JSON.stringify(raw) : String(raw), safeChainId: safeChain };
  }
  const chainId = BigInt(hashed).toString();
  return chainId === safeChain ? { kind: 'sameChain', chainId } : { kind: 'otherChain', chainId, safeChainId: safeChain };
}

/**
 * Null when the typed data names the Safe's chain or no chain; otherwise the reason to refuse signing
 * (a signature for another chain could be replayed there). A message naming no chain is not refused here:
 * it needs the user's acknowledgement (`typedDataChain` says `anyChain`).
 */
export function typedDataChainMismatch(typed: Eip712TypedData, chainId: number | bigint | string): string | null {
  const chain = typedDataChain(typed, chainId);
  return chain.kind === 'otherChain' ? otherChainText(chain.chainId, chain.safeChainId) : null;
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
