/** The spendingLimits view model: the section's step and data, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { SpendingLimitsMachine } from './spendingLimits.machine.ts';

export type SpendingLimitsSnapshot = SnapshotFrom<SpendingLimitsMachine>;

export type SpendingLimitsStep = 'loading' | 'list' | 'failed';

const STEPS: readonly SpendingLimitsStep[] = ['loading', 'list', 'failed'];

export interface SpendingLimitsView {
  step: SpendingLimitsStep;
  /** The connected wallet is an owner: it may propose changes (through the transaction flow). */
  canManage: boolean;
  context: SpendingLimitsSnapshot['context'];
}

export function connectSpendingLimits(snapshot: SpendingLimitsSnapshot): SpendingLimitsView {
  const step = STEPS.find((name) => snapshot.matches(name)) ?? 'loading';
  return { step, canManage: snapshot.context.signer !== null, context: snapshot.context };
}
