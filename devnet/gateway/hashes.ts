// The hashes the gateway recomputes (protocol.md B.8) and signature recovery for the Safe signature
// encodings (ECDSA over EIP-712 v 27/28, eth_sign v 31/32, approved hash v 1, contract signature v 0).
import {
  concat,
  getAddress,
  hashMessage,
  hashTypedData,
  hexToBigInt,
  recoverAddress,
  size,
  slice,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
  type TypedDataDomain,
} from 'viem';
import type { ChainReader } from './chain.ts';
import type { TypedDataMessage } from './types.ts';

export type SafeTxFields = {
  to: Address;
  value: bigint;
  data: Hex;
  operation: number;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  nonce: bigint;
};

const SAFE_TX_TYPES = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const;

function semverGte(version: string | null, min: [number, number, number]): boolean {
  if (!version) return true;
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!m) return true;
  const v = [Number(m[1]), Number(m[2]), Number(m[3])];
  for (let i = 0; i < 3; i++) {
    if ((v[i] ?? 0) !== min[i]) return (v[i] ?? 0) > min[i]!;
  }
  return true;
}

export function safeDomain(safe: Address, chainId: number, version: string | null): TypedDataDomain {
  return semverGte(version, [1, 3, 0]) ? { chainId, verifyingContract: safe } : { verifyingContract: safe };
}

export function safeTxHash(safe: Address, chainId: number, version: string | null, tx: SafeTxFields): Hex {
  return hashTypedData({
    domain: safeDomain(safe, chainId, version),
    types: SAFE_TX_TYPES,
    primaryType: 'SafeTx',
    message: { ...tx, data: tx.data, gasToken: tx.gasToken ?? zeroAddress, refundReceiver: tx.refundReceiver ?? zeroAddress },
  });
}

/** Infers the primary type like the Safe Apps SDK does (the one type not referenced by others). */
export function inferPrimaryType(types: Record<string, Array<{ name: string; type: string }>>): string | null {
  const names = Object.keys(types).filter((n) => n !== 'EIP712Domain');
  const referenced = new Set<string>();
  for (const n of names) for (const f of types[n] ?? []) referenced.add(f.type.replace(/\[.*\]$/, ''));
  const roots = names.filter((n) => !referenced.has(n));
  return roots.length === 1 ? roots[0]! : null;
}

export function typedDataHash(td: TypedDataMessage): Hex {
  const domain: Record<string, unknown> = { ...td.domain };
  if (domain.chainId !== undefined && domain.chainId !== null) domain.chainId = Number(domain.chainId);
  return hashTypedData({
    domain: domain as TypedDataDomain,
    types: td.types,
    primaryType: td.primaryType,
    message: td.message,
  } as Parameters<typeof hashTypedData>[0]);
}

/** EIP-1271 SafeMessage hash (B.8.2). */
export function safeMessageHash(safe: Address, chainId: number, version: string | null, message: string | TypedDataMessage): Hex {
  const inner = typeof message === 'string' ? hashMessage(message) : typedDataHash(message);
  return hashTypedData({
    domain: safeDomain(safe, chainId, version),
    types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
    primaryType: 'SafeMessage',
    message: { message: inner },
  });
}

/** DeleteRequest EIP-712 hash (B.8.3) for a given hour-based totp. */
export function deleteRequestHash(safe: Address, chainId: number, txHash: Hex, totp: bigint): Hex {
  return hashTypedData({
    domain: { name: 'Safe Transaction Service', version: '1.0', chainId, verifyingContract: safe },
    types: { DeleteRequest: [{ name: 'safeTxHash', type: 'bytes32' }, { name: 'totp', type: 'uint256' }] },
    primaryType: 'DeleteRequest',
    message: { safeTxHash: txHash, totp },
  });
}

/** Delegate EIP-712 hash (v2 delegates). */
export function delegateHash(chainId: number, delegate: Address, totp: bigint): Hex {
  return hashTypedData({
    domain: { name: 'Safe Transaction Service', version: '1.0', chainId },
    types: { Delegate: [{ name: 'delegateAddress', type: 'address' }, { name: 'totp', type: 'uint256' }] },
    primaryType: 'Delegate',
    message: { delegateAddress: delegate, totp },
  });
}

export const currentTotp = (nowMs = Date.now()): bigint => BigInt(Math.floor(nowMs / 1000 / 3600));

export type SignatureType = 'EOA' | 'ETH_SIGN' | 'APPROVED_HASH' | 'CONTRACT_SIGNATURE';

