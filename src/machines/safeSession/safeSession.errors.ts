/**
 * How effect failures reach the Safe session. Services reject with an Error that carries a `kind`
 * (see `LoadFailureKind`); anything else counts as the gateway being unavailable.
 */

/**
 * - `notFound`: the gateway answered that the thing does not exist (404, or 422 for an address it rejects):
 *   for Safe info this means "not a Safe on this chain".
 * - `unavailable`: network error, timeout, 5xx, or a response that is not what the gateway should send.
 */
export type LoadFailureKind = 'notFound' | 'unavailable';

export interface LoadFailure {
  kind: LoadFailureKind;
  message: string;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Oops, something went wrong!';
}

export function failureKind(error: unknown): LoadFailureKind {
  if (typeof error === 'object' && error !== null && 'kind' in error && error.kind === 'notFound') return 'notFound';
  return 'unavailable';
}

export function toFailure(error: unknown): LoadFailure {
  return { kind: failureKind(error), message: errorMessage(error) };
}
