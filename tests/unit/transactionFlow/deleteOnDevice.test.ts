/**
 * The on-device check in deleting a proposal and in proposer management (issue 19, decision 0069), the pure parts:
 * what the device is shown is computed from the typed data that is signed, and the new states are entered only with
 * a device (without one, every transition is the one before).
 */
import { describe, expect, it } from 'vitest';
import { concat, getAddress, keccak256, type Hex } from 'viem';
import { initialTransition, transition } from 'xstate';
import { deleteCheckOf, deleteTxFlowMachine } from '../../../src/machines/transactionFlow/deleteTxFlow.machine.ts';
import { delegatesListMachine } from '../../../src/machines/accountServices/delegatesList.machine.ts';
import { TX_FLOW_MACHINES } from '../../../src/machines/transactionFlow/transactionFlow.registry.ts';
import { deleteRequestHash } from '../../../src/domain/safe/deleteRequest.ts';
import { accountServicesDeviceInput, accountServicesSampleInput, delegatesSampleEvents, SAMPLE_NOW_MS } from '../../../src/machines/accountServices/accountServices.samples.ts';
import type { DeleteTxInput } from '../../../src/machines/transactionFlow/transactionFlow.types.ts';

const entry = TX_FLOW_MACHINES.find((m) => m.id === 'deleteTxFlow')!;
const plain = entry.sampleInput as DeleteTxInput;
const onLedger = entry.extraSampleInputs![0] as DeleteTxInput;
const NOW = 1_700_000_000_000;

describe('deleteTxFlow on a device', () => {
  it('shows the DeleteRequest’s domain and message hashes, which make the DeleteRequest hash signed', () => {
    const check = deleteCheckOf({ ...onLedger, requestedAtMs: NOW })!;
    expect(check.what).toBe('signature');
    expect(check.device.name).toBe('Ledger');
    expect(check.lines.map((l) => l.label)).toEqual(['Domain hash', 'Message hash']);
    const hash = deleteRequestHash({ chainId: BigInt(onLedger.safe.chainId), safeAddress: onLedger.safe.address, safeTxHash: onLedger.safeTxHash, nowMs: NOW });
    expect(keccak256(concat(['0x1901', check.lines[0]!.value as Hex, check.lines[1]!.value as Hex]))).toBe(hash);
  });

  it('a clear-signing device is shown the fields: the domain, the safeTxHash and this hour’s TOTP', () => {
    const check = deleteCheckOf({ ...onLedger, wallet: { ...onLedger.wallet!, device: { kind: 'trezor', name: 'Trezor', display: 'fields' } }, requestedAtMs: NOW })!;
    expect(check.lines).toEqual([
      { label: 'name', value: 'Safe Transaction Service' },
      { label: 'version', value: '1.0' },
      { label: 'chainId', value: onLedger.safe.chainId },
      { label: 'verifyingContract', value: getAddress(onLedger.safe.address) },
      { label: 'safeTxHash', value: onLedger.safeTxHash.toLowerCase() },
      { label: 'totp', value: String(Math.floor(NOW / 3_600_000)) },
    ]);
  });

  it('nothing to show without a device or before the confirm event', () => {
    expect(deleteCheckOf({ ...plain, requestedAtMs: NOW })).toBeUndefined();
    expect(deleteCheckOf({ ...onLedger, requestedAtMs: null })).toBeUndefined();
  });

  it('with a device, confirming stops at the check; without one it signs as before; the confirmation is an event', () => {
    const confirm = { type: 'user.confirmDelete', nowMs: NOW } as const;
    const [deviceStart] = initialTransition(deleteTxFlowMachine, onLedger);
    const [checking] = transition(deleteTxFlowMachine, deviceStart, confirm);
    expect(checking.value).toBe('checkingOnDevice');
    expect(checking.context.deviceCheck).toEqual(deleteCheckOf({ ...onLedger, requestedAtMs: NOW }));
    expect(transition(deleteTxFlowMachine, checking, { type: 'user.confirmOnDevice' })[0].value).toBe('signing');
    const [plainStart] = initialTransition(deleteTxFlowMachine, plain);
    const [signing] = transition(deleteTxFlowMachine, plainStart, confirm);
    expect(signing.value).toBe('signing');
    expect('deviceCheck' in signing.context && signing.context.deviceCheck !== undefined).toBe(false);
    expect(JSON.parse(JSON.stringify(signing.context))).toEqual({ ...plain, requestedAtMs: NOW, signature: null, walletFailure: null, error: null });
  });
});

describe('delegatesList on a device', () => {
  const listed = delegatesSampleEvents[0]!;
  const add = { type: 'user.addProposer', delegate: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', label: 'Ops bot' } as const;

  it('an owner on a device sees the check when the change carries its time; a recorded change without one signs as before', () => {
    const [start] = initialTransition(delegatesListMachine, accountServicesDeviceInput);
    const [list] = transition(delegatesListMachine, start, listed as never);
    const [checking] = transition(delegatesListMachine, list, { ...add, nowMs: SAMPLE_NOW_MS });
    expect(checking.value).toBe('checkingOnDevice');
    expect(checking.context.request?.nowMs).toBe(SAMPLE_NOW_MS);
    expect(checking.context.deviceCheck?.lines.map((l) => l.label)).toEqual(['Domain hash', 'Message hash']);
    expect(transition(delegatesListMachine, list, add)[0].value).toBe('signing');
  });

  it('a device’s failure has its own state, keeps the change, and Try again returns to the check', () => {
    const [start] = initialTransition(delegatesListMachine, accountServicesDeviceInput);
    let [s] = transition(delegatesListMachine, start, listed as never);
    [s] = transition(delegatesListMachine, s, { ...add, nowMs: SAMPLE_NOW_MS });
    [s] = transition(delegatesListMachine, s, { type: 'user.confirmOnDevice' });
    [s] = transition(delegatesListMachine, s, { type: 'xstate.error.actor.signProposer', error: { kind: 'deviceLocked', message: 'Your Ledger is locked.' } } as never);
    expect(s.value).toEqual({ walletError: 'deviceLocked' });
    expect(s.context.error).toBe('Your Ledger is locked.');
    expect(s.context.request?.delegate).toBe(add.delegate);
    [s] = transition(delegatesListMachine, s, { type: 'user.retry' });
    expect(s.value).toBe('checkingOnDevice');
    expect(s.context.error).toBeNull();
  });

  it('without a device nothing changes: a failure returns to the list with its text, and no device or check is kept', () => {
    const [start] = initialTransition(delegatesListMachine, accountServicesSampleInput);
    expect('device' in start.context).toBe(false);
    let [s] = transition(delegatesListMachine, start, listed as never);
    [s] = transition(delegatesListMachine, s, { ...add, nowMs: SAMPLE_NOW_MS });
    expect(s.value).toBe('signing');
    [s] = transition(delegatesListMachine, s, { type: 'xstate.error.actor.signProposer', error: { kind: 'deviceLocked', message: 'locked' } } as never);
    expect(s.value).toBe('list');
    expect(s.context.error).toBe('locked');
    expect(JSON.parse(JSON.stringify(s.context)).deviceCheck).toBeUndefined();
    // A device is kept only for an owner (a read-only wallet signs nothing).
    expect('device' in initialTransition(delegatesListMachine, { ...accountServicesDeviceInput, wallet: null })[0].context).toBe(false);
  });
});
