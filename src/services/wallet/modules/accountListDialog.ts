/**
 * web3-onboard's own account list (@web3-onboard/hw-common 2.3.3's `accountSelect`, a Svelte view in the open shadow
 * root of an <account-select> element appended to <body>; a Keystone shows it once synced, to pick the account) as a
 * usable, themed dialog of the app (issue 19, decision 0089). web3-onboard is not forked: while the module asks for
 * accounts, `supportAccountList` watches for that element and, in its shadow root,
 * - adds one stylesheet (ACCOUNT_LIST_CSS) that gives the list the app's theme tokens (which inherit into the shadow
 *   root) in light and dark, visible focus, and a width and height within a phone's viewport;
 * - names what it leaves unnamed: the box is a modal dialog named `<device>: Select an account`, each select is
 *   labelled by the caption above it, the close control is a button "Close" and "Dismiss" a button, both pressed by
 *   Enter and Space; its captions and header are not headings/landmarks of the page;
 * - makes it usable by keyboard: focus moves to its first select when it opens, Tab and Shift+Tab stay inside it, the
 *   address table is one Tab stop (the selected or first row; Arrow Up/Down, Home, End move between rows, Enter or
 *   Space selects the row, shown as aria-selected), Escape dismisses it (as its own Dismiss does).
 * The function it returns ends the watching; the list itself is gone by then (web3-onboard destroys it when an
 * account is connected or it is dismissed).
 */

export const ACCOUNT_LIST_HOST = 'account-select';
const STYLE_ID = 'countersign-account-list';
const DIALOG = '.hardware-connect-modal';
const TABBABLE = 'select:not([disabled]), input:not([disabled]), button:not([disabled]), [tabindex="0"]';
const ROWS = '.address-table tbody tr';

/**
 * hw-common styles the list with fixed light colours (white box, #6370e5 purple: the Dismiss link at 4.2:1 on white,
 * a grey bar, a dark select arrow) and no focus outline on its selects; its Network select (12rem) cut a chain name
 * such as "Countersign Devnet" at the arrow. Scoped to its shadow root; `!important`
 * because Svelte's class selectors are more specific. The select arrow is drawn in the text colour (two gradients), so
 * it shows in both themes. The address table wraps its cells rather than scroll sideways on a phone. A balance stays
 * on one line, its last digits cut with an ellipsis: the full precision (e.g. 9988.999270203560754165) took two lines
 * at 1440 px and four on a 390 px screen; there (600 px and narrower) the DPATH column is left out too (the row's place
 * in the list and the Base Path select say it): its <col> gets no width, as the table's columns take their widths from
 * hw-common's <colgroup> (50 %, 28 %, 22 %), and its cells are hidden. Decision 0091.
 */
export const ACCOUNT_LIST_CSS = `
.container { background: rgb(0 0 0 / 0.45) !important; color: var(--text) !important; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif !important; }
${DIALOG} {
  box-sizing: border-box !important; width: min(50rem, calc(100vw - 16px)) !important; max-height: calc(100vh - 16px) !important;
  overflow-y: auto !important; background: var(--surface) !important; color: var(--text) !important; border: 1px solid var(--border) !important;
  border-radius: 12px !important;
}
.connect-wallet-header { border-bottom: 1px solid var(--border) !important; }
.control-label { color: var(--text) !important; }
select, input[type='text'] {
  background-color: var(--surface) !important; color: var(--text) !important; border-color: var(--border) !important;
  background-image: linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%) !important;
  background-position: right 1.1rem center, right 0.75rem center !important; background-size: 0.35rem 0.35rem, 0.35rem 0.35rem !important;
  background-repeat: no-repeat !important;
}
option { background: var(--surface); color: var(--text); }
.table-controls { background: var(--bg) !important; color: var(--text) !important; }
.table-container { border-color: var(--border) !important; }
thead { background: var(--surface) !important; }
input[type='checkbox'] { background: var(--surface) !important; border-color: var(--muted) !important; }
input[type='checkbox']:checked { background: var(--accent) !important; border-color: var(--accent) !important; }
.scan-accounts-btn, .connect-btn { background: var(--accent) !important; color: var(--accent-text) !important; }
.connect-btn:disabled { background: var(--border) !important; color: var(--muted) !important; }
.dismiss-action { color: var(--accent) !important; text-decoration: underline; border-radius: 4px; padding: 0.25rem; }
.error-msg { color: var(--danger-text) !important; }
.network-select { min-width: 15rem !important; }
.address-table table { table-layout: fixed; width: 100%; }
.address-table td { overflow-wrap: anywhere; }
.address-table td.asset-td { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
@media (max-width: 600px) {
  .address-table col:nth-child(1) { width: 62% !important; }
  .address-table col:nth-child(2) { width: 0 !important; }
  .address-table col:nth-child(3) { width: 38% !important; }
  .address-table th:nth-child(2), .address-table td:nth-child(2) { visibility: hidden; padding: 0 !important; font-size: 0 !important; }
}
tbody tr:hover { background: var(--bg) !important; color: var(--text) !important; }
tbody tr.selected-row, tbody tr.selected-row:hover { background: var(--accent) !important; color: var(--accent-text) !important; }
select:focus-visible, input:focus-visible, button:focus-visible, [tabindex]:focus-visible {
  outline: 2px solid var(--focus) !important; outline-offset: 2px !important;
}
tbody tr:focus-visible { outline-offset: -2px !important; }
`;

