/**
 * The Devnet Wallet's device panel (issue 19): while a device profile is set, a small region fixed at the
 * bottom-right of the page stands in for the device itself. It shows the device's state (a select a person or a
 * browser test changes), the request on the device's screen (one <dt>/<dd> pair per line, computed by the wallet
 * from the bytes it received) and the device's two buttons. Plain DOM, no framework: the dev chunk only.
 *
 *   <section role="region" aria-label="Devnet device: <name>" data-testid="devnet-device">
 *     <p>Devnet device: <name> — <what it shows></p>
 *     <label>Device state <select aria-label="Device state">…</select></label>
 *     <div aria-live="polite">
 *       <p>Nothing to sign.</p> | <p>Reading the request…</p> | <p><title></p><dl data-testid="devnet-device-screen">…</dl>
 *     </div>
 *     <button>Approve on device</button> <button>Reject on device</button>   (only while a request is on the screen)
 *   </section>
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

const SHOWS: Readonly<Record<DeviceDisplay, string>> = {
  hashes: 'shows hashes only',
  fields: 'shows fields',
  remote: 'a remote signer',
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
    width: '20rem',
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
  });
  section.setAttribute('role', 'region');
  section.dataset.testid = 'devnet-device';

  const heading = styled(doc, 'p', { margin: '0 0 6px', fontWeight: '600' });
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
  section.append(heading, stateLabel, screen, buttons);

  /** What the screen part last rendered (it is rebuilt only when that changes, so focus stays on the buttons). */
  let shown: string | null = null;
  const render = (): void => {
    const view = wallet.device;
    const profile = view.profile;
    if (!profile) {
      section.remove();
      shown = null;
      return;
    }
    section.setAttribute('aria-label', `Devnet device: ${profile.name}`);
    heading.textContent = `Devnet device: ${profile.name} — ${SHOWS[profile.display]}`;
    if (select.value !== view.state) select.value = view.state;
    const waiting = view.screen !== null;
    approve.hidden = !waiting;
    reject.hidden = !waiting;
    buttons.hidden = !waiting;
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
    if (!section.isConnected) doc.body.append(section);
  };
  const stop = wallet.onDeviceChange(render);
  render();
  return () => {
    stop();
    section.remove();
  };
}
