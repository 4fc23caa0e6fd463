/**
 * The device the wallet signs on, read or gone while an account-services card runs (decision 0084): the card's actor
 * is told (`system.deviceChanged`) instead of a new one starting. What it holds stays; the next request goes to the
 * check on the device now known (or to the wallet, with none); a check or its failure in progress is left as by
 * Cancel, because it was for the device that was there. The pure machines, folded with `transition` (no effect runs).
 */
import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { delegatesListMachine } from '../../../src/machines/accountServices/delegatesList.machine.ts';
import { emailAlertsMachine } from '../../../src/machines/accountServices/emailAlerts.machine.ts';
import { pushNotificationsMachine } from '../../../src/machines/accountServices/pushNotifications.machine.ts';
import { recoveryRegistrationMachine } from '../../../src/machines/accountServices/recoveryRegistration.machine.ts';
import { accountServicesDeviceInput, accountServicesReadOnlyInput, accountServicesSampleInput, SAMPLE_NOW_MS } from '../../../src/machines/accountServices/accountServices.samples.ts';

const LEDGER = accountServicesDeviceInput.device!;
const fold = (machine: AnyStateMachine, input: unknown, events: AnyEventObject[]): AnyMachineSnapshot =>
  events.reduce((snapshot, event) => transition(machine, snapshot as never, event as never)[0] as AnyMachineSnapshot, initialTransition(machine, input as never)[0] as AnyMachineSnapshot);
const deviceOf = (s: AnyMachineSnapshot) => (s.context as { device?: unknown }).device;

describe('emailAlerts: a device read while the card runs', () => {
  it('is kept, and the next request is checked on it (the gateway asked first)', () => {
    const read = fold(emailAlertsMachine, accountServicesSampleInput, [{ type: 'system.deviceChanged', device: LEDGER }]);
    expect(read.value).toEqual({ resting: 'unknown' });
    expect(deviceOf(read)).toEqual(LEDGER);
    const asked = transition(emailAlertsMachine, read as never, { type: 'user.submitEmail', email: 'typed@example.com', nowMs: SAMPLE_NOW_MS } as never)[0];
    expect(asked.value).toBe('askingGateway');
    expect((asked.context as { request: { email: string } }).request.email).toBe('typed@example.com');
  });

  it('gone: the next request goes to the wallet; a check in progress is left as by Cancel, the registration read kept', () => {
    const checking = fold(emailAlertsMachine, accountServicesDeviceInput, [
      { type: 'user.show', nowMs: SAMPLE_NOW_MS },
      { type: 'xstate.done.actor.checkEmailOffered' },
      { type: 'user.confirmOnDevice' },
      { type: 'xstate.done.actor.signEmailRequest', output: { signature: '0x01', timestamp: '1' } },
      { type: 'xstate.done.actor.sendEmailRequest', output: { email: 'owner@example.com', verified: true } },
      { type: 'user.delete', nowMs: SAMPLE_NOW_MS },
      { type: 'xstate.done.actor.checkEmailOffered' },
    ]);
    expect(checking.value).toBe('checkingOnDevice');
    const gone = transition(emailAlertsMachine, checking as never, { type: 'system.deviceChanged', device: null } as never)[0];
    expect(gone.value).toEqual({ resting: 'verified' });
    expect(deviceOf(gone)).toBeUndefined();
    expect(gone.context).toMatchObject({ request: null, registration: { email: 'owner@example.com', verified: true } });
    expect(transition(emailAlertsMachine, gone as never, { type: 'user.delete', nowMs: SAMPLE_NOW_MS } as never)[0].value).toBe('signing');
  });

  it('while asking the gateway, or after a device failure, the step is left too', () => {
    const asking = fold(emailAlertsMachine, accountServicesDeviceInput, [{ type: 'user.show', nowMs: SAMPLE_NOW_MS }]);
    expect(asking.value).toBe('askingGateway');
    expect(transition(emailAlertsMachine, asking as never, { type: 'system.deviceChanged', device: LEDGER } as never)[0].value).toEqual({ resting: 'unknown' });
    const failed = fold(emailAlertsMachine, accountServicesDeviceInput, [
      { type: 'user.show', nowMs: SAMPLE_NOW_MS },
      { type: 'xstate.done.actor.checkEmailOffered' },
      { type: 'user.confirmOnDevice' },
      { type: 'xstate.error.actor.signEmailRequest', error: { kind: 'deviceLocked', message: 'locked' } },
    ]);
    expect(failed.value).toEqual({ walletError: 'deviceLocked' });
    const left = transition(emailAlertsMachine, failed as never, { type: 'system.deviceChanged', device: null } as never)[0];
    expect(left.value).toEqual({ resting: 'unknown' });
    expect(left.context).toMatchObject({ request: null, error: null });
  });

  it('a wallet that is not an owner keeps no device', () => {
    const read = fold(emailAlertsMachine, accountServicesReadOnlyInput, [{ type: 'system.deviceChanged', device: LEDGER }]);
    expect(deviceOf(read)).toBeUndefined();
  });
});

describe('push, recovery and proposers: the same rule', () => {
  it('push: the chosen Safes stay when the device is read; a check is left for idle, the choice kept', () => {
    const idle = fold(pushNotificationsMachine, accountServicesSampleInput, [
      { type: 'xstate.done.actor.loadDevice', output: { uuid: null, safes: [{ address: accountServicesSampleInput.safe.address, owned: true, registered: false }], registrationIds: { uuid: 'u', cloudMessagingToken: 't' } } },
      { type: 'user.toggleSafe', address: accountServicesSampleInput.safe.address },
    ]);
    const read = transition(pushNotificationsMachine, idle as never, { type: 'system.deviceChanged', device: LEDGER } as never)[0];
    expect(read.value).toBe('idle');
    expect(read.context).toMatchObject({ selected: [accountServicesSampleInput.safe.address], device: LEDGER });
    const checking = transition(pushNotificationsMachine, read as never, { type: 'user.register', nowMs: SAMPLE_NOW_MS } as never)[0];
    expect(checking.value).toBe('checkingOnDevice');
    const gone = transition(pushNotificationsMachine, checking as never, { type: 'system.deviceChanged', device: null } as never)[0];
    expect(gone.value).toBe('idle');
    expect(gone.context).toMatchObject({ selected: [accountServicesSampleInput.safe.address] });
    expect(deviceOf(gone)).toBeUndefined();
  });

  it('recovery: a check is left for the form', () => {
    const checking = fold(recoveryRegistrationMachine, accountServicesDeviceInput, [{ type: 'user.submit', moduleAddress: accountServicesSampleInput.safe.owners[0]!, nowMs: SAMPLE_NOW_MS }]);
    expect(checking.value).toBe('checkingOnDevice');
    const gone = transition(recoveryRegistrationMachine, checking as never, { type: 'system.deviceChanged', device: null } as never)[0];
    expect(gone.value).toBe('editing');
    expect(deviceOf(gone)).toBeUndefined();
  });

  it('proposers: the list stays when the device is read', () => {
    const list = fold(delegatesListMachine, accountServicesSampleInput, [{ type: 'xstate.done.actor.loadDelegates', output: { results: [], next: null } }]);
    const read = transition(delegatesListMachine, list as never, { type: 'system.deviceChanged', device: LEDGER } as never)[0];
    expect(read.value).toEqual(list.value);
    expect(deviceOf(read)).toEqual(LEDGER);
  });
});
