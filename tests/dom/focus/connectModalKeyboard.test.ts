/**
 * Keyboard support for web3-onboard's wallet list (src/services/wallet/connectModalKeyboard.ts), on a copy of
 * the list's markup in an <onboard-v2> element's open shadow root, rendered after the support started (as
 * onboard renders it once connectWallet was called).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyboardForConnectModal, ONBOARD_HOST } from '../../../src/services/wallet/connectModalKeyboard.ts';

function onboardHost(): ShadowRoot {
  const host = document.createElement(ONBOARD_HOST);
  document.body.append(host);
  return host.attachShadow({ mode: 'open' });
}

/** The wallet list as web3-onboard 2.24 renders it: heading, close control (a div), wallets, a help link. */
function renderList(root: ShadowRoot, onClose: () => void): void {
  root.innerHTML = `
    <section><div class="background"><div class="modal-container-mobile"><div class="modal relative">
      <div class="container"><div class="header"><div class="header-heading">Available Wallets (2)</div></div>
        <div class="button-container absolute"><div class="close-button"></div></div>
        <div class="scroll-container"><div class="wallets-container">
          <button class="wallet-button-styling">Devnet Wallet</button>
          <button class="wallet-button-styling">Other Wallet</button>
        </div>
        <a class="link" href="https://example.invalid/help">Click here to learn more</a></div>
      </div>
    </div></div></div></section>`;
  root.querySelector('.button-container')!.addEventListener('click', onClose);
}

/**
 * As hw-common's account list, opened above the wallet list: a modal dialog in an <account-select> element's shadow
 * root with a select and a button; the button is focused.
 */
function dialogAbove(): { host: Element; button: HTMLButtonElement } {
  const other = document.createElement('account-select').attachShadow({ mode: 'open' });
  document.body.append(other.host);
  other.innerHTML = '<div role="dialog" aria-modal="true" aria-label="Keystone: Select an account"><select></select><button>Connect</button></div>';
  const button = other.querySelector('button')!;
  button.focus();
  return { host: other.host, button };
}

const key = (init: KeyboardEventInit) => {
  const target = document.activeElement ?? document.body;
  const event = new KeyboardEvent('keydown', { bubbles: true, composed: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
};
/** The focused element, through the shadow root. */
const focused = () => {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('keyboard support for the wallet list', () => {
  it('focuses the first wallet when the list shows and names it as a modal dialog', async () => {
    const root = onboardHost();
    const release = keyboardForConnectModal(document);
    renderList(root, () => {});
    await flush();
    expect(focused()?.textContent).toBe('Devnet Wallet');
    const modal = root.querySelector('.modal')!;
    expect(modal.getAttribute('role')).toBe('dialog');
    expect(modal.getAttribute('aria-modal')).toBe('true');
    expect(modal.getAttribute('aria-label')).toBe('Connect a wallet');
    const close = root.querySelector<HTMLElement>('.button-container')!;
    expect([close.getAttribute('role'), close.tabIndex, close.getAttribute('aria-label')]).toEqual(['button', 0, 'Close']);
    release();
  });

  it('keeps Tab and Shift+Tab inside the list, and brings focus back in from the page', async () => {
    const root = onboardHost();
    const outside = document.createElement('button');
    document.body.prepend(outside);
    const release = keyboardForConnectModal(document);
    renderList(root, () => {});
    await flush();
    const close = root.querySelector<HTMLElement>('.button-container')!;
    const link = root.querySelector<HTMLElement>('a')!;
    // Between two controls inside, Tab is the browser's own.
    expect(key({ key: 'Tab' }).defaultPrevented).toBe(false);
    link.focus();
    expect(key({ key: 'Tab' }).defaultPrevented).toBe(true);
    expect(focused()).toBe(close);
    expect(key({ key: 'Tab', shiftKey: true }).defaultPrevented).toBe(true);
    expect(focused()).toBe(link);
    outside.focus();
    key({ key: 'Tab' });
    expect(focused()).toBe(close);
    release();
  });

  it('closes the list on Escape, and Enter or Space on its close control closes it too', async () => {
    const root = onboardHost();
    const onClose = vi.fn();
    const release = keyboardForConnectModal(document);
    renderList(root, onClose);
    await flush();
    key({ key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    // Enter on a wallet is the wallet's own (not the close control's).
    key({ key: 'Enter' });
    expect(onClose).toHaveBeenCalledTimes(1);
    root.querySelector<HTMLElement>('.button-container')!.focus();
    key({ key: 'Enter' });
    key({ key: ' ' });
    expect(onClose).toHaveBeenCalledTimes(3);
    release();
  });

  it('leaves Tab and Escape to a modal dialog a device module opened above the list (decision 0089)', async () => {
    const root = onboardHost();
    const onClose = vi.fn();
    const release = keyboardForConnectModal(document);
    renderList(root, onClose);
    await flush();
    const { host, button: last } = dialogAbove();
    // The browser sends the keys to the focused element inside the shadow root (key() would send them to its host).
    const keyInside = (init: KeyboardEventInit) => {
      const event = new KeyboardEvent('keydown', { bubbles: true, composed: true, cancelable: true, ...init });
      last.dispatchEvent(event);
      return event;
    };
    expect(keyInside({ key: 'Tab' }).defaultPrevented).toBe(false);
    expect(focused()).toBe(last);
    expect(keyInside({ key: 'Escape' }).defaultPrevented).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
    // From the page behind (no dialog above around the focus), the list's keys are as before.
    host.remove();
    key({ key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    release();
  });

  it('puts focus back in the list when a dialog above it closes with focus nowhere (the account list dismissed)', async () => {
    const root = onboardHost();
    const release = keyboardForConnectModal(document);
    renderList(root, () => {});
    await flush();
    const { host, button } = dialogAbove();
    await flush();
    // While the dialog above holds focus, it keeps it.
    expect(focused()).toBe(button);
    host.remove();
    expect(document.activeElement).toBe(document.body);
    await flush();
    expect(focused()?.textContent).toBe('Devnet Wallet');
    release();
  });

  it('once released: focus is let go, the added names are removed and keys are the page’s again', async () => {
    const root = onboardHost();
    const onClose = vi.fn();
    const release = keyboardForConnectModal(document);
    renderList(root, onClose);
    await flush();
    expect(focused()?.textContent).toBe('Devnet Wallet');
    release();
    expect(document.activeElement).toBe(document.body);
    expect(root.querySelector('.modal')!.hasAttribute('role')).toBe(false);
    expect(root.querySelector('.button-container')!.hasAttribute('tabindex')).toBe(false);
    expect(key({ key: 'Escape' }).defaultPrevented).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });
});
