/**
 * Owner signatures as the Safe's checkSignatures expects them: sorted ascending by owner address (numeric
 * order, never checksummed string order) and concatenated. Handles 65-byte static signatures (ECDSA with
 * v 27/28, eth_sign with v 31/32, approved hashes with v 1) and contract signatures (v 0) whose dynamic
 * part is appended after all static parts with the offset rewritten.
 */
import { concat, getAddress, hashMessage, pad, recoverAddress, size, slice, toHex, type Address, type Hex } from 'viem';

export interface OwnerSignature {
  signer: Address;
  /** 65-byte signature; for a contract signature (EIP-1271 owner) the signer's own signature bytes. */
  data: Hex;
  /** True for an EIP-1271 contract owner: encoded as v=0 with a dynamic part. */
  isContractSignature?: boolean;
}

export const compareAddresses = (a: Address, b: Address): number => {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

export function sortSignatures<T extends { signer: Address }>(signatures: readonly T[]): T[] {
  return [...signatures].sort((a, b) => compareAddresses(a.signer, b.signer));
}

/** Concatenates signatures in owner order; throws on a duplicate owner or a static part that is not 65 bytes. */
export function buildSignatureBytes(signatures: readonly OwnerSignature[]): Hex {
  const sorted = sortSignatures(signatures);
  for (let i = 1; i < sorted.length; i += 1) {
    if (compareAddresses(sorted[i - 1]!.signer, sorted[i]!.signer) === 0) throw new Error(`Duplicate signature of ${sorted[i]!.signer}`);
  }
  const staticParts: Hex[] = [];
  const dynamicParts: Hex[] = [];
  let dynamicOffset = sorted.length * 65;
  for (const sig of sorted) {
    if (sig.isContractSignature) {
      staticParts.push(concat([pad(sig.signer, { size: 32 }), pad(toHex(dynamicOffset), { size: 32 }), '0x00']));
      const dynamic = concat([pad(toHex(size(sig.data)), { size: 32 }), sig.data]);
      dynamicParts.push(dynamic);
      dynamicOffset += size(dynamic);
    } else {
      if (size(sig.data) !== 65) throw new Error(`Signature of ${sig.signer} must be 65 bytes`);
      staticParts.push(sig.data);
    }
  }
  return concat(['0x', ...staticParts, ...dynamicParts]).toLowerCase() as Hex;
}

/** Splits concatenated 65-byte signatures (static parts only). */
export function splitSignatures(bytes: Hex): Hex[] {
  const length = size(bytes);
  if (length % 65 !== 0) throw new Error('Signatures must be a multiple of 65 bytes');
  return Array.from({ length: length / 65 }, (_, i) => slice(bytes, i * 65, (i + 1) * 65));
}

/** An "approved hash" signature (v = 1) for an owner that approved on-chain or is the executor. */
export const approvedHashSignature = (owner: Address): Hex =>
  concat([pad(owner, { size: 32 }), pad('0x00', { size: 32 }), '0x01']).toLowerCase() as Hex;

/** One owner's part of a signatures blob execTransaction took, as the gateway lists confirmations. */
export interface ExecutedSignature {
  signer: Address;
  /** 65 bytes; a contract signature (v 0) has its dynamic part appended, its offset rewritten to 65. */
  signature: Hex;
  kind: 'ecdsa' | 'ethSign' | 'approvedHash' | 'contract';
}

/**
 * The first `count` owner signatures of a blob execTransaction was called with, each signer recovered from
 * `safeTxHash` (ECDSA, eth_sign) or read from r (approved hash, contract). Throws on a blob too short for them.
 */
export async function executedSignatures(blob: Hex, count: number, safeTxHash: Hex): Promise<ExecutedSignature[]> {
  const out: ExecutedSignature[] = [];
  for (let i = 0; i < count; i += 1) {
    const part = slice(blob, i * 65, (i + 1) * 65);
    const r = slice(part, 0, 32);
    const v = Number(BigInt(slice(part, 64, 65)));
    const owner = getAddress(slice(r, 12, 32));
    if (v === 0) {
      const offset = Number(BigInt(slice(part, 32, 64)));
      const length = Number(BigInt(slice(blob, offset, offset + 32)));
      const data = length > 0 ? slice(blob, offset + 32, offset + 32 + length) : '0x';
      out.push({ signer: owner, signature: concat([r, pad(toHex(65), { size: 32 }), '0x00', pad(toHex(length), { size: 32 }), data]).toLowerCase() as Hex, kind: 'contract' });
    } else if (v === 1) {
      out.push({ signer: owner, signature: part.toLowerCase() as Hex, kind: 'approvedHash' });
    } else if (v > 30) {
      const signer = await recoverAddress({ hash: hashMessage({ raw: safeTxHash }), signature: concat([slice(part, 0, 64), toHex(v - 4, { size: 1 })]) });
      out.push({ signer, signature: part.toLowerCase() as Hex, kind: 'ethSign' });
    } else {
      out.push({ signer: await recoverAddress({ hash: safeTxHash, signature: part }), signature: part.toLowerCase() as Hex, kind: 'ecdsa' });
    }
  }
  return out;
}
