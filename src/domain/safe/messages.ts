/**
 * Off-chain messages (protocol.md A.4.2, B.8.2): EIP-191 and EIP-712 inner hashes, the seed's primaryType
 * inference, and the SafeMessage hash that owners sign and the gateway keys messages by.
 */
import { hashMessage, hashTypedData, hexToBytes, isHex, type Hash, type Hex, type TypedDataDomain } from 'viem';
import { safeDomain } from './hashing.ts';
import type { SafeContext } from './types.ts';

export const SAFE_MESSAGE_TYPEHASH = '0x60b3cbf8b4a223d68d641b3b6ddf9a298e7f33710cf3d3a9d1146b5a6150fbca';
export const SAFE_MESSAGE_TYPES = { SafeMessage: [{ name: 'message', type: 'bytes' }] } as const;

export interface TypedDataField {
  name: string;
  type: string;
}

/** EIP-712 typed data as apps send it; chainId may be a number, a decimal/hex string, a bigint or `{toNumber()}`. */
export interface Eip712TypedData {
  domain: {
    name?: string;
    version?: string;
    chainId?: number | string | bigint | { toNumber(): number };
    verifyingContract?: string;
    salt?: string;
  };
  types: Record<string, readonly TypedDataField[]>;
  message: Record<string, unknown>;
  primaryType?: string;
}

/** A message to sign: UTF-8 text (EIP-191), raw bytes (EIP-191 over bytes), or EIP-712 typed data. */
export type SafeMessageContent = string | { raw: Hex } | Eip712TypedData;

export const isTypedData = (value: unknown): value is Eip712TypedData =>
  typeof value === 'object' && value !== null && 'domain' in value && 'types' in value && 'message' in value;

/**
 * The seed's inference: candidates are the type names not referenced as a field type anywhere, where the
 * reference test strips only the first `[` and the first `]` of the field type (`Foo[]` → `Foo`).
 * Exactly one candidate is required.
 */
export function inferPrimaryType(types: Record<string, readonly TypedDataField[]>): string {
  const fieldTypes = Object.values(types).flatMap((fields) => fields.map((field) => field.type.replace('[', '').replace(']', '')));
  const candidates = Object.keys(types).filter((name) => !fieldTypes.includes(name));
  if (candidates.length !== 1 || candidates[0] === undefined) throw new Error('Please specify primaryType');
  return candidates[0];
}

/** The chain id as it is hashed: a number (`{toNumber()}` asked, strings and bigints through Number). */
export const normalizeChainId = (chainId: Eip712TypedData['domain']['chainId']): number | undefined => {
  if (chainId === undefined) return undefined;
  if (typeof chainId === 'object') return chainId.toNumber();
  return Number(chainId);
};

/** Typed data with chainId as a number and primaryType filled in (the form the gateway stores). */
export function normalizeTypedData(typed: Eip712TypedData): Required<Eip712TypedData> & { domain: TypedDataDomain } {
  const primaryType = typed.primaryType ?? inferPrimaryType(typed.types);
  const chainId = normalizeChainId(typed.domain.chainId);
  const { chainId: _drop, ...rest } = typed.domain;
  const domain = { ...rest, ...(chainId !== undefined ? { chainId } : {}) } as TypedDataDomain;
  return { domain, types: typed.types, message: typed.message, primaryType };
}

export function hashEip712(typed: Eip712TypedData): Hash {
  const normalized = normalizeTypedData(typed);
  return hashTypedData({
    domain: normalized.domain,
    types: normalized.types as Record<string, TypedDataField[]>,
    primaryType: normalized.primaryType,
    message: normalized.message,
  });
}

/**
 * The host's rule for a hex message: shown and hashed as UTF-8 text if the bytes are valid UTF-8, else
 * the hex string itself is the text.
 */
export function decodeEip191Message(message: string): string {
  if (!isHex(message) || message.length % 2 !== 0) return message;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message));
  } catch {
    return message;
  }
}

/** Inner hash: EIP-191 for text/bytes, EIP-712 for typed data. */
export function messageInnerHash(message: SafeMessageContent): Hash {
  if (typeof message === 'string') return hashMessage(message);
  if (isTypedData(message)) return hashEip712(message);
  return hashMessage({ raw: message.raw });
}

/** EIP-712 typed data of the SafeMessage wrapping `messageBytes` (usually the 32-byte inner hash). */
export function safeMessageTypedData(ctx: SafeContext, messageBytes: Hex) {
  return { domain: safeDomain(ctx), types: SAFE_MESSAGE_TYPES, primaryType: 'SafeMessage' as const, message: { message: messageBytes } };
}

/** The SafeMessage hash (the gateway's messageHash; equals getMessageHashForSafe of the fallback handler). */
export function safeMessageHash(ctx: SafeContext, message: SafeMessageContent): Hash {
  return hashTypedData(safeMessageTypedData(ctx, messageInnerHash(message)));
}
