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
 *   makes the close control a button named "Close" that Enter and Space press; its stylesheet (styleKeystoneDialog)
 *   gives it the app's theme and keeps it within a phone's viewport.
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

const STYLE_ID = 'countersign-keystone-dialog';

/**
 * The SDK's dialog in the app's look (decision 0083): the SDK and react-modal style it inline with fixed light colours
 * (white box, dark-blue text, purple buttons and link, a white overlay, a dark close image) and a desktop size (37rem
 * wide, its panel 35rem): in the dark theme it was a white box, and on a phone its text, the QR code's edge and the
 * close control were off-screen. These rules, scoped to the Keystone portal, take the app's theme tokens (styles.css)
 * and keep it within the viewport, scrolling; `!important` because they override inline styles. The QR code keeps
 * its black on white, with a white quiet zone around it in either theme (a camera needs it). The overlay is the app's
 * own dialogs' (ui.css). The close control (an empty box around an absolutely placed image: nothing to see, click or
 * outline) becomes a 2rem box in the corner with the image in it. The Keystone logo on the sync page (black, with a
 * blue mark; decorative, alt="") sits on a white plate in the dark theme, where black on --surface was 1.2:1
 * (decision 0089).
 */
export const KEYSTONE_DIALOG_CSS = `
${PORTAL} .ReactModal__Overlay { background: rgb(0 0 0 / 0.45) !important; }
${CONTENT} {
  box-sizing: border-box !important; width: min(37rem, calc(100vw - 16px)) !important; max-height: calc(100vh - 16px) !important;
  overflow-y: auto !important; padding: 16px !important;
  background: var(--surface) !important; color: var(--text) !important; border: 1px solid var(--border) !important;
}
${CONTENT} > div:nth-child(2) { width: auto !important; max-width: 100% !important; padding: 0 !important; color: var(--text) !important; }
${CONTENT} p, ${CONTENT} li { color: var(--text) !important; overflow-wrap: anywhere; }
${CONTENT} a { color: var(--accent) !important; text-decoration: underline !important; }
${CONTENT} button {
  background: var(--accent) !important; color: var(--accent-text) !important; border: 1px solid var(--accent) !important;
  min-width: 0 !important; max-width: 100%; padding: 0 1.5rem;
}
${CONTENT} > div:first-child {
  position: absolute; top: 0.5rem; right: 0.5rem; width: 2rem; height: 2rem; border-radius: 4px; cursor: pointer;
  display: flex; align-items: center; justify-content: center;
}
${CONTENT} > div:first-child img { position: static !important; }
:root[data-theme='dark'] ${CONTENT} > div:first-child img { filter: invert(1); }
${CONTENT} > div:nth-child(2) img { border-radius: 6px; padding: 4px; }
:root[data-theme='dark'] ${CONTENT} > div:nth-child(2) img { background: #ffffff; }
${CONTENT} canvas { background: #ffffff; padding: 12px; max-width: 100% !important; height: auto !important; box-sizing: border-box; }
${CONTENT} video { max-width: 100%; }
${CONTENT} p[style*='red'] { color: var(--danger-text) !important; }
`;

/** Adds the Keystone dialog's stylesheet to `doc` once (the CSP allows inline styles: style-src 'unsafe-inline'). */
export function styleKeystoneDialog(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = KEYSTONE_DIALOG_CSS;
  doc.head.appendChild(style);
}

/** Names the open Keystone dialog(s) in `root` and makes their close control a button. */
export function labelKeystoneDialog(root: ParentNode): void {
  for (const content of root.querySelectorAll<HTMLElement>(CONTENT)) {
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
  styleKeystoneDialog(doc);
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
