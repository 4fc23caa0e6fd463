/**
 * Model-based tests of the account-services machines through their real settings views: push notifications,
 * e-mail alerts, recovery alerts, delegates and unsubscribe. Every effect is held in a deferred promise so
 * each state is asserted on screen; user events are caused by clicking and typing; system.recover is sent as
 * the composition root sends it. Each machine must reach 100 % transition coverage.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { ACCOUNT_TEXTS, emailCheckOf, registrationCheckOf } from '../../src/machines/accountServices/accountServices.logic.ts';
import {
  SAMPLE_NOW_MS,
  accountServicesDeviceInput,
  accountServicesReadOnlyInput,
  accountServicesSampleInput,
  delegatesSampleEvents,
  emailAlertsSampleEvents,
  pushNotificationsSampleEvents,
  recoverySampleEvents,
  serializeEmailAlertsState,
  serializePushNotificationsState,
  serializeDelegatesState,
  serializeValueAndErrors,
  unsubscribeSampleEvents,
  unsubscribeSampleInput,
} from '../../src/machines/accountServices/accountServices.samples.ts';
import type {
  AccountServicesInput,
  DelegatesContext,
  EmailAlertsContext,
  PushNotificationsContext,
  RecoveryContext,
  SubscriptionsContext,
} from '../../src/machines/accountServices/accountServices.types.ts';
import { delegatesListMachine } from '../../src/machines/accountServices/delegatesList.machine.ts';
import { emailAlertsMachine } from '../../src/machines/accountServices/emailAlerts.machine.ts';
import { pushNotificationsMachine } from '../../src/machines/accountServices/pushNotifications.machine.ts';
import { recoveryRegistrationMachine } from '../../src/machines/accountServices/recoveryRegistration.machine.ts';
import { unsubscribeMachine } from '../../src/machines/accountServices/unsubscribe.machine.ts';
import { DelegatesView, EmailAlertsView, PushNotificationsView, RecoveryView, UnsubscribeView } from '../../src/views/accountServices/index.ts';
import type { DelegatesRef, RecoveryRef } from '../../src/views/accountServices/Security.tsx';
import type { EmailAlertsRef } from '../../src/views/accountServices/EmailAlerts.tsx';
import type { PushNotificationsRef } from '../../src/views/accountServices/PushNotifications.tsx';
import type { UnsubscribeRef } from '../../src/views/accountServices/Unsubscribe.tsx';
import { modelTests, type ViewDriver } from '../harness/modelHarness.ts';
import { messageDisplay, typedDataDisplay } from '../../src/domain/wallet/deviceDisplay.ts';
import { delegateTypedData } from '../../src/domain/safe/delegateRequest.ts';
import { emailAuthMessage, recoveryAuthMessage, registrationHash } from '../../src/services/accountServices/index.ts';
import { toHex } from 'viem';
import { sendAsIs, settleExecutors, snapshotOf, startWithDeferredEffects, type EffectsSut } from './accountServices.support.tsx';

const click = (name: string | RegExp) => act(async () => screen.getByRole('button', { name }).click());
const field = (e: AnyEventObject, key: string) => String((e as unknown as Record<string, unknown>)[key]);
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const statusTexts = () => screen.queryAllByRole('status').map((s) => s.textContent);

function expectMessages(ctx: { error: string | null; notice?: string | null }) {
  if (ctx.error) expect(alerts()).toContain(ctx.error);
  if (ctx.notice) expect(statusTexts()).toContain(ctx.notice);
}

/** Without a signer (the connected account is not an owner, decision 0088) the card says why nothing can be signed. */
function expectSigner(ctx: { signer: string | null }) {
  expect(screen.queryAllByRole('note').map((n) => n.textContent).includes(ACCOUNT_TEXTS.noSigner)).toBe(ctx.signer === null);
}

/**
 * The time the views put in their events (issue 19): the sample's `nowMs` for the event being driven (a retry's is
 * later than the first attempt's), so the check on screen is computed from the time the machine was given.
 */
let clock = SAMPLE_NOW_MS;
const nowOf = (e: AnyEventObject, fallback: number) => ((e as { nowMs?: unknown }).nowMs as number | undefined) ?? fallback;
/** A plan's events as the views send them: every event that starts a signature carries its time (issue 19). */
const timedEvents = (events: AnyEventObject[], types: RegExp): AnyEventObject[] => {
  const timed = (e: AnyEventObject): AnyEventObject => (types.test(e.type) && !('nowMs' in e) ? { ...e, nowMs: SAMPLE_NOW_MS } : e);
  return [...new Map(events.map(timed).map((e) => [JSON.stringify(e), e])).values()];
};

/**
 * The device the wallet signs on changing while a card runs (decision 0084) is driven in the Ledger plans with the
 * same Ledger (from the check and its failure it leaves the step; elsewhere it is kept): every such transition is
 * taken without walking each plan again with the other device (the registry's walks start without one and reach the
 * device's states through it). Without a device, the plan leaves the event out.
 */
const isDeviceChange = (e: AnyEventObject) => e.type === 'system.deviceChanged';
const withoutDeviceChanges = (events: AnyEventObject[]): AnyEventObject[] => events.filter((e) => !isDeviceChange(e));
/**
 * The Ledger plans also take the owners changing with the same signer (decision 0088: a check on the device is left as
 * by Cancel); another signer, or none, drops the device and is walked by the plans without one.
 */
const sameDeviceChanges = (events: AnyEventObject[]): AnyEventObject[] =>
  events.filter(
    (e) =>
      (!isDeviceChange(e) || JSON.stringify((e as { device?: unknown }).device) === JSON.stringify(accountServicesDeviceInput.device)) &&
      (e.type !== 'system.signerChanged' || (e as { wallet?: unknown }).wallet === accountServicesDeviceInput.wallet),
  );

