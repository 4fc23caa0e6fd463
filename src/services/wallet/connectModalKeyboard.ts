/**
 * Keyboard use of web3-onboard's wallet list (and its theme, CONNECT_MODAL_THEME below). The list is a plain box in
 * the open shadow root of the library's <onboard-v2> element, with no keyboard support of its own: focus stays on the
 * page behind it (Tab walks the whole page before reaching it), Escape does nothing, and its close control is a div
 * that cannot be focused.
 * While the list is open this gives it the modal dialog pattern's keyboard behaviour:
 * - focus moves to its first wallet as soon as one shows, and back into the list when a dialog opened above it
 *   closes with focus nowhere;
 * - Tab and Shift+Tab cycle inside it (from anywhere on the page);
 * - Escape closes it through its own close control (onboard then ends the connect call with no wallet);
 * - the close control is a focusable button named "Close" that Enter and Space press;
 * - it is a named modal dialog for assistive technology.
 * A modal dialog a device module opens above it while connecting (the Keystone's QR dialog, the account list) keeps
 * its own keys: the list's keyboard support ignores keys from inside one.
 * The function it returns ends all this. Focus still inside the list then is let go (the list only fades out
 * afterwards), so the app can put it back on its own wallet control.
 */

/**
 * The wallet list's colours from the app's theme tokens (decision 0091), given to web3-onboard's `init`; here, in the
 * chunk loaded with web3-onboard (onboard.ts is loaded at first paint by the wallet fixture app). web3-onboard writes
 * them on the root element, where each `var()` resolves with the root's `data-theme`: the list follows the app's light
 * and dark looks (and a change of look while it is open) instead of staying white in the dark theme. The same seven
 * properties web3-onboard's own dark theme sets; the font is the app's.
 */
export const CONNECT_MODAL_THEME = {
  '--w3o-background-color': 'var(--surface)',
  '--w3o-foreground-color': 'var(--bg)',
  '--w3o-text-color': 'var(--text)',
  '--w3o-border-color': 'var(--border)',
  '--w3o-action-color': 'var(--accent)',
  '--w3o-border-radius': '12px',
  '--w3o-font-family': "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
} as const;

/** The element web3-onboard renders its modals into (open shadow root). */
export const ONBOARD_HOST = 'onboard-v2';
const TABBABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex="0"]';
const DIALOG_NAME = 'Connect a wallet';

export function keyboardForConnectModal(doc: Document): () => void {
  let root: ShadowRoot | null = null;
  let modal: HTMLElement | null = null;
  let close: HTMLElement | null = null;
  let focused = false;
  let stopped = false;

  const tabbables = (): HTMLElement[] => (modal ? [...modal.querySelectorAll<HTMLElement>(TABBABLE)] : []);
  const focusedInModal = (): HTMLElement | null => {
    const active = root?.activeElement ?? null;
    return active instanceof HTMLElement && modal?.contains(active) ? active : null;
  };

  function attach(): void {
    if (stopped) return;
    const shadow = doc.querySelector(ONBOARD_HOST)?.shadowRoot ?? null;
    if (shadow && shadow !== root) {
      root = shadow;
      observer.observe(shadow, { childList: true, subtree: true });
    }
    const found = root?.querySelector<HTMLElement>('.modal') ?? null;
    if (found !== modal) {
      modal = found;
      focused = false;
      if (modal) {
        modal.setAttribute('role', 'dialog');
        modal.setAttribute('aria-modal', 'true');
        modal.setAttribute('aria-label', DIALOG_NAME);
      }
    }
    if (!modal) return;
    const control = modal.querySelector<HTMLElement>('.button-container');
    if (control && control !== close) {
      close = control;
      close.setAttribute('role', 'button');
      close.setAttribute('tabindex', '0');
      close.setAttribute('aria-label', 'Close');
    }
    // First as soon as a wallet shows; again when a dialog opened above the list (a device module's) closes and
    // leaves focus nowhere, e.g. the account list dismissed by Escape: back into the list ("Connection Rejected").
    const lost = doc.activeElement === null || doc.activeElement === doc.body;
    if (!focused || lost) {
      const first = modal.querySelector<HTMLElement>('.wallets-container button:not([disabled])') ?? tabbables().find((el) => el !== close) ?? null;
      if (first) {
        focused = true;
        first.focus();
      }
    }
  }

  /**
   * Whether the key comes from another modal dialog opened above the list while the wallet connects (a device
   * module's: the Keystone SDK's QR dialog, web3-onboard's account list; decision 0089): its keys are its own.
   */
  const fromDialogAbove = (event: KeyboardEvent): boolean =>
    event.composedPath().some((node) => node !== modal && node instanceof Element && node.getAttribute('aria-modal') === 'true');

  function onKeyDown(event: KeyboardEvent): void {
    if (!modal?.isConnected || fromDialogAbove(event)) return;
    const active = focusedInModal();
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close?.click();
    } else if ((event.key === 'Enter' || event.key === ' ') && active && active === close) {
      event.preventDefault();
      close?.click();
    } else if (event.key === 'Tab') {
      const items = tabbables();
      const at = active ? items.indexOf(active) : -1;
      const wraps = at === -1 || (event.shiftKey ? at === 0 : at === items.length - 1);
      if (!wraps) return;
      event.preventDefault();
      (event.shiftKey ? items[items.length - 1] : items[0])?.focus();
    }
  }

  const observer = new MutationObserver(attach);
  observer.observe(doc.body, { childList: true });
  doc.addEventListener('keydown', onKeyDown, true);
  attach();

  return () => {
    stopped = true;
    observer.disconnect();
    doc.removeEventListener('keydown', onKeyDown, true);
    focusedInModal()?.blur();
    for (const attribute of ['role', 'aria-modal', 'aria-label']) modal?.removeAttribute(attribute);
    for (const attribute of ['role', 'tabindex', 'aria-label']) close?.removeAttribute(attribute);
  };
}
