/** The unsubscribe view model: the unsubscribe card's step and data, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { UnsubscribeMachine } from './unsubscribe.machine.ts';

export type UnsubscribeSnapshot = SnapshotFrom<UnsubscribeMachine>;

/** `notOffered`: this gateway has no unsubscribe endpoints (decision 0051). */
export type UnsubscribeStep = 'editing' | 'sending' | 'done' | 'notOffered';

const STEPS: readonly UnsubscribeStep[] = ['editing', 'sending', 'done', 'notOffered'];

export interface UnsubscribeView {
  step: UnsubscribeStep;
  /** The token and category can be changed and sent. */
  editing: boolean;
  context: UnsubscribeSnapshot['context'];
}

export function connectUnsubscribe(snapshot: UnsubscribeSnapshot): UnsubscribeView {
  const step = STEPS.find((name) => snapshot.matches(name)) ?? 'editing';
  return { step, editing: step === 'editing', context: snapshot.context };
}
