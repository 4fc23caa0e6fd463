/**
 * The pagedList view model: a gateway list's step, items and paging, computed only from a snapshot. A list is a
 * child of the Safe session that exists only once the Safe is ready: without a snapshot the list reads as
 * loading with no items.
 */
import type { SnapshotFrom } from 'xstate';
import type { createPagedListMachine } from './pagedList.machine.ts';
import type { PagedListContext } from './pagedList.types.ts';

export type PagedListSnapshot<TItem> = SnapshotFrom<ReturnType<typeof createPagedListMachine<TItem>>>;

export type PagedListStep = 'checking' | 'disabled' | 'loading' | 'failed' | 'loaded' | 'loadingMore' | 'loadMoreFailed';

const STEPS: readonly PagedListStep[] = ['checking', 'disabled', 'loading', 'failed', 'loaded', 'loadingMore', 'loadMoreFailed'];

export interface PagedListView<TItem> {
  step: PagedListStep;
  /** The chain does not support this list. */
  disabled: boolean;
  /** The first page as a Loadable status: `loading` only until a first page has ever arrived. */
  status: 'loading' | 'failed' | 'ready';
  /** Reloading from the first page while the items already loaded stay shown. */
  updating: boolean;
  items: PagedListContext<TItem>['items'];
  error: string | null;
  /** A first page has arrived once (distinguishes "empty" from "not loaded yet"). */
  hasLoaded: boolean;
  canLoadMore: boolean;
  canRetry: boolean;
  /** The items are shown while what the list adds to them (the NFTs' queued marks) is still being computed. */
  annotating: boolean;
}

const NO_ITEMS: never[] = [];

const NOT_STARTED: PagedListView<never> = {
  step: 'loading',
  disabled: false,
  status: 'loading',
  updating: false,
  items: NO_ITEMS,
  error: null,
  hasLoaded: false,
  canLoadMore: false,
  canRetry: false,
  annotating: false,
};

export function connectPagedList<TItem>(snapshot: PagedListSnapshot<TItem> | undefined): PagedListView<TItem> {
  if (!snapshot) return NOT_STARTED;
  const step = STEPS.find((name) => snapshot.matches(name)) ?? 'checking';
  const { context } = snapshot;
  return {
    step,
    disabled: step === 'disabled',
    status: step === 'loading' && !context.hasLoaded ? 'loading' : step === 'failed' ? 'failed' : 'ready',
    updating: step === 'loading' && context.hasLoaded,
    items: context.items,
    error: context.error,
    hasLoaded: context.hasLoaded,
    canLoadMore: snapshot.can({ type: 'user.loadMore' }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    annotating: snapshot.hasTag('annotating'),
  };
}
