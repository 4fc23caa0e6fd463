/**
 * React's act() on Preact, for Testing Library in the DOM tests (decision 0073). Testing Library takes act from
 * react-dom/test-utils when React has none (preact/compat has none); vitest.config.ts points that import here.
 * preact/test-utils' act flushes renders and effects when the outermost act ends, like React's. Two things differ,
 * and tests rely on both:
 *  - React's act resolves to what the callback returned (`const close = await act(async () => open())`);
 *  - React renders a discrete event's updates at once, so several events fired inside one act each see the render of
 *    the one before (a select's handler reading the name typed just before). Testing Library fires every event
 *    inside a synchronous act of its own; when that act is nested in another, the pending renders are run here when
 *    it returns — as a browser does between two events, where Preact renders in a microtask.
 */
import { act as preactAct, setupRerender, teardown } from 'preact/test-utils';

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function';

/**
 * Runs the render queue preact/test-utils' act holds back until the outermost act ends. setupRerender's drain reads the
 * option act() stores the queue in (its name is mangled in Preact's build); teardown() undoes setupRerender at once.
 */
const renderPending = setupRerender();
teardown();

let depth = 0;

export function act<T>(callback: () => T | Promise<T>): Promise<T> {
  let value: T | undefined;
  let async = false;
  depth += 1;
  let done: Promise<void>;
  try {
    done = preactAct(() => {
      const result = callback();
      if (isThenable(result)) {
        async = true;
        return Promise.resolve(result).then((resolved) => void (value = resolved));
      }
      value = result;
      if (depth > 1) renderPending();
      return undefined;
    });
  } catch (error) {
    depth -= 1;
    throw error;
  }
  if (!async) {
    depth -= 1;
    return done.then(() => value as T);
  }
  return done.then(
    () => {
      depth -= 1;
      return value as T;
    },
    (error: unknown) => {
      depth -= 1;
      throw error;
    },
  );
}
