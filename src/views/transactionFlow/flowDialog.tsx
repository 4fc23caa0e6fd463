/** Pieces the small flow dialogs (delete, bulk execute) share: where the flow is, and its command buttons. */
import type { ReactNode } from 'react';

export type FlowCommand = 'user.retry' | 'user.cancel' | 'user.close';

interface FlowSnapshotLike {
  value: string | Record<string, unknown>;
  can(event: { type: FlowCommand }): boolean;
}

/**
 * The top-level state (`walletError` for the one nested state these flows have), its sub-state when nested,
 * and `button(command, label)`: a button for a command the flow accepts now, or nothing.
 */
export function flowDialogParts(snapshot: FlowSnapshotLike, send: (event: { type: FlowCommand }) => void) {
  const state = typeof snapshot.value === 'string' ? snapshot.value : 'walletError';
  const sub = typeof snapshot.value === 'object' ? (Object.values(snapshot.value)[0] as string) : null;
  const button = (type: FlowCommand, label: string): ReactNode =>
    snapshot.can({ type }) ? (
      <button type="button" onClick={() => send({ type })}>
        {label}
      </button>
    ) : null;
  return { state, sub, button };
}
