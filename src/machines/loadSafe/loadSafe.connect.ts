/** The loadSafe view model: the add-existing-Safe screen's step and data, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { loadSafeMachine } from './loadSafe.machine.ts';
import type { LoadSafeContext } from './loadSafe.types.ts';

export type LoadSafeSnapshot = SnapshotFrom<typeof loadSafeMachine>;

/** The machine's state, named for the views. */
export type LoadSafeStep = 'preparing' | 'prepareFailed' | 'editing' | 'checking' | 'review' | 'adding' | 'added';

const STEPS: readonly LoadSafeStep[] = ['preparing', 'prepareFailed', 'editing', 'checking', 'review', 'adding', 'added'];

export interface LoadSafeView {
  step: LoadSafeStep;
  /** The networks are loading or failed to load: the screen shows that instead of the form. */
  networksPending: boolean;
  /** The found Safe is shown for review (also while adding it, and once added). */
  reviewing: boolean;
  /** Checking the address: the form is disabled. */
  checking: boolean;
  /** The review's Back and Add buttons work (not while adding). */
  canConfirm: boolean;
  chains: LoadSafeContext['chains'];
  form: LoadSafeContext['form'];
  fieldError: LoadSafeContext['fieldError'];
  error: LoadSafeContext['error'];
  safe: LoadSafeContext['safe'];
}

export function connectLoadSafe(snapshot: LoadSafeSnapshot): LoadSafeView {
  const step = STEPS.find((name) => snapshot.matches(name)) ?? 'editing';
  const { context } = snapshot;
  return {
    step,
    networksPending: step === 'preparing' || step === 'prepareFailed',
    reviewing: step === 'review' || step === 'adding' || step === 'added',
    checking: step === 'checking',
    canConfirm: step === 'review',
    chains: context.chains,
    form: context.form,
    fieldError: context.fieldError,
    error: context.error,
    safe: context.safe,
  };
}
