/**
 * Shows the running flow of the open Safe as a modal dialog: the newest one on top (an on-chain message
 * signature opens its transaction flow above the message flow). A flow rebuilt from its event log after a
 * reload comes back here by itself, in the step it was in.
 */
import type { AnyActorRef } from 'xstate';
import { safeKeyOf, type FlowEntry } from '../../machines/shared/flows.ts';
import { MessageFlowDialog, MessageFlowProvider, type MessageFlowRef } from '../messageFlow/index.ts';
import { useSafeSessionRef } from '../safe/safeSessionContext.tsx';
import { BulkExecuteDialog, DeleteTxDialog, TxFlowDialog, TxFlowProvider, type BulkExecuteRef, type DeleteTxRef, type TxFlowRef } from '../txFlow/index.ts';
import { useSelector } from '@xstate/react';
import { useFlowsState } from './flowsContext.tsx';

function FlowView({ flow }: { flow: FlowEntry }) {
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

function SafeFlows({ safeKey }: { safeKey: string }) {
  const { flows, problems } = useFlowsState();
  const mine = flows.filter((f) => f.safeKey === safeKey);
  const top = mine[mine.length - 1];
  return (
    <>
      {problems.length > 0 ? (
        <div role="alert" className="banner banner-error">
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      ) : null}
      {top ? (
        <div className="flow-backdrop" data-flow-kind={top.kind} data-flow-restored={top.restored ? 'true' : undefined}>
          <FlowView key={top.id} flow={top} />
        </div>
      ) : null}
    </>
  );
}

/** Mounted once inside the Safe session provider. */
export function FlowDialogs() {
  const session = useSafeSessionRef();
  const key = useSelector(session ?? undefined, (s) => (s?.context.safeInfo && s.context.chain ? safeKeyOf(s.context.chain.chainId, s.context.safeInfo.address.value) : null));
  return key ? <SafeFlows safeKey={key} /> : null;
}
