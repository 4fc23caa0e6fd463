import { useActorRef, useSelector } from '@xstate/react';
import { connectLocalData, type LocalDataView } from '../../machines/localData/localData.connect.ts';
import type { LocalDataEvent } from '../../machines/localData/localData.types.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { useLocalDataLogic } from './localDataContext.tsx';

/** One localData actor for this visit of a settings screen: its view model and its `send`. */
export function useLocalData(): [LocalDataView, (event: LocalDataEvent) => void] {
  const { machine, inspect } = useLocalDataLogic();
  const actor = useActorRef(machine, inspect ? { inspect } : {});
  const view = useSelector(actor, connectLocalData, shallowEqualViewModel);
  return [view, actor.send];
}
