/**
 * Views read machines through view models: each machine folder has a pure `<m>.connect.ts` whose
 * `connect<M>(snapshot)` turns a snapshot into a plain object (a `step`/`status`, booleans such as `busy` or
 * `canRetry`, and the context data the view shows). Views never ask a snapshot for its state names.
 *
 * A connect function returns a new object for every snapshot, so a selector that returns it needs a compare
 * function, or the component would re-render on every snapshot: `shallowEqualViewModel` is that compare,
 * as in `useSelector(actor, connectX, shallowEqualViewModel)`.
 */

/** Arrays with `Object.is`-equal items (a view model may list derived values, e.g. a request's capabilities). */
function sameItems(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((item, i) => Object.is(item, b[i]));
}

/**
 * True when `a` and `b` are the same value, or plain objects with the same keys whose values are `Object.is`-equal
 * (arrays: item by item).
 */
export function shallowEqualViewModel<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  return keysA.every((key) => Object.prototype.hasOwnProperty.call(recordB, key) && sameItems(recordA[key], recordB[key]));
}

