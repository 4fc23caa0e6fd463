/** /settings/email: the connected owner's alert address for this Safe (register, verify, resend, show, change, delete). */
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { codeProblemText } from '../../machines/accountServices/accountServices.logic.ts';
import type { AccountServicesInput } from '../../machines/accountServices/accountServices.types.ts';
import { connectEmailAlerts, type EmailRegistrationState } from '../../machines/accountServices/emailAlerts.connect.ts';
import type { EmailAlertsMachine } from '../../machines/accountServices/emailAlerts.machine.ts';
import { SafeGate } from '../safeSession/SafeGate.tsx';
import { ForOpenSafe, useAccountServicesLogic } from './accountServicesContext.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Busy, FieldError, Messages } from './parts.tsx';
import { UnsubscribeSection } from './Unsubscribe.tsx';
import { SignatureOnDevice, useSignerChanges, useSignerDevice, withDevice } from './deviceStep.tsx';
import type { EmailRequest } from '../../machines/accountServices/accountServices.types.ts';

export type EmailAlertsRef = ActorRefFrom<EmailAlertsMachine>;

const BUSY: Record<string, string> = {
  register: 'Sign the registration in your wallet…',
  change: 'Sign the change in your wallet…',
  show: 'Sign in your wallet to read the registration…',
  delete: 'Sign the removal in your wallet…',
};

/** An owner on a device waits while the gateway is asked whether it offers e-mail alerts (decision 0078). */
const ASKING_GATEWAY = 'Checking that this gateway offers e-mail alerts…';

const STATE_TEXT: Record<EmailRegistrationState, string> = {
  unknown: 'Not checked yet. Show the registration to see it (needs a signature).',
  notRegistered: 'No e-mail address registered.',
  unverified: 'Registered, not verified yet: enter the code from the e-mail.',
  verified: 'Registered and verified.',
};

/** What the e-mail request's signature lets the gateway do, in words (the on-device step, issue 19). */
function emailPurpose(request: EmailRequest | null): string | null {
  if (!request) return null;
  const lets = 'This signature lets the gateway';
  switch (request.op) {
    case 'register':
      return `${lets} register ${request.email ?? ''} to receive this Safe’s alerts for you.`;
    case 'change':
      return `${lets} change the address that receives this Safe’s alerts for you to ${request.email ?? ''}.`;
    case 'show':
      return `${lets} show you the address registered for this Safe’s alerts.`;
    case 'delete':
      return `${lets} delete the address registered for this Safe’s alerts: no more alerts are e-mailed to it.`;
  }
}

/** `now` supplies the time put in each signed request's event (the signed timestamp, and what a device is shown). */
export function EmailAlertsView({ actor, now = Date.now }: { actor: EmailAlertsRef; now?: () => number }) {
  const view = useSelector(actor, connectEmailAlerts, shallowEqualViewModel);
  const {
    step: state,
    registrationState: resting,
    context: ctx,
    canShow,
    canSubmitEmail: canSubmit,
    canDelete,
    canVerify,
    canResend,
  } = view;
  const onDevice = view.deviceCheck !== undefined && (state === 'checkingOnDevice' || state === 'signing' || state === 'walletError');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const registered = ctx.registration !== null;
  const busy =
    state === 'askingGateway'
      ? ASKING_GATEWAY
      : state === 'signing' || state === 'sending'
      ? (BUSY[ctx.request?.op ?? ''] ?? null)
      : state === 'verifying'
        ? 'Checking the code…'
        : state === 'resending'
          ? 'Sending a new code…'
          : null;
  const codeProblem = codeProblemText(ctx.codeProblem);

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'user.submitEmail', email, nowMs: now() });
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'user.verify', code });
  };

  if (state === 'notOffered') {
    // this gateway has no e-mail endpoints: said once, calmly; nothing to fill in (decision 0051)
    return (
      <section aria-labelledby="email-title" className="card">
        <h2 id="email-title">E-mail alerts</h2>
        <Messages error={null} notice={ctx.notice} />
      </section>
    );
  }

  return (
    <section aria-labelledby="email-title" className="card">
      <h2 id="email-title">E-mail alerts</h2>
      <Messages error={state === 'walletError' ? null : ctx.error} notice={ctx.notice} signer={ctx.signer} />
      <p aria-label="E-mail registration">
        {resting ? STATE_TEXT[resting] : 'Working…'}
        {ctx.registration ? (
          <>
            {' '}
            Address: <strong aria-label="Registered address">{ctx.registration.email}</strong> ({ctx.registration.verified ? 'verified' : 'not verified'})
          </>
        ) : null}
      </p>
      <SignatureOnDevice
        step={view}
        signing={state === 'signing'}
        check={view.deviceCheck}
        purpose={emailPurpose(ctx.request)}
        what="request"
        error={ctx.error}
        onConfirm={() => actor.send({ type: 'user.confirmOnDevice' })}
        onCancel={() => actor.send({ type: 'user.cancel' })}
        onRetry={() => actor.send({ type: 'user.retry', nowMs: now() })}
      />
      {onDevice ? null : <Busy text={busy} />}
      <p>
        <button type="button" disabled={!canShow} onClick={() => actor.send({ type: 'user.show', nowMs: now() })}>
          Show registration
        </button>{' '}
        <button type="button" disabled={!canDelete} onClick={() => actor.send({ type: 'user.delete', nowMs: now() })}>
          Delete e-mail
        </button>
      </p>
      <form aria-label={registered ? 'Change e-mail address' : 'Register e-mail address'} onSubmit={submitEmail} noValidate>
        <label>
          E-mail address{' '}
          <input
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={ctx.fieldError !== null && resting !== 'unverified'}
            aria-describedby={ctx.fieldError ? 'email-field-error' : undefined}
          />
        </label>{' '}
        <button type="submit" disabled={!canSubmit}>
          {registered ? 'Change address' : 'Register address'}
        </button>
      </form>
      {resting === 'unverified' ? (
        <form aria-label="Verify e-mail address" onSubmit={submitCode} noValidate>
          <label>
            Verification code <input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" aria-invalid={codeProblem !== null} />
          </label>{' '}
          <button type="submit" disabled={!canVerify}>
            Verify
          </button>{' '}
          <button type="button" disabled={!canResend} onClick={() => actor.send({ type: 'user.resend' })}>
            Resend code
          </button>
          <FieldError text={codeProblem} />
        </form>
      ) : null}
      <FieldError text={ctx.fieldError} id="email-field-error" />
    </section>
  );
}

/**
 * One actor per Safe: other owners, another account (decision 0088) or a device (decision 0084) read later are told to
 * it, so nothing typed is lost.
 */
function EmailAlertsActor({ input }: { input: AccountServicesInput }) {
  const logic = useAccountServicesLogic();
  const device = useSignerDevice(input);
  const actor = useActorRef(logic.emailAlerts, { input: withDevice(input, device), ...(logic.inspect ? { inspect: logic.inspect } : {}) });
  useSignerChanges(actor, input, device);
  return <EmailAlertsView actor={actor} />;
}

export function EmailSettingsScreen() {
  return (
    <SafeGate title="E-mail alerts">
      <ForOpenSafe signerChangesTold render={(input) => <EmailAlertsActor input={input} />} />
      <UnsubscribeSection />
    </SafeGate>
  );
}
