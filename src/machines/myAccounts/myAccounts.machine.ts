/**
 * myAccounts: the Safes listed on /welcome/accounts — those the connected wallet owns on every chain
 * (`owners/{address}/safes`) and those added by address — each with its `/v1/safes` overview.
 *
 *   loading ──▶ ready (user.refresh ──▶ loading)
 *      │
 *      ▼
 *   failed (user.retry ──▶ loading)
 *
 * One actor per owner: the view creates a new one when the connected address changes. Effect: loadAccounts.
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import type { AccountsData, MyAccountsContext, MyAccountsEffects, MyAccountsEvent, MyAccountsInput } from './myAccounts.types.ts';

export const MY_ACCOUNTS_ID = 'myAccounts';

function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Oops, something went wrong!';
}

export const myAccountsMachine = setup({
  types: {
    context: {} as MyAccountsContext,
    events: {} as MyAccountsEvent,
    input: {} as MyAccountsInput,
  },
  actors: {
    ...effectPlaceholders<MyAccountsEffects>({ loadAccounts: true }, 'src/services/myAccounts.ts'),
  },
  actions: {
    storeAccounts: assign((_, { rows, failedChains }: AccountsData) => ({ rows, failedChains, error: null })),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: MY_ACCOUNTS_ID,
  context: ({ input }) => ({ owner: input.owner, rows: [], failedChains: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'Reading your Safe accounts' },
      tags: ['busy'],
      invoke: {
        id: 'loadAccounts',
        src: 'loadAccounts',
        input: ({ context }) => ({ owner: context.owner }),
        onDone: {
          target: 'ready',
          actions: { type: 'storeAccounts', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      meta: { description: 'Your Safe accounts' },
      on: { 'user.refresh': { target: 'loading' } },
    },
    failed: {
      meta: { description: 'The accounts could not be read' },
      on: { 'user.retry': { target: 'loading' } },
    },
  },
});

export type MyAccountsMachine = typeof myAccountsMachine;
