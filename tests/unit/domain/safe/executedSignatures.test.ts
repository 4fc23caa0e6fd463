/**
 * executedSignatures: the owners of a signatures blob execTransaction took, as History's details list them
 * (decision 0056's companion: details of an executed transaction read from the Safe's events). The blob is built by
 * the same code the flows execute with (buildSignatureBytes), so each kind round-trips.
 */
import { describe, expect, it } from 'vitest';
import { concat, keccak256, toHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { approvedHashSignature, buildSignatureBytes, executedSignatures } from '../../../../src/domain/safe/signatures.ts';

const HASH = keccak256(toHex('a safeTxHash'));
const ecdsaKey = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const ethSignKey = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
const approver = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as const;
const contractOwner = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' as const;

/** An eth_sign signature as the Safe takes it: the personal-message signature with v raised by 4. */
async function ethSign(): Promise<Hex> {
  const signature = await ethSignKey.signMessage({ message: { raw: HASH } });
  const v = parseInt(signature.slice(-2), 16);
  return concat([signature.slice(0, 130) as Hex, toHex(v + 4, { size: 1 })]);
}

describe('executedSignatures', () => {
  it('recovers ECDSA and eth_sign signers, reads approved-hash and contract owners, and keeps each signature as listed', async () => {
    const ecdsa = await ecdsaKey.sign({ hash: HASH });
    const blob = buildSignatureBytes([
      { signer: ecdsaKey.address, data: ecdsa },
      { signer: ethSignKey.address, data: await ethSign() },
      { signer: approver, data: approvedHashSignature(approver) },
      { signer: contractOwner, data: '0xc0ffee', isContractSignature: true },
    ]);
    const parts = await executedSignatures(blob, 4, HASH);
    const bySigner = Object.fromEntries(parts.map((p) => [p.signer, p]));
    expect(parts).toHaveLength(4);
    expect(bySigner[ecdsaKey.address]).toMatchObject({ kind: 'ecdsa', signature: ecdsa.toLowerCase() });
    expect(bySigner[ethSignKey.address]).toMatchObject({ kind: 'ethSign' });
    expect(bySigner[approver]).toMatchObject({ kind: 'approvedHash', signature: approvedHashSignature(approver) });
    // A contract signature: its static part with the offset 65, then its own length and bytes.
    expect(bySigner[contractOwner]?.kind).toBe('contract');
    expect(bySigner[contractOwner]?.signature.slice(-(64 + 6))).toBe(`${'0'.repeat(63)}3c0ffee`);
    // Rebuilt from what was listed, the blob is the same: nothing was lost or changed.
    const rebuilt = buildSignatureBytes(
      parts.map((p) => (p.kind === 'contract' ? { signer: p.signer, data: `0x${p.signature.slice(2 + 65 * 2 + 64)}` as Hex, isContractSignature: true } : { signer: p.signer, data: p.signature })),
    );
    expect(rebuilt).toBe(blob);
  });

  it('a signature of another hash recovers to someone else (the details check then reports it), and a short blob throws', async () => {
    const other = await ecdsaKey.sign({ hash: keccak256(toHex('another hash')) });
    const [part] = await executedSignatures(other, 1, HASH);
    expect(part?.signer).not.toBe(ecdsaKey.address);
    await expect(executedSignatures(other, 2, HASH)).rejects.toThrow();
  });
});
