/**
 * Hook façade over a transaction flow actor (like src/views/appContext.tsx). The actor is created outside React
 * (by the root actor, which spawns flows) and handed in; components select narrow slices and send events.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { TransactionFlowMachine } from '../../machines/transactionFlow/transactionFlow.machine.ts';
import type { TxFlowEvent } from '../../machines/transactionFlow/transactionFlow.types.ts';

export type TxFlowRef = ActorRefFrom<TransactionFlowMachine>;
export type TxFlowSnapshot = SnapshotFrom<TransactionFlowMachine>;

const TxFlowContext = createContext<TxFlowRef | null>(null);

export function TxFlowProvider({ actor, children }: { actor: TxFlowRef; children: ReactNode }) {
  return <TxFlowContext.Provider value={actor}>{children}</TxFlowContext.Provider>;
}

function useTxFlowRef(): TxFlowRef {
  const actor = useContext(TxFlowContext);
  if (!actor) throw new Error('TxFlowProvider is missing');
  return actor;
}

export function useTxFlow<T>(selector: (snapshot: TxFlowSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useTxFlowRef(), selector, compare);
}

export function useTxFlowSend(): (event: TxFlowEvent) => void {
  return useTxFlowRef().send;
}
