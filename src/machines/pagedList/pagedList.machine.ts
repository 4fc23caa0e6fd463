/**
 * pagedList: one gateway list with cursor paging. `loading` fetches the first page (replacing the items when
 * it arrives, so a reload keeps showing the old ones), `loadingMore` follows the `next` URL and appends.
 * Failures are states with a retry; a refresh from the Safe session reloads from the first page.
 * An annotated list (the NFTs) shows its items at once and then, in `loaded.annotating`, asks `annotateItems` for
 * what it adds to them (the queued marks, decision 0072); a reload or the next page cancels it and it runs again.
 *
 * The one effect, `loadPage`, is a typed placeholder: the Safe session's services provide one per list
 * (loadQueue, loadHistory, loadMessages, loadCollectibles).
 *
 * Every list is the same statechart, so all share the machine id `pagedList` (one registry entry, one diagram,
 * one definition hash); the Safe session tells them apart by their actor ids (`queue`, `history`, …).
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { errorMessage } from '../safeSession/safeSession.errors.ts';
import type { ListPage, PagedListContext, PagedListEffects, PagedListEvent, PagedListInput } from './pagedList.types.ts';

export const PAGED_LIST_ID = 'pagedList';

/** One paged list; `list` names it in the placeholder's error only. */
export function createPagedListMachine<TItem>(list: string) {
  return setup({
    types: {
      context: {} as PagedListContext<TItem>,
      events: {} as PagedListEvent,
      input: {} as PagedListInput,
    },
    actors: {
      ...effectPlaceholders<PagedListEffects<TItem>>({ loadPage: true, annotateItems: true }, `src/services/safeSession.ts (the ${list} list)`),
    },
    guards: {
      isEnabled: ({ context }) => context.enabled,
      isAnnotated: ({ context }) => context.annotated,
      hasNextPage: ({ context }) => context.next !== null,
    },
    actions: {
      replaceItems: assign((_, page: ListPage<TItem>) => ({ items: page.results, next: page.next, count: page.count, hasLoaded: true, error: null })),
      appendItems: assign(({ context }, page: ListPage<TItem>) => ({
        items: [...context.items, ...page.results],
        next: page.next,
        count: page.count,
        error: null,
      })),
      replaceAnnotated: assign((_, items: TItem[]) => ({ items })),
      assignError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    },
  }).createMachine({
    id: PAGED_LIST_ID,
    context: ({ input }) => ({
      chainId: input.chainId,
      safeAddress: input.safeAddress,
      enabled: input.enabled,
      annotated: input.annotated === true,
      items: [],
      next: null,
      count: null,
      hasLoaded: false,
      error: null,
    }),
    initial: 'checking',
    states: {
      checking: {
        always: [{ guard: 'isEnabled', target: 'loading' }, { target: 'disabled' }],
      },
      disabled: { meta: { description: 'The chain does not support this list' } },
      loading: {
        meta: { description: 'Loading the first page' },
        tags: ['loading'],
        invoke: {
          id: 'loadPage',
          src: 'loadPage',
          input: ({ context }) => ({ chainId: context.chainId, safeAddress: context.safeAddress, pageUrl: null }),
          onDone: { target: 'loaded', actions: { type: 'replaceItems', params: ({ event }) => event.output } },
          onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        },
        on: { 'system.refresh': { target: 'loading', reenter: true } },
      },
      failed: {
        meta: { description: 'The list could not be loaded' },
        on: { 'user.retry': 'loading', 'system.refresh': 'loading' },
      },
      loaded: {
        meta: { description: 'Pages loaded' },
        initial: 'annotation',
        states: {
          annotation: {
            always: [{ guard: 'isAnnotated', target: 'annotating' }, { target: 'complete' }],
          },
          annotating: {
            meta: { description: 'Items shown; adding the NFTs’ queued marks' },
            tags: ['annotating'],
            invoke: {
              id: 'annotateItems',
              src: 'annotateItems',
              input: ({ context }) => ({ chainId: context.chainId, safeAddress: context.safeAddress, items: context.items }),
              onDone: { target: 'complete', actions: { type: 'replaceAnnotated', params: ({ event }) => event.output } },
              // The items stay as loaded; an annotated list's effect says in its items when it could not add its part.
              onError: { target: 'complete' },
            },
          },
          complete: {},
        },
        on: {
          'user.loadMore': { guard: 'hasNextPage', target: 'loadingMore' },
          'system.refresh': 'loading',
        },
      },
      loadingMore: {
        meta: { description: 'Loading the next page' },
        tags: ['loading'],
        invoke: {
          id: 'loadPage',
          src: 'loadPage',
          input: ({ context }) => ({ chainId: context.chainId, safeAddress: context.safeAddress, pageUrl: context.next }),
          onDone: { target: 'loaded', actions: { type: 'appendItems', params: ({ event }) => event.output } },
          onError: { target: 'loadMoreFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        },
        on: { 'system.refresh': 'loading' },
      },
      loadMoreFailed: {
        meta: { description: 'The next page could not be loaded; the pages already loaded stay' },
        on: { 'user.retry': 'loadingMore', 'system.refresh': 'loading' },
      },
    },
  });
}

export type PagedListMachine<TItem> = ReturnType<typeof createPagedListMachine<TItem>>;
