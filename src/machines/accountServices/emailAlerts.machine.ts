/**
 * emailAlerts: the e-mail address that receives this Safe's alerts for the connected owner (/settings/email).
 *
 *   resting (history) ─ unknown | notRegistered | unverified | verified
 *     user.show [signer]             ─▶ signing(show)     ─▶ sending ─▶ unverified | verified | notRegistered
 *     user.submitEmail [valid,signer]─▶ signing(register | change) ─▶ sending ─▶ unverified (a code is e-mailed)
 *     user.delete [signer,registered]─▶ signing(delete)   ─▶ sending ─▶ notRegistered
 *   unverified: user.verify [code] ─▶ verifying ─▶ verified | unverified (wrong / expired code)
 *               user.resend        ─▶ resending ─▶ unverified
 *   any effect failing with kind notOffered (the gateway has no e-mail endpoints) ─▶ notOffered (says so; final)
 *
 * Register, change, show and delete carry the signer authorisation headers (protocol.md B.7.17): signEmailRequest
 * asks the wallet for a personal_sign of `email-<op>-…-<timestamp>`; sendEmailRequest makes the call. A failed
 * effect returns to the resting state it came from (history). Every effect state is nonIdempotent;
 * system.recover goes to `unknown` (the outcome must be checked with "show").
 *
 * An owner who signs on a device (input `device`, issue 19, decision 0075) first waits in `askingGateway` while
 * checkEmailOffered asks the gateway, without a signature, whether it offers e-mail alerts (a gateway without them ends
 * in notOffered before the device is asked to show anything: decision 0078); then sees in `checkingOnDevice` the text
 * the device will show, computed from the request and its event's `nowMs` (the signed timestamp), the text
 * signEmailRequest then signs. The owner confirms (`user.confirmOnDevice`, recorded) or cancels (back to where they
 * were); a failure has its own `walletError` state, from which Try again returns to the check at the time of the
 * retry. Without a device nothing of this is entered.
 */
import { and, assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import {
  ACCOUNT_TEXTS,
  deviceAfterChange,
  deviceChangedLeaves,
  deviceFailureRoutesOf,
  deviceOf,
  emailCheckOf,
  errorText,
  failureKind,
  failureKindOf,
  isEmailAddress,
  isSameSigner,
  nowMsOf,
  otherSignerInterrupts,
  sameSignerLeaves,
  signerAfterChange,
  signerOf,
  walletErrorStateOf,
  type ProposerDeviceFailureKind,
} from './accountServices.logic.ts';
import type {
  AccountServicesInput,
  CodeProblem,
  EmailAlertsContext,
  EmailAlertsEffects,
  EmailAlertsEvent,
  EmailAuthorisation,
  EmailOperation,
  EmailRegistration,
  EmailRequest,
  EmailTarget,
} from './accountServices.types.ts';

export const EMAIL_ALERTS_ID = 'emailAlerts';

const recover = { 'system.recover': { target: '#emailAlerts.resting.unknown', actions: 'markInterrupted' } } as const;

/** An effect's failure of kind notOffered: the gateway has no e-mail endpoints (decision 0051). */
const notOffered = {
  guard: { type: 'isKind', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, kind: 'notOffered' }) },
  target: '#emailAlerts.notOffered',
  actions: 'markNotOffered',
} as const;

/** A failure of a request checked on the device: its own state per kind, any other `other` (issue 19). */
const deviceFailureRoutes = deviceFailureRoutesOf(EMAIL_ALERTS_ID);

const target = (context: EmailAlertsContext): EmailTarget => ({ chainId: context.safe.chainId, safe: context.safe.address, signer: context.signer ?? '' });

const request = (context: EmailAlertsContext, op: EmailOperation, email: string | null, nowMs: number | undefined): EmailRequest => ({
  op,
  ...target(context),
  email,
  ...(nowMs !== undefined ? { nowMs } : {}),
});

