/**
 * delegatesList: the Safe's delegates (proposers), read from GET /v1/chains/{chainId}/delegates?safe= (on
 * /settings/security).
 *
 *   loading ──▶ list ──user.loadMore [next page]──▶ loadingMore ──▶ list
 *      │  ▲       └──user.refresh──▶ loading
 *      ▼  │
 *   loadFailed (user.retry)
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorText } from './accountServices.logic.ts';
import type { AccountServicesInput, DelegatesContext, DelegatesEvent, DelegatesPage, LoadDelegatesInput } from './accountServices.types.ts';

export const DELEGATES_LIST_ID = 'delegatesList';

export const delegatesListMachine = setup({
  types: {
    context: {} as DelegatesContext,
    events: {} as DelegatesEvent,
    input: {} as AccountServicesInput,
  },
  actors: {
    loadDelegates: fromPromise<DelegatesPage, LoadDelegatesInput>(async () => {
      throw new Error('loadDelegates is provided by the composition root');
    }),
  },
  guards: {
    hasNext: ({ context }) => context.next !== null,
  },
}).createMachine({
  id: DELEGATES_LIST_ID,
  context: ({ input }) => ({ safe: input.safe, delegates: [], next: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'Reading the first page of delegates' },
      tags: ['busy'],
      invoke: {
        id: 'loadDelegates',
        src: 'loadDelegates',
        input: ({ context }) => ({ chainId: context.safe.chainId, safe: context.safe.address, page: null }),
        onDone: { target: 'list', actions: assign({ delegates: ({ event }) => event.output.results, next: ({ event }) => event.output.next, error: null }) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    loadFailed: {
      meta: { description: 'The delegates could not be read' },
      on: { 'user.retry': 'loading' },
    },
    list: {
      meta: { description: 'The delegates, with their delegator and label' },
      on: {
        'user.refresh': 'loading',
        'user.loadMore': { guard: 'hasNext', target: 'loadingMore', actions: assign({ error: null }) },
      },
    },
    loadingMore: {
      meta: { description: 'Reading the next page' },
      tags: ['busy'],
      invoke: {
        id: 'loadMoreDelegates',
        src: 'loadDelegates',
        input: ({ context }) => ({ chainId: context.safe.chainId, safe: context.safe.address, page: context.next }),
        onDone: { target: 'list', actions: assign({ delegates: ({ context, event }) => [...context.delegates, ...event.output.results], next: ({ event }) => event.output.next }) },
        onError: { target: 'list', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});

export type DelegatesListMachine = typeof delegatesListMachine;
