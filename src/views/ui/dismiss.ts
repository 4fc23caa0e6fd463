/**
 * How a flow's dialog closes (its × button and Escape). A flow is closed only by an event it accepts now, the same
 * one its own Close or Cancel button sends; while it accepts neither (a wallet prompt or a broadcast is in
 * flight) the dialog has no × and Escape does nothing.
 */

/**
 * The accessible name of a flow dialog's × button. Not "Close" or "Cancel": the steps have their own buttons with
 * those names, and a second one would make "the Close button" ambiguous.
 */
export const DISMISS_LABEL = 'Dismiss dialog';

/** `user.close` where the flow offers Close, else `user.cancel` where it offers Cancel, else nothing. */
export function dismissEventOf(view: { canClose: boolean; canCancel: boolean }): 'user.close' | 'user.cancel' | null {
  return view.canClose ? 'user.close' : view.canCancel ? 'user.cancel' : null;
}
