/**
 * When a session stream's records are built and stored (decision 0080): in an idle period of the page, which comes
 * after the next frame is painted, and at the latest after `timeoutMs` (a page that is never idle, a hidden tab).
 * Where the browser has no idle callbacks (Safari), in the next task.
 */
export const SESSION_WRITE_TIMEOUT_MS = 2_000;

export function idleTurn(timeoutMs: number = SESSION_WRITE_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve) => {
    if (typeof globalThis.requestIdleCallback === 'function') globalThis.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });
}
