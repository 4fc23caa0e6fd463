/**
 * The transactionFlow view model: where the guided transaction dialog is (its progress step and its state),
 * which commands it accepts now, and its context, computed only from a snapshot.
 */
import type { SnapshotFrom } from 'xstate';
import type { TransactionFlowMachine } from './transactionFlow.machine.ts';
import type { Hex, TxFlowContext, WalletFailureKind } from './transactionFlow.types.ts';
import { multisigTxId } from '../../domain/safe/txId.ts';
import { WALLET_FAILURE_KINDS } from './transactionFlow.setup.ts';

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
  | 'checkingProposer'
  | 'checkingOnDevice'
  | 'preparingExecution'
  | 'checkingExecution'
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

/** A step of the dialog's step list and the name it shows. */
export interface TxFlowStepItem {
  step: TxFlowStep;
  name: string;
}
const NAMES: Record<TxFlowStep, string> = { compose: 'Compose', nonce: 'Nonce', review: 'Review', submit: 'Sign or execute', track: 'Processing', done: 'Done' };
const item = (step: TxFlowStep, name = NAMES[step]): TxFlowStepItem => ({ step, name });
/** Constant lists (the view model is compared shallowly). */
const STEP_LISTS = {
  composed: [item('compose'), item('nonce'), item('review'), item('submit'), item('track'), item('done')],
  /** A request handed over ready-made (a Safe App's): nothing to compose, the first step shows the request. */
  handedOver: [item('compose', 'Request'), item('nonce'), item('review'), item('submit'), item('track'), item('done')],
  queued: [item('review'), item('submit'), item('track'), item('done')],
} as const satisfies Record<string, readonly TxFlowStepItem[]>;

/** Whether the flow's draft was handed over ready-made (every call a rawCall), not composed in the form. */
function isHandedOver(draft: TxFlowContext['draft']): boolean {
  if (draft?.kind === 'rawCall') return true;
  return draft?.kind === 'batch' && draft.calls.length > 0 && draft.calls.every((c) => c.kind === 'rawCall');
}
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
  'checkingProposer',
  'checkingOnDevice',
  'preparingExecution',
  'checkingExecution',
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

/**
 * What the flow achieved, while its last step shows it: `proposed` (a new transaction or rejection signed and
 * submitted), `confirmed` (a signature added to a queued one), `executed` or `failed` (mined, reverted). The success
 * step's links and the notice shown after the dialog closes read it; null before, and once the flow has ended.
 */
export interface TxFlowOutcome {
  kind: 'proposed' | 'confirmed' | 'executed' | 'failed';
  /** The hash the owners signed, computed here. */
  safeTxHash: Hex;
  /** The gateway's id of the transaction (the details page's `?id=`). */
  txId: string;
  /** The execution transaction's hash, once it was sent. */
  txHash: Hex | null;
}

const outcomes = new WeakMap<TxFlowContext, TxFlowOutcome>();

function outcomeOf(status: TxFlowStatus, context: TxFlowContext): TxFlowOutcome | null {
  const safeTxHash = context.hashes?.safeTxHash;
  if (!safeTxHash) return null;
  const kind: TxFlowOutcome['kind'] | null =
    status === 'signed' ? (context.mode === 'create' || context.mode === 'reject' ? 'proposed' : 'confirmed') : status === 'succeeded' ? 'executed' : status === 'failed' ? 'failed' : null;
  if (!kind) return null;
  // The same object for the same context and kind: the view model stays shallow-equal between snapshots.
  const known = outcomes.get(context);
  if (known?.kind === kind) return known;
  const outcome: TxFlowOutcome = { kind, safeTxHash, txId: context.txId ?? multisigTxId(context.safe.address, safeTxHash), txHash: context.txHash };
  outcomes.set(context, outcome);
  return outcome;
}

export interface TransactionFlowView {
  /** The progress step shown in the dialog's step list. */
  step: TxFlowStep;
  /** The dialog's step list: no "Compose" for a request handed over ready-made, none at all for a queued transaction. */
  steps: readonly TxFlowStepItem[];
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
  /** A connected wallet that is not an owner may propose this new transaction (if the gateway lists it as a proposer). */
  canPropose: boolean;
  /** The signer may say the device shows what is shown here (issue 19). */
  canConfirmOnDevice: boolean;
  /** What the flow achieved, on its last step (signed, succeeded, failed); null otherwise. */
  outcome: TxFlowOutcome | null;
  context: TxFlowContext;
}

export function connectTransactionFlow(snapshot: TransactionFlowSnapshot): TransactionFlowView {
  const status = STATUSES.find((name) => snapshot.matches(name)) ?? 'closed';
  return {
    step: STEPS.find((step) => snapshot.hasTag(`step.${step}`)) ?? 'done',
    steps: snapshot.context.mode !== 'create' ? STEP_LISTS.queued : isHandedOver(snapshot.context.draft) ? STEP_LISTS.handedOver : STEP_LISTS.composed,
    status,
    walletError: status === 'walletError' ? (WALLET_FAILURE_KINDS.find((kind) => snapshot.matches({ walletError: kind })) ?? 'other') : null,
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
    canPropose: snapshot.can({ type: 'user.propose' }),
    canConfirmOnDevice: snapshot.can({ type: 'user.confirmOnDevice' }),
    outcome: outcomeOf(status, snapshot.context),
    context: snapshot.context,
  };
}
