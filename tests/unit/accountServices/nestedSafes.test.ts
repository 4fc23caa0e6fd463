// Owner Safes read on chain (src/services/accountServices/nestedSafes.ts) with a stand-in client: an owner is an owner
// Safe only when it has code and answers getOwners and getThreshold; accounts and other contracts are not.
import { describe, expect, it } from 'vitest';
import { getAddress, type Address } from 'viem';
import { readNestedSafes } from '../../../src/services/accountServices/nestedSafes.ts';

const CHILD = getAddress(`0x${'dd'.repeat(20)}`);
const ACCOUNT = getAddress(`0x${'a1'.repeat(20)}`);
const PARENT = getAddress(`0x${'ee'.repeat(20)}`);
const OTHER_CONTRACT = getAddress(`0x${'c3'.repeat(20)}`);
const BOB = getAddress(`0x${'b2'.repeat(20)}`);

type Call = { address: Address; functionName: string };

const client = {
  getCode: async ({ address }: { address: Address }) => (address === ACCOUNT ? undefined : '0x6080'),
  getStorageAt: async () => '0x',
  readContract: async ({ address, functionName }: Call) => {
    if (address === OTHER_CONTRACT) throw new Error('execution reverted');
    if (functionName === 'getOwners') return address === CHILD ? [ACCOUNT, PARENT, OTHER_CONTRACT] : [BOB.toLowerCase()];
    if (functionName === 'getThreshold') return address === CHILD ? 2n : 1n;
    throw new Error(`unexpected ${functionName}`);
  },
} as unknown as Parameters<typeof readNestedSafes>[0];

describe('readNestedSafes', () => {
  it('reads the Safe and keeps only the owners that are Safes, checksummed', async () => {
    expect(await readNestedSafes(client, CHILD.toLowerCase())).toEqual({
      safe: CHILD,
      owners: [ACCOUNT, PARENT, OTHER_CONTRACT],
      threshold: 2,
      ownerSafes: [{ address: PARENT, owners: [BOB], threshold: 1 }],
    });
  });
});
