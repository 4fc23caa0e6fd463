// The Devnet Wallet's device panel in a page (jsdom): added to document.body while a device profile is set (from the
// tab's sessionStorage or setDevice), the state select, the screen's <dt>/<dd> lines equal to the contract's
// display of the payload received, Approve / Reject on device. Axe in a real browser: tests/e2e/devnet-device.spec.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { parseGwei, toHex, type Address } from 'viem';
import { DEVNET_ACCOUNTS } from '../../../devnet/chain/accounts.ts';
import { ProviderRpcError, installDevnetWallet, type DevnetWalletProvider } from '../../../src/dev/devnetWallet.ts';
import { DEVICE_PROFILE_KEY, type DeviceProfile } from '../../../src/dev/devnetDevice.ts';
import { NARROW_PANEL_QUERY } from '../../../src/dev/devnetDevicePanel.ts';
import { executionDisplay, typedDataDisplay, type DisplayLine } from '../../../src/domain/wallet/deviceDisplay.ts';

const accounts = DEVNET_ACCOUNTS.slice(0, 2).map((a) => ({ address: a.address, privateKey: a.privateKey }));
const a0 = accounts[0]!;
const RECIPIENT: Address = '0x000000000000000000000000000000000000bEEF';
const LEDGER: DeviceProfile = { kind: 'ledger', display: 'hashes', name: 'Ledger' };

