/**
 * myAccounts: the Safes listed on /welcome/accounts — those the connected wallet owns on every chain
 * (`owners/{address}/safes`) and those added by address — each with its `/v1/safes` overview.
 *
 *   loading ──▶ ready (user.refresh ──▶ loading; user.setTrusted ──▶ pinning ──▶ ready)
 *      │
 *      ▼
 *   failed (user.retry ──▶ loading)
 *
 * A Safe pinned as trusted (S17, decision 0064) is one a Safe opened later must not merely resemble: the Safe session
 * warns first when it does. Pinning a Safe that is only owned adds it to this browser's Safes.
 *
 * One actor per owner: the view creates a new one when the connected address changes. Effects: loadAccounts, setTrusted.
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import type { AccountsData, MyAccountsContext, MyAccountsEffects, MyAccountsEvent, MyAccountsInput, TrustChange } from './myAccounts.types.ts';

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
    ...effectPlaceholders<MyAccountsEffects>({ loadAccounts: true, setTrusted: true }, 'src/services/myAccounts.ts'),
  },
  actions: {
    storeAccounts: assign((_, { rows, failedChains }: AccountsData) => ({ rows, failedChains, error: null })),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    /** The pinned (or unpinned) Safe's row says so; a pinned Safe is an added one. */
    storeTrust: assign(({ context }, change: TrustChange) => ({
      trustError: null,
      rows: context.rows.map((row) =>
        row.chainId === change.chainId && row.address.toLowerCase() === change.address.toLowerCase() ? { ...row, trusted: change.trusted, added: row.added || change.trusted } : row,
      ),
    })),
    showTrustError: assign((_, { error }: { error: unknown }) => ({ trustError: `The pin could not be saved: ${errorText(error)}` })),
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
      on: { 'user.refresh': { target: 'loading' }, 'user.setTrusted': { target: 'pinning' } },
    },
    pinning: {
      meta: { description: 'Saving a Safe pinned or unpinned as trusted' },
      tags: ['busy'],
      invoke: {
        id: 'setTrusted',
        src: 'setTrusted',
        input: ({ event }) => {
          const { type: _type, ...change } = event as Extract<MyAccountsEvent, { type: 'user.setTrusted' }>;
          return change;
        },
        onDone: { target: 'ready', actions: { type: 'storeTrust', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'showTrustError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      meta: { description: 'The accounts could not be read' },
      on: { 'user.retry': { target: 'loading' } },
    },
  },
});

export type MyAccountsMachine = typeof myAccountsMachine;
