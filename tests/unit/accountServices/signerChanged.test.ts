/**
 * The Safe's owners or the connected account changing while an account-services card runs (decision 0088): the card's
 * actor is told (`system.signerChanged`) instead of a new one starting. The same signer keeps everything (a check on
 * the device in progress is left as by Cancel, as for a device change); another signer, or none, keeps what was
 * chosen but not what was read, asked or signed for the previous one, which is read again for the new one. The pure
 * machines, folded with `transition` (no effect runs).
 */
import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { ACCOUNT_TEXTS } from '../../../src/machines/accountServices/accountServices.logic.ts';
import { delegatesListMachine } from '../../../src/machines/accountServices/delegatesList.machine.ts';
import { emailAlertsMachine } from '../../../src/machines/accountServices/emailAlerts.machine.ts';
import { pushNotificationsMachine } from '../../../src/machines/accountServices/pushNotifications.machine.ts';
import { recoveryRegistrationMachine } from '../../../src/machines/accountServices/recoveryRegistration.machine.ts';
import { accountServicesDeviceInput, accountServicesSampleInput, SAMPLE_MODULE, SAMPLE_NOW_MS } from '../../../src/machines/accountServices/accountServices.samples.ts';
import { DEVNET_DEPLOYER, DEVNET_OTHER_SAFE, DEVNET_OWNERS, DEVNET_SAFE, DEVNET_STRANGER } from '../../../src/machines/shared/samples.ts';

const LEDGER = accountServicesDeviceInput.device!;
const [OWNER_0, OWNER_1] = DEVNET_OWNERS;
const fold = (machine: AnyStateMachine, input: unknown, events: AnyEventObject[]): AnyMachineSnapshot =>
  events.reduce((snapshot, event) => step(machine, snapshot, event), initialTransition(machine, input as never)[0] as AnyMachineSnapshot);
const step = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): AnyMachineSnapshot =>
  transition(machine, snapshot as never, event as never)[0] as AnyMachineSnapshot;

/** A poll read an owner added (first, as Safe lists it); the same account is connected. */
const ownerAdded = { type: 'system.signerChanged', owners: [DEVNET_DEPLOYER, ...DEVNET_OWNERS], wallet: OWNER_0.toLowerCase() };
/** The wallet switched to the Safe's other owner. */
const otherOwner = { type: 'system.signerChanged', owners: [...DEVNET_OWNERS], wallet: OWNER_1.toLowerCase() };
/** The wallet switched to an account that is not an owner. */
const notOwner = { type: 'system.signerChanged', owners: [...DEVNET_OWNERS], wallet: DEVNET_STRANGER.toLowerCase() };
/** The first owner is connected again. */
const ownerBack = { type: 'system.signerChanged', owners: [...DEVNET_OWNERS], wallet: OWNER_0.toLowerCase() };

const ctx = (s: AnyMachineSnapshot) => s.context as Record<string, unknown>;