const TYPED = {
  types: {
    EIP712Domain: [
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    SafeMessage: [{ name: 'message', type: 'bytes' }],
  },
  primaryType: 'SafeMessage',
  domain: { chainId: 31337, verifyingContract: '0x599C86d40e80ac8D0a4B7b19642457A73333d91f' },
  message: { message: '0x1234' },
};

let unmounts: (() => void)[] = [];

function install(): DevnetWalletProvider {
  const target = new EventTarget();
  const w = installDevnetWallet({ rpcUrl: 'http://127.0.0.1:9', chainId: 31337, accounts, connected: true }, target);
  // The panel follows the wallet for the page's life; the test removes it by clearing the profile.
  unmounts.push(() => w.setDevice(null));
  return w;
}

const panel = (): HTMLElement | null => document.querySelector('section[role="region"][aria-label^="Devnet device"]');

function screenLines(): DisplayLine[] {
  const dl = screen.getByTestId('devnet-device-screen');
  expect(dl.tagName).toBe('DL');
  const dts = [...dl.querySelectorAll('dt')];
  const dds = [...dl.querySelectorAll('dd')];
  expect(dts).toHaveLength(dds.length);
  expect([...dl.children].map((c) => c.tagName)).toEqual(dts.flatMap(() => ['DT', 'DD']));
  return dts.map((dt, i) => ({ label: dt.textContent ?? '', value: dds[i]?.textContent ?? '' }));
}

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(() => {
  for (const u of unmounts) u();
  unmounts = [];
  sessionStorage.clear();
});

describe('the device panel', () => {
  it('is absent without a profile and present while one is set (from the tab storage)', () => {
    const w = install();
    expect(panel()).toBeNull();
    w.setDevice({ kind: 'trezor', display: 'fields', name: 'Trezor' });
    const region = screen.getByRole('region', { name: 'Devnet device: Trezor' });
    expect(region.parentElement).toBe(document.body);
    expect(region.style.position).toBe('fixed');
    expect(within(region).getByText('Nothing to sign.')).toBeInTheDocument();
    expect(within(region).getAllByRole('button').map((b) => [b.textContent, b.getAttribute('aria-label')])).toEqual([['Hide', 'Hide device panel']]);
    w.setDevice(null);
    expect(panel()).toBeNull();

    sessionStorage.setItem(DEVICE_PROFILE_KEY, JSON.stringify(LEDGER));
    const stored = install();
    expect(stored.signerDevice).toEqual({ kind: 'ledger', name: 'Ledger', display: 'hashes' });
    expect(screen.getByRole('region', { name: 'Devnet device: Ledger' })).toBeInTheDocument();
  });

  it('its state select sets the device state, and follows setDeviceState', async () => {
    sessionStorage.setItem(DEVICE_PROFILE_KEY, JSON.stringify(LEDGER));
    const w = install();
    const select = screen.getByRole('combobox', { name: 'Device state' }) as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['ready', 'Ready'],
      ['locked', 'Locked'],
      ['wrongApp', 'Wrong app open'],
      ['blindSigningDisabled', 'Blind signing disabled'],
      ['disconnected', 'Disconnected'],
    ]);
    expect(select.value).toBe('ready');
    fireEvent.change(select, { target: { value: 'wrongApp' } });
    expect(w.device.state).toBe('wrongApp');
    const err = await w.request({ method: 'personal_sign', params: ['hi', a0.address] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderRpcError);
    expect((err as ProviderRpcError).data).toEqual({ device: 'wrongApp' });
    w.setDeviceState('locked');
    expect(select.value).toBe('locked');
  });

  it('shows typed data as typedDataDisplay of the payload received; Approve on device signs it', async () => {
    sessionStorage.setItem(DEVICE_PROFILE_KEY, JSON.stringify(LEDGER));
    const w = install();
    const pending = w.request({ method: 'eth_signTypedData_v4', params: [a0.address, JSON.stringify(TYPED)] });
    await screen.findByTestId('devnet-device-screen');
    expect(screenLines()).toEqual(typedDataDisplay('hashes', TYPED as never));
    expect(screenLines().map((l) => l.label)).toEqual(['Domain hash', 'Message hash']);
    fireEvent.click(screen.getByRole('button', { name: 'Approve on device' }));
    expect(await pending).toMatch(/^0x[0-9a-f]{130}$/);
    await waitFor(() => expect(screen.getByText('Nothing to sign.')).toBeInTheDocument());
    expect(screen.queryByTestId('devnet-device-screen')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve on device' })).toBeNull();
  });

  it('shows a transaction as executionDisplay of what it will sign; Reject on device rejects with 4001', async () => {
    const w = install();
    w.setDevice({ kind: 'trezor', display: 'fields', name: 'Trezor', delayMs: 30 });
    const tx = { from: a0.address, to: RECIPIENT, value: '0x0', data: '0xabcdef01', nonce: '0x2', gas: toHex(90_000), maxFeePerGas: toHex(parseGwei('2')), maxPriorityFeePerGas: toHex(parseGwei('1')) };
    const pending = w.request({ method: 'eth_sendTransaction', params: [tx] }).catch((e: unknown) => e);
    await waitFor(() => expect(screen.getByText('Reading the request…')).toBeInTheDocument());
    await screen.findByTestId('devnet-device-screen');
    expect(screen.getByText('Sign transaction')).toBeInTheDocument();
    expect(screenLines()).toEqual(
      executionDisplay({ chainId: 31337, nonce: 2, gas: 90_000n, maxFeePerGas: parseGwei('2'), maxPriorityFeePerGas: parseGwei('1'), to: RECIPIENT, value: 0n, data: '0xabcdef01' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reject on device' }));
    const err = (await pending) as ProviderRpcError;
    expect(err.code).toBe(4001);
    expect(err.data).toEqual({ device: 'rejected' });
    await waitFor(() => expect(screen.getByText('Nothing to sign.')).toBeInTheDocument());
  });

  it('"Hide device panel" shrinks it to its title until shown again; a request opens it meanwhile', async () => {
    const w = install();
    w.setDevice({ kind: 'keystone', display: 'fields', name: 'Keystone' });
    const region = screen.getByRole('region', { name: 'Devnet device: Keystone' });
    const hide = within(region).getByRole('button', { name: 'Hide device panel' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(hide);
    expect(within(region).queryByRole('combobox', { name: 'Device state' })).toBeNull();
    expect(within(region).getByRole('button', { name: 'Show device panel' })).toHaveAttribute('aria-expanded', 'false');
    const pending = w.request({ method: 'personal_sign', params: ['hi', a0.address] });
    await screen.findByTestId('devnet-device-screen');
    expect(within(region).getByRole('combobox', { name: 'Device state' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /device panel/ })).toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: 'Approve on device' }));
    await pending;
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Show device panel' })).toBeInTheDocument());
    expect(within(region).queryByRole('combobox', { name: 'Device state' })).toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: 'Show device panel' }));
    expect(within(region).getByRole('combobox', { name: 'Device state' })).toBeInTheDocument();
    expect(within(region).getByText('Nothing to sign.')).toBeInTheDocument();
  });

  it('phone-narrow, it starts as a "Show device" handle under 24 px flush in the corner; a request opens it; narrowing collapses it', async () => {
    // jsdom has no matchMedia: a media query list the test moves across the panel's breakpoint.
    const changes = new Set<(event: MediaQueryListEvent) => void>();
    const query = { matches: true, media: NARROW_PANEL_QUERY } as { matches: boolean; media: string };
    const mql = {
      get matches() {
        return query.matches;
      },
      media: NARROW_PANEL_QUERY,
      addEventListener: (_: string, l: (event: MediaQueryListEvent) => void) => changes.add(l),
      removeEventListener: (_: string, l: (event: MediaQueryListEvent) => void) => changes.delete(l),
    };
    const asked: string[] = [];
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: (q: string) => (asked.push(q), mql) });
    const move = (matches: boolean) => {
      query.matches = matches;
      for (const l of [...changes]) l({ matches, media: NARROW_PANEL_QUERY } as MediaQueryListEvent);
    };
    try {
      const w = install();
      w.setDevice(LEDGER);
      expect(asked).toEqual([NARROW_PANEL_QUERY]);
      const region = screen.getByRole('region', { name: 'Devnet device: Ledger' });
      const show = within(region).getByRole('button', { name: 'Show device panel' });
      expect(show.textContent).toBe('Show device');
      expect(show).toHaveAttribute('aria-expanded', 'false');
      expect(within(region).queryByRole('combobox', { name: 'Device state' })).toBeNull();
      // Flush in the corner; 1 px borders around a 20 px line: 22 px, inside a phone dialog's 24 px of margin and padding.
      expect([region.style.right, region.style.bottom, region.style.padding, region.style.borderWidth, show.style.lineHeight]).toEqual(['0px', '0px', '0px', '1px', '20px']);

      // A request opens it; settled, it is the handle again.
      const pending = w.request({ method: 'personal_sign', params: ['hi', a0.address] });
      await screen.findByTestId('devnet-device-screen');
      expect(region.style.bottom).toBe('8px');
      fireEvent.click(within(region).getByRole('button', { name: 'Approve on device' }));
      await pending;
      await waitFor(() => expect(within(region).getByRole('button', { name: 'Show device panel' })).toBeInTheDocument());

      // Shown by hand, widened: it stays as it is; narrowed again: the handle.
      fireEvent.click(within(region).getByRole('button', { name: 'Show device panel' }));
      expect(within(region).getByRole('combobox', { name: 'Device state' })).toBeInTheDocument();
      move(false);
      expect(within(region).getByRole('button', { name: 'Hide device panel' })).toBeInTheDocument();
      move(true);
      expect(within(region).getByRole('button', { name: 'Show device panel' })).toBeInTheDocument();
      expect(within(region).queryByRole('combobox', { name: 'Device state' })).toBeNull();
    } finally {
      for (const u of unmounts) u();
      unmounts = [];
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('personal_sign shows "Message" and the text', async () => {
    const w = install();
    w.setDevice({ kind: 'walletconnect', display: 'remote', name: 'WalletConnect' });
    const pending = w.request({ method: 'personal_sign', params: [toHex('Log in'), a0.address] });
    await screen.findByTestId('devnet-device-screen');
    expect(screenLines()).toEqual([{ label: 'Message', value: 'Log in' }]);
    expect(screen.getByRole('region', { name: 'Devnet device: WalletConnect' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Approve on device' }));
    expect(await pending).toMatch(/^0x/);
  });
});
