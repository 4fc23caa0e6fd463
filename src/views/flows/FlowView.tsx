/** The dialog of one running flow (loaded on demand: the first flow of a visit downloads the dialogs). */
import type { AnyActorRef } from 'xstate';
import type { FlowEntry } from '../../machines/shared/flows.ts';
import { useAppSend } from '../appContext.tsx';
import { MessageFlowDialog, MessageFlowProvider, type MessageFlowRef } from '../messageFlow/index.ts';
import { AllowanceTransferDialog, type AllowanceTransferRef } from '../allowanceTransfer/index.ts';
import { useSafeSessionRef } from '../safeSession/safeSessionContext.tsx';
import { useSelector } from '@xstate/react';
import { BulkExecuteDialog, DeleteTxDialog, TxFlowDialog, TxFlowProvider, type BulkExecuteRef, type DeleteTxRef, type TxFlowRef } from '../transactionFlow/index.ts';

export default function FlowView({ flow }: { flow: FlowEntry }) {
  const actor: AnyActorRef = flow.actor;
  const appSend = useAppSend();
  const session = useSafeSessionRef();
  const owners = useSelector(session ?? undefined, (s) => (s?.context.safeInfo?.owners ?? []).map((o) => o.value).join(','));
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
      // After a delete the transaction's page would be a 404: back to the queue, by the app's navigate event.
      return <DeleteTxDialog actor={actor as DeleteTxRef} onDeletedClose={() => appSend({ type: 'user.navigate', to: '/transactions/queue' })} />;
    case 'bulkExecute':
      return <BulkExecuteDialog actor={actor as BulkExecuteRef} />;
    case 'allowanceTransfer':
      return <AllowanceTransferDialog actor={actor as AllowanceTransferRef} owners={owners ? owners.split(',') : []} />;
  }
}
