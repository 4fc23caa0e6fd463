/**
 * React's act() on Preact, for Testing Library in the DOM tests (decision 0073). Testing Library takes act from
 * react-dom/test-utils when React has none (preact/compat has none); vitest.config.ts points that import here.
 * preact/test-utils' act flushes renders and effects like React's, but its promise resolves to nothing, where
 * React's resolves to what the callback returned — tests rely on that (`const close = await act(async () => open())`).
 */
import { act as preactAct } from 'preact/test-utils';

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function';

export function act<T>(callback: () => T | Promise<T>): Promise<T> {
  let value: T | undefined;
  const done = preactAct(() => {
    const result = callback();
    if (isThenable(result)) return Promise.resolve(result).then((resolved) => void (value = resolved));
    value = result;
    return undefined;
  });
  return done.then(() => value as T);
}
