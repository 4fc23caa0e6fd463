/**
 * The Devnet Wallet's device panel (issue 19): while a device profile is set, a small region fixed at the
 * bottom-right of the page stands in for the device itself. It shows the device's state (a select a person or a
 * browser test changes), the request on the device's screen (one <dt>/<dd> pair per line, computed by the wallet
 * from the bytes it received) and the device's two buttons. Plain DOM, no framework: the dev chunk only.
 *
 *   <section role="region" aria-label="Devnet device: <name>" data-testid="devnet-device">
 *     <div><p>Devnet device: <name> (<what it shows>)</p> <button aria-expanded aria-label="Hide device panel" | "Show device panel">Hide | Show</button></div>
 *     <div>                                                       (hidden while collapsed and nothing waits)
 *       <label>Device state <select aria-label="Device state">…</select></label>
 *       <div aria-live="polite">
 *         <p>Nothing to sign.</p> | <p>Reading the request…</p> | <p><title></p><dl data-testid="devnet-device-screen">…</dl>
 *       </div>
 *       <button>Approve on device</button> <button>Reject on device</button>   (only while a request is on the screen)
 *     </div>
 *   </section>
 *
 * Open, the panel covers the page's bottom-right corner. Collapsed ("Hide device panel"), it is a "Show device" handle
 * at most 24 px tall, flush in the bottom-right corner: a modal dialog keeps 0.5rem of margin and 1rem of padding
 * there on a phone (ui.css), so the handle covers none of a dialog's buttons (decision 0067, addendum). It starts
 * collapsed where the page is phone-narrow (NARROW_PANEL_QUERY, the dialogs' own breakpoint), open elsewhere. A
 * request always opens it (the toggle is hidden meanwhile); once the request is settled it shrinks back if it was
 * collapsed.
 */
import { DEVICE_STATES, DEVICE_STATE_LABELS, isDeviceState, type DeviceView } from './devnetDevice.ts';
import type { DeviceDisplay } from '../domain/wallet/signerDevice.ts';

/** What the panel needs of the wallet. */
export interface DevicePanelWallet {
  readonly device: DeviceView;
  setDeviceState(state: DeviceView['state']): void;
  approveOnDevice(): boolean;
  rejectOnDevice(): boolean;
  onDeviceChange(listener: () => void): () => void;
}

/** Where the panel starts collapsed: the width at which a dialog takes the whole viewport (ui.css, max-width: 720px). */
export const NARROW_PANEL_QUERY = '(max-width: 720px)';

const SHOWS: Readonly<Record<DeviceDisplay, string>> = {
  hashes: 'shows hashes',
  fields: 'shows fields',
  remote: 'remote signer',
  qr: 'reads QR codes',
};

function styled<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, style: Partial<CSSStyleDeclaration>, text?: string): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag);
  Object.assign(el.style, style);
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * Keeps the device panel in `doc.body` in step with the wallet's device: added while a profile is set, removed
 * without one. Returns a function that removes it and stops following the wallet.
 */
