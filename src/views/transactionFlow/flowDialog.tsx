/** Pieces the small flow dialogs (delete, bulk execute) share: where the flow is, and its command buttons. */
import type { ReactNode } from 'react';
import { DISMISS_LABEL, dismissEventOf } from '../ui/dismiss.ts';

export type FlowCommand = 'user.retry' | 'user.cancel' | 'user.close';

/** What the dialogs' view models (deleteTxFlow.connect.ts, bulkExecuteFlow.connect.ts) have in common. */
interface FlowViewLike<TStatus extends string, TKind extends string> {
  status: TStatus;
  walletError: TKind | null;
  canRetry: boolean;
  canCancel: boolean;
  canClose: boolean;
}

const ACCEPTS: Record<FlowCommand, (view: FlowViewLike<string, string>) => boolean> = {
  'user.retry': (view) => view.canRetry,
  'user.cancel': (view) => view.canCancel,
  'user.close': (view) => view.canClose,
};

/**
 * The top-level state (`walletError` for the one nested state these flows have), its sub-state when nested,
 * and `button(command, label)`: a button for a command the flow accepts now, or nothing.
 */
export function flowDialogParts<TStatus extends string, TKind extends string>(view: FlowViewLike<TStatus, TKind>, send: (event: { type: FlowCommand }) => void) {
  const button = (type: FlowCommand, label: string, className?: string): ReactNode =>
    ACCEPTS[type](view) ? (
      <button type="button" className={className} onClick={() => send({ type })}>
        {label}
      </button>
    ) : null;
  const dismiss = dismissEventOf(view);
  const onClose = dismiss ? () => send({ type: dismiss }) : undefined;
  return { state: view.status, sub: view.walletError, button, onClose, closeLabel: DISMISS_LABEL };
}
