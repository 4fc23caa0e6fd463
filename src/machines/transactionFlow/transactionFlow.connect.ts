/**
 * The transactionFlow view model: where the guided transaction dialog is (its progress step and its state),
 * which commands it accepts now, and its context, computed only from a snapshot.
 */
import type { SnapshotFrom } from 'xstate';
import type { TransactionFlowMachine } from './transactionFlow.machine.ts';
import type { TxFlowContext, WalletFailureKind } from './transactionFlow.types.ts';

export type TransactionFlowSnapshot = SnapshotFrom<TransactionFlowMachine>;

/** The dialog's progress steps, in order (the `step.*` tags of the states). */
export type TxFlowStep = 'compose' | 'nonce' | 'review' | 'submit' | 'track' | 'done';

/** The flow's top-level state, named for the views (`walletError` for all its kinds; see `walletError`). */
export type TxFlowStatus =
  | 'starting'
  | 'composing'
  | 'loadingNonces'
  | 'nonceLoadFailed'
  | 'choosingNonce'
  | 'estimating'
  | 'loadingTx'
  | 'loadFailed'
  | 'building'
  | 'decoding'
  | 'crossChecking'
  | 'classifying'
  | 'simulating'
  | 'loadingRelay'
  | 'prepareFailed'
  | 'review'
  | 'signing'
  | 'proposing'
  | 'executing'
  | 'relaying'
  | 'walletError'
  | 'submitFailed'
  | 'checkingStatus'
  | 'interrupted'
  | 'tracking'
  | 'trackingLost'
  | 'signed'
  | 'succeeded'
  | 'failed'
  | 'cancelled'
  | 'closed';

const STEPS: readonly TxFlowStep[] = ['compose', 'nonce', 'review', 'submit', 'track', 'done'];
const STATUSES: readonly TxFlowStatus[] = [
  'starting',
  'composing',
  'loadingNonces',
  'nonceLoadFailed',
  'choosingNonce',
  'estimating',
  'loadingTx',
  'loadFailed',
  'building',
  'decoding',
  'crossChecking',
  'classifying',
  'simulating',
  'loadingRelay',
  'prepareFailed',
  'review',
  'signing',
  'proposing',
  'executing',
  'relaying',
  'walletError',
  'submitFailed',
  'checkingStatus',
  'interrupted',
  'tracking',
  'trackingLost',
  'signed',
  'succeeded',
  'failed',
  'cancelled',
  'closed',
];
const WALLET_ERROR_KINDS: readonly WalletFailureKind[] = ['rejected', 'wrongChain', 'disconnected', 'insufficientFunds', 'other'];

export interface TransactionFlowView {
  /** The progress step shown in the dialog's step list. */
  step: TxFlowStep;
  status: TxFlowStatus;
  /** Why the wallet did not sign or send; null outside `walletError`. */
  walletError: WalletFailureKind | null;
  /** The flow has ended (cancelled or closed): the dialog renders nothing. */
  ended: boolean;
  /** Loading a contract's ABI while composing. */
  loadingAbi: boolean;
  mode: TxFlowContext['mode'];
  canRetry: boolean;
  canBack: boolean;
  canCancel: boolean;
  canClose: boolean;
  canConfirmNonce: boolean;
  canEditNonce: boolean;
  canSign: boolean;
  canSignAndExecute: boolean;
  canExecute: boolean;
  canRelay: boolean;
  context: TxFlowContext;
}

export function connectTransactionFlow(snapshot: TransactionFlowSnapshot): TransactionFlowView {
  const status = STATUSES.find((name) => snapshot.matches(name)) ?? 'closed';
  return {
    step: STEPS.find((step) => snapshot.hasTag(`step.${step}`)) ?? 'done',
    status,
    walletError: status === 'walletError' ? (WALLET_ERROR_KINDS.find((kind) => snapshot.matches({ walletError: kind })) ?? 'other') : null,
    ended: snapshot.status === 'done',
    loadingAbi: snapshot.matches({ composing: 'loadingAbi' }),
    mode: snapshot.context.mode,
    canRetry: snapshot.can({ type: 'user.retry' }),
    canBack: snapshot.can({ type: 'user.back' }),
    canCancel: snapshot.can({ type: 'user.cancel' }),
    canClose: snapshot.can({ type: 'user.close' }),
    canConfirmNonce: snapshot.can({ type: 'user.confirmNonce' }),
    canEditNonce: snapshot.can({ type: 'user.editNonce' }),
    canSign: snapshot.can({ type: 'user.sign' }),
    canSignAndExecute: snapshot.can({ type: 'user.signAndExecute' }),
    canExecute: snapshot.can({ type: 'user.execute' }),
    canRelay: snapshot.can({ type: 'user.relay' }),
    context: snapshot.context,
  };
}
