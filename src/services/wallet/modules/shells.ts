/**
 * The signer-device wallet modules as web3-onboard sees them before one is picked (issue 19, decision 0066): a
 * label, an icon and a getInterface that loads the module's code only when called. This file is all the connect
 * modal carries of them; each getInterface imports one entry (ledgerInterface.ts, trezorInterface.ts,
 * walletConnectInterface.ts, keystoneInterface.ts) with the device library behind it, and each icon (icons/*.ts)
 * loads when the list draws it: only the offered modules' icons. Labels are the contract's (SIGNER_DEVICES_BY_LABEL
 * in src/domain/wallet/signerDevice.ts).
 *
 * Which modules are offered:
 * - Ledger: where the browser has WebHID (`navigator.hid`; Chromium-based desktop browsers);
 * - Trezor: when config.json has the Trezor Connect manifest (`wallets.trezor`);
 * - WalletConnect: when config.json has a project id (`wallets.walletConnect`);
 * - Keystone: where the page can use a camera (`navigator.mediaDevices.getUserMedia`: a secure context), unless
 *   config.json turns it off (`wallets.keystone: false`); decision 0079.
 */
import type { RuntimeConfig } from '../../../machines/appSession/appSession.types.ts';
import { walletsConfigOf } from '../walletsConfig.ts';

/** web3-onboard's WalletHelpers (the device it runs on), as far as the shells use them. */
export interface ModuleHelpers {
  device: unknown;
}

/** web3-onboard's GetInterfaceHelpers: the chains of its init, its app metadata and its EventEmitter class. */
export interface InterfaceHelpers {
  chains: { id: string; rpcUrl?: string; token?: string; label?: string }[];
  appMetadata: unknown;
  EventEmitter: unknown;
}

/** A web3-onboard WalletModule (its `common` types, restated so that this file imports nothing of web3-onboard). */
export interface DeviceWalletModule {
  label: 'Ledger' | 'Trezor' | 'WalletConnect' | 'Keystone';
  getIcon(): Promise<string>;
  getInterface(helpers: InterfaceHelpers): Promise<{ provider: unknown; instance?: unknown }>;
}

/** A web3-onboard WalletInit. */
export type DeviceWalletInit = (helpers: ModuleHelpers) => DeviceWalletModule | null;

export interface TrezorManifest {
  email: string;
  appUrl: string;
}


export function ledgerShell(): DeviceWalletInit {
  return () => ({
    label: 'Ledger',
    getIcon: async () => (await import('./icons/ledger.ts')).default,
    getInterface: async (helpers) => (await import('./ledgerInterface.ts')).ledgerInterface(helpers),
  });
}

export function trezorShell(manifest: TrezorManifest): DeviceWalletInit {
  return (moduleHelpers) => ({
    label: 'Trezor',
    getIcon: async () => (await import('./icons/trezor.ts')).default,
    getInterface: async (helpers) => (await import('./trezorInterface.ts')).trezorInterface(manifest, moduleHelpers, helpers),
  });
}

export function walletConnectShell(options: { projectId: string; relayUrl?: string }): DeviceWalletInit {
  return (moduleHelpers) => ({
    label: 'WalletConnect',
    getIcon: async () => (await import('./icons/walletConnect.ts')).default,
    getInterface: async (helpers) => (await import('./walletConnectInterface.ts')).walletConnectInterface(options, moduleHelpers, helpers),
  });
}

export function keystoneShell(): DeviceWalletInit {
  return (moduleHelpers) => ({
    label: 'Keystone',
    getIcon: async () => (await import('./icons/keystone.ts')).default,
    getInterface: async (helpers) => (await import('./keystoneInterface.ts')).keystoneInterface(moduleHelpers, helpers),
  });
}

/** Whether this browser can reach a Ledger over WebHID. */
export const hasWebHid = (win: Window | undefined): boolean =>
  typeof win?.navigator === 'object' && win.navigator !== null && 'hid' in win.navigator && Boolean((win.navigator as Navigator & { hid?: unknown }).hid);

/** Whether this page can ask for the camera a Keystone's QR codes are read with (secure contexts only). */
export const hasCamera = (win: Window | undefined): boolean => {
  const media = (win?.navigator as (Navigator & { mediaDevices?: { getUserMedia?: unknown } }) | undefined)?.mediaDevices;
  return typeof media?.getUserMedia === 'function';
};

/** The signer-device modules offered for a runtime config in this window, in the order the list shows them. */
export function deviceWalletModules(config: RuntimeConfig | null, win: Window | undefined): DeviceWalletInit[] {
  const wallets = walletsConfigOf(config);
  return [
    ...(hasWebHid(win) ? [ledgerShell()] : []),
    ...(wallets.trezor ? [trezorShell(wallets.trezor)] : []),
    ...(wallets.walletConnect ? [walletConnectShell(wallets.walletConnect)] : []),
    ...(wallets.keystone !== false && hasCamera(win) ? [keystoneShell()] : []),
  ];
}
