// Nested Safes seen from the child (src/domain/safe/nestedSafes.ts): owner Safes the wallet may approve as, deadlocks,
// the approveHash call and the approval request carried in a link.
import { decodeFunctionData, getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { approveHashAbi, approveHashCall, approveParamValue, nestedDeadlocks, needsChild, parentsOwnedBy, parseApproveParam, type NestedSafesState } from '../../../../src/domain/safe/nestedSafes.ts';

const A = getAddress(`0x${'a1'.repeat(20)}`);
const B = getAddress(`0x${'b2'.repeat(20)}`);
const C = getAddress(`0x${'c3'.repeat(20)}`);
const CHILD = getAddress(`0x${'dd'.repeat(20)}`);
const P = getAddress(`0x${'ee'.repeat(20)}`);

const state = (ownerSafe: { owners: string[]; threshold: number }, threshold = 2, owners = [A, P]): NestedSafesState => ({
  safe: CHILD,
  owners,
  threshold,
  ownerSafes: [{ address: P, owners: ownerSafe.owners.map((o) => getAddress(o)), threshold: ownerSafe.threshold }],
});

describe('nested Safes', () => {
  it('an owner Safe that can sign without the child is no deadlock', () => {
    expect(needsChild({ address: P, owners: [B, CHILD], threshold: 1 }, CHILD)).toBe(false);
    expect(nestedDeadlocks(state({ owners: [B, CHILD], threshold: 1 }))).toEqual([]);
    expect(nestedDeadlocks(state({ owners: [B, C], threshold: 2 }))).toEqual([]);
  });

  it('an owner Safe that needs the child is one; the child is stuck when too few owners are left', () => {
    const found = nestedDeadlocks(state({ owners: [B, CHILD], threshold: 2 }));
    expect(found.map((d) => d.safe)).toEqual([P, null]);
    expect(found[1]!.text).toBe('This Safe can never reach its threshold: it needs 2 of its 2 owners, and only 1 of them can ever sign. Nothing it queues can be executed.');
    // 1 of 2: the child still reaches its threshold with A; only the owner Safe is stuck.
    expect(nestedDeadlocks(state({ owners: [B, CHILD], threshold: 2 }, 1)).map((d) => d.safe)).toEqual([P]);
  });

  it('the wallet may approve as the owner Safes it owns, compared case-insensitively', () => {
    const s = state({ owners: [B], threshold: 1 });
    expect(parentsOwnedBy(s, B.toLowerCase()).map((p) => p.address)).toEqual([P]);
    expect(parentsOwnedBy(s, C)).toEqual([]);
    expect(parentsOwnedBy(s, null)).toEqual([]);
    expect(parentsOwnedBy(s, 'not an address')).toEqual([]);
  });

  it('builds approveHash(hash) on the child, and carries the request in a parameter that parses back', () => {
    const hash = `0x${'ab'.repeat(32)}` as const;
    const call = approveHashCall(CHILD.toLowerCase() as `0x${string}`, hash);
    expect(call.to).toBe(CHILD);
    expect(decodeFunctionData({ abi: approveHashAbi, data: call.data }).args).toEqual([hash]);
    expect(parseApproveParam(approveParamValue(CHILD.toLowerCase(), hash.toUpperCase().replace('0X', '0x')))).toEqual({ child: CHILD, safeTxHash: hash });
    expect(parseApproveParam(`${CHILD}:0x1234`)).toBeNull();
    expect(parseApproveParam(null)).toBeNull();
  });
});
