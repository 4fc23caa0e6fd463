/**
 * Logic the composition root loads on first use (decision 0019): machines with their effects that only some
 * screens need. A screen resolves it with `useResolved` inside the app's <Suspense>, which shows "Loading…"
 * until the code has arrived. Plain values (tests, or logic already loaded) pass through unchanged.
 */
import { use } from 'react';

export interface Deferred<T> {
  /** Loads the logic; the same promise on every call. */
  readonly loadDeferred: () => Promise<T>;
}

export type MaybeDeferred<T> = T | Deferred<T>;

export function isDeferred<T>(value: MaybeDeferred<T>): value is Deferred<T> {
  return typeof value === 'object' && value !== null && typeof (value as Partial<Deferred<T>>).loadDeferred === 'function';
}

/** The logic itself; suspends while a deferred one loads. */
export function useResolved<T>(value: MaybeDeferred<T>): T {
  return isDeferred(value) ? use(value.loadDeferred()) : value;
}
