/**
 * recoveryRegistration: register a recovery module for the Safe's recovery alerts (/settings/security).
 *
 *   editing ──user.submit [signer, valid module]──▶ signing ──▶ sending ──▶ registered ──user.again──▶ editing
 *      ▲ (invalid: field error)                      └─ error ─┴─ error ──▶ editing
 *
 * POST /v1/chains/{chainId}/safes/{safe}/recovery with `{ moduleAddress, signer }` and the signer authorisation
 * headers over `enable-recovery-alerts-{chainId}-{safe}-{module}-{signer}-{timestamp}` (protocol.md B.7.17).
 * signing and sending are nonIdempotent; system.recover returns to editing with a notice.
 */
import { assign, setup } from 'xstate';
import { getAddress } from 'viem';
import { effectPlaceholders } from '../shared/effects.ts';
import { ACCOUNT_TEXTS, errorText, isHexAddress, signerOf } from './accountServices.logic.ts';
import { sameHex } from '../../domain/hex.ts';
import type { AccountServicesInput, EmailAuthorisation, RecoveryContext, RecoveryEvent, RecoveryRegistrationEffects, RecoveryRequest } from './accountServices.types.ts';

export const RECOVERY_REGISTRATION_ID = 'recoveryRegistration';

const recover = { 'system.recover': { target: 'editing', actions: 'markInterrupted' } } as const;

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
    markInterrupted: assign({ request: null, auth: null, notice: ACCOUNT_TEXTS.interrupted }),
    /** The module address as typed, with the reason it is refused. */
    rejectModule: assign((_, { moduleAddress, problem }: { moduleAddress: string; problem: string }) => ({ moduleAddress, fieldError: problem })),
    /** The checksummed module and the request the signer will sign. */
    startRequest: assign(({ context }, { moduleAddress: typed }: { moduleAddress: string }) => {
      const moduleAddress = getAddress(typed.trim());
      return {
        moduleAddress,
        request: { chainId: context.safe.chainId, safe: context.safe.address, signer: context.signer ?? '', moduleAddress },
        fieldError: null,
        error: null,
        notice: null,
      };
    }),
    storeAuth: assign((_, auth: EmailAuthorisation) => ({ auth })),
    /** Adds the module to those registered during this visit. */
    markRegistered: assign(({ context }) => ({
      registered: context.registered.some((m) => sameHex(m, context.moduleAddress)) ? context.registered : [...context.registered, context.moduleAddress],
      request: null,
      auth: null,
    })),
    forgetRequest: assign({ request: null }),
    forgetSignedRequest: assign({ request: null, auth: null }),
    resetForm: assign({ moduleAddress: '', notice: null }),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
  guards: {
    hasSigner: ({ context }) => context.signer !== null,
    isNotModule: (_, params: { address: string }) => !isHexAddress(params.address),
    isSafeItself: ({ context }, params: { address: string }) => sameHex(params.address.trim(), context.safe.address),
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
  }),
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
            guard: 'hasSigner',
            target: 'signing',
            actions: { type: 'startRequest', params: ({ event }) => ({ moduleAddress: event.moduleAddress }) },
          },
        ],
      },
    },
    signing: {
      meta: { description: 'The wallet signs the authorisation message (personal_sign)' },
      tags: ['busy', 'nonIdempotent'],
      on: recover,
      invoke: {
        id: 'signRecovery',
        src: 'signRecovery',
        input: ({ context }) => context.request as RecoveryRequest,
        onDone: { target: 'sending', actions: { type: 'storeAuth', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: ['forgetRequest', { type: 'showError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    sending: {
      meta: { description: 'POST …/safes/{safe}/recovery' },
      tags: ['busy', 'nonIdempotent'],
      on: recover,
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