export const emailAlertsMachine = setup({
  types: {
    context: {} as EmailAlertsContext,
    events: {} as EmailAlertsEvent,
    input: {} as AccountServicesInput,
  },
  actors: {
    ...effectPlaceholders<EmailAlertsEffects>(
      { checkEmailOffered: true, signEmailRequest: true, sendEmailRequest: true, verifyEmail: true, resendCode: true },
      'src/services/accountServices/index.ts',
    ),
  },
  actions: {
    /** The device the wallet signs on now (decision 0084): only a signer's; none when the wallet has none now. */
    assignDevice: assign(({ context, event }) => deviceAfterChange(context, event)),
    /** The Safe's owners and the signer after they or the connected account changed (decision 0088). */
    assignSigner: assign(({ context, event }) => signerAfterChange(context, event)),
    /** Another signer (decision 0088): what was read, asked or signed for the previous one goes; nothing typed is here. */
    forgetSignerRead: assign({ registration: null, request: null, auth: null, fieldError: null, codeProblem: null, error: null, notice: null, checkedOnDevice: undefined }),
    markSignerChanged: assign({ notice: ACCOUNT_TEXTS.signerChanged }),
    markInterrupted: assign({ request: null, auth: null, notice: ACCOUNT_TEXTS.interrupted, checkedOnDevice: undefined }),
    /** The show or delete request the signer will sign, at the event's time (`nowMs`, when it has one). */
    startRequest: assign(({ context, event }, { op }: { op: EmailOperation }) => ({ request: request(context, op, null, nowMsOf(event)), error: null, notice: null })),
    /** The register or change request for the typed address (trimmed). */
    submitEmail: assign(({ context, event }, { op, email }: { op: EmailOperation; email: string }) => ({
      request: request(context, op, email.trim(), nowMsOf(event)),
      fieldError: null,
      error: null,
      notice: null,
    })),
    rejectEmail: assign({ fieldError: ACCOUNT_TEXTS.invalidEmail }),
    requireCode: assign({ fieldError: ACCOUNT_TEXTS.noCode }),
    clearProblems: assign({ fieldError: null, codeProblem: null, error: null, notice: null }),
    storeAuth: assign((_, auth: EmailAuthorisation) => ({ auth, checkedOnDevice: undefined })),
    /** The device will show the authorisation text signEmailRequest signs (issue 19; connect computes it: emailCheckOf). */
    assignEmailCheck: assign({ checkedOnDevice: ({ context }) => emailCheckOf(context) !== undefined }),
    /** Try again after a device's failure: the signature is asked at the time of the retry (issue 19). */
    retime: assign(({ context, event }) => {
      const nowMs = nowMsOf(event);
      return nowMs === undefined || !context.request ? {} : { request: { ...context.request, nowMs } };
    }),
    /** What "show" read. */
    storeRegistration: assign((_, registration: EmailRegistration | null) => ({ registration, request: null, auth: null })),
    markDeleted: assign({ registration: null, request: null, auth: null, notice: ACCOUNT_TEXTS.deleted }),
    markNotRegistered: assign({ registration: null, request: null, auth: null, notice: ACCOUNT_TEXTS.notRegistered }),
    markNotOffered: assign({ request: null, auth: null, error: null, fieldError: null, codeProblem: null, notice: ACCOUNT_TEXTS.emailNotOffered, checkedOnDevice: undefined }),
    /** The address registered or changed, unverified until the e-mailed code is entered. */
    markCodeSent: assign(({ context }) => ({
      registration: { email: context.request?.email ?? '', verified: false },
      request: null,
      auth: null,
      notice: ACCOUNT_TEXTS.codeSent,
    })),
    markVerified: assign(({ context }) => ({
      registration: context.registration ? { ...context.registration, verified: true } : null,
      notice: ACCOUNT_TEXTS.verified,
    })),
    markCodeResent: assign({ notice: ACCOUNT_TEXTS.codeResent }),
    showCodeProblem: assign((_, { problem }: { problem: CodeProblem }) => ({ codeProblem: problem })),
    forgetRequest: assign({ request: null, checkedOnDevice: undefined }),
    forgetSignedRequest: assign({ request: null, auth: null }),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
  guards: {
    hasSigner: ({ context }) => context.signer !== null,
    isInvalidEmail: (_, params: { email: string }) => !isEmailAddress(params.email),
    isRegistered: ({ context }) => context.registration !== null,
    hasCode: (_, params: { code: string }) => params.code.trim().length > 0,
    isOp: ({ context }, params: { op: EmailOperation }) => context.request?.op === params.op,
    isVerifiedShow: ({ context }, params: { output: EmailRegistration | null }) => context.request?.op === 'show' && params.output?.verified === true,
    isKind: (_, params: { error: unknown; kind: string }) => failureKind(params.error) === params.kind,
    /** A signer with a registered address: it can change or delete it. */
    canChangeRegistration: and(['hasSigner', 'isRegistered']),
    /** The owner signs on a device and the event says when it asked (issue 19): the device's screen is compared first. */
    isOnDevice: ({ context, event }) => context.device !== undefined && nowMsOf(event) !== undefined,
    hasSignerOnDevice: and(['hasSigner', 'isOnDevice']),
    canChangeRegistrationOnDevice: and(['hasSigner', 'isRegistered', 'isOnDevice']),
    /** A failure of a request the owner checked on the device, of this kind. */
    isDeviceFailure: ({ context, event }, { kind }: { kind: ProposerDeviceFailureKind }) =>
      context.checkedOnDevice === true && 'error' in event && failureKindOf((event as { error: unknown }).error) === kind,
    isCheckedOnDevice: ({ context }) => context.checkedOnDevice === true,
    isSameSigner: ({ context, event }) => isSameSigner(context, event),
    isOtherSigner: ({ context, event }) => !isSameSigner(context, event),
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
    ...deviceOf(input),
  }),
  on: {
    // The device the wallet signs on changed (decision 0084): kept for the next signature; the card keeps what it holds.
    'system.deviceChanged': { actions: 'assignDevice' },
    // The Safe's owners or the connected account changed (decision 0088): the same signer keeps everything; for
    // another (or none) the registration read for the previous one is not shown: not known until shown again.
    'system.signerChanged': [
      { guard: 'isSameSigner', actions: 'assignSigner' },
      { target: '#emailAlerts.resting.unknown', actions: ['forgetSignerRead', 'assignSigner'] },
    ],
  },
  initial: 'resting',
  states: {
    resting: {
      initial: 'unknown',
      on: {
        'user.show': [
          { guard: 'hasSignerOnDevice', target: 'askingGateway', actions: { type: 'startRequest', params: { op: 'show' } } },
          { guard: 'hasSigner', target: 'signing', actions: { type: 'startRequest', params: { op: 'show' } } },
        ],
        'user.submitEmail': [
          {
            guard: { type: 'isInvalidEmail', params: ({ event }) => ({ email: event.email }) },
            actions: 'rejectEmail',
          },
          {
            guard: 'canChangeRegistrationOnDevice',
            target: 'askingGateway',
            actions: { type: 'submitEmail', params: ({ event }) => ({ op: 'change', email: event.email }) },
          },
          {
            guard: 'canChangeRegistration',
            target: 'signing',
            actions: { type: 'submitEmail', params: ({ event }) => ({ op: 'change', email: event.email }) },
          },
          {
            guard: 'hasSignerOnDevice',
            target: 'askingGateway',
            actions: { type: 'submitEmail', params: ({ event }) => ({ op: 'register', email: event.email }) },
          },
          {
            guard: 'hasSigner',
            target: 'signing',
            actions: { type: 'submitEmail', params: ({ event }) => ({ op: 'register', email: event.email }) },
          },
        ],
        'user.delete': [
          {
            guard: 'canChangeRegistrationOnDevice',
            target: 'askingGateway',
            actions: { type: 'startRequest', params: { op: 'delete' } },
          },
          {
            guard: 'canChangeRegistration',
            target: 'signing',
            actions: { type: 'startRequest', params: { op: 'delete' } },
          },
        ],
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
                actions: 'clearProblems',
              },
              { actions: 'requireCode' },
            ],
            'user.resend': { target: '#emailAlerts.resending', actions: 'clearProblems' },
          },
        },
        verified: { meta: { description: 'Registered and verified: alerts are sent to the address' } },
        history: { type: 'history' },
      },
    },
    // An owner on a device (decision 0078): the gateway is asked first whether it takes e-mail requests at all, so
    // that a device is never asked to show (and the owner to compare) what this gateway cannot take.
    askingGateway: {
      meta: { description: 'Asks the gateway, without a signature, whether it offers e-mail alerts, before the owner’s device is asked to show anything' },
      invoke: {
        id: 'checkEmailOffered',
        src: 'checkEmailOffered',
        input: ({ context }) => target(context),
        onDone: { target: 'checkingOnDevice', actions: 'assignEmailCheck' },
        // Only a route-miss says no; anything else leaves it to the signed call (signEmailRequest asks again), as the
        // browser wallet's path always did.
        onError: [notOffered, { target: 'checkingOnDevice', actions: 'assignEmailCheck' }],
      },
      on: { ...deviceChangedLeaves('resting.history', ['forgetRequest']), ...sameSignerLeaves('resting.history', ['forgetRequest']) },
    },
    // An owner on a device (issue 19): the authorisation text it will show, computed from what is signed, before its prompt.
    checkingOnDevice: {
      meta: { description: 'What the owner’s device will show for the authorisation (its text), before its prompt' },
      on: {
        'user.confirmOnDevice': { target: 'signing' },
        'user.cancel': { target: 'resting.history', actions: 'forgetRequest' },
        ...deviceChangedLeaves('resting.history', ['forgetRequest']),
        ...sameSignerLeaves('resting.history', ['forgetRequest']),
      },
    },
    // A request checked on the device failed (issue 19): what to do, per kind; the request is kept for Try again.
    walletError: walletErrorStateOf({ what: 'request', clear: 'clearProblems', check: 'assignEmailCheck', cancelTo: 'resting.history', cancelActions: ['forgetRequest', 'clearProblems'] }),
    signing: {
      meta: { description: 'The wallet signs the authorisation message (personal_sign)' },
      tags: ['busy', 'nonIdempotent'],
      on: { ...recover, ...otherSignerInterrupts('#emailAlerts.resting.unknown', ['forgetSignerRead']) },
      invoke: {
        id: 'signEmailRequest',
        src: 'signEmailRequest',
        input: ({ context }) => ({ ...(context.request as EmailRequest), ...(context.device ? { deviceName: context.device.name } : {}) }),
        onDone: { target: 'sending', actions: { type: 'storeAuth', params: ({ event }) => event.output } },
        onError: [
          notOffered,
          ...deviceFailureRoutes,
          { target: 'resting.history', actions: ['forgetRequest', { type: 'showError', params: ({ event }) => ({ error: event.error }) }] },
        ],
      },
    },
    sending: {
      meta: { description: 'The signed request goes to the gateway' },
      tags: ['busy', 'nonIdempotent'],
      on: { ...recover, ...otherSignerInterrupts('#emailAlerts.resting.unknown', ['forgetSignerRead']) },
      invoke: {
        id: 'sendEmailRequest',
        src: 'sendEmailRequest',
        input: ({ context }) => ({ ...(context.request as EmailRequest), auth: context.auth as EmailAuthorisation }),
        onDone: [
          {
            guard: { type: 'isVerifiedShow', params: ({ event }) => ({ output: event.output }) },
            target: 'resting.verified',
            actions: { type: 'storeRegistration', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isOp', params: { op: 'show' } },
            target: 'resting.unverified',
            actions: { type: 'storeRegistration', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isOp', params: { op: 'delete' } },
            target: 'resting.notRegistered',
            actions: 'markDeleted',
          },
          {
            target: 'resting.unverified',
            actions: 'markCodeSent',
          },
        ],
        onError: [
          notOffered,
          {
            guard: { type: 'isKind', params: ({ event }) => ({ error: event.error, kind: 'notRegistered' }) },
            target: 'resting.notRegistered',
            actions: 'markNotRegistered',
          },
          { target: 'resting.history', actions: ['forgetSignedRequest', { type: 'showError', params: ({ event }) => ({ error: event.error }) }] },
        ],
      },
    },
    verifying: {
      meta: { description: 'PUT …/emails/{signer}/verify with the code' },
      tags: ['busy', 'nonIdempotent'],
      on: { ...recover, ...otherSignerInterrupts('#emailAlerts.resting.unknown', ['forgetSignerRead']) },
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context, event }) => ({ ...target(context), code: 'code' in event ? String(event.code).trim() : '' }),
        onDone: { target: 'resting.verified', actions: 'markVerified' },
        onError: [
          notOffered,
          { guard: { type: 'isKind', params: ({ event }) => ({ error: event.error, kind: 'wrongCode' }) }, target: 'resting.unverified', actions: { type: 'showCodeProblem', params: { problem: 'wrong' } } },
          { guard: { type: 'isKind', params: ({ event }) => ({ error: event.error, kind: 'expiredCode' }) }, target: 'resting.unverified', actions: { type: 'showCodeProblem', params: { problem: 'expired' } } },
          { target: 'resting.unverified', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    resending: {
      meta: { description: 'POST …/emails/{signer}/verify-resend' },
      tags: ['busy', 'nonIdempotent'],
      on: { ...recover, ...otherSignerInterrupts('#emailAlerts.resting.unknown', ['forgetSignerRead']) },
      invoke: {
        id: 'resendCode',
        src: 'resendCode',
        input: ({ context }) => target(context),
        onDone: { target: 'resting.unverified', actions: 'markCodeResent' },
        onError: [notOffered, { target: 'resting.unverified', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } }],
      },
    },
    notOffered: {
      meta: { description: 'This gateway does not offer e-mail alerts (its router answered 404/405): the card says so; nothing more is asked' },
      // for any signer (decision 0088): the gateway still offers none
      on: { 'system.signerChanged': { actions: 'assignSigner' } },
    },
  },
});

export type EmailAlertsMachine = typeof emailAlertsMachine;
