/**
 * web3-onboard's account list made usable (src/services/wallet/modules/accountListDialog.ts, decision 0089), on a copy
 * of @web3-onboard/hw-common 2.3.3's markup (AccountSelect.svelte, TableHeader, AddressTable, CloseButton) in an
 * <account-select> element's open shadow root, appended after the support started (as hw-common mounts it). The real
 * list in Chromium: tests/e2e/device-keystone.spec.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_LIST_CSS, ACCOUNT_LIST_HOST, supportAccountList } from '../../../src/services/wallet/modules/accountListDialog.ts';

const ROWS = ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'];

function mountList(onDismiss: () => void): ShadowRoot {
  const host = document.createElement(ACCOUNT_LIST_HOST);
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `
    <div class="container"><div class="hardware-connect-modal account-select-modal-position">
      <header class="connect-wallet-header"><div></div> <div class="close"><div class="close-button-container"><div class="close-button"></div></div></div></header>
      <section class="modal-controls">
        <div class="w-100 base-path-container"><h4 class="control-label">Select Base Path</h4> <select class="base-path-select"><option>Keystone - m/44'/60'/0'/0</option></select></div>
        <div class="asset-container"><h4 class="control-label">Asset</h4> <select class="asset-select"><option>ETH</option></select></div>
        <div class="network-container"><h4 class="control-label">Network</h4> <select class="network-select"><option>Countersign Devnet</option></select></div>
      </section>
      <section class="table-section"><div class="table-container">
        <div class="table-controls"><div class="checkbox-container"><input id="show-empty-addresses" type="checkbox"> <label for="show-empty-addresses">Show Empty Addresses</label></div>
          <button class="scan-accounts-btn" id="scan-accounts">Scan Accounts</button></div>
        <div class="address-table"><table><thead><tr><th>Address</th><th>DPATH</th><th>Asset</th></tr></thead>
          <tbody>${ROWS.map((a, i) => `<tr class="pointer"><td>${a}</td><td>m/44'/60'/0'/0/${i}</td><td>0</td></tr>`).join('')}</tbody></table></div>
      </div></section>
      <section><div class="address-found-count">3 total addresses found</div>
        <div class="modal-controls"><div class="dismiss-action" id="dismiss-account-select">Dismiss</div> <button class="connect-btn" id="connect-accounts" disabled>Connect</button></div></section>
    </div></div>`;
  // As the Svelte view: a click on a row selects it (class selected-row) and enables Connect.
  for (const row of root.querySelectorAll('tbody tr')) {
    row.addEventListener('click', () => {
      root.querySelectorAll('tbody tr').forEach((r) => r.classList.toggle('selected-row', r === row));
      root.querySelector<HTMLButtonElement>('.connect-btn')!.disabled = false;
    });
  }
  root.querySelector('#dismiss-account-select')!.addEventListener('click', onDismiss);
  document.body.append(host);
  return root;
}

const key = (init: KeyboardEventInit) => {
  let target: Element | null = document.activeElement;
  while (target?.shadowRoot?.activeElement) target = target.shadowRoot.activeElement;
  const event = new KeyboardEvent('keydown', { bubbles: true, composed: true, cancelable: true, ...init });
  (target ?? document.body).dispatchEvent(event);
  return event;
};
const focused = (root: ShadowRoot) => root.activeElement;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('web3-onboard’s account list', () => {
  it('is a named modal dialog with labelled selects, buttons for its close control and Dismiss, and the app’s stylesheet', async () => {
    const release = supportAccountList(document, 'Keystone');
    const root = mountList(() => {});
    await flush();
    const dialog = root.querySelector('.hardware-connect-modal')!;
    expect([dialog.getAttribute('role'), dialog.getAttribute('aria-modal'), dialog.getAttribute('aria-label')]).toEqual(['dialog', 'true', 'Keystone: Select an account']);
    const names = [...root.querySelectorAll('select')].map((select) => root.getElementById(select.getAttribute('aria-labelledby')!)?.textContent);
    expect(names).toEqual(['Select Base Path', 'Asset', 'Network']);
    expect(root.querySelector('header')!.getAttribute('role')).toBe('none');
    const close = root.querySelector<HTMLElement>('.close')!;
    expect([close.getAttribute('role'), close.tabIndex, close.getAttribute('aria-label')]).toEqual(['button', 0, 'Close']);
    const dismiss = root.querySelector<HTMLElement>('#dismiss-account-select')!;
    expect([dismiss.getAttribute('role'), dismiss.tabIndex]).toEqual(['button', 0]);
    expect(root.querySelector('style#countersign-account-list')!.textContent).toBe(ACCOUNT_LIST_CSS);
    expect(focused(root)).toBe(root.querySelector('.base-path-select'));
    release();
  });

  it('keeps Tab inside it, makes the table one Tab stop moved by arrows, selects a row with Space, dismisses on Escape', async () => {
    const onDismiss = vi.fn();
    const release = supportAccountList(document, 'Keystone');
    const root = mountList(onDismiss);
    await flush();
    const rows = [...root.querySelectorAll<HTMLElement>('tbody tr')];
    expect(rows.map((row) => row.tabIndex)).toEqual([0, -1, -1]);
    rows[0]!.focus();
    key({ key: 'ArrowDown' });
    expect(focused(root)).toBe(rows[1]);
    expect(rows.map((row) => row.tabIndex)).toEqual([-1, 0, -1]);
    key({ key: 'End' });
    expect(focused(root)).toBe(rows[2]);
    key({ key: 'ArrowDown' }); // no row after the last
    expect(focused(root)).toBe(rows[2]);
    key({ key: 'Home' });
    key({ key: ' ' });
    await flush();
    expect(rows.map((row) => row.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    // Connect, now enabled, is the last stop: Tab goes round to the close control, Shift+Tab back.
    const connect = root.querySelector<HTMLElement>('.connect-btn')!;
    connect.focus();
    expect(key({ key: 'Tab' }).defaultPrevented).toBe(true);
    expect(focused(root)).toBe(root.querySelector('.close'));
    expect(key({ key: 'Tab', shiftKey: true }).defaultPrevented).toBe(true);
    expect(focused(root)).toBe(connect);
    // Between two controls, Tab is the browser's own.
    root.querySelector<HTMLElement>('.base-path-select')!.focus();
    expect(key({ key: 'Tab' }).defaultPrevented).toBe(false);
    // Enter on Dismiss presses it; Escape anywhere in the list does the same.
    root.querySelector<HTMLElement>('#dismiss-account-select')!.focus();
    key({ key: 'Enter' });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    rows[1]!.focus();
    key({ key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledTimes(2);
    release();
  });

  it('once released, a list shown later is left as web3-onboard made it', async () => {
    supportAccountList(document, 'Keystone')();
    const root = mountList(() => {});
    await flush();
    expect(root.querySelector('.hardware-connect-modal')!.hasAttribute('role')).toBe(false);
    expect(root.querySelector('style#countersign-account-list')).toBeNull();
  });
});
