/** The bulkExecuteFlow view model: the bulk-execute dialog's state, commands and context, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { BulkExecuteFlowMachine } from './bulkExecuteFlow.machine.ts';
import type { WalletFailureKind } from './transactionFlow.types.ts';
import { SEND_FAILURE_KINDS } from '../shared/deviceExecution.ts';

export type BulkExecuteFlowSnapshot = SnapshotFrom<BulkExecuteFlowMachine>;

export type BulkExecuteFlowStatus =
  | 'loading'
  | 'loadFailed'
  | 'loadingRelay'
  | 'review'
  | 'preparingExecution'
  | 'checkingExecution'
  | 'executing'
  | 'relaying'
  | 'checkingStatus'
  | 'interrupted'
  | 'walletError'
  | 'submitFailed'
  | 'tracking'
  | 'trackingLost'
  | 'succeeded'
  | 'failed'
  | 'cancelled'
  | 'closed';

const STATUSES: readonly BulkExecuteFlowStatus[] = [
  'loading',
  'loadFailed',
  'loadingRelay',
  'review',
  'preparingExecution',
  'checkingExecution',
  'executing',
  'relaying',
  'checkingStatus',
  'interrupted',
  'walletError',
  'submitFailed',
  'tracking',
  'trackingLost',
  'succeeded',
  'failed',
  'cancelled',
  'closed',
];

export interface BulkExecuteFlowView {
  status: BulkExecuteFlowStatus;
  /** Why the wallet did not send; null outside `walletError`. */
  walletError: WalletFailureKind | null;
  /** The flow has ended (cancelled or closed): the dialog renders nothing. */
  ended: boolean;
  canExecute: boolean;
  canRelay: boolean;
  /** The signer may continue on the device (checkingExecution). */
  canConfirmOnDevice: boolean;
  canBack: boolean;
  canRetry: boolean;
  canCancel: boolean;
  canClose: boolean;
  context: BulkExecuteFlowSnapshot['context'];
}

export function connectBulkExecuteFlow(snapshot: BulkExecuteFlowSnapshot): BulkExecuteFlowView {
  const status = STATUSES.find((name) => snapshot.matches(name)) ?? 'closed';
  return {
    status,
    walletError: status === 'walletError' ? (SEND_FAILURE_KINDS.find((kind) => snapshot.matches({ walletError: kind })) ?? 'other') : null,
    ended: snapshot.status === 'done',
    canExecute: snapshot.can({ type: 'user.execute' }),
    canRelay: snapshot.can({ type: 'user.relay' }),
    canConfirmOnDevice: snapshot.can({ type: 'user.confirmOnDevice' }),
    canBack: snapshot.can({ type: 'user.back' }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    canCancel: snapshot.can({ type: 'user.cancel' }),
    canClose: snapshot.can({ type: 'user.close' }),
    context: snapshot.context,
  };
}
