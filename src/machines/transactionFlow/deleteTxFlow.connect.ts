/** The deleteTxFlow view model: the delete dialog's state, commands and context, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import { DELETE_WALLET_FAILURE_KINDS, type DeleteTxFlowMachine } from './deleteTxFlow.machine.ts';
import type { DeleteTxContext, Hex, WalletFailureKind } from './transactionFlow.types.ts';

export type DeleteTxFlowSnapshot = SnapshotFrom<DeleteTxFlowMachine>;

export type DeleteTxFlowStatus = 'confirming' | 'checkingOnDevice' | 'signing' | 'deleting' | 'walletError' | 'failed' | 'interrupted' | 'deleted' | 'cancelled' | 'closed';

const STATUSES: readonly DeleteTxFlowStatus[] = ['confirming', 'checkingOnDevice', 'signing', 'deleting', 'walletError', 'failed', 'interrupted', 'deleted', 'cancelled', 'closed'];
/** A delete request moves no funds, so its wallet errors have no `insufficientFunds`; a device's own errors are listed (issue 19). */
export type DeleteWalletFailureKind = Exclude<WalletFailureKind, 'insufficientFunds'>;

const WALLET_ERROR_KINDS = DELETE_WALLET_FAILURE_KINDS as readonly DeleteWalletFailureKind[];

export interface DeleteTxFlowView {
  status: DeleteTxFlowStatus;
  /** Why the wallet did not sign; null outside `walletError`. */
  walletError: DeleteWalletFailureKind | null;
  /** The flow has ended (cancelled or closed): the dialog renders nothing. */
  ended: boolean;
  /** The connected wallet may delete the transaction now (only its proposer can). */
  canConfirmDelete: boolean;
  /** The signer may say the device shows what is shown here (issue 19). */
  canConfirmOnDevice: boolean;
  canRetry: boolean;
  canCancel: boolean;
  canClose: boolean;
  /** The transaction this flow deleted, while the dialog says so; null otherwise. The notice after it reads this. */
  deletedTx: DeletedTx | null;
  context: DeleteTxFlowSnapshot['context'];
}

export interface DeletedTx {
  safeTxHash: Hex;
  nonce: number;
}

const deletions = new WeakMap<DeleteTxContext, DeletedTx>();

/** The same object for the same context: the view model stays shallow-equal between snapshots. */
function deletedTxOf(context: DeleteTxContext): DeletedTx {
  const known = deletions.get(context);
  if (known) return known;
  const deleted = { safeTxHash: context.safeTxHash, nonce: context.nonce };
  deletions.set(context, deleted);
  return deleted;
}

export function connectDeleteTxFlow(snapshot: DeleteTxFlowSnapshot): DeleteTxFlowView {
  const status = STATUSES.find((name) => snapshot.matches(name)) ?? 'closed';
  return {
    status,
    walletError: status === 'walletError' ? (WALLET_ERROR_KINDS.find((kind) => snapshot.matches({ walletError: kind })) ?? 'other') : null,
    ended: snapshot.status === 'done',
    canConfirmDelete: snapshot.can({ type: 'user.confirmDelete', nowMs: 0 }),
    canConfirmOnDevice: snapshot.can({ type: 'user.confirmOnDevice' }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    canCancel: snapshot.can({ type: 'user.cancel' }),
    canClose: snapshot.can({ type: 'user.close' }),
    deletedTx: status === 'deleted' ? deletedTxOf(snapshot.context) : null,
    context: snapshot.context,
  };
}
