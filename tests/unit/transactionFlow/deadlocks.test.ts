// Deadlock warnings for an owner change (src/services/transactionFlow/deadlocks.ts, decision 0065), with a stand-in
// chain: the owners a transaction leaves are read, and a chain that could never reach a threshold is a risk.
import { encodeFunctionData, getAddress, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { safeSettingsAbi } from '../../../src/domain/safe/abis.ts';
import { encodeMultiSendCall } from '../../../src/domain/safe/multisend.ts';
import { ownersAfter } from '../../../src/domain/safe/nestedSafes.ts';
import { deadlockRisks } from '../../../src/services/transactionFlow/deadlocks.ts';

const SAFE = getAddress(`0x${'dd'.repeat(20)}`);
const ALICE = getAddress(`0x${'a1'.repeat(20)}`);
const BOB = getAddress(`0x${'b2'.repeat(20)}`);
const OTHER = getAddress(`0x${'ee'.repeat(20)}`);

const add = (owner: Address, threshold: number) => encodeFunctionData({ abi: safeSettingsAbi, functionName: 'addOwnerWithThreshold', args: [owner, BigInt(threshold)] });
const swap = (prev: Address, old: Address, next: Address) => encodeFunctionData({ abi: safeSettingsAbi, functionName: 'swapOwner', args: [prev, old, next] });
const threshold = (t: number) => encodeFunctionData({ abi: safeSettingsAbi, functionName: 'changeThreshold', args: [BigInt(t)] });

/** OTHER is a 2-of-2 Safe of BOB and SAFE; everyone else is an account. */
const chain = {
  getCode: async ({ address }: { address: Address }) => (address === OTHER ? '0x6080' : undefined),
  readContract: async ({ address, functionName }: { address: Address; functionName: string }) => {
    if (address !== OTHER) throw new Error('no code');
    return functionName === 'getOwners' ? [BOB, SAFE] : 2n;
  },
} as unknown as Parameters<typeof deadlockRisks>[0];

const safe = { address: SAFE, owners: [ALICE], threshold: 1 };

describe('owner changes and deadlocks', () => {
  it('follows the owner calls on the Safe itself, directly or in a batch; other calls change nothing', () => {
    expect(ownersAfter(SAFE, [ALICE], 1, { to: SAFE, data: add(OTHER, 2), operation: 0 })).toEqual({ owners: [OTHER, ALICE], threshold: 2 });
    expect(ownersAfter(SAFE, [ALICE], 1, { to: SAFE, data: swap(getAddress('0x0000000000000000000000000000000000000001'), ALICE, BOB), operation: 0 })).toEqual({ owners: [BOB], threshold: 1 });
    const batch = encodeMultiSendCall([
      { operation: 0, to: SAFE, value: 0n, data: add(OTHER, 1) },
      { operation: 0, to: SAFE, value: 0n, data: threshold(2) },
    ]);
    expect(ownersAfter(SAFE, [ALICE], 1, { to: getAddress('0x9641d764fc13c8B624c04430C7356C1C7C8102e2'), data: batch, operation: 1 })).toEqual({ owners: [OTHER, ALICE], threshold: 2 });
    // The same call on another Safe, or a transfer, is no owner change here.
    expect(ownersAfter(SAFE, [ALICE], 1, { to: OTHER, data: add(BOB, 1), operation: 0 })).toBeNull();
    expect(ownersAfter(SAFE, [ALICE], 1, { to: BOB, data: '0x', operation: 0 })).toBeNull();
  });

  it('adding an owner Safe that needs this Safe at 2 of 2 locks it: blocking; at 1 of 2 only that owner Safe is stuck: a warning', async () => {
    const locked = await deadlockRisks(chain, safe, { to: SAFE, data: add(OTHER, 2), operation: 0 });
    expect(locked.map((r) => [r.id, r.severity])).toEqual([
      ['deadlock-owner', 'warning'],
      ['deadlock', 'blocking'],
    ]);
    const stuck = await deadlockRisks(chain, safe, { to: SAFE, data: add(OTHER, 1), operation: 0 });
    expect(stuck.map((r) => r.id)).toEqual(['deadlock-owner']);
    expect(await deadlockRisks(chain, safe, { to: SAFE, data: add(BOB, 2), operation: 0 })).toEqual([]);
  });

  it('without a chain to read, an owner change says the check was not made; other transactions say nothing', async () => {
    expect((await deadlockRisks(null, safe, { to: SAFE, data: add(OTHER, 2), operation: 0 })).map((r) => r.id)).toEqual(['deadlock-unchecked']);
    expect(await deadlockRisks(null, safe, { to: BOB, data: '0x', operation: 0 })).toEqual([]);
  });
});
