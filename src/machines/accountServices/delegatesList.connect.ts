/** The delegatesList view model: the proposers card's status and data, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { DelegatesListMachine } from './delegatesList.machine.ts';
import { PROPOSER_DEVICE_FAILURE_KINDS, type ProposerDeviceFailureKind } from './accountServices.logic.ts';

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
  /** An owner on a device compares what it will show before its prompt (issue 19). */
  checkingOnDevice: boolean;
  /** Why the device or wallet did not sign a change checked on the device (issue 19); null otherwise. */
  walletError: ProposerDeviceFailureKind | null;
  canConfirmOnDevice: boolean;
  /** Try again (after a device's failure: back to the check, the change kept). */
  canRetryOnDevice: boolean;
  /** Leave the on-device step or its failure without signing. */
  canCancel: boolean;
  context: DelegatesListSnapshot['context'];
}

export function connectDelegatesList(snapshot: DelegatesListSnapshot): DelegatesListView {
  const failed = snapshot.matches('walletError');
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'failed' : 'ready',
    loadingMore: snapshot.matches('loadingMore'),
    canLoadMore: snapshot.can({ type: 'user.loadMore' }),
    canRefresh: snapshot.can({ type: 'user.refresh' }),
    working: snapshot.matches('signing') ? 'signing' : snapshot.matches('sending') ? 'sending' : null,
    editable: snapshot.matches('list') && snapshot.context.signer !== null,
    checkingOnDevice: snapshot.matches('checkingOnDevice'),
    walletError: failed ? (PROPOSER_DEVICE_FAILURE_KINDS.find((kind) => snapshot.matches({ walletError: kind })) ?? 'other') : null,
    canConfirmOnDevice: snapshot.can({ type: 'user.confirmOnDevice' }),
    canRetryOnDevice: failed && snapshot.can({ type: 'user.retry' }),
    canCancel: snapshot.can({ type: 'user.cancel' }),
    context: snapshot.context,
  };
}