/**
 * The on-device step of a personal_sign signature (issue 19, decision 0075), on a Ledger: the region with what it
 * will show (`lines`, computed here from the bytes the effect signs) and what the signature authorises; the same
 * values while it waits; a failure's region with Try again. `what`: the failure region's noun.
 */
function personalSignStep(what: string) {
  const step = () => screen.getByRole('region', { name: 'Check the message on your Ledger' });
  const failed = () => screen.getByRole('region', { name: `The ${what} was not signed` });
  const expectLines = (sut: EffectsSut, expected: { label: string; value: string }[], check: { lines: unknown } | undefined) => {
    expect(check?.lines).toEqual(expected);
    const shown = screen.getByLabelText('What your Ledger will show');
    for (const line of expected) expect(shown).toHaveTextContent(`${line.label}${line.value}`);
    void sut;
  };
  return {
    step,
    failed,
    events: {
      'user.confirmOnDevice': async () => {
        const go = within(step()).getByRole('button', { name: 'Continue on the Ledger' });
        expect(go).toBeDisabled();
        await act(async () => void fireEvent.click(within(step()).getByRole('checkbox', { name: /I will compare these values with my Ledger/ })));
        await act(async () => go.click());
      },
      'user.cancel': (sut: EffectsSut) => act(async () => within(snapshotOf(sut).matches('walletError') ? failed() : step()).getByRole('button', { name: 'Cancel' }).click()),
    },
    checking: (sut: EffectsSut, expected: { label: string; value: string }[], check: { lines: unknown } | undefined, purpose: RegExp) => {
      expect(within(step()).getByText(purpose)).toBeInTheDocument();
      expectLines(sut, expected, check);
      expect(within(step()).getByRole('button', { name: 'Continue on the Ledger' })).toBeDisabled();
    },
    waiting: (sut: EffectsSut, expected: { label: string; value: string }[], check: { lines: unknown } | undefined) => {
      expect(statusTexts().join(' ')).toContain('Confirm the message on your Ledger. Approve only if it shows these values');
      expectLines(sut, expected, check);
    },
    failure: (title: string | null) => (sut: EffectsSut) => {
      const c = snapshotOf(sut).context as { error: string | null };
      const alert = within(failed()).getByRole('alert');
      if (title) expect(alert).toHaveTextContent(title);
      expect(alert).toHaveTextContent(c.error ?? '');
      // one copy of the text: the card's own messages leave it to the failure's region
      expect(alerts().filter((a) => a?.includes(c.error ?? ''))).toHaveLength(1);
      expect(within(failed()).getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
  };
}

const WALLET_ERROR_TITLES: Record<string, string | null> = {
  rejected: null,
  wrongChain: null,
  disconnected: null,
  deviceLocked: 'Device locked.',
  wrongApp: 'Wrong app open on the device.',
  blindSigningDisabled: 'Blind signing is off on the device.',
  deviceDisconnected: 'Device not connected.',
  noTypedData: 'This wallet cannot sign typed data.',
  other: null,
};
const walletErrorStates = (failure: (title: string | null) => (sut: EffectsSut) => void) =>
  Object.fromEntries(Object.entries(WALLET_ERROR_TITLES).map(([kind, title]) => [`walletError.${kind}`, failure(title)]));

// ───────────── push notifications ─────────────

describe('pushNotifications (model-based, real view)', () => {
  const ctx = (sut: EffectsSut) => snapshotOf(sut).context as PushNotificationsContext;
  const busy = (text: string) => () => {
    expect(statusTexts()).toContain(text);
    expect(screen.getByRole('button', { name: 'Register chosen Safes' })).toBeDisabled();
  };
  const device = personalSignStep('registration');
  /** The registration hash the Ledger will show: signRegistration's bytes for the context's ids, Safes and time. */
  const expectedLines = (sut: EffectsSut) => {
    const c = ctx(sut);
    expect(c.nowMs).toBe(clock);
    const hash = registrationHash(String(Math.floor(clock / 1000)), c.registrationIds!.uuid, c.registrationIds!.cloudMessagingToken, c.selected);
    const lines = messageDisplay(hash);
    // 32 bytes that are not text: shown in hex, as a Ledger shows them
    expect(lines).toEqual([{ label: 'Message', value: hash }]);
    return lines;
  };
  const driverFor = (input: AccountServicesInput): ViewDriver<EffectsSut> => ({
    start: () => {
      clock = SAMPLE_NOW_MS;
      return startWithDeferredEffects(
        pushNotificationsMachine,
        ['loadDevice', 'signRegistration', 'registerDevice', 'unregisterSafe', 'unregisterDevice'],
        input,
        (actor) => <PushNotificationsView actor={actor as PushNotificationsRef} now={() => clock} />,
      );
    },
    events: {
      ...device.events,
      ...settleExecutors({
        loadDevice: 'loadDevice',
        signRegistration: 'signRegistration',
        registerDevice: 'registerDevice',
        unregisterSafe: 'unregisterSafe',
        unregisterDevice: 'unregisterDevice',
      }),
      'user.retry': async (sut, e) => {
        if (!snapshotOf(sut).matches('walletError')) return click('Retry loading notification settings');
        clock = nowOf(e, clock);
        await act(async () => within(device.failed()).getByRole('button', { name: 'Try again' }).click());
      },
      'user.toggleSafe': (_, e) => act(async () => screen.getByRole('checkbox', { name: `Choose ${field(e, 'address')}` }).click()),
      'user.register': async (sut, e) => {
        clock = nowOf(e, SAMPLE_NOW_MS);
        await click('Register chosen Safes');
      },
      'user.unregisterSafe': (_, e) => click(`Unregister ${field(e, 'address')}`),
      'user.unregisterDevice': () => click('Unregister this browser'),
      'system.recover': sendAsIs,
      // the device the wallet signs on, read or gone while the card runs: sent by the card's actor wrapper (decision 0084)
      'system.deviceChanged': sendAsIs,
      // the Safe's owners or the connected account changed: sent by the card's actor wrapper (decision 0088)
      'system.signerChanged': sendAsIs,
    },
    states: {
      loading: () => {
        expect(screen.getByRole('status')).toHaveTextContent('Loading notification settings…');
      },
      loadFailed: (sut) => {
        expect(screen.getByRole('alert')).toHaveTextContent(`Could not load notification settings. ${ctx(sut).error}`);
      },
      idle: (sut) => {
        const c = ctx(sut);
        const rows = within(screen.getByRole('list', { name: 'Safes' })).getAllByRole('listitem');
        expect(rows).toHaveLength(c.safes.length);
        c.safes.forEach((safe, i) => {
          expect(within(rows[i]!).getByLabelText('Notification state')).toHaveTextContent(safe.registered ? 'Registered' : 'Not registered');
          expect(within(rows[i]!).getByRole('checkbox')).toHaveProperty('checked', c.selected.includes(safe.address));
        });
        expect(screen.getByLabelText('This browser')).toHaveTextContent(c.uuid ?? 'not registered');
        // without a signer (decision 0088: the account changed to one that is not an owner) nothing is registered
        expect(screen.getByRole('button', { name: 'Register chosen Safes' })).toHaveProperty('disabled', c.selected.length === 0 || c.signer === null);
        expectSigner(c);
        expect(screen.getByRole('button', { name: 'Unregister this browser' })).toHaveProperty('disabled', c.uuid === null);
        expectMessages(c);
      },
      signing: (sut) => {
        const c = ctx(sut);
        // The time and the ids the check was computed from are the ones signed (issue 19).
        const signedInput = { chainId: '31337', safes: c.selected, signer: accountServicesSampleInput.safe.owners[0], nowMs: clock, ...c.registrationIds };
        if (c.checkedOnDevice) {
          device.waiting(sut, expectedLines(sut), registrationCheckOf(c));
          expect(sut.inputs.get('signRegistration')?.at(-1)).toEqual({ ...signedInput, deviceName: 'Ledger' });
          return;
        }
        busy('Sign the registration in your wallet…')();
        expect(sut.inputs.get('signRegistration')?.at(-1)).toEqual(signedInput);
      },
      checkingOnDevice: (sut) => {
        device.checking(sut, expectedLines(sut), registrationCheckOf(ctx(sut)), /lets the gateway send this browser notifications about the transactions of this Safe/);
        expect(screen.getByRole('button', { name: 'Register chosen Safes' })).toBeDisabled();
      },
      ...walletErrorStates(device.failure),
      registering: busy('Registering this browser…'),
      unregisteringSafe: busy('Unregistering the Safe…'),
      unregisteringDevice: busy('Removing this browser…'),
    },
  });
  modelTests({
    name: 'pushNotifications',
    machine: pushNotificationsMachine,
    events: withoutDeviceChanges(pushNotificationsSampleEvents),
    serializeState: serializePushNotificationsState,
    plans: [
      { input: accountServicesSampleInput, driver: driverFor(accountServicesSampleInput) },
      {
        input: accountServicesDeviceInput,
        events: sameDeviceChanges(timedEvents(pushNotificationsSampleEvents, /^user\.register$/)),
        driver: driverFor(accountServicesDeviceInput),
        describe: 'an owner on a Ledger (issue 19)',
      },
    ],
  });
  it('without an owner wallet nothing can be chosen or registered, and the screen says why', async () => {
    const sut = startWithDeferredEffects(pushNotificationsMachine, ['loadDevice'], accountServicesReadOnlyInput, (actor) => <PushNotificationsView actor={actor as PushNotificationsRef} />);
    await act(async () => sut.pending.get('loadDevice')!.resolve({ uuid: null, safes: [{ address: accountServicesReadOnlyInput.safe.address, owned: false, registered: false }] }));
    expect(screen.getByRole('note')).toHaveTextContent(ACCOUNT_TEXTS.noSigner);
    expect(screen.getByRole('checkbox')).toBeDisabled();
    expect(sut.inputs.get('loadDevice')).toEqual([{ chainId: '31337', safe: accountServicesReadOnlyInput.safe.address, signer: null }]);
    sut.cleanup();
  });
});

// ───────────── e-mail alerts ─────────────

describe('emailAlerts (model-based, real view)', () => {
  const ctx = (sut: EffectsSut) => snapshotOf(sut).context as EmailAlertsContext;
  const registrationText = () => screen.getByLabelText('E-mail registration');
  const resting = (text: string) => (sut: EffectsSut) => {
    const c = ctx(sut);
    expect(registrationText()).toHaveTextContent(text);
    if (c.registration) expect(screen.getByLabelText('Registered address')).toHaveTextContent(c.registration.email);
    if (c.fieldError) expect(alerts()).toContain(c.fieldError);
    expectMessages(c);
    expectSigner(c);
    expect(screen.getByRole('button', { name: 'Show registration' })).toHaveProperty('disabled', c.signer === null);
    expect(screen.getByRole('button', { name: 'Delete e-mail' })).toHaveProperty('disabled', c.registration === null || c.signer === null);
  };
  const device = personalSignStep('request');
  /** The authorisation text the Ledger will show: signEmailRequest's text for the request at the time it was given. */
  const expectedLines = (sut: EffectsSut) => {
    const request = ctx(sut).request!;
    expect(request.nowMs).toBe(clock);
    const text = emailAuthMessage(request, String(clock));
    const lines = messageDisplay(toHex(text));
    expect(lines).toEqual([{ label: 'Message', value: text }]);
    return lines;
  };
  const PURPOSE: Record<string, RegExp> = {
    register: /lets the gateway register owner@example\.com to receive this Safe’s alerts/,
    change: /lets the gateway change the address that receives this Safe’s alerts for you to owner@example\.com/,
    show: /lets the gateway show you the address registered/,
    delete: /lets the gateway delete the address registered/,
  };
  const driverFor = (input: AccountServicesInput): ViewDriver<EffectsSut> => ({
    start: () => {
      clock = SAMPLE_NOW_MS;
      return startWithDeferredEffects(emailAlertsMachine, ['checkEmailOffered', 'signEmailRequest', 'sendEmailRequest', 'verifyEmail', 'resendCode'], input, (actor) => (
        <EmailAlertsView actor={actor as EmailAlertsRef} now={() => clock} />
      ));
    },
    events: {
      ...settleExecutors({ checkEmailOffered: 'checkEmailOffered', signEmailRequest: 'signEmailRequest', sendEmailRequest: 'sendEmailRequest', verifyEmail: 'verifyEmail', resendCode: 'resendCode' }),
      ...device.events,
      'user.retry': async (_, e) => {
        clock = nowOf(e, clock);
        await act(async () => within(device.failed()).getByRole('button', { name: 'Try again' }).click());
      },
      'user.show': (_, e) => {
        clock = nowOf(e, SAMPLE_NOW_MS);
        return click('Show registration');
      },
      'user.submitEmail': async (sut, e) => {
        clock = nowOf(e, SAMPLE_NOW_MS);
        const registered = ctx(sut).registration !== null;
        const form = screen.getByRole('form', { name: registered ? 'Change e-mail address' : 'Register e-mail address' });
        await act(async () => fireEvent.change(within(form).getByLabelText('E-mail address'), { target: { value: field(e, 'email') } }));
        await act(async () => within(form).getByRole('button', { name: registered ? 'Change address' : 'Register address' }).click());
      },
      'user.delete': (_, e) => {
        clock = nowOf(e, SAMPLE_NOW_MS);
        return click('Delete e-mail');
      },
      'user.verify': async (_, e) => {
        const form = screen.getByRole('form', { name: 'Verify e-mail address' });
        await act(async () => fireEvent.change(within(form).getByLabelText('Verification code'), { target: { value: field(e, 'code') } }));
        await act(async () => within(form).getByRole('button', { name: 'Verify' }).click());
      },
      'user.resend': () => click('Resend code'),
      'system.recover': sendAsIs,
      // the device the wallet signs on, read or gone while the card runs: sent by the card's actor wrapper (decision 0084)
      'system.deviceChanged': sendAsIs,
      // the Safe's owners or the connected account changed: sent by the card's actor wrapper (decision 0088)
      'system.signerChanged': sendAsIs,
    },
    states: {
      'resting.unknown': resting('Not checked yet'),
      'resting.notRegistered': resting('No e-mail address registered.'),
      'resting.unverified': (sut) => {
        resting('Registered, not verified yet')(sut);
        const problem = ctx(sut).codeProblem;
        const form = screen.getByRole('form', { name: 'Verify e-mail address' });
        if (problem) expect(within(form).getByRole('alert')).toHaveTextContent(problem === 'wrong' ? ACCOUNT_TEXTS.wrongCode : ACCOUNT_TEXTS.expiredCode);
        else expect(within(form).queryByRole('alert')).toBeNull();
      },
      'resting.verified': resting('Registered and verified.'),
      signing: (sut) => {
        const c = ctx(sut);
        const op = c.request?.op;
        // The time the check was computed from is the one signed (issue 19).
        expect(sut.inputs.get('signEmailRequest')?.at(-1)).toEqual({ ...c.request, ...(c.checkedOnDevice ? { deviceName: 'Ledger' } : {}) });
        expect(sut.inputs.get('signEmailRequest')?.at(-1)).toMatchObject({ op, chainId: '31337', signer: accountServicesSampleInput.safe.owners[0], nowMs: clock });
        expect(screen.getByRole('button', { name: 'Show registration' })).toBeDisabled();
        if (c.checkedOnDevice) device.waiting(sut, expectedLines(sut), emailCheckOf(c));
        else expect(statusTexts().join(' ')).toMatch(/in your wallet/);
      },
      // An owner on a device: the gateway is asked, without a signature, before the device is shown anything (decision 0078).
      askingGateway: (sut) => {
        const c = ctx(sut);
        expect(sut.inputs.get('checkEmailOffered')?.at(-1)).toEqual({ chainId: '31337', safe: c.safe.address, signer: accountServicesSampleInput.safe.owners[0] });
        expect(statusTexts()).toContain('Checking that this gateway offers e-mail alerts…');
        expect(screen.queryByRole('region', { name: 'Check the message on your Ledger' })).toBeNull();
        expect(c.checkedOnDevice).toBeUndefined();
        expect(screen.getByRole('button', { name: 'Show registration' })).toBeDisabled();
      },
      checkingOnDevice: (sut) => {
        device.checking(sut, expectedLines(sut), emailCheckOf(ctx(sut)), PURPOSE[ctx(sut).request!.op]!);
        expect(screen.getByRole('button', { name: 'Show registration' })).toBeDisabled();
      },
      ...walletErrorStates(device.failure),
      sending: (sut) => {
        expect(sut.inputs.get('sendEmailRequest')?.at(-1)).toMatchObject({ op: ctx(sut).request?.op, auth: ctx(sut).auth });
        expect(screen.getByRole('button', { name: 'Show registration' })).toBeDisabled();
      },
      verifying: () => expect(statusTexts()).toContain('Checking the code…'),
      resending: () => expect(statusTexts()).toContain('Sending a new code…'),
      // the gateway has no e-mail endpoints: said calmly (a status, not an alert), and nothing left to fill in
      notOffered: () => {
        expect(statusTexts()).toContain(ACCOUNT_TEXTS.emailNotOffered);
        expect(alerts()).toEqual([]);
        expect(screen.queryByRole('button', { name: 'Show registration' })).toBeNull();
        expect(screen.queryByRole('form')).toBeNull();
      },
    },
  });
  modelTests({
    name: 'emailAlerts',
    machine: emailAlertsMachine,
    events: withoutDeviceChanges(emailAlertsSampleEvents),
    serializeState: serializeEmailAlertsState,
    plans: [
      { input: accountServicesSampleInput, driver: driverFor(accountServicesSampleInput) },
      {
        input: accountServicesDeviceInput,
        events: sameDeviceChanges(timedEvents(emailAlertsSampleEvents, /^user\.(show|submitEmail|delete)$/)),
        driver: driverFor(accountServicesDeviceInput),
        describe: 'an owner on a Ledger (issue 19)',
      },
    ],
  });
  it('without an owner wallet nothing can be signed', () => {
    const actor = createActor(emailAlertsMachine, { input: accountServicesReadOnlyInput }).start();
    render(<EmailAlertsView actor={actor} />);
    expect(screen.getByRole('note')).toHaveTextContent(ACCOUNT_TEXTS.noSigner);
    expect(screen.getByRole('button', { name: 'Show registration' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Register address' })).toBeDisabled();
    actor.stop();
    cleanup();
  });
});

// ───────────── recovery ─────────────

describe('recoveryRegistration (model-based, real view)', () => {
  const ctx = (sut: EffectsSut) => snapshotOf(sut).context as RecoveryContext;
  const device = personalSignStep('registration');
  /** The authorisation text the Ledger will show: signRecovery's text for the request at the time it was given. */
  const expectedLines = (sut: EffectsSut) => {
    const request = ctx(sut).request!;
    expect(request.nowMs).toBe(clock);
    const text = recoveryAuthMessage(request, String(clock));
    const lines = messageDisplay(toHex(text));
    expect(lines).toEqual([{ label: 'Message', value: text }]);
    return lines;
  };
  const driverFor = (input: AccountServicesInput): ViewDriver<EffectsSut> => ({
    start: () => {
      clock = SAMPLE_NOW_MS;
      return startWithDeferredEffects(recoveryRegistrationMachine, ['signRecovery', 'registerRecovery'], input, (actor) => <RecoveryView actor={actor as RecoveryRef} now={() => clock} />);
    },
    events: {
      ...settleExecutors({ signRecovery: 'signRecovery', registerRecovery: 'registerRecovery' }),
      ...device.events,
      'user.retry': async (_, e) => {
        clock = nowOf(e, clock);
        await act(async () => within(device.failed()).getByRole('button', { name: 'Try again' }).click());
      },
      'user.submit': async (_, e) => {
        clock = nowOf(e, SAMPLE_NOW_MS);
        const form = screen.getByRole('form', { name: 'Register recovery module' });
        await act(async () => fireEvent.change(within(form).getByLabelText('Recovery module address'), { target: { value: field(e, 'moduleAddress') } }));
        await act(async () => within(form).getByRole('button', { name: 'Register module' }).click());
      },
      'user.again': () => click('Register another module'),
      'system.recover': sendAsIs,
      // the device the wallet signs on, read or gone while the card runs: sent by the card's actor wrapper (decision 0084)
      'system.deviceChanged': sendAsIs,
      // the Safe's owners or the connected account changed: sent by the card's actor wrapper (decision 0088)
      'system.signerChanged': sendAsIs,
    },
    states: {
      editing: (sut) => {
        const c = ctx(sut);
        const form = screen.getByRole('form', { name: 'Register recovery module' });
        expect(within(form).getByRole('button', { name: 'Register module' })).toHaveProperty('disabled', c.signer === null);
        expectSigner(c);
        expect(within(form).queryAllByRole('alert').map((a) => a.textContent)).toEqual(c.fieldError ? [c.fieldError] : []);
        expectMessages(c);
      },
      signing: (sut) => {
        const c = ctx(sut);
        expect(c.request?.nowMs).toBe(clock);
        if (c.deviceCheck) {
          device.waiting(sut, expectedLines(sut), c.deviceCheck);
          expect(sut.inputs.get('signRecovery')?.at(-1)).toEqual({ ...c.request, deviceName: 'Ledger' });
          return;
        }
        expect(statusTexts()).toContain('Sign the registration in your wallet…');
        expect(sut.inputs.get('signRecovery')?.at(-1)).toEqual(c.request);
      },
      checkingOnDevice: (sut) => {
        device.checking(sut, expectedLines(sut), ctx(sut).deviceCheck, /lets the gateway register the recovery module .* for recovery alerts/);
        expect(within(screen.getByRole('form', { name: 'Register recovery module' })).getByRole('button', { name: 'Register module' })).toBeDisabled();
      },
      ...walletErrorStates(device.failure),
      sending: (sut) => {
        expect(statusTexts()).toContain('Registering the module…');
        expect(sut.inputs.get('registerRecovery')?.at(-1)).toEqual({ ...ctx(sut).request, auth: ctx(sut).auth });
      },
      registered: (sut) => {
        expect(statusTexts().join(' ')).toMatch(/is registered/);
        expect(within(screen.getByRole('list', { name: 'Registered recovery modules' })).getAllByRole('listitem')).toHaveLength(ctx(sut).registered.length);
      },
    },
  });
  modelTests({
    name: 'recoveryRegistration',
    machine: recoveryRegistrationMachine,
    events: withoutDeviceChanges(recoverySampleEvents),
    serializeState: serializeValueAndErrors,
    plans: [
      { input: accountServicesSampleInput, driver: driverFor(accountServicesSampleInput) },
      {
        input: accountServicesDeviceInput,
        events: sameDeviceChanges(timedEvents(recoverySampleEvents, /^user\.submit$/)),
        driver: driverFor(accountServicesDeviceInput),
        describe: 'an owner on a Ledger (issue 19)',
      },
    ],
  });
});

// ───────────── delegates (proposers) ─────────────

describe('delegatesList (model-based, real view)', () => {
  const ctx = (sut: EffectsSut) => snapshotOf(sut).context as DelegatesContext;
  const table = () => screen.getByRole('table', { name: 'Proposers' });
  const rowOf = (label: string) => within(table()).getAllByRole('row').find((r) => within(r).queryByText(label, { selector: '.proposer-name' }) !== null)!;
  const addForm = () => screen.getByRole('form', { name: 'Add proposer' });
  const busy = (text: string) => () => {
    expect(statusTexts()).toContain(text);
    expect(within(addForm()).getByRole('button', { name: 'Add proposer' })).toBeDisabled();
  };
  const labelOf = (sut: EffectsSut, delegate: string) => ctx(sut).delegates.find((d) => d.delegate.toLowerCase() === delegate.toLowerCase())?.label ?? '';
  const deviceStep = () => screen.getByRole('region', { name: 'Check the signature on your Ledger' });
  const failedStep = () => screen.getByRole('region', { name: 'The change was not signed' });
  /** What the owner's Ledger will show for the request's Delegate typed data (issue 19), computed here, on screen. */
  const expectDeviceLines = (sut: EffectsSut) => {
    const request = ctx(sut).request!;
    // the time of the change's event, or of the Try again after a failure (its own hour's TOTP)
    expect(request.nowMs).toBe(clock);
    const expected = typedDataDisplay('hashes', delegateTypedData({ chainId: request.chainId, delegate: request.delegate, nowMs: clock }) as never);
    expect(expected.map((l) => l.label)).toEqual(['Domain hash', 'Message hash']);
    expect(ctx(sut).deviceCheck?.lines).toEqual(expected);
    const shown = screen.getByLabelText('What your Ledger will show');
    for (const line of expected) expect(shown).toHaveTextContent(`${line.label}${line.value}`);
  };
  const deviceFailure = (title: string | null) => (sut: EffectsSut) => {
    const c = ctx(sut);
    const alert = within(failedStep()).getByRole('alert');
    if (title) expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(c.error ?? '');
    // The change is kept for Try again; the list has no second copy of the text.
    expect(c.request).not.toBeNull();
    expect(alerts().filter((a) => a?.includes(c.error ?? ''))).toHaveLength(1);
    expect(within(failedStep()).getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(within(addForm()).getByRole('button', { name: 'Add proposer' })).toBeDisabled();
  };
  const driverFor = (input: AccountServicesInput): ViewDriver<EffectsSut> => ({
    start: () => {
      clock = SAMPLE_NOW_MS;
      return startWithDeferredEffects(delegatesListMachine, ['loadDelegates', 'signProposer', 'sendProposer'], input, (actor) => <DelegatesView actor={actor as DelegatesRef} now={() => clock} />);
    },
    events: {
      ...settleExecutors({ loadDelegates: 'loadDelegates', loadMoreDelegates: 'loadDelegates', signProposer: 'signProposer', sendProposer: 'sendProposer' }),
      'user.retry': async (sut, e) => {
        if (!snapshotOf(sut).matches('walletError')) return click('Retry loading proposers');
        clock = nowOf(e, clock);
        await act(async () => within(failedStep()).getByRole('button', { name: 'Try again' }).click());
      },
      'user.confirmOnDevice': async () => {
        const go = within(deviceStep()).getByRole('button', { name: 'Continue on the Ledger' });
        expect(go).toBeDisabled();
        await act(async () => void fireEvent.click(within(deviceStep()).getByRole('checkbox', { name: /I will compare these values with my Ledger/ })));
        await act(async () => go.click());
      },
      'user.cancel': (sut) => act(async () => within(snapshotOf(sut).matches('walletError') ? failedStep() : deviceStep()).getByRole('button', { name: 'Cancel' }).click()),
      'user.refresh': () => click('Refresh proposers'),
      'user.loadMore': async (sut) => {
        await click('Load more');
        expect(sut.inputs.get('loadDelegates')?.at(-1)).toEqual({ chainId: '31337', safe: accountServicesSampleInput.safe.address, page: ctx(sut).next });
      },
      'user.addProposer': async (_, e) => {
        clock = nowOf(e, SAMPLE_NOW_MS);
        const form = addForm();
        await act(async () => fireEvent.change(within(form).getByLabelText('Address'), { target: { value: field(e, 'delegate') } }));
        await act(async () => fireEvent.change(within(form).getByLabelText('Name'), { target: { value: field(e, 'label') } }));
        await act(async () => within(form).getByRole('button', { name: 'Add proposer' }).click());
      },
      'user.renameProposer': async (sut, e) => {
        clock = nowOf(e, SAMPLE_NOW_MS);
        const label = labelOf(sut, field(e, 'delegate'));
        if (!screen.queryByRole('form', { name: `Rename ${label}` })) await act(async () => within(rowOf(label)).getByRole('button', { name: `Rename ${label}` }).click());
        const form = screen.getByRole('form', { name: `Rename ${label}` });
        await act(async () => fireEvent.change(within(form).getByLabelText(`New name for ${label}`), { target: { value: field(e, 'label') } }));
        await act(async () => within(form).getByRole('button', { name: 'Save name' }).click());
      },
      'user.removeProposer': async (sut, e) => {
        clock = nowOf(e, SAMPLE_NOW_MS);
        const label = labelOf(sut, field(e, 'delegate'));
        const row = rowOf(label);
        if (!within(row).queryByRole('button', { name: `Yes, remove ${label}` })) await act(async () => within(row).getByRole('button', { name: `Remove ${label}` }).click());
        await act(async () => within(row).getByRole('button', { name: `Yes, remove ${label}` }).click());
      },
      'system.recover': sendAsIs,
      // the device the wallet signs on, read or gone while the card runs: sent by the card's actor wrapper (decision 0084)
      'system.deviceChanged': sendAsIs,
      // the Safe's owners or the connected account changed: sent by the card's actor wrapper (decision 0088)
      'system.signerChanged': sendAsIs,
    },
    states: {
      loading: (sut) => {
        expect(statusTexts()).toContain('Loading proposers…');
        const notice = ctx(sut).notice;
        if (notice) expect(statusTexts()).toContain(notice);
      },
      loadFailed: (sut) => {
        expect(alerts().join(" ")).toContain(`Could not load proposers. ${ctx(sut).error}`);
      },
      list: (sut) => {
        const c = ctx(sut);
        const rows = within(table()).getAllByRole('row');
        expect(rows).toHaveLength(c.delegates.length + 1);
        c.delegates.forEach((d, i) => {
          expect(rows[i + 1]).toHaveTextContent(d.label);
          // only the owner who added a proposer can rename or remove it (the DELETE needs the delegator's signature)
          const own = c.signer !== null && d.delegator.toLowerCase() === c.signer.toLowerCase();
          expect(within(rows[i + 1]!).queryByRole('button', { name: `Remove ${d.label}` }) !== null || within(rows[i + 1]!).queryByRole('button', { name: `Yes, remove ${d.label}` }) !== null).toBe(own);
          if (!own && c.signer !== null) expect(rows[i + 1]).toHaveTextContent('Only the owner who added it can rename or remove it.');
        });
        expect(screen.queryByRole('button', { name: 'Load more' }) !== null).toBe(c.next !== null);
        // without a signer (decision 0088) the list is read-only and says why
        if (c.signer === null) {
          expect(screen.queryByRole('form', { name: 'Add proposer' })).toBeNull();
          expect(screen.getByRole('note')).toHaveTextContent(ACCOUNT_TEXTS.proposersReadOnly);
        } else expect(within(addForm()).getByRole('button', { name: 'Add proposer' })).toBeEnabled();
        if (c.error) expect(alerts()).toContain(c.error);
        if (c.fieldError) {
          const form = c.fieldError.form === 'add' ? addForm() : screen.getByRole('form', { name: `Rename ${labelOf(sut, c.fieldError.delegate ?? '')}` });
          expect(within(form).getAllByRole('alert').map((a) => a.textContent)).toEqual([c.fieldError.text]);
          const input = c.fieldError.field === 'delegate' ? 'Address' : c.fieldError.form === 'add' ? 'Name' : `New name for ${labelOf(sut, c.fieldError.delegate ?? '')}`;
          expect(within(form).getByLabelText(input)).toHaveAttribute('aria-invalid', 'true');
        }
        if (c.notice) expect(statusTexts()).toContain(c.notice);
      },
      loadingMore: () => expect(statusTexts()).toContain('Loading more proposers…'),
      signing: (sut) => {
        const request = ctx(sut).request!;
        expect(request.delegator).toBe(accountServicesSampleInput.safe.owners[0]);
        if (ctx(sut).deviceCheck) {
          // On the Ledger (issue 19): the same values stay on screen while it waits; its errors will name it.
          expect(statusTexts().join(' ')).toContain('Confirm the signature on your Ledger. Approve only if it shows these values');
          expectDeviceLines(sut);
          expect(sut.inputs.get('signProposer')?.at(-1)).toEqual({ ...request, deviceName: 'Ledger' });
          return;
        }
        busy({ add: 'Sign the new proposer in your wallet…', rename: 'Sign the new name in your wallet…', remove: 'Sign the removal in your wallet…' }[request.action])();
        expect(sut.inputs.get('signProposer')?.at(-1)).toEqual(request);
      },
      // An owner on a Ledger (issue 19): which change, what the device will show, Continue only after the tick.
      checkingOnDevice: (sut) => {
        const request = ctx(sut).request!;
        expect(deviceStep()).toBeInTheDocument();
        expect(screen.getByText(new RegExp(`^${{ add: 'Adding', rename: 'Renaming the proposer', remove: 'Removing' }[request.action]}.*${request.delegate}`))).toBeInTheDocument();
        expectDeviceLines(sut);
        expect(within(deviceStep()).getByRole('button', { name: 'Continue on the Ledger' })).toBeDisabled();
        expect(within(addForm()).getByRole('button', { name: 'Add proposer' })).toBeDisabled();
      },
      'walletError.rejected': deviceFailure(null),
      'walletError.wrongChain': deviceFailure(null),
      'walletError.disconnected': deviceFailure(null),
      'walletError.deviceLocked': deviceFailure('Device locked.'),
      'walletError.wrongApp': deviceFailure('Wrong app open on the device.'),
      'walletError.blindSigningDisabled': deviceFailure('Blind signing is off on the device.'),
      'walletError.deviceDisconnected': deviceFailure('Device not connected.'),
      'walletError.noTypedData': deviceFailure('This wallet cannot sign typed data.'),
      'walletError.other': deviceFailure(null),
      sending: (sut) => {
        const c = ctx(sut);
        busy({ add: 'Adding the proposer…', rename: 'Renaming the proposer…', remove: 'Removing the proposer…' }[c.request!.action])();
        expect(sut.inputs.get('sendProposer')?.at(-1)).toEqual({ ...c.request, signature: c.signature });
      },
    },
  });
  // The view puts the time in every change's event: on a device, each change of the samples carries it (issue 19).
  const timed = (e: AnyEventObject): AnyEventObject => (/^user\.(add|rename|remove)Proposer$/.test(e.type) && !('nowMs' in e) ? { ...e, nowMs: SAMPLE_NOW_MS } : e);
  const deviceEvents = [...new Map(delegatesSampleEvents.map(timed).map((e) => [JSON.stringify(e), e])).values()];
  modelTests({
    name: 'delegatesList',
    machine: delegatesListMachine,
    events: withoutDeviceChanges(delegatesSampleEvents),
    // without a signer (decision 0088: the account changed to one that is not an owner) the view offers no change
    offered: (s, e) => !/^user\.(add|rename|remove)Proposer$/.test(e.type) || (s.context as DelegatesContext).signer !== null,
    serializeState: serializeDelegatesState,
    plans: [
      { input: accountServicesSampleInput, driver: driverFor(accountServicesSampleInput) },
      { input: accountServicesDeviceInput, events: sameDeviceChanges(deviceEvents), driver: driverFor(accountServicesDeviceInput), describe: 'an owner on a Ledger (issue 19)' },
    ],
  });
  it('without an owner wallet the proposers are listed, nothing can be changed, and the screen says why', async () => {
    const sut = startWithDeferredEffects(delegatesListMachine, ['loadDelegates'], accountServicesReadOnlyInput, (actor) => <DelegatesView actor={actor as DelegatesRef} />);
    await act(async () => sut.pending.get('loadDelegates')!.resolve(delegatesSampleEvents[0]!.output));
    expect(screen.getByRole('note')).toHaveTextContent(ACCOUNT_TEXTS.proposersReadOnly);
    expect(within(table()).getAllByRole('row')).toHaveLength(2);
    expect(screen.queryByRole('form', { name: 'Add proposer' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Rename|Remove)/ })).toBeNull();
    expect(snapshotOf(sut).can({ type: 'user.addProposer', delegate: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', label: 'Ops bot' })).toBe(false);
    sut.cleanup();
  });
  it('a wallet rejection returns to the list with its text; the add form keeps what was typed', async () => {
    const sut = startWithDeferredEffects(delegatesListMachine, ['loadDelegates', 'signProposer'], accountServicesSampleInput, (actor) => <DelegatesView actor={actor as DelegatesRef} />);
    await act(async () => sut.pending.get('loadDelegates')!.resolve(delegatesSampleEvents[0]!.output));
    const form = addForm();
    await act(async () => fireEvent.change(within(form).getByLabelText('Address'), { target: { value: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' } }));
    await act(async () => fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Ops bot' } }));
    await act(async () => within(form).getByRole('button', { name: 'Add proposer' }).click());
    await act(async () => sut.pending.get('signProposer')!.reject({ kind: 'rejected', message: 'User rejected signing.' }));
    expect(snapshotOf(sut).matches('list')).toBe(true);
    expect(alerts()).toContain('User rejected signing.');
    expect(ctx(sut).request).toBeNull();
    expect(within(form).getByLabelText('Address')).toHaveValue('0x90F79bf6EB2c4f870365E785982E1f101E93b906');
    expect(within(form).getByLabelText('Name')).toHaveValue('Ops bot');
    sut.cleanup();
  });
});

// ───────────── unsubscribe ─────────────

describe('unsubscribe (model-based, real view)', () => {
  const ctx = (sut: EffectsSut) => snapshotOf(sut).context as SubscriptionsContext;
  const fill = async (e: AnyEventObject) => {
    const form = screen.getByRole('form', { name: 'Unsubscribe' });
    await act(async () => fireEvent.change(within(form).getByLabelText('Unsubscribe token'), { target: { value: field(e, 'token') } }));
    return form;
  };
  const driver: ViewDriver<EffectsSut> = {
    start: () => startWithDeferredEffects(unsubscribeMachine, ['unsubscribe'], unsubscribeSampleInput, (actor) => <UnsubscribeView actor={actor as UnsubscribeRef} />),
    events: {
      ...settleExecutors({ unsubscribe: 'unsubscribe' }),
      'user.unsubscribe': async (_, e) => {
        const form = await fill(e);
        await act(async () => fireEvent.change(within(form).getByLabelText('Category'), { target: { value: field(e, 'category') } }));
        await act(async () => within(form).getByRole('button', { name: 'Unsubscribe from category' }).click());
      },
      'user.unsubscribeAll': async (_, e) => {
        const form = await fill(e);
        await act(async () => within(form).getByRole('button', { name: 'Unsubscribe from all' }).click());
      },
      'user.again': () => click('Unsubscribe another'),
      'system.recover': sendAsIs,
    },
    states: {
      editing: (sut) => {
        const c = ctx(sut);
        const form = screen.getByRole('form', { name: 'Unsubscribe' });
        // Opened without an e-mail's link (no token): the page points to the link; the token form is a disclosure.
        expect(screen.getByText(/Every alert e-mail ends with an unsubscribe link/)).toBeInTheDocument();
        expect(form.closest('details')?.querySelector('summary')).toHaveTextContent('Unsubscribe without the link');
        expect(within(form).getByRole('button', { name: 'Unsubscribe from all' })).toBeEnabled();
        expect(within(form).queryAllByRole('alert').map((a) => a.textContent)).toEqual(c.fieldError ? [c.fieldError] : []);
        expectMessages(c);
      },
      sending: (sut) => {
        expect(statusTexts()).toContain('Unsubscribing…');
        expect(sut.inputs.get('unsubscribe')?.at(-1)).toEqual(ctx(sut).request);
        expect(screen.getByRole('button', { name: 'Unsubscribe from all' })).toBeDisabled();
      },
      done: (sut) => {
        const done = ctx(sut).done;
        expect(statusTexts()).toContain(`Unsubscribed from ${done?.category === null ? 'all e-mails' : 'Recovery alerts'}.`);
      },
      notOffered: () => {
        expect(statusTexts()).toContain(ACCOUNT_TEXTS.unsubscribeNotOffered);
        expect(screen.queryByRole('form', { name: 'Unsubscribe' })).toBeNull();
        expect(screen.queryByText(/Every alert e-mail ends with an unsubscribe link/)).toBeNull();
      },
    },
  };
  modelTests({ name: 'unsubscribe', machine: unsubscribeMachine, input: unsubscribeSampleInput, events: unsubscribeSampleEvents, serializeState: serializeValueAndErrors, driver });
});