function pressOnKeys(event: KeyboardEvent): void {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  event.preventDefault();
  (event.currentTarget as HTMLElement).click();
}

function makeButton(element: HTMLElement | null, name?: string): void {
  if (!element || element.getAttribute('role') === 'button') return;
  element.setAttribute('role', 'button');
  element.tabIndex = 0;
  if (name) element.setAttribute('aria-label', name);
  element.addEventListener('keydown', pressOnKeys);
}

/** Names, roles and Tab stops of the list in `root` (again after every change Svelte makes). */
export function labelAccountList(root: ShadowRoot, device: string): void {
  const dialog = root.querySelector<HTMLElement>(DIALOG);
  if (!dialog) return;
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', `${device}: Select an account`);
  root.querySelector('header')?.setAttribute('role', 'none');
  root.querySelectorAll<HTMLElement>('.modal-controls > div').forEach((control, index) => {
    const caption = control.querySelector<HTMLElement>(':scope > h4');
    const field = control.querySelector<HTMLElement>(':scope > select, :scope > input');
    if (!caption || !field) return;
    caption.setAttribute('role', 'none');
    caption.id ||= `${STYLE_ID}-label-${index}`;
    field.setAttribute('aria-labelledby', caption.id);
  });
  makeButton(root.querySelector<HTMLElement>('.close'), 'Close');
  makeButton(root.querySelector<HTMLElement>('#dismiss-account-select'));
  const rows = [...root.querySelectorAll<HTMLElement>(ROWS)];
  const stop = rows.find((row) => row.classList.contains('selected-row')) ?? rows.find((row) => row.tabIndex === 0) ?? rows[0];
  for (const row of rows) {
    const selected = row.classList.contains('selected-row');
    if (row.getAttribute('aria-selected') !== String(selected)) row.setAttribute('aria-selected', String(selected));
    const tabIndex = row === stop ? 0 : -1;
    if (row.tabIndex !== tabIndex) row.tabIndex = tabIndex;
  }
}

/** The element focused inside `root`. */
const focusedIn = (root: ShadowRoot): HTMLElement | null => (root.activeElement instanceof HTMLElement ? root.activeElement : null);

function onKeyDown(root: ShadowRoot, event: KeyboardEvent): void {
  const dialog = root.querySelector<HTMLElement>(DIALOG);
  if (!dialog) return;
  const active = focusedIn(root);
  if (event.key === 'Escape') {
    event.preventDefault();
    root.querySelector<HTMLElement>('#dismiss-account-select')?.click();
    return;
  }
  if (event.key === 'Tab') {
    const items = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)];
    const at = active ? items.indexOf(active) : -1;
    if (at !== -1 && !(event.shiftKey ? at === 0 : at === items.length - 1)) return;
    event.preventDefault();
    (event.shiftKey ? items[items.length - 1] : items[0])?.focus();
    return;
  }
  if (!active?.matches(ROWS)) return;
  const rows = [...root.querySelectorAll<HTMLElement>(ROWS)];
  const at = rows.indexOf(active);
  const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: rows.length - 1 }[event.key];
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    active.click();
  } else if (next !== undefined && rows[next]) {
    event.preventDefault();
    active.tabIndex = -1;
    rows[next].tabIndex = 0;
    rows[next].focus();
  }
}

/** Starts the support for hw-common's account list in `doc` while a module of `device` asks for accounts. */
export function supportAccountList(doc: Document | undefined, device: string): () => void {
  if (!doc?.body || typeof MutationObserver === 'undefined') return () => {};
  const handled = new WeakSet<ShadowRoot>();
  const observers: MutationObserver[] = [];

  const track = () => {
    for (const host of doc.querySelectorAll(ACCOUNT_LIST_HOST)) {
      const root = host.shadowRoot;
      if (!root || handled.has(root)) continue;
      handled.add(root);
      const style = doc.createElement('style');
      style.id = STYLE_ID;
      style.textContent = ACCOUNT_LIST_CSS;
      root.appendChild(style);
      root.addEventListener('keydown', (event) => onKeyDown(root, event as KeyboardEvent));
      const inner = new MutationObserver(() => labelAccountList(root, device));
      inner.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
      observers.push(inner);
      labelAccountList(root, device);
      root.querySelector<HTMLElement>(`${DIALOG} select`)?.focus();
    }
  };
  const outer = new MutationObserver(track);
  outer.observe(doc.body, { childList: true });
  observers.push(outer);
  track();
  return () => {
    for (const observer of observers) observer.disconnect();
  };
}
