/**
 * delegatesList: the Safe's delegates (proposers), read from GET /v1/chains/{chainId}/delegates?safe= (on
 * /settings/security).
 *
 *   loading ──▶ list ──user.loadMore [next page]──▶ loadingMore ──▶ list
 *      │  ▲       └──user.refresh──▶ loading
 *      ▼  │
 *   loadFailed (user.retry)
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { errorText } from './accountServices.logic.ts';
import type { AccountServicesInput, DelegatesContext, DelegatesEvent, DelegatesListEffects, DelegatesPage } from './accountServices.types.ts';

export const DELEGATES_LIST_ID = 'delegatesList';

export const delegatesListMachine = setup({
  types: {
    context: {} as DelegatesContext,
    events: {} as DelegatesEvent,
    input: {} as AccountServicesInput,
  },
  actors: {
    ...effectPlaceholders<DelegatesListEffects>({ loadDelegates: true }, 'src/services/accountServices/index.ts'),
  },
  actions: {
    storeFirstPage: assign((_, { results, next }: DelegatesPage) => ({ delegates: results, next, error: null })),
    appendPage: assign(({ context }, { results, next }: DelegatesPage) => ({ delegates: [...context.delegates, ...results], next })),
    clearError: assign({ error: null }),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
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
        onDone: { target: 'list', actions: { type: 'storeFirstPage', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
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
        'user.loadMore': { guard: 'hasNext', target: 'loadingMore', actions: 'clearError' },
      },
    },
    loadingMore: {
      meta: { description: 'Reading the next page' },
      tags: ['busy'],
      invoke: {
        id: 'loadMoreDelegates',
        src: 'loadDelegates',
        input: ({ context }) => ({ chainId: context.safe.chainId, safe: context.safe.address, page: context.next }),
        onDone: { target: 'list', actions: { type: 'appendPage', params: ({ event }) => event.output } },
        onError: { target: 'list', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type DelegatesListMachine = typeof delegatesListMachine;
