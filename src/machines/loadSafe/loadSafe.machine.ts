/**
 * loadSafe: add an existing Safe by chain + address (+ optional name) at /new-safe/load.
 *
 *   preparing ──▶ editing ──user.submit [valid]──▶ checking ──▶ review ──user.confirm──▶ adding ──▶ added (final)
 *       │            ▲  (invalid: field error)       │            │ user.back                (action openSafe)
 *       ▼            └────── not a Safe / gateway error ┘◀──────────┘
 *   prepareFailed (user.retry)
 *
 * Validation texts are anchor-features §1: 'Address given is not a valid Safe account address' (the gateway
 * has no Safe there), 'Safe account is already added'. Effects: loadSetup (chains + added Safes), checkSafe
 * (Safe info from the gateway; throws `{kind:'notASafe'}` when there is none), addSafe (store it). The action
 * openSafe navigates to the new Safe; the view that owns the actor provides it.
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { LOAD_SAFE_TEXTS, checksumAddress, isNotASafeError, safeHref, validateLoadSafeForm } from './loadSafe.logic.ts';
import type { LoadSafeContext, LoadSafeEffects, LoadSafeEvent, LoadSafeForm, LoadSafeInput, LoadSafeSetup, SafeSummary } from './loadSafe.types.ts';

export const LOAD_SAFE_ID = 'loadSafe';

function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Oops, something went wrong!';
}

export const loadSafeMachine = setup({
  types: {
    context: {} as LoadSafeContext,
    events: {} as LoadSafeEvent,
    input: {} as LoadSafeInput,
  },
  actors: {
    ...effectPlaceholders<LoadSafeEffects>({ loadSetup: true, checkSafe: true, addSafe: true }, 'src/services/loadSafe.ts'),
  },
  guards: {
    isFormValid: ({ context }, params: { chainId: string; address: string; name: string }) =>
      validateLoadSafeForm(params, context.chains, context.added) === null,
    isNotASafe: (_, params: { error: unknown }) => isNotASafeError(params.error),
  },
  actions: {
    /** The chains and the Safes already added; the network is preselected from `?chain=` or a `shortName:` prefix. */
    storeSetup: assign(({ context }, { chains, added }: LoadSafeSetup) => {
      const prefixed = /^([a-z0-9-]+):/i.exec(context.form.address.trim())?.[1];
      const wanted = context.prefill.chainShortName ?? prefixed;
      const chain = chains.find((c) => c.shortName === wanted) ?? chains[0];
      return { chains, added, error: null, form: { ...context.form, chainId: context.form.chainId || chain?.chainId || '' } };
    }),
    /** The form as submitted and valid (address and name trimmed). */
    acceptForm: assign((_, form: LoadSafeForm) => ({ form: { chainId: form.chainId, address: form.address.trim(), name: form.name.trim() }, fieldError: null, error: null })),
    /** The form as submitted, with the reason it is not valid. */
    rejectForm: assign(({ context }, form: LoadSafeForm) => ({ form, fieldError: validateLoadSafeForm(form, context.chains, context.added), error: null })),
    storeSafe: assign((_, safe: SafeSummary) => ({ safe })),
    markNotASafe: assign({ fieldError: LOAD_SAFE_TEXTS.notASafe }),
    forgetSafe: assign({ safe: null, error: null }),
    clearError: assign({ error: null }),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    /** Navigates to the Safe just added. */
    openSafe: (_, _params: { href: string }) => {},
  },
}).createMachine({
  id: LOAD_SAFE_ID,
  context: ({ input }) => ({
    chains: [],
    added: [],
    form: { chainId: '', address: input.address ?? '', name: '' },
    safe: null,
    fieldError: null,
    error: null,
    prefill: input,
  }),
  initial: 'preparing',
  states: {
    preparing: {
      meta: { description: 'Reading the chains and the Safes already added' },
      tags: ['busy'],
      invoke: {
        id: 'loadSetup',
        src: 'loadSetup',
        onDone: {
          target: 'editing',
          actions: { type: 'storeSetup', params: ({ event }) => event.output },
        },
        onError: { target: 'prepareFailed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    prepareFailed: {
      meta: { description: 'The chains could not be read' },
      on: { 'user.retry': { target: 'preparing' } },
    },
    editing: {
      meta: { description: 'Choose address, network and a name' },
      on: {
        'user.submit': [
          {
            guard: { type: 'isFormValid', params: ({ event }) => ({ chainId: event.chainId, address: event.address, name: event.name }) },
            target: 'checking',
            actions: { type: 'acceptForm', params: ({ event }) => ({ chainId: event.chainId, address: event.address, name: event.name }) },
          },
          {
            actions: { type: 'rejectForm', params: ({ event }) => ({ chainId: event.chainId, address: event.address, name: event.name }) },
          },
        ],
      },
    },
    checking: {
      meta: { description: 'Asking the gateway whether there is a Safe at the address' },
      tags: ['busy'],
      invoke: {
        id: 'checkSafe',
        src: 'checkSafe',
        input: ({ context }) => ({ chainId: context.form.chainId, address: checksumAddress(context.form.address) }),
        onDone: { target: 'review', actions: { type: 'storeSafe', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isNotASafe', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: 'markNotASafe',
          },
          { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    review: {
      meta: { description: 'Review: signers and confirmations of the Safe found' },
      on: {
        'user.back': { target: 'editing', actions: 'forgetSafe' },
        'user.confirm': { target: 'adding', actions: 'clearError' },
      },
    },
    adding: {
      meta: { description: 'Adding the Safe to your list' },
      tags: ['busy'],
      invoke: {
        id: 'addSafe',
        src: 'addSafe',
        input: ({ context }) => ({ chainId: context.form.chainId, address: context.safe?.address ?? checksumAddress(context.form.address), name: context.form.name }),
        onDone: { target: 'added' },
        onError: { target: 'review', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    added: {
      meta: { description: 'The Safe was added and is being opened' },
      type: 'final',
      entry: {
        type: 'openSafe',
        params: ({ context }) => ({ href: safeHref(context.chains, context.form.chainId, context.safe?.address ?? checksumAddress(context.form.address)) ?? '/welcome/accounts' }),
      },
    },
  },
});

export type LoadSafeMachine = typeof loadSafeMachine;
