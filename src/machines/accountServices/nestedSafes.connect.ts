/** The nestedSafes view model: the owner Safes, those the wallet may approve as, and deadlocks — from a snapshot only. */
import type { SnapshotFrom } from 'xstate';
import { nestedDeadlocks, parentsOwnedBy, type Deadlock, type OwnerSafe } from '../../domain/safe/nestedSafes.ts';
import type { NestedSafesMachine } from './nestedSafes.machine.ts';

export type NestedSafesSnapshot = SnapshotFrom<NestedSafesMachine>;

export type NestedSafesStep = 'loading' | 'shown' | 'failed';

const STEPS: readonly NestedSafesStep[] = ['loading', 'shown', 'failed'];

export interface NestedSafesView {
  step: NestedSafesStep;
  ownerSafes: readonly OwnerSafe[];
  /** Owner Safes the connected wallet is an owner of. */
  parents: readonly OwnerSafe[];
  deadlocks: readonly Deadlock[];
  error: string | null;
}

export function connectNestedSafes(snapshot: NestedSafesSnapshot): NestedSafesView {
  const step = STEPS.find((name) => snapshot.matches(name)) ?? 'loading';
  const { nested, wallet, error } = snapshot.context;
  return {
    step,
    ownerSafes: nested?.ownerSafes ?? [],
    parents: nested ? parentsOwnedBy(nested, wallet) : [],
    deadlocks: nested ? nestedDeadlocks(nested) : [],
    error,
  };
}
