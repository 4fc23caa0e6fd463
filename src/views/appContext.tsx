/**
 * Hook façades over the root actor. The actor is created once outside React (src/root.ts) and handed in
 * through <AppSessionProvider>; components select narrow slices and send events, nothing else.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { appSessionMachine } from '../machines/appSession/appSession.machine.ts';
import type { AppSessionEvent } from '../machines/appSession/appSession.types.ts';

export type AppSessionRef = ActorRefFrom<typeof appSessionMachine>;
export type AppSessionSnapshot = SnapshotFrom<typeof appSessionMachine>;

const AppSessionContext = createContext<AppSessionRef | null>(null);

export function AppSessionProvider({ actor, children }: { actor: AppSessionRef; children: ReactNode }) {
  return <AppSessionContext.Provider value={actor}>{children}</AppSessionContext.Provider>;
}

function useAppSessionRef(): AppSessionRef {
  const actor = useContext(AppSessionContext);
  if (!actor) throw new Error('AppSessionProvider is missing');
  return actor;
}

export function useAppSelector<T>(selector: (snapshot: AppSessionSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useAppSessionRef(), selector, compare);
}

export function useAppSend(): (event: AppSessionEvent) => void {
  const actor = useAppSessionRef();
  return actor.send;
}
