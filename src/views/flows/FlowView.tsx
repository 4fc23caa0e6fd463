/** The dialog of one running flow (loaded on demand: the first flow of a visit downloads the dialogs). */
import type { AnyActorRef } from 'xstate';
import type { FlowEntry } from '../../machines/shared/flows.ts';
import { MessageFlowDialog, MessageFlowProvider, type MessageFlowRef } from '../messageFlow/index.ts';
import { BulkExecuteDialog, DeleteTxDialog, TxFlowDialog, TxFlowProvider, type BulkExecuteRef, type DeleteTxRef, type TxFlowRef } from '../transactionFlow/index.ts';

export default function FlowView({ flow }: { flow: FlowEntry }) {
  const actor: AnyActorRef = flow.actor;
  switch (flow.kind) {
    case 'transaction':
      return (
        <TxFlowProvider actor={actor as TxFlowRef}>
          <TxFlowDialog />
        </TxFlowProvider>
      );
    case 'message':
      return (
        <MessageFlowProvider actor={actor as MessageFlowRef}>
          <MessageFlowDialog />
        </MessageFlowProvider>
      );
    case 'deleteTx':
      return <DeleteTxDialog actor={actor as DeleteTxRef} />;
    case 'bulkExecute':
      return <BulkExecuteDialog actor={actor as BulkExecuteRef} />;
  }
}
