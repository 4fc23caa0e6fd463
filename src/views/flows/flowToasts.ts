/**
 * The notice a flow leaves when its dialog closes after an outcome (decision 0038): read from the flows' view models
 * (`outcome`, `deletedTx` of their connect.ts), worded and linked here. Pure.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { connectDeleteTxFlow, type DeleteTxFlowSnapshot, type DeletedTx } from '../../machines/transactionFlow/deleteTxFlow.connect.ts';
import { connectMessageFlow, type MessageFlowOutcome, type MessageFlowSnapshot } from '../../machines/messageFlow/messageFlow.connect.ts';
import { connectTransactionFlow, type TransactionFlowSnapshot, type TxFlowOutcome } from '../../machines/transactionFlow/transactionFlow.connect.ts';
import type { TxFlowMode } from '../../machines/transactionFlow/transactionFlow.types.ts';
import type { FlowKind } from '../../machines/shared/flows.ts';
import { multisigTxId } from '../../domain/safe/txId.ts';
import { connectBulkExecuteFlow, type BulkExecuteFlowSnapshot, type BulkExecuteFlowStatus } from '../../machines/transactionFlow/bulkExecuteFlow.connect.ts';
import { messagePath } from '../../machines/shared/routes.ts';
import type { ToastNotice } from '../ui/toasts.tsx';
import { inSafe, transactionNoticeActions } from './noticeLinks.ts';

/** What a flow achieved, as its view model says while its last step shows. */
export type FlowOutcome =
  | { kind: 'transaction'; mode: TxFlowMode; outcome: TxFlowOutcome }
  | { kind: 'message'; outcome: MessageFlowOutcome }
  | { kind: 'deleteTx'; deleted: DeletedTx };

/** What one snapshot of a flow says: whether it is signing or submitting now, and the outcome it shows (or null). */
interface FlowMoment {
  submitting: boolean;
  outcome: FlowOutcome | null;
}

function momentOf(kind: FlowKind, snapshot: AnyMachineSnapshot): FlowMoment {
  switch (kind) {
    case 'transaction': {
      const view = connectTransactionFlow(snapshot as TransactionFlowSnapshot);
      return { submitting: view.step === 'submit' || view.step === 'track', outcome: view.outcome ? { kind, mode: view.mode, outcome: view.outcome } : null };
    }
    case 'message': {
      const view = connectMessageFlow(snapshot as MessageFlowSnapshot);
      return { submitting: view.step === 'signing' || view.step === 'submitting', outcome: view.outcome ? { kind, outcome: view.outcome } : null };
    }
    case 'deleteTx': {
      const view = connectDeleteTxFlow(snapshot as DeleteTxFlowSnapshot);
      return { submitting: view.status === 'signing' || view.status === 'deleting', outcome: view.deletedTx ? { kind, deleted: view.deletedTx } : null };
    }
    // The spending-limit dialog says "Sent" itself and is closed by the user (no notice after it).
    case 'bulkExecute':
    case 'allowanceTransfer':
      return { submitting: false, outcome: null };
  }
}

/** What a page has seen of one flow so far. */
export interface FlowWatch {
  /** It saw the flow sign or submit something (a flow opened on a message its owner had already signed never does). */
  sawSubmit: boolean;
  /** The last outcome the flow showed after that; null while none. */
  reached: FlowOutcome | null;
  /** The flow has ended: `reached` is what its notice says, if anything. */
  ended: boolean;
}

export const NOTHING_SEEN: FlowWatch = { sawSubmit: false, reached: null, ended: false };

/**
 * The next watch after a snapshot. An outcome counts only once the page saw the flow submit something: a notice
 * tells what was just done here, never what was already so when the flow opened (or was restored after a reload).
 */
export function watchStep(kind: FlowKind, watch: FlowWatch, snapshot: AnyMachineSnapshot): FlowWatch {
  if (watch.ended) return watch;
  const moment = momentOf(kind, snapshot);
  const sawSubmit = watch.sawSubmit || moment.submitting;
  return { sawSubmit, reached: sawSubmit && moment.outcome ? moment.outcome : watch.reached, ended: snapshot.status === 'done' };
}

const TX_TITLES: Record<TxFlowOutcome['kind'], string> = {
  proposed: 'Transaction proposed',
  confirmed: 'Transaction confirmed',
  executed: 'Transaction executed',
  failed: 'Transaction failed',
};

const TX_DESCRIPTIONS: Record<TxFlowOutcome['kind'], string> = {
  proposed: 'Signed and submitted: it waits in the queue for the other signers.',
  confirmed: 'Your signature was added.',
  executed: 'Executed on chain.',
  failed: 'The execution was mined but reverted.',
};

/**
 * The notice of an outcome: its title, one line, and its links — the transaction's (or message's) details in the
 * app and, for an executed transaction, the execution on the chain's explorer when the chain has one.
 */
export function flowNotice(flow: FlowOutcome, safe: string, txHashTemplate: string | null): ToastNotice {
  switch (flow.kind) {
    case 'transaction': {
      const { outcome } = flow;
      const actions = transactionNoticeActions(outcome, safe, txHashTemplate, 'the queue or the history');
      const title = flow.mode === 'reject' && outcome.kind === 'proposed' ? 'Rejection proposed' : TX_TITLES[outcome.kind];
      return { title, description: TX_DESCRIPTIONS[outcome.kind], actions };
    }
    case 'message':
      return {
        title: flow.outcome.kind === 'signed' ? 'Message signed' : 'Signature added to the message',
        description: flow.outcome.kind === 'signed' ? 'The Safe’s signature is complete and valid on chain.' : 'It waits for the other signers.',
        actions: [{ label: 'View message', to: inSafe(messagePath(flow.outcome.messageHash), safe), altText: 'The message is listed under Messages.' }],
      };
    case 'deleteTx':
      // The deleted transaction has no page any more: the notice only says what happened.
      return { title: 'Transaction deleted', description: `Transaction #${flow.deleted.nonce} was removed from the queue.` };
  }
}

const EXECUTING_INTENTS = new Set(['signAndExecute', 'execute', 'relay']);
const BULK_SENT: ReadonlySet<BulkExecuteFlowStatus> = new Set<BulkExecuteFlowStatus>(['executing', 'relaying', 'checkingStatus', 'interrupted', 'tracking', 'trackingLost', 'succeeded', 'failed']);

/** The transactions a flow's snapshot shows it executing or having executed: the page's own executions (ownExecutions.ts). */
export function executionsOf(kind: FlowKind, snapshot: AnyMachineSnapshot): string[] {
  if (kind === 'transaction') {
    const view = connectTransactionFlow(snapshot as TransactionFlowSnapshot);
    if (view.outcome && (view.outcome.kind === 'executed' || view.outcome.kind === 'failed')) return [view.outcome.txId];
    const { intent, txId, hashes, safe } = view.context;
    if ((view.step === 'submit' || view.step === 'track') && intent !== null && EXECUTING_INTENTS.has(intent)) {
      if (txId) return [txId];
      if (hashes) return [multisigTxId(safe.address, hashes.safeTxHash)];
    }
    return [];
  }
  if (kind === 'bulkExecute') {
    const view = connectBulkExecuteFlow(snapshot as BulkExecuteFlowSnapshot);
    return BULK_SENT.has(view.status) ? [...view.context.txIds] : [];
  }
  return [];
}
