/**
 * recoveryRegistration: register a recovery module for the Safe's recovery alerts (/settings/security).
 *
 *   editing ──user.submit [signer, valid module]──▶ signing ──▶ sending ──▶ registered ──user.again──▶ editing
 *      ▲ (invalid: field error)                      └─ error ─┴─ error ──▶ editing
 *
 * POST /v1/chains/{chainId}/safes/{safe}/recovery with `{ moduleAddress, signer }` and the signer authorisation
 * headers over `enable-recovery-alerts-{chainId}-{safe}-{module}-{signer}-{timestamp}` (protocol.md B.7.17).
 * signing and sending are nonIdempotent; system.recover returns to editing with a notice.
 *
 * An owner who signs on a device (input `device`, issue 19, decision 0075) first sees in `checkingOnDevice` the text
 * the device will show, computed from the request and the submit event's `nowMs` (the signed timestamp), the text
 * signRecovery then signs; confirm (`user.confirmOnDevice`, recorded) or cancel. A failure has its own `walletError`
 * state, from which Try again returns to the check at the time of the retry. Without a device nothing of this is entered.
 */
import { assign, setup } from 'xstate';
import { getAddress } from 'viem';
import { effectPlaceholders } from '../shared/effects.ts';
import {
  ACCOUNT_TEXTS,
  deviceAfterChange,
  deviceChangedLeaves,
  deviceFailureRoutesOf,
  deviceOf,
  errorText,
  failureKindOf,
  isHexAddress,
  isSameSigner,
  nowMsOf,
  otherSignerInterrupts,
  recoveryCheckOf,
  sameSignerLeaves,
  signerAfterChange,
  signerOf,
  walletErrorStateOf,
  type ProposerDeviceFailureKind,
} from './accountServices.logic.ts';
import { sameHex } from '../../domain/hex.ts';
import type { AccountServicesInput, EmailAuthorisation, RecoveryContext, RecoveryEvent, RecoveryRegistrationEffects, RecoveryRequest } from './accountServices.types.ts';

export const RECOVERY_REGISTRATION_ID = 'recoveryRegistration';

const recover = { 'system.recover': { target: 'editing', actions: 'markInterrupted' } } as const;

/** A failure of a registration checked on the device: its own state per kind, any other `other` (issue 19). */
const deviceFailureRoutes = deviceFailureRoutesOf(RECOVERY_REGISTRATION_ID);

