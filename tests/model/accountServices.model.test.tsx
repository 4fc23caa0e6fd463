/**
 * Model-based tests of the account-services machines through their real settings views: push notifications,
 * e-mail alerts, recovery alerts, delegates and unsubscribe. Every effect is held in a deferred promise so
 * each state is asserted on screen; user events are caused by clicking and typing; system.recover is sent as
 * the composition root sends it. Each machine must reach 100 % transition coverage.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { ACCOUNT_TEXTS } from '../../src/machines/accountServices/accountServices.logic.ts';
import {
  accountServicesReadOnlyInput,
  accountServicesSampleInput,
  delegatesSampleEvents,
  emailAlertsSampleEvents,
  pushNotificationsSampleEvents,
  recoverySampleEvents,
  serializeEmailAlertsState,
  serializePushNotificationsState,
  serializeValueAndErrors,
  unsubscribeSampleEvents,
  unsubscribeSampleInput,
} from '../../src/machines/accountServices/accountServices.samples.ts';
import type {
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
import { sendAsIs, settleExecutors, snapshotOf, startWithDeferredEffects, type EffectsSut } from './accountServices.support.tsx';

const click = (name: string | RegExp) => act(async () => screen.getByRole('button', { name }).click());
const field = (e: AnyEventObject, key: string) => String((e as unknown as Record<string, unknown>)[key]);
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const statusTexts = () => screen.queryAllByRole('status').map((s) => s.textContent);

function expectMessages(ctx: { error: string | null; notice?: string | null }) {
  if (ctx.error) expect(alerts()).toContain(ctx.error);
  if (ctx.notice) expect(statusTexts()).toContain(ctx.notice);
}

// ───────────── push notifications ─────────────

describe('pushNotifications (model-based, real view)', () => {
  const ctx = (sut: EffectsSut) => snapshotOf(sut).context as PushNotificationsContext;
  const busy = (text: string) => () => {
    expect(statusTexts()).toContain(text);
    expect(screen.getByRole('button', { name: 'Register chosen Safes' })).toBeDisabled();
  };
  const driver: ViewDriver<EffectsSut> = {
    start: () =>
      startWithDeferredEffects(
        pushNotificationsMachine,
        ['loadDevice', 'signRegistration', 'registerDevice', 'unregisterSafe', 'unregisterDevice'],
        accountServicesSampleInput,
        (actor) => <PushNotificationsView actor={actor as PushNotificationsRef} />,
      ),
    events: {
      ...settleExecutors({
        loadDevice: 'loadDevice',
        signRegistration: 'signRegistration',
        registerDevice: 'registerDevice',
        unregisterSafe: 'unregisterSafe',
        unregisterDevice: 'unregisterDevice',
      }),
      'user.retry': () => click('Retry loading notification settings'),
      'user.toggleSafe': (_, e) => act(async () => screen.getByRole('checkbox', { name: `Choose ${field(e, 'address')}` }).click()),
      'user.register': async (sut) => {
        await click('Register chosen Safes');
        expect(sut.inputs.get('signRegistration')?.at(-1)).toEqual({ chainId: '31337', safes: ctx(sut).selected, signer: accountServicesSampleInput.safe.owners[0] });
      },
      'user.unregisterSafe': (_, e) => click(`Unregister ${field(e, 'address')}`),
      'user.unregisterDevice': () => click('Unregister this browser'),
      'system.recover': sendAsIs,
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
        expect(screen.getByRole('button', { name: 'Register chosen Safes' })).toHaveProperty('disabled', c.selected.length === 0);
        expect(screen.getByRole('button', { name: 'Unregister this browser' })).toHaveProperty('disabled', c.uuid === null);
        expectMessages(c);
      },
      signing: busy('Sign the registration in your wallet…'),
      registering: busy('Registering this browser…'),
      unregisteringSafe: busy('Unregistering the Safe…'),
      unregisteringDevice: busy('Removing this browser…'),
    },
  };
  modelTests({
    name: 'pushNotifications',
    machine: pushNotificationsMachine,
    input: accountServicesSampleInput,
    events: pushNotificationsSampleEvents,
    serializeState: serializePushNotificationsState,
    driver,
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
    expect(screen.getByRole('button', { name: 'Show registration' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete e-mail' })).toHaveProperty('disabled', c.registration === null);
  };
  const driver: ViewDriver<EffectsSut> = {
    start: () =>
      startWithDeferredEffects(emailAlertsMachine, ['signEmailRequest', 'sendEmailRequest', 'verifyEmail', 'resendCode'], accountServicesSampleInput, (actor) => (
        <EmailAlertsView actor={actor as EmailAlertsRef} />
      )),
    events: {
      ...settleExecutors({ signEmailRequest: 'signEmailRequest', sendEmailRequest: 'sendEmailRequest', verifyEmail: 'verifyEmail', resendCode: 'resendCode' }),
      'user.show': () => click('Show registration'),
      'user.submitEmail': async (sut, e) => {
        const registered = ctx(sut).registration !== null;
        const form = screen.getByRole('form', { name: registered ? 'Change e-mail address' : 'Register e-mail address' });
        await act(async () => fireEvent.change(within(form).getByLabelText('E-mail address'), { target: { value: field(e, 'email') } }));
        await act(async () => within(form).getByRole('button', { name: registered ? 'Change address' : 'Register address' }).click());
      },
      'user.delete': () => click('Delete e-mail'),
      'user.verify': async (_, e) => {
        const form = screen.getByRole('form', { name: 'Verify e-mail address' });
        await act(async () => fireEvent.change(within(form).getByLabelText('Verification code'), { target: { value: field(e, 'code') } }));
        await act(async () => within(form).getByRole('button', { name: 'Verify' }).click());
      },
      'user.resend': () => click('Resend code'),
      'system.recover': sendAsIs,
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
        const op = ctx(sut).request?.op;
        expect(statusTexts().join(' ')).toMatch(/in your wallet/);
        expect(sut.inputs.get('signEmailRequest')?.at(-1)).toMatchObject({ op, chainId: '31337', signer: accountServicesSampleInput.safe.owners[0] });
        expect(screen.getByRole('button', { name: 'Show registration' })).toBeDisabled();
      },
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
  };
  modelTests({ name: 'emailAlerts', machine: emailAlertsMachine, input: accountServicesSampleInput, events: emailAlertsSampleEvents, serializeState: serializeEmailAlertsState, driver });
  it('without an owner wallet nothing can be signed', () => {
    const actor = createActor(emailAlertsMachine, { input: accountServicesReadOnlyInput }).start();
    render(<EmailAlertsView actor={actor} />);
    expect(screen.getByRole('note')).toHaveTextContent(ACCOUNT_TEXTS.noSigner);
    expect(screen.getByRole('button', { name: 'Show registration' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Register address' })).toBeDisabled();
    actor.stop();
  });
});

// ───────────── recovery ─────────────

describe('recoveryRegistration (model-based, real view)', () => {
  const ctx = (sut: EffectsSut) => snapshotOf(sut).context as RecoveryContext;
  const driver: ViewDriver<EffectsSut> = {
    start: () =>
      startWithDeferredEffects(recoveryRegistrationMachine, ['signRecovery', 'registerRecovery'], accountServicesSampleInput, (actor) => <RecoveryView actor={actor as RecoveryRef} />),
    events: {
      ...settleExecutors({ signRecovery: 'signRecovery', registerRecovery: 'registerRecovery' }),
      'user.submit': async (_, e) => {
        const form = screen.getByRole('form', { name: 'Register recovery module' });
        await act(async () => fireEvent.change(within(form).getByLabelText('Recovery module address'), { target: { value: field(e, 'moduleAddress') } }));
        await act(async () => within(form).getByRole('button', { name: 'Register module' }).click());
      },
      'user.again': () => click('Register another module'),
      'system.recover': sendAsIs,
    },
    states: {
      editing: (sut) => {
        const c = ctx(sut);
        const form = screen.getByRole('form', { name: 'Register recovery module' });
        expect(within(form).getByRole('button', { name: 'Register module' })).toBeEnabled();
        expect(within(form).queryAllByRole('alert').map((a) => a.textContent)).toEqual(c.fieldError ? [c.fieldError] : []);
        expectMessages(c);
      },
      signing: (sut) => {
        expect(statusTexts()).toContain('Sign the registration in your wallet…');
        expect(sut.inputs.get('signRecovery')?.at(-1)).toEqual(ctx(sut).request);
      },
      sending: (sut) => {
        expect(statusTexts()).toContain('Registering the module…');
        expect(sut.inputs.get('registerRecovery')?.at(-1)).toEqual({ ...ctx(sut).request, auth: ctx(sut).auth });
      },
      registered: (sut) => {
        expect(statusTexts().join(' ')).toMatch(/is registered/);
        expect(within(screen.getByRole('list', { name: 'Registered recovery modules' })).getAllByRole('listitem')).toHaveLength(ctx(sut).registered.length);
      },
    },
  };
  modelTests({ name: 'recoveryRegistration', machine: recoveryRegistrationMachine, input: accountServicesSampleInput, events: recoverySampleEvents, serializeState: serializeValueAndErrors, driver });
});

// ───────────── delegates ─────────────

describe('delegatesList (model-based, real view)', () => {
  const ctx = (sut: EffectsSut) => snapshotOf(sut).context as DelegatesContext;
  const driver: ViewDriver<EffectsSut> = {
    start: () => startWithDeferredEffects(delegatesListMachine, ['loadDelegates'], accountServicesSampleInput, (actor) => <DelegatesView actor={actor as DelegatesRef} />),
    events: {
      ...settleExecutors({ loadDelegates: 'loadDelegates', loadMoreDelegates: 'loadDelegates' }),
      'user.retry': () => click('Retry loading delegates'),
      'user.refresh': () => click('Refresh delegates'),
      'user.loadMore': async (sut) => {
        await click('Load more');
        expect(sut.inputs.get('loadDelegates')?.at(-1)).toEqual({ chainId: '31337', safe: accountServicesSampleInput.safe.address, page: ctx(sut).next });
      },
    },
    states: {
      loading: () => {
        expect(screen.getByRole('status')).toHaveTextContent('Loading delegates…');
      },
      loadFailed: (sut) => {
        expect(screen.getByRole('alert')).toHaveTextContent(`Could not load delegates. ${ctx(sut).error}`);
      },
      list: (sut) => {
        const c = ctx(sut);
        const rows = within(screen.getByRole('table', { name: 'Delegates' })).getAllByRole('row');
        expect(rows).toHaveLength(c.delegates.length + 1);
        c.delegates.forEach((d, i) => expect(rows[i + 1]).toHaveTextContent(d.label));
        expect(screen.queryByRole('button', { name: 'Load more' }) !== null).toBe(c.next !== null);
        if (c.error) expect(alerts()).toContain(c.error);
      },
      loadingMore: () => expect(statusTexts()).toContain('Loading more delegates…'),
    },
  };
  modelTests({ name: 'delegatesList', machine: delegatesListMachine, input: accountServicesSampleInput, events: delegatesSampleEvents, serializeState: serializeValueAndErrors, driver });
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