/** The 65-byte signature that stands for an owner's on-chain approval: r = the owner, s = 0, v = 1. */
export const approvedHashSignature = (owner: Address): Hex => `0x${'0'.repeat(24)}${owner.slice(2).toLowerCase()}${'0'.repeat(64)}01`;
export type RecoveredSignature = { owner: Address; signature: Hex; type: SignatureType };

export class SignatureError extends Error {}

/** Whether `hex` is a 0x-prefixed, even-length hex string. */
export const isHex = (hex: unknown): hex is Hex => typeof hex === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(hex);

async function recoverOne(hash: Hex, sig: Hex): Promise<{ owner: Address; type: SignatureType; normalized: Hex }> {
  const v = Number.parseInt(sig.slice(130, 132), 16);
  const r = slice(sig, 0, 32);
  if (v === 27 || v === 28) {
    return { owner: await recoverAddress({ hash, signature: sig }), type: 'EOA', normalized: sig };
  }
  if (v === 0 || v === 1) {
    // r holds the signer address (contract signature / approved hash)
    return { owner: getAddress(`0x${r.slice(-40)}`), type: v === 0 ? 'CONTRACT_SIGNATURE' : 'APPROVED_HASH', normalized: sig };
  }
  if (v === 31 || v === 32) {
    const fixed = concat([slice(sig, 0, 64), toHex(v - 4, { size: 1 })]);
    return { owner: await recoverAddress({ hash: hashMessage({ raw: hash }), signature: fixed }), type: 'ETH_SIGN', normalized: sig };
  }
  throw new SignatureError(`Unsupported signature v=${v}`);
}

/**
 * Splits concatenated Safe signatures and recovers each signer. Contract signatures (v=0) are checked
 * with EIP-1271 and approved hashes (v=1) against `approvedHashes` when a reader/safe is given.
 */
export async function recoverSignatures(
  hash: Hex,
  signatures: Hex,
  check?: { reader: ChainReader; safe: Address },
): Promise<RecoveredSignature[]> {
  if (!isHex(signatures) || size(signatures) < 65) throw new SignatureError('Invalid signature');
  const total = size(signatures);
  let staticEnd = total;
  const out: RecoveredSignature[] = [];
  for (let i = 0; (i + 1) * 65 <= staticEnd; i++) {
    const sig = slice(signatures, i * 65, (i + 1) * 65);
    const rec = await recoverOne(hash, sig);
    if (rec.type === 'CONTRACT_SIGNATURE') {
      const offset = Number(hexToBigInt(slice(sig, 32, 64)));
      if (offset + 32 > total) throw new SignatureError('Invalid contract signature offset');
      staticEnd = Math.min(staticEnd, offset);
      const len = Number(hexToBigInt(slice(signatures, offset, offset + 32)));
      if (offset + 32 + len > total) throw new SignatureError('Invalid contract signature length');
      const dynamic = len === 0 ? '0x' : slice(signatures, offset + 32, offset + 32 + len);
      if (check && !(await check.reader.isValidContractSignature(rec.owner, hash, dynamic))) {
        throw new SignatureError(`Contract signature of ${rec.owner} is not valid`);
      }
      out.push({ owner: rec.owner, type: rec.type, signature: concat([sig, slice(signatures, offset, offset + 32 + len)]) });
      continue;
    }
    if (rec.type === 'APPROVED_HASH' && check && !(await check.reader.approvedHash(check.safe, rec.owner, hash))) {
      throw new SignatureError(`Hash is not approved by ${rec.owner}`);
    }
    out.push({ owner: rec.owner, type: rec.type, signature: rec.normalized });
  }
  if (out.length === 0) throw new SignatureError('Invalid signature');
  return out;
}

/**
 * Builds the Safe `signatures` blob from per-owner signatures: sorted by owner address, static parts
 * first, then the dynamic parts of contract signatures with their offsets fixed up.
 */
export function buildSignatures(sigs: Array<{ owner: string; signature: Hex }>): Hex {
  const sorted = [...sigs].sort((a, b) => (a.owner.toLowerCase() < b.owner.toLowerCase() ? -1 : 1));
  const staticParts: Hex[] = [];
  const dynamicParts: Hex[] = [];
  let dynamicOffset = sorted.length * 65;
  for (const s of sorted) {
    if (size(s.signature) > 65) {
      const dyn = slice(s.signature, 65);
      staticParts.push(concat([slice(s.signature, 0, 32), toHex(dynamicOffset, { size: 32 }), slice(s.signature, 64, 65)]));
      dynamicParts.push(dyn);
      dynamicOffset += size(dyn);
    } else {
      staticParts.push(s.signature);
    }
  }
  return concat([...staticParts, ...dynamicParts]);
}