export const recoveryRegistrationMachine = setup({
  types: {
    context: {} as RecoveryContext,
    events: {} as RecoveryEvent,
    input: {} as AccountServicesInput,
  },
  actors: {
    ...effectPlaceholders<RecoveryRegistrationEffects>({ signRecovery: true, registerRecovery: true }, 'src/services/accountServices/index.ts'),
  },
  actions: {
    /** The device the wallet signs on now (decision 0084): only a signer's; none when the wallet has none now. */
    assignDevice: assign(({ context, event }) => deviceAfterChange(context, event)),
    /** The Safe's owners and the signer after they or the connected account changed (decision 0088). */
    assignSigner: assign(({ context, event }) => signerAfterChange(context, event)),
    /**
     * Another signer (decision 0088): the modules registered in the previous one's name and its request go; the
     * module's address being typed stays.
     */
    forgetSignerRegistration: assign({ request: null, auth: null, registered: [], fieldError: null, error: null, notice: null, deviceCheck: undefined }),
    markSignerChanged: assign({ notice: ACCOUNT_TEXTS.signerChanged }),
    markInterrupted: assign({ request: null, auth: null, notice: ACCOUNT_TEXTS.interrupted, deviceCheck: undefined }),
    /** The module address as typed, with the reason it is refused. */
    rejectModule: assign((_, { moduleAddress, problem }: { moduleAddress: string; problem: string }) => ({ moduleAddress, fieldError: problem })),
    /** The checksummed module and the request the signer will sign. */
    startRequest: assign(({ context, event }, { moduleAddress: typed }: { moduleAddress: string }) => {
      const moduleAddress = getAddress(typed.trim());
      const nowMs = nowMsOf(event);
      return {
        moduleAddress,
        request: { chainId: context.safe.chainId, safe: context.safe.address, signer: context.signer ?? '', moduleAddress, ...(nowMs !== undefined ? { nowMs } : {}) },
        fieldError: null,
        error: null,
        notice: null,
      };
    }),
    storeAuth: assign((_, auth: EmailAuthorisation) => ({ auth, deviceCheck: undefined })),
    /** What the device will show for the authorisation text signRecovery signs (issue 19). */
    assignRecoveryCheck: assign({ deviceCheck: ({ context }) => recoveryCheckOf(context) }),
    /** Try again after a device's failure: the signature is asked at the time of the retry (issue 19). */
    retime: assign(({ context, event }) => {
      const nowMs = nowMsOf(event);
      return nowMs === undefined || !context.request ? {} : { request: { ...context.request, nowMs } };
    }),
    clearError: assign({ error: null }),
    /** Adds the module to those registered during this visit. */
    markRegistered: assign(({ context }) => ({
      registered: context.registered.some((m) => sameHex(m, context.moduleAddress)) ? context.registered : [...context.registered, context.moduleAddress],
      request: null,
      auth: null,
    })),
    forgetRequest: assign({ request: null, deviceCheck: undefined }),
    forgetSignedRequest: assign({ request: null, auth: null }),
    resetForm: assign({ moduleAddress: '', notice: null }),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
  guards: {
    hasSigner: ({ context }) => context.signer !== null,
    isNotModule: (_, params: { address: string }) => !isHexAddress(params.address),
    isSafeItself: ({ context }, params: { address: string }) => sameHex(params.address.trim(), context.safe.address),
    /** An owner on a device submits and the event says when (issue 19): the device's screen is compared first. */
    hasSignerOnDevice: ({ context, event }) => context.signer !== null && context.device !== undefined && nowMsOf(event) !== undefined,
    /** A failure of a registration the owner checked on the device, of this kind. */
    isDeviceFailure: ({ context, event }, { kind }: { kind: ProposerDeviceFailureKind }) =>
      context.deviceCheck !== undefined && 'error' in event && failureKindOf((event as { error: unknown }).error) === kind,
    isCheckedOnDevice: ({ context }) => context.deviceCheck !== undefined,
    isSameSigner: ({ context, event }) => isSameSigner(context, event),
    isOtherSigner: ({ context, event }) => !isSameSigner(context, event),
  },
}).createMachine({
  id: RECOVERY_REGISTRATION_ID,
  context: ({ input }) => ({
    safe: input.safe,
    signer: signerOf(input),
    moduleAddress: '',
    request: null,
    auth: null,
    registered: [],
    fieldError: null,
    error: null,
    notice: null,
    ...deviceOf(input),
  }),
  on: {
    // The device the wallet signs on changed (decision 0084): kept for the next signature; the card keeps what it holds.
    'system.deviceChanged': { actions: 'assignDevice' },
    // The Safe's owners or the connected account changed (decision 0088): the same signer keeps everything; another
    // (or none) is back at the form with the module typed, nothing registered in its name during this visit.
    'system.signerChanged': [
      { guard: 'isSameSigner', actions: 'assignSigner' },
      { target: '#recoveryRegistration.editing', actions: ['forgetSignerRegistration', 'assignSigner'] },
    ],
  },
  initial: 'editing',
  states: {
    editing: {
      meta: { description: 'Enter the recovery module’s address' },
      on: {
        'user.submit': [
          {
            guard: { type: 'isNotModule', params: ({ event }) => ({ address: event.moduleAddress }) },
            actions: { type: 'rejectModule', params: ({ event }) => ({ moduleAddress: event.moduleAddress, problem: ACCOUNT_TEXTS.invalidModule }) },
          },
          {
            guard: { type: 'isSafeItself', params: ({ event }) => ({ address: event.moduleAddress }) },
            actions: { type: 'rejectModule', params: ({ event }) => ({ moduleAddress: event.moduleAddress, problem: ACCOUNT_TEXTS.moduleIsSafe }) },
          },
          {
            guard: 'hasSignerOnDevice',
            target: 'checkingOnDevice',
            actions: [{ type: 'startRequest', params: ({ event }) => ({ moduleAddress: event.moduleAddress }) }, 'assignRecoveryCheck'],
          },
          {
            guard: 'hasSigner',
            target: 'signing',
            actions: { type: 'startRequest', params: ({ event }) => ({ moduleAddress: event.moduleAddress }) },
          },
        ],
      },
    },
    // An owner on a device (issue 19): the authorisation text it will show, computed from what is signed, before its prompt.
    checkingOnDevice: {
      meta: { description: 'What the owner’s device will show for the authorisation (its text), before its prompt' },
      on: {
        'user.confirmOnDevice': { target: 'signing' },
        'user.cancel': { target: 'editing', actions: 'forgetRequest' },
        ...deviceChangedLeaves('editing', ['forgetRequest']),
        ...sameSignerLeaves('editing', ['forgetRequest']),
      },
    },
    // A registration checked on the device failed (issue 19): what to do, per kind; the request is kept for Try again.
    walletError: walletErrorStateOf({ what: 'registration', clear: 'clearError', check: 'assignRecoveryCheck', cancelTo: 'editing', cancelActions: ['forgetRequest', 'clearError'] }),
    signing: {
      meta: { description: 'The wallet signs the authorisation message (personal_sign)' },
      tags: ['busy', 'nonIdempotent'],
      on: { ...recover, ...otherSignerInterrupts('editing', ['forgetSignerRegistration']) },
      invoke: {
        id: 'signRecovery',
        src: 'signRecovery',
        input: ({ context }) => ({ ...(context.request as RecoveryRequest), ...(context.device ? { deviceName: context.device.name } : {}) }),
        onDone: { target: 'sending', actions: { type: 'storeAuth', params: ({ event }) => event.output } },
        onError: [...deviceFailureRoutes, { target: 'editing', actions: ['forgetRequest', { type: 'showError', params: ({ event }) => ({ error: event.error }) }] }],
      },
    },
    sending: {
      meta: { description: 'POST …/safes/{safe}/recovery' },
      tags: ['busy', 'nonIdempotent'],
      on: { ...recover, ...otherSignerInterrupts('editing', ['forgetSignerRegistration']) },
      invoke: {
        id: 'registerRecovery',
        src: 'registerRecovery',
        input: ({ context }) => ({ ...(context.request as RecoveryRequest), auth: context.auth as EmailAuthorisation }),
        onDone: { target: 'registered', actions: 'markRegistered' },
        onError: { target: 'editing', actions: ['forgetSignedRequest', { type: 'showError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    registered: {
      meta: { description: 'The gateway will send recovery alerts for the module' },
      on: { 'user.again': { target: 'editing', actions: 'resetForm' } },
    },
  },
});

export type RecoveryRegistrationMachine = typeof recoveryRegistrationMachine;
