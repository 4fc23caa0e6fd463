/** The delegatesList view model: the delegates card's status and data, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { DelegatesListMachine } from './delegatesList.machine.ts';

export type DelegatesListSnapshot = SnapshotFrom<DelegatesListMachine>;

export interface DelegatesListView {
  /** The first page: loading, failed, or shown. */
  status: 'loading' | 'failed' | 'ready';
  loadingMore: boolean;
  canLoadMore: boolean;
  canRefresh: boolean;
  context: DelegatesListSnapshot['context'];
}

export function connectDelegatesList(snapshot: DelegatesListSnapshot): DelegatesListView {
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'failed' : 'ready',
    loadingMore: snapshot.matches('loadingMore'),
    canLoadMore: snapshot.can({ type: 'user.loadMore' }),
    canRefresh: snapshot.can({ type: 'user.refresh' }),
    context: snapshot.context,
  };
}
