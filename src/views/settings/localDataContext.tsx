/**
 * The localData machine with its effects provided (by the composition root), handed in through
 * <LocalDataProvider>. Settings › Data and Settings › Environment each start one actor per visit; `inspect`
 * records its events in the event log.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';
import type { LocalDataMachine } from '../../machines/localData/localData.machine.ts';
import { useResolved, type MaybeDeferred } from '../deferred.ts';

export interface LocalDataLogic {
  machine: LocalDataMachine;
  inspect?: ((event: InspectionEvent) => void) | undefined;
}

const LocalDataContext = createContext<MaybeDeferred<LocalDataLogic> | null>(null);

export function LocalDataProvider({ logic, children }: { logic: MaybeDeferred<LocalDataLogic> | undefined; children: ReactNode }) {
  return <LocalDataContext.Provider value={logic ?? null}>{children}</LocalDataContext.Provider>;
}

export function useLocalDataLogic(): LocalDataLogic {
  const logic = useContext(LocalDataContext);
  if (!logic) throw new Error('LocalDataProvider was given no logic');
  return useResolved(logic);
}
