/**
 * The transactions this page's own flows executed (or sent for execution), so that the notice of an execution seen
 * elsewhere (decision 0043) never announces one of them. Written by the flow watcher (FlowToasts), read by
 * safeSession/ExecutionNotices.tsx; ids as the gateway lists them, compared case-insensitively. Lives as long as the page.
 * No imports: it is in the first load, the flows are not.
 */

const executed = new Set<string>();

export function recordOwnExecutions(txIds: readonly string[]): void {
  for (const id of txIds) executed.add(id.toLowerCase());
}

export function isOwnExecution(txId: string): boolean {
  return executed.has(txId.toLowerCase());
}

/** Forgets them all (tests start from a fresh page). */
export function forgetOwnExecutions(): void {
  executed.clear();
}
