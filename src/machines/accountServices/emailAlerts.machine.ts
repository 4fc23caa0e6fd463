/**
 * emailAlerts: the e-mail address that receives this Safe's alerts for the connected owner (/settings/email).
 *
 *   resting (history) ─ unknown | notRegistered | unverified | verified
 *     user.show [signer]             ─▶ signing(show)     ─▶ sending ─▶ unverified | verified | notRegistered
 *     user.submitEmail [valid,signer]─▶ signing(register | change) ─▶ sending ─▶ unverified (a code is e-mailed)
 *     user.delete [signer,registered]─▶ signing(delete)   ─▶ sending ─▶ notRegistered
 *   unverified: user.verify [code] ─▶ verifying ─▶ verified | unverified (wrong / expired code)
 *               user.resend        ─▶ resending ─▶ unverified
 *
 * Register, change, show and delete carry the signer authorisation headers (protocol.md B.7.17): signEmailRequest
 * asks the wallet for a personal_sign of `email-<op>-…-<timestamp>`; sendEmailRequest makes the call. A failed
 * effect returns to the resting state it came from (history). Every effect state is nonIdempotent;
 * system.recover goes to `unknown` (the outcome must be checked with "show").
 */
import { and, assign, fromPromise, setup } from 'xstate';
import { ACCOUNT_TEXTS, errorText, failureKind, isEmailAddress, signerOf } from './accountServices.logic.ts';
import type {
  AccountServicesInput,
  EmailAlertsContext,
  EmailAlertsEvent,
  EmailAuthorisation,
  EmailOperation,
  EmailRegistration,
  EmailRequest,
  EmailTarget,
  SendEmailRequestInput,
  VerifyEmailInput,
} from './accountServices.types.ts';

export const EMAIL_ALERTS_ID = 'emailAlerts';

const recover = { 'system.recover': { target: '#emailAlerts.resting.unknown', actions: 'markInterrupted' } } as const;

const target = (context: EmailAlertsContext): EmailTarget => ({ chainId: context.safe.chainId, safe: context.safe.address, signer: context.signer ?? '' });

const request = (context: EmailAlertsContext, op: EmailOperation, email: string | null): EmailRequest => ({ op, ...target(context), email });

