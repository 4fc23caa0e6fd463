/**
 * The Keystone SDK's QR dialog (react-modal, rendered through preact/compat into a `.ReactModalPortal` under
 * <body>) as a usable layer of the app (issue 19, decision 0079).
 *
 * - Above the flow's dialog: it opens while the app's own flow dialog (Radix, modal) is open. A modal Radix dialog
 *   turns pointer events off on <body>, hides every other child of <body> from assistive technology (aria-hidden) and
 *   keeps focus inside itself. Left so, the Keystone's "Scan Keystone" and close controls could not be clicked, a
 *   screen reader would not find the dialog, and focus could not reach it. `exposeKeystoneDialog` (before each
 *   request that opens it) turns pointer events back on and aria-hidden off for it, and stops the focusin/focusout
 *   events that come from, or go to, the Keystone dialog before they reach the flow dialog's focus trap (Radix
 *   listens on the document), as the Devnet Wallet's device panel is a layer of its own (src/dev/devnetDevicePanel.ts).
 * - Named and operable: the SDK gives its dialog no accessible name and its close control is an image without a text
 *   in a clickable box. `watchKeystoneDialog` (from before the SDK starts) names the dialog after its own title,
 *   makes the close control a button named "Close" that Enter and Space press, and keeps the dialog within a phone's
 *   viewport.
 */

const PORTAL = '.ReactModalPortal';
const CONTENT = '.ReactModal__Content';

let focusGuard: ((event: FocusEvent) => void) | null = null;
let watching: MutationObserver | null = null;

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

function pressOnKeys(event: KeyboardEvent): void {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  event.preventDefault();
  (event.currentTarget as HTMLElement).click();
}

/**
 * The SDK sizes its dialog for a desktop (37rem wide, its panel 35rem): on a phone its text, the QR code's edge and
 * the close control were off-screen. It is kept within the viewport and scrolls (the app's own styles are untouched;
 * Preact does not reset a style its props did not change).
 */
function fitToViewport(content: HTMLElement): void {
  content.style.boxSizing = 'border-box';
  content.style.width = 'min(37rem, calc(100vw - 16px))';
  content.style.maxHeight = 'calc(100vh - 16px)';
  content.style.overflowY = 'auto';
  content.style.padding = '16px';
  const panel = content.querySelector<HTMLElement>(':scope > div:nth-child(2)');
  if (panel) {
    panel.style.width = 'auto';
    panel.style.maxWidth = '100%';
    panel.style.padding = '0';
  }
  for (const canvas of content.querySelectorAll<HTMLCanvasElement>('canvas')) canvas.style.maxWidth = '100%';
}

/** Names the open Keystone dialog(s) in `root` and makes their close control a button. */
export function labelKeystoneDialog(root: ParentNode): void {
  for (const content of root.querySelectorAll<HTMLElement>(CONTENT)) {
    fitToViewport(content);
    const title = content.querySelector('p')?.textContent?.trim();
    content.setAttribute('aria-label', title ? `Keystone: ${title}` : 'Keystone');
    const image = content.querySelector<HTMLImageElement>(':scope > div > img');
    const close = image?.parentElement;
    if (!image || !close || close.getAttribute('role') === 'button') continue;
    image.alt = '';
    close.setAttribute('role', 'button');
    close.setAttribute('aria-label', 'Close');
    close.tabIndex = 0;
    close.addEventListener('keydown', pressOnKeys);
  }
}

/** Watches `doc` for the Keystone SDK's dialog and labels it whenever it opens or changes page. Idempotent. */
export function watchKeystoneDialog(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): void {
  if (!doc?.body || watching || typeof MutationObserver === 'undefined') return;
  const portals = new WeakSet<Element>();
  const inner = new MutationObserver((records) => {
    for (const record of records) {
      const portal = record.target instanceof Element ? record.target.closest(PORTAL) : null;
      if (portal) labelKeystoneDialog(portal);
    }
  });
  const track = () => {
    for (const portal of doc.querySelectorAll(PORTAL)) {
      if (portals.has(portal)) continue;
      portals.add(portal);
      inner.observe(portal, { childList: true, subtree: true, characterData: true });
      labelKeystoneDialog(portal);
    }
  };
  watching = new MutationObserver(track);
  watching.observe(doc.body, { childList: true });
  track();
}