describe('emailAlerts', () => {
  const verified = (input = accountServicesSampleInput) =>
    fold(emailAlertsMachine, input, [
      { type: 'user.show' },
      { type: 'xstate.done.actor.signEmailRequest', output: { signature: '0x01', timestamp: '1' } },
      { type: 'xstate.done.actor.sendEmailRequest', output: { email: 'owner@example.com', verified: true } },
    ]);

  it('an owner added, the same signer: nothing changes but the owners', () => {
    const before = verified();
    const after = step(emailAlertsMachine, before, ownerAdded);
    expect(after.value).toEqual({ resting: 'verified' });
    expect(ctx(after)).toEqual({ ...ctx(before), safe: { ...accountServicesSampleInput.safe, owners: [DEVNET_DEPLOYER, ...DEVNET_OWNERS] } });
  });

  it('another owner: the registration read for the previous one is not shown as theirs; the next request is signed by them', () => {
    const after = step(emailAlertsMachine, verified(), otherOwner);
    expect(after.value).toEqual({ resting: 'unknown' });
    expect(ctx(after)).toMatchObject({ signer: OWNER_1, registration: null, request: null, notice: null });
    const asked = step(emailAlertsMachine, after, { type: 'user.submitEmail', email: 'typed@example.com' });
    expect(asked.value).toBe('signing');
    expect(ctx(asked)['request']).toMatchObject({ op: 'register', signer: OWNER_1, email: 'typed@example.com' });
  });

  it('a request being sent for the previous signer is left, and the card says so', () => {
    const sending = fold(emailAlertsMachine, accountServicesSampleInput, [
      { type: 'user.submitEmail', email: 'typed@example.com' },
      { type: 'xstate.done.actor.signEmailRequest', output: { signature: '0x01', timestamp: '1' } },
    ]);
    expect(sending.value).toBe('sending');
    // the same signer: the request goes on
    expect(step(emailAlertsMachine, sending, ownerAdded).value).toBe('sending');
    const left = step(emailAlertsMachine, sending, otherOwner);
    expect(left.value).toEqual({ resting: 'unknown' });
    expect(ctx(left)).toMatchObject({ request: null, auth: null, notice: ACCOUNT_TEXTS.signerChanged });
  });

  it('an owner added during the check on the device: left as by Cancel, the registration kept', () => {
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
    const left = step(emailAlertsMachine, checking, ownerAdded);
    expect(left.value).toEqual({ resting: 'verified' });
    expect(ctx(left)).toMatchObject({ request: null, registration: { email: 'owner@example.com', verified: true }, device: LEDGER });
    // another signer during the check: not the resting state read for the previous one
    expect(step(emailAlertsMachine, checking, otherOwner).value).toEqual({ resting: 'unknown' });
  });

  it('no owner connected: nothing can be signed and the device goes; an owner back signs again', () => {
    const none = step(emailAlertsMachine, verified(accountServicesDeviceInput), notOwner);
    expect(ctx(none)).toMatchObject({ signer: null, registration: null });
    expect(ctx(none)['device']).toBeUndefined();
    expect(step(emailAlertsMachine, none, { type: 'user.show', nowMs: SAMPLE_NOW_MS }).value).toEqual({ resting: 'unknown' });
    const back = step(emailAlertsMachine, none, ownerBack);
    expect(ctx(back)['signer']).toBe(OWNER_0);
    expect(step(emailAlertsMachine, back, { type: 'user.show' }).value).toBe('signing');
  });

  it('a gateway without e-mail alerts still offers none for another signer', () => {
    const notOffered = fold(emailAlertsMachine, accountServicesSampleInput, [
      { type: 'user.show' },
      { type: 'xstate.error.actor.signEmailRequest', error: { kind: 'notOffered', message: 'no' } },
    ]);
    const after = step(emailAlertsMachine, notOffered, otherOwner);
    expect(after.value).toBe('notOffered');
    expect(ctx(after)['signer']).toBe(OWNER_1);
  });
});

