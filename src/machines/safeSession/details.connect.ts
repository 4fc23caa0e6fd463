/**
 * The details view model: an opened transaction's or message's step and hash check, computed only from a
 * snapshot. The opener is a child of the Safe session that exists only once the Safe is ready: without a
 * snapshot it reads as `idle`.
 */
import type { DetailsContext, DetailsEvent } from './details.types.ts';

export type DetailsStep = 'idle' | 'loading' | 'failed' | 'hashing' | 'hashFailed' | 'verified' | 'mismatch' | 'unhashed';

const STEPS: readonly DetailsStep[] = ['idle', 'loading', 'failed', 'hashing', 'hashFailed', 'verified', 'mismatch', 'unhashed'];

/**
 * What `connectDetails` reads of a details snapshot (any `createDetailsMachine` snapshot is one), so that one
 * selector serves the transaction and the message opener alike.
 */
export interface DetailsSnapshot<TDetails, THashes> {
  context: DetailsContext<TDetails, THashes>;
  matches: (state: DetailsStep) => boolean;
  can: (event: DetailsEvent) => boolean;
}

export interface DetailsView<TDetails, THashes> {
  step: DetailsStep;
  /** The item is loaded (the hashes may still be being computed, or have failed). */
  loaded: boolean;
  /** Computing the hashes locally. */
  hashing: boolean;
  canRetry: boolean;
  details: DetailsContext<TDetails, THashes>['details'];
  check: DetailsContext<TDetails, THashes>['check'];
  error: string | null;
  /** `notFound`: the item does not exist (a wrong link, or deleted): say so and offer a way on, not a retry. */
  errorKind: 'notFound' | 'unavailable' | null;
}

const NOT_STARTED: DetailsView<never, never> = { step: 'idle', loaded: false, hashing: false, canRetry: false, details: null, check: null, error: null, errorKind: null };

export function connectDetails<TDetails, THashes>(snapshot: DetailsSnapshot<TDetails, THashes> | undefined): DetailsView<TDetails, THashes> {
  if (!snapshot) return NOT_STARTED;
  const step = STEPS.find((name) => snapshot.matches(name)) ?? 'idle';
  const { context } = snapshot;
  return {
    step,
    loaded: step !== 'idle' && step !== 'loading' && step !== 'failed',
    hashing: step === 'hashing',
    canRetry: snapshot.can({ type: 'user.retry' }),
    details: context.details,
    check: context.check,
    error: context.error,
    errorKind: context.errorKind ?? null,
  };
}
