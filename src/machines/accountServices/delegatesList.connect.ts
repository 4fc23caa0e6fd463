/** The delegatesList view model: the proposers card's status and data, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { DelegatesListMachine } from './delegatesList.machine.ts';

export type DelegatesListSnapshot = SnapshotFrom<DelegatesListMachine>;

export interface DelegatesListView {
  /** The first page: loading, failed, or shown. */
  status: 'loading' | 'failed' | 'ready';
  loadingMore: boolean;
  canLoadMore: boolean;
  canRefresh: boolean;
  /** The wallet is asked to sign, or the signed change is being sent; null otherwise. */
  working: 'signing' | 'sending' | null;
  /** An owner is connected and nothing is under way: proposers can be added, renamed and removed. */
  editable: boolean;
  context: DelegatesListSnapshot['context'];
}

export function connectDelegatesList(snapshot: DelegatesListSnapshot): DelegatesListView {
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'failed' : 'ready',
    loadingMore: snapshot.matches('loadingMore'),
    canLoadMore: snapshot.can({ type: 'user.loadMore' }),
    canRefresh: snapshot.can({ type: 'user.refresh' }),
    working: snapshot.matches('signing') ? 'signing' : snapshot.matches('sending') ? 'sending' : null,
    editable: snapshot.matches('list') && snapshot.context.signer !== null,
    context: snapshot.context,
  };
}
