/**
 * The Keystone SDK's QR dialog (react-modal, rendered through preact/compat into a `.ReactModalPortal` under
 * <body>) opens while the app's own flow dialog (Radix, modal) is open (issue 19, decision 0079). A modal Radix
 * dialog turns pointer events off on <body>, hides every other child of <body> from assistive technology
 * (aria-hidden) and keeps focus inside itself. Left so, the Keystone's "Scan Keystone" and "Close" buttons could not
 * be clicked, a screen reader would not find the dialog, and focus could not reach it.
 *
 * `exposeKeystoneDialog` makes the Keystone's dialog a layer above the flow's while a request is on it, as the
 * Devnet Wallet's device panel is (src/dev/devnetDevicePanel.ts): pointer events back on, aria-hidden off, and
 * focus moves into it are not undone by the flow dialog's focus trap (Radix listens for focusin/focusout on the
 * document; those events are stopped before they reach it when they come from, or go to, the Keystone dialog).
 */

const PORTAL = '.ReactModalPortal';

let focusGuard: ((event: FocusEvent) => void) | null = null;

const inKeystoneDialog = (node: unknown): boolean => node instanceof Element && node.closest(PORTAL) !== null;

/** Lets the Keystone dialog in `doc` be used above a modal dialog of the app; call before each request that opens it. */
export function exposeKeystoneDialog(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): void {
  if (!doc) return;
  for (const portal of doc.querySelectorAll<HTMLElement>(PORTAL)) {
    portal.style.pointerEvents = 'auto';
    portal.removeAttribute('aria-hidden');
  }
  if (focusGuard) return;
  focusGuard = (event) => {
    if (inKeystoneDialog(event.target) || inKeystoneDialog(event.relatedTarget)) event.stopImmediatePropagation();
  };
  doc.addEventListener('focusin', focusGuard, true);
  doc.addEventListener('focusout', focusGuard, true);
}
