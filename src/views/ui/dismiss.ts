/**
 * How a flow's dialog closes (its × button and Escape). Only by the flow's own Close (`user.close`), where the flow
 * offers it now: Escape and × never discard work. Cancel (which ends a flow and drops its draft) stays an explicit
 * button of the step, so a stray Escape — or one meant for an open suggestion list — cannot lose a draft. While the
 * flow does not offer Close (composing, reviewing, a wallet prompt or a broadcast in flight) the dialog has no ×
 * and Escape does nothing.
 */

/**
 * The accessible name of a flow dialog's × button. Not "Close" or "Cancel": the steps have their own buttons with
 * those names, and a second one would make "the Close button" ambiguous.
 */
export const DISMISS_LABEL = 'Dismiss dialog';

/** `user.close` where the flow offers Close, else nothing. */
export function dismissEventOf(view: { canClose: boolean }): 'user.close' | null {
  return view.canClose ? 'user.close' : null;
}
