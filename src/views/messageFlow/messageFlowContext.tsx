/**
 * Hook façade over one messageFlow actor. The actor is created outside React (by the root actor or whoever opens
 * the flow) and handed in through <MessageFlowProvider>; components select narrow slices and send events.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { MessageFlowMachine } from '../../machines/messageFlow/messageFlow.machine.ts';
import type { MessageFlowEvent } from '../../machines/messageFlow/messageFlow.types.ts';

export type MessageFlowRef = ActorRefFrom<MessageFlowMachine>;
export type MessageFlowSnapshot = SnapshotFrom<MessageFlowMachine>;

const MessageFlowContext = createContext<MessageFlowRef | null>(null);

export function MessageFlowProvider({ actor, children }: { actor: MessageFlowRef; children: ReactNode }) {
  return <MessageFlowContext.Provider value={actor}>{children}</MessageFlowContext.Provider>;
}

function useMessageFlowRef(): MessageFlowRef {
  const actor = useContext(MessageFlowContext);
  if (!actor) throw new Error('MessageFlowProvider is missing');
  return actor;
}

export function useMessageFlow<T>(selector: (snapshot: MessageFlowSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useMessageFlowRef(), selector, compare);
}

export function useMessageFlowSend(): (event: MessageFlowEvent) => void {
  return useMessageFlowRef().send;
}
