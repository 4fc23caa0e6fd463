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
import { assign, fromPromise, setup } from 'xstate';
import type { AccountsData, MyAccountsContext, MyAccountsEvent, MyAccountsInput } from './myAccounts.types.ts';

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
    loadAccounts: fromPromise<AccountsData, MyAccountsInput>(async () => {
      throw new Error('loadAccounts is provided by the composition root');
    }),
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
          actions: assign({ rows: ({ event }) => event.output.rows, failedChains: ({ event }) => event.output.failedChains, error: null }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
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