export function mountDevicePanel(wallet: DevicePanelWallet, doc: Document): () => void {
  const section = styled(doc, 'section', {
    position: 'fixed',
    right: '8px',
    bottom: '8px',
    zIndex: '2147483000',
    width: '19rem',
    maxWidth: 'calc(100vw - 16px)',
    maxHeight: '50vh',
    overflowY: 'auto',
    boxSizing: 'border-box',
    padding: '8px 10px',
    background: '#ffffff',
    color: '#1a1a1a',
    border: '2px solid #1f6f5c',
    borderRadius: '6px',
    boxShadow: '0 2px 8px rgba(0, 0, 0, 0.25)',
    font: '12px/1.4 system-ui, sans-serif',
    // A modal dialog (Radix) turns pointer events off on the page behind it while it is open; the device is not part
    // of the page, and its buttons must work while the flow's dialog waits for it.
    pointerEvents: 'auto',
  });
  section.setAttribute('role', 'region');
  section.dataset.testid = 'devnet-device';

  const top = styled(doc, 'div', { display: 'flex', gap: '6px', alignItems: 'center', justifyContent: 'space-between' });
  const heading = styled(doc, 'p', { margin: '0', fontWeight: '600' });
  const toggle = styled(doc, 'button', { font: 'inherit', padding: '0 6px', whiteSpace: 'nowrap', color: '#1a1a1a', background: '#ffffff', border: '1px solid #767676', borderRadius: '4px', cursor: 'pointer' });
  toggle.type = 'button';
  // Phone-narrow, an open panel would cover the dialog's buttons: it starts as the handle, and becomes one again when
  // the window narrows.
  const narrow = doc.defaultView?.matchMedia?.(NARROW_PANEL_QUERY) ?? null;
  let collapsed = narrow?.matches ?? false;
  const onNarrow = (event: MediaQueryListEvent): void => {
    if (!event.matches || collapsed) return;
    collapsed = true;
    render();
  };
  narrow?.addEventListener?.('change', onNarrow);
  toggle.addEventListener('click', () => {
    collapsed = !collapsed;
    render();
  });
  top.append(heading, toggle);
  const body = styled(doc, 'div', { marginTop: '6px' });
  body.id = `devnet-device-panel-${Math.random().toString(36).slice(2, 10)}`;
  toggle.setAttribute('aria-controls', body.id);
  const stateLabel = styled(doc, 'label', { display: 'flex', gap: '6px', alignItems: 'center', margin: '0 0 6px' }, 'Device state');
  const select = styled(doc, 'select', { font: 'inherit', color: '#1a1a1a', background: '#ffffff' });
  select.setAttribute('aria-label', 'Device state');
  for (const state of DEVICE_STATES) {
    const option = doc.createElement('option');
    option.value = state;
    option.textContent = DEVICE_STATE_LABELS[state];
    select.append(option);
  }
  select.addEventListener('change', () => {
    if (isDeviceState(select.value)) wallet.setDeviceState(select.value);
  });
  stateLabel.append(select);

  const screen = styled(doc, 'div', { margin: '0 0 6px' });
  screen.setAttribute('aria-live', 'polite');

  const buttons = styled(doc, 'div', { display: 'flex', gap: '6px' });
  const button = (text: string, color: string, press: () => void): HTMLButtonElement => {
    const b = styled(doc, 'button', { font: 'inherit', padding: '4px 8px', color: '#ffffff', background: color, border: 'none', borderRadius: '4px', cursor: 'pointer' }, text);
    b.type = 'button';
    b.addEventListener('click', press);
    return b;
  };
  const approve = button('Approve on device', '#1f6f5c', () => void wallet.approveOnDevice());
  const reject = button('Reject on device', '#a32020', () => void wallet.rejectOnDevice());
  buttons.append(approve, reject);
  body.append(stateLabel, screen, buttons);
  section.append(top, body);

  /** What the screen part last rendered (it is rebuilt only when that changes, so focus stays on the buttons). */
  let shown: string | null = null;
  function render(): void {
    const view = wallet.device;
    const profile = view.profile;
    if (!profile) {
      section.remove();
      shown = null;
      return;
    }
    section.setAttribute('aria-label', `Devnet device: ${profile.name}`);
    heading.textContent = `Devnet device: ${profile.name} (${SHOWS[profile.display]})`;
    if (select.value !== view.state) select.value = view.state;
    const waiting = view.screen !== null;
    approve.hidden = !waiting;
    reject.hidden = !waiting;
    buttons.style.display = waiting ? 'flex' : 'none';
    const key = view.screen ? JSON.stringify(view.screen) : view.busy ? 'busy' : 'idle';
    if (shown !== key || !section.isConnected) {
      shown = key;
      screen.replaceChildren();
      if (view.screen) {
        screen.append(styled(doc, 'p', { margin: '0 0 4px', fontWeight: '600' }, view.screen.title));
        const dl = styled(doc, 'dl', { margin: '0', display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2px 8px' });
        dl.dataset.testid = 'devnet-device-screen';
        for (const line of view.screen.lines) {
          dl.append(
            styled(doc, 'dt', { fontWeight: '600' }, line.label),
            styled(doc, 'dd', { margin: '0', fontFamily: 'ui-monospace, monospace', overflowWrap: 'anywhere' }, line.value),
          );
        }
        screen.append(dl);
      } else {
        screen.append(styled(doc, 'p', { margin: '0' }, view.busy ? 'Reading the request…' : 'Nothing to sign.'));
      }
    }
    const open = !collapsed || view.busy || view.screen !== null;
    body.hidden = !open;
    // Visible "Hide" / "Show device"; the accessible name starts with it and says what it hides (WCAG 2.5.3).
    toggle.textContent = open ? 'Hide' : 'Show device';
    toggle.setAttribute('aria-label', open ? 'Hide device panel' : 'Show device panel');
    section.style.width = open ? '19rem' : 'auto';
    // Collapsed, it is a handle flush in the bottom-right corner, under 24 px tall (a dialog's margin and padding
    // there are 24 px on a phone): the page's own buttons stay reachable; the section keeps its accessible name.
    heading.hidden = !open;
    section.style.right = open ? '8px' : '0';
    section.style.bottom = open ? '8px' : '0';
    section.style.padding = open ? '8px 10px' : '0';
    section.style.borderWidth = open ? '2px' : '1px';
    section.style.borderRadius = open ? '6px' : '6px 0 0 0';
    section.style.boxShadow = open ? '0 2px 8px rgba(0, 0, 0, 0.25)' : 'none';
    toggle.style.border = open ? '1px solid #767676' : 'none';
    toggle.style.lineHeight = open ? 'inherit' : '20px';
    toggle.setAttribute('aria-expanded', String(open));
    // While a request waits the panel stays open: the request needs an answer.
    toggle.hidden = open && collapsed;
    if (!section.isConnected) doc.body.append(section);
  }
  const stop = wallet.onDeviceChange(render);
  render();
  return () => {
    stop();
    narrow?.removeEventListener?.('change', onNarrow);
    section.remove();
  };
}