describe('pushNotifications', () => {
  const device = (owned: boolean) => ({
    uuid: null,
    safes: [
      { address: DEVNET_SAFE, owned, registered: false },
      { address: DEVNET_OTHER_SAFE, owned: true, registered: false },
    ],
    registrationIds: { uuid: 'u', cloudMessagingToken: 't' },
  });
  const chosen = () =>
    fold(pushNotificationsMachine, accountServicesSampleInput, [
      { type: 'xstate.done.actor.loadDevice', output: device(true) },
      { type: 'user.toggleSafe', address: DEVNET_SAFE },
      { type: 'user.toggleSafe', address: DEVNET_OTHER_SAFE },
    ]);

  it('an owner added, the same signer: the chosen Safes stay, nothing is read again', () => {
    const after = step(pushNotificationsMachine, chosen(), ownerAdded);
    expect(after.value).toBe('idle');
    expect(ctx(after)['selected']).toEqual([DEVNET_SAFE, DEVNET_OTHER_SAFE]);
  });

  it('another owner: which Safes it owns is read again, and the choice is kept where it owns them', () => {
    const loading = step(pushNotificationsMachine, chosen(), otherOwner);
    expect(loading.value).toBe('loading');
    expect(ctx(loading)).toMatchObject({ signer: OWNER_1, kept: [DEVNET_SAFE, DEVNET_OTHER_SAFE], selected: [] });
    const read = step(pushNotificationsMachine, loading, { type: 'xstate.done.actor.loadDevice', output: device(false) });
    expect(read.value).toBe('idle');
    expect(ctx(read)['selected']).toEqual([DEVNET_OTHER_SAFE]);
    expect(ctx(read)['kept']).toBeUndefined();
  });

  it('no owner, then the owner back: the choice is still there', () => {
    const none = step(pushNotificationsMachine, step(pushNotificationsMachine, chosen(), notOwner), { type: 'xstate.done.actor.loadDevice', output: device(false) });
    expect(ctx(none)).toMatchObject({ signer: null, selected: [], kept: [DEVNET_SAFE, DEVNET_OTHER_SAFE] });
    const back = step(pushNotificationsMachine, step(pushNotificationsMachine, none, ownerBack), { type: 'xstate.done.actor.loadDevice', output: device(true) });
    expect(ctx(back)).toMatchObject({ signer: OWNER_0, selected: [DEVNET_SAFE, DEVNET_OTHER_SAFE] });
  });

  it('a registration being signed for the previous signer is left: read again, the card says so', () => {
    const signing = step(pushNotificationsMachine, chosen(), { type: 'user.register' });
    expect(signing.value).toBe('signing');
    const left = step(pushNotificationsMachine, signing, otherOwner);
    expect(left.value).toBe('loading');
    expect(ctx(left)).toMatchObject({ signer: OWNER_1, signed: null, notice: ACCOUNT_TEXTS.signerChanged, kept: [DEVNET_SAFE, DEVNET_OTHER_SAFE] });
  });
});

describe('recoveryRegistration', () => {
  it('another owner: a module registered in the previous one’s name is not shown as theirs; the module typed stays', () => {
    const registered = fold(recoveryRegistrationMachine, accountServicesSampleInput, [
      { type: 'user.submit', moduleAddress: SAMPLE_MODULE },
      { type: 'xstate.done.actor.signRecovery', output: { signature: '0x01', timestamp: '1' } },
      { type: 'xstate.done.actor.registerRecovery', output: {} },
    ]);
    expect(registered.value).toBe('registered');
    expect(step(recoveryRegistrationMachine, registered, ownerAdded).value).toBe('registered');
    const after = step(recoveryRegistrationMachine, registered, otherOwner);
    expect(after.value).toBe('editing');
    expect(ctx(after)).toMatchObject({ signer: OWNER_1, registered: [], moduleAddress: SAMPLE_MODULE });
  });

  it('an owner added during the check on the device: left as by Cancel', () => {
    const checking = fold(recoveryRegistrationMachine, accountServicesDeviceInput, [{ type: 'user.submit', moduleAddress: SAMPLE_MODULE, nowMs: SAMPLE_NOW_MS }]);
    const left = step(recoveryRegistrationMachine, checking, ownerAdded);
    expect(left.value).toBe('editing');
    expect(ctx(left)).toMatchObject({ request: null, moduleAddress: SAMPLE_MODULE, device: LEDGER });
  });
});

describe('delegatesList', () => {
  const list = () => fold(delegatesListMachine, accountServicesSampleInput, [{ type: 'xstate.done.actor.loadDelegates', output: { results: [], next: null } }]);

  it('an owner added: the list stays; another owner: the proposers are read again for them', () => {
    expect(step(delegatesListMachine, list(), ownerAdded).value).toBe('list');
    const other = step(delegatesListMachine, list(), otherOwner);
    expect(other.value).toBe('loading');
    expect(ctx(other)['signer']).toBe(OWNER_1);
  });

  it('a change being signed for the previous signer is left and read again, the card says so', () => {
    const signing = step(delegatesListMachine, list(), { type: 'user.addProposer', delegate: DEVNET_STRANGER, label: 'Ops' });
    expect(signing.value).toBe('signing');
    expect(step(delegatesListMachine, signing, ownerAdded).value).toBe('signing');
    const left = step(delegatesListMachine, signing, notOwner);
    expect(left.value).toBe('loading');
    expect(ctx(left)).toMatchObject({ signer: null, request: null, notice: ACCOUNT_TEXTS.signerChanged });
  });
});
