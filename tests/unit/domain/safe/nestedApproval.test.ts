import { describe, expect, it } from 'vitest';
import { encodeFunctionData, getAddress, type Address, type Hex } from 'viem';
import { safeAbi } from '../../../../src/domain/safe/abis.ts';
import { safeTxHashes } from '../../../../src/domain/safe/hashing.ts';
import { approvedHashOf, checkNestedApproval } from '../../../../src/domain/safe/nestedApproval.ts';
import type { SafeTx } from '../../../../src/domain/safe/types.ts';

const PARENT = getAddress('0x1000000000000000000000000000000000000001');
const CHILD = getAddress('0x2000000000000000000000000000000000000002');
const OTHER_OWNER = getAddress('0x3000000000000000000000000000000000000003');
const inner: SafeTx = {
  to: getAddress('0x4444444444444444444444444444444444444444'),
  value: 100_000_000_000_000_000n,
  data: '0x',
  operation: 0,
  safeTxGas: 0n,
  baseGas: 0n,
  gasPrice: 0n,
  gasToken: '0x0000000000000000000000000000000000000000',
  refundReceiver: '0x0000000000000000000000000000000000000000',
  nonce: 0n,
};
const hash = safeTxHashes({ chainId: 31337n, safeAddress: CHILD, version: '1.4.1' }, inner).safeTxHash.toLowerCase() as Hex;
const approve = (h: Hex) => encodeFunctionData({ abi: safeAbi, functionName: 'approveHash', args: [h] });
const check = (claimed: { safe: Address; tx: SafeTx } | null, owners: Address[] = [PARENT, OTHER_OWNER]) =>
  checkNestedApproval({ approver: PARENT, approved: { safe: CHILD, hash }, chainId: 31337n, owners, version: '1.4.1', claimed });

describe('approvedHashOf', () => {
  it('reads the Safe and hash of a plain approveHash call', () => {
    expect(approvedHashOf({ to: CHILD, value: 0n, data: approve(hash), operation: 0 })).toEqual({ safe: CHILD, hash });
  });
  it('is null for a DELEGATECALL, a call with value, another function or no data', () => {
    expect(approvedHashOf({ to: CHILD, value: 0n, data: approve(hash), operation: 1 })).toBeNull();
    expect(approvedHashOf({ to: CHILD, value: 1n, data: approve(hash), operation: 0 })).toBeNull();
    expect(approvedHashOf({ to: CHILD, value: 0n, data: encodeFunctionData({ abi: safeAbi, functionName: 'approvedHashes', args: [PARENT, hash] }), operation: 0 })).toBeNull();
    expect(approvedHashOf({ to: CHILD, value: 0n, data: '0x', operation: 0 })).toBeNull();
  });
});

describe('checkNestedApproval', () => {
  it('verified: the inner transaction hashes here to exactly the approved hash; its three hashes are given', () => {
    const result = check({ safe: CHILD, tx: inner });
    expect(result.status).toBe('verified');
    expect(result.problems).toEqual([]);
    expect(result.inner?.hashes.safeTxHash.toLowerCase()).toBe(hash);
    expect(result.inner?.hashes.domainHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(result.approverIsOwner).toBe(true);
  });
  it('contradicts: a transaction given for the hash with another value, or of another Safe, is not what is approved', () => {
    const lied = check({ safe: CHILD, tx: { ...inner, value: 9n * 10n ** 18n } });
    expect(lied.status).toBe('contradicts');
    expect(lied.problems[0]).toMatch(new RegExp(`^The transaction given for ${hash} hashes here to 0x[0-9a-f]{64}: it is not the transaction this approves\\.$`));
    const elsewhere = check({ safe: OTHER_OWNER, tx: inner });
    expect(elsewhere.status).toBe('contradicts');
    expect(elsewhere.problems[0]).toBe(`The transaction given for ${hash} belongs to ${OTHER_OWNER}, not to ${CHILD}.`);
  });
  it('unknown: nothing describes the hash, so it is approved blind', () => {
    const result = check(null);
    expect(result.status).toBe('unknown');
    expect(result.inner).toBeNull();
    expect(result.problems).toEqual([`No transaction of ${CHILD} with the hash ${hash} is known: what this approves cannot be shown.`]);
  });
  it('says when the approving Safe is not an owner of the other Safe (the approval would count for nothing)', () => {
    const result = check({ safe: CHILD, tx: inner }, [OTHER_OWNER]);
    expect(result.status).toBe('verified');
    expect(result.approverIsOwner).toBe(false);
    expect(result.problems).toEqual([`This Safe (${PARENT}) is not an owner of ${CHILD}: its approval would count for nothing there.`]);
  });
});
