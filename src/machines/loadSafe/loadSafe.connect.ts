/** The loadSafe view model: the add-existing-Safe screen's step and data, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { loadSafeMachine } from './loadSafe.machine.ts';
import type { AddedSafe, LoadSafeContext } from './loadSafe.types.ts';
import { lookAlikeOf } from '../../domain/safe/lookAlike.ts';

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
  /**
   * An added Safe on the same network whose address begins and ends like the found one but differs inside
   * (S17: a look-alike planted to be opened by mistake), or null.
   */
  resembles: AddedSafe | null;
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
    resembles: context.safe ? resemblingSafe(context.safe.address, context.form.chainId, context.added) : null,
  };
}

function resemblingSafe(address: string, chainId: string, added: readonly AddedSafe[]): AddedSafe | null {
  const sameChain = added.filter((a) => a.chainId === chainId);
  const found = lookAlikeOf(address, sameChain.map((a) => ({ address: a.address, name: a.name || null, source: 'addedSafe' as const })));
  return found ? (sameChain.find((a) => a.address.toLowerCase() === found.address.toLowerCase()) ?? null) : null;
}