export const emailAlertsMachine = setup({
  types: {
    context: {} as EmailAlertsContext,
    events: {} as EmailAlertsEvent,
    input: {} as AccountServicesInput,
  },
  actors: {
    signEmailRequest: fromPromise<EmailAuthorisation, EmailRequest>(async () => {
      throw new Error('signEmailRequest is provided by the composition root');
    }),
    sendEmailRequest: fromPromise<EmailRegistration | null, SendEmailRequestInput>(async () => {
      throw new Error('sendEmailRequest is provided by the composition root');
    }),
    verifyEmail: fromPromise<unknown, VerifyEmailInput>(async () => {
      throw new Error('verifyEmail is provided by the composition root');
    }),
    resendCode: fromPromise<unknown, EmailTarget>(async () => {
      throw new Error('resendCode is provided by the composition root');
    }),
  },
  actions: {
    markInterrupted: assign({ request: null, auth: null, notice: ACCOUNT_TEXTS.interrupted }),
  },
  guards: {
    hasSigner: ({ context }) => context.signer !== null,
    isInvalidEmail: (_, params: { email: string }) => !isEmailAddress(params.email),
    isRegistered: ({ context }) => context.registration !== null,
    hasCode: (_, params: { code: string }) => params.code.trim().length > 0,
    isOp: ({ context }, params: { op: EmailOperation }) => context.request?.op === params.op,
    isVerifiedShow: ({ context }, params: { output: EmailRegistration | null }) => context.request?.op === 'show' && params.output?.verified === true,
    isKind: (_, params: { error: unknown; kind: string }) => failureKind(params.error) === params.kind,
  },
}).createMachine({
  id: EMAIL_ALERTS_ID,
  context: ({ input }) => ({
    safe: input.safe,
    signer: signerOf(input),
    registration: null,
    request: null,
    auth: null,
    fieldError: null,
    codeProblem: null,
    error: null,
    notice: null,
  }),
  initial: 'resting',
  states: {
    resting: {
      initial: 'unknown',
      on: {
        'user.show': { guard: 'hasSigner', target: 'signing', actions: assign({ request: ({ context }) => request(context, 'show', null), error: null, notice: null }) },
        'user.submitEmail': [
          {
            guard: { type: 'isInvalidEmail', params: ({ event }) => ({ email: event.email }) },
            actions: assign({ fieldError: ACCOUNT_TEXTS.invalidEmail }),
          },
          {
            guard: and(['hasSigner', 'isRegistered']),
            target: 'signing',
            actions: assign({ request: ({ context, event }) => request(context, 'change', event.email.trim()), fieldError: null, error: null, notice: null }),
          },
          {
            guard: 'hasSigner',
            target: 'signing',
            actions: assign({ request: ({ context, event }) => request(context, 'register', event.email.trim()), fieldError: null, error: null, notice: null }),
          },
        ],
        'user.delete': {
          guard: and(['hasSigner', 'isRegistered']),
          target: 'signing',
          actions: assign({ request: ({ context }) => request(context, 'delete', null), error: null, notice: null }),
        },
      },
      states: {
        unknown: { meta: { description: 'Not known yet whether an address is registered (show asks the gateway)' } },
        notRegistered: { meta: { description: 'No address registered for this signer' } },
        unverified: {
          meta: { description: 'Registered, waiting for the code from the e-mail' },
          on: {
            'user.verify': [
              {
                guard: { type: 'hasCode', params: ({ event }) => ({ code: event.code }) },
                target: '#emailAlerts.verifying',
                actions: assign({ fieldError: null, codeProblem: null, error: null, notice: null }),
              },
              { actions: assign({ fieldError: ACCOUNT_TEXTS.noCode }) },
            ],
            'user.resend': { target: '#emailAlerts.resending', actions: assign({ fieldError: null, codeProblem: null, error: null, notice: null }) },
          },
        },
        verified: { meta: { description: 'Registered and verified: alerts are sent to the address' } },
        history: { type: 'history' },
      },
    },
    signing: {
      meta: { description: 'The wallet signs the authorisation message (personal_sign)' },
      tags: ['busy', 'nonIdempotent'],
      on: recover,
      invoke: {
        id: 'signEmailRequest',
        src: 'signEmailRequest',
        input: ({ context }) => context.request as EmailRequest,
        onDone: { target: 'sending', actions: assign({ auth: ({ event }) => event.output }) },
        onError: { target: 'resting.history', actions: assign({ request: null, error: ({ event }) => errorText(event.error) }) },
      },
    },
    sending: {
      meta: { description: 'The signed request goes to the gateway' },
      tags: ['busy', 'nonIdempotent'],
      on: recover,
      invoke: {
        id: 'sendEmailRequest',
        src: 'sendEmailRequest',
        input: ({ context }) => ({ ...(context.request as EmailRequest), auth: context.auth as EmailAuthorisation }),
        onDone: [
          {
            guard: { type: 'isVerifiedShow', params: ({ event }) => ({ output: event.output }) },
            target: 'resting.verified',
            actions: assign({ registration: ({ event }) => event.output, request: null, auth: null }),
          },
          {
            guard: { type: 'isOp', params: { op: 'show' } },
            target: 'resting.unverified',
            actions: assign({ registration: ({ event }) => event.output, request: null, auth: null }),
          },
          {
            guard: { type: 'isOp', params: { op: 'delete' } },
            target: 'resting.notRegistered',
            actions: assign({ registration: null, request: null, auth: null, notice: ACCOUNT_TEXTS.deleted }),
          },
          {
            target: 'resting.unverified',
            actions: assign({
              registration: ({ context }) => ({ email: context.request?.email ?? '', verified: false }),
              request: null,
              auth: null,
              notice: ACCOUNT_TEXTS.codeSent,
            }),
          },
        ],
        onError: [
          {
            guard: { type: 'isKind', params: ({ event }) => ({ error: event.error, kind: 'notRegistered' }) },
            target: 'resting.notRegistered',
            actions: assign({ registration: null, request: null, auth: null, notice: ACCOUNT_TEXTS.notRegistered }),
          },
          { target: 'resting.history', actions: assign({ request: null, auth: null, error: ({ event }) => errorText(event.error) }) },
        ],
      },
    },
    verifying: {
      meta: { description: 'PUT …/emails/{signer}/verify with the code' },
      tags: ['busy', 'nonIdempotent'],
      on: recover,
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context, event }) => ({ ...target(context), code: 'code' in event ? String(event.code).trim() : '' }),
        onDone: {
          target: 'resting.verified',
          actions: assign({ registration: ({ context }) => (context.registration ? { ...context.registration, verified: true } : null), notice: ACCOUNT_TEXTS.verified }),
        },
        onError: [
          { guard: { type: 'isKind', params: ({ event }) => ({ error: event.error, kind: 'wrongCode' }) }, target: 'resting.unverified', actions: assign({ codeProblem: 'wrong' }) },
          { guard: { type: 'isKind', params: ({ event }) => ({ error: event.error, kind: 'expiredCode' }) }, target: 'resting.unverified', actions: assign({ codeProblem: 'expired' }) },
          { target: 'resting.unverified', actions: assign({ error: ({ event }) => errorText(event.error) }) },
        ],
      },
    },
    resending: {
      meta: { description: 'POST …/emails/{signer}/verify-resend' },
      tags: ['busy', 'nonIdempotent'],
      on: recover,
      invoke: {
        id: 'resendCode',
        src: 'resendCode',
        input: ({ context }) => target(context),
        onDone: { target: 'resting.unverified', actions: assign({ notice: ACCOUNT_TEXTS.codeResent }) },
        onError: { target: 'resting.unverified', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});

export type EmailAlertsMachine = typeof emailAlertsMachine;
