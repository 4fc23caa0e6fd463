/**
 * Signers on their own devices (issue 19): what kind of device a connected wallet signs on, what that device shows
 * before it signs, and the errors a device reports. Pure: the wallet modules (services), the Devnet Wallet's device
 * profiles (dev) and the flows (machines, views) all speak these shapes.
 *
 * The contract between a device's EIP-1193 provider and the app:
 * - the provider rejects with an EIP-1193 error `{ code, message, data: { device: DeviceErrorKind } }`;
 *   `code` is 4001 for `rejected`, 4200 for `noTypedData`, 4900 for `disconnected`, and DEVICE_ERROR_CODE otherwise;
 * - a provider that knows its device says so with a `signerDevice` property (the Devnet Wallet's device profiles);
 *   the wallet modules are known by their web3-onboard label (SIGNER_DEVICES_BY_LABEL).
 */

/** The kinds of signer that sign away from the browser. */
export type SignerDeviceKind = 'ledger' | 'trezor' | 'keystone' | 'walletconnect';

/**
 * What the device shows before it signs typed data:
 * - `hashes`: the EIP-712 domain hash and message hash only (a Ledger signing blind);
 * - `fields`: the domain's and the message's fields, one by one (Trezor, a Ledger that clear-signs);
 * - `remote`: another device (a phone over WalletConnect) shows what its own wallet app decodes; we show the hashes
 *   every such wallet can show;
 * - `qr`: an air-gapped signer that reads the request from a QR code (Keystone) shows what it decodes from it: the
 *   domain's fields, the primary type, for a Safe transaction the domain, message and Safe transaction hashes, then
 *   the message's fields (src/domain/wallet/deviceDisplay.ts, decision 0079).
 */
export type DeviceDisplay = 'hashes' | 'fields' | 'remote' | 'qr';

export interface SignerDevice {
  kind: SignerDeviceKind;
  /** The device's name as the signer knows it ("Ledger", "Trezor", "Keystone", "WalletConnect"). */
  name: string;
  display: DeviceDisplay;
}

/** The device errors each flow gives its own state and text. */
export type DeviceErrorKind = 'locked' | 'wrongApp' | 'blindSigningDisabled' | 'disconnected' | 'rejected' | 'noTypedData';

/** The EIP-1193 error code of a device error that has no standard code (locked, wrong app, blind signing disabled). */
export const DEVICE_ERROR_CODE = -32050;

export const DEVICE_ERROR_KINDS: readonly DeviceErrorKind[] = ['locked', 'wrongApp', 'blindSigningDisabled', 'disconnected', 'rejected', 'noTypedData'];

/** The EIP-1193 code a device error of `kind` is reported with. */
export function deviceErrorCode(kind: DeviceErrorKind): number {
  switch (kind) {
    case 'rejected':
      return 4001;
    case 'noTypedData':
      return 4200;
    case 'disconnected':
      return 4900;
    default:
      return DEVICE_ERROR_CODE;
  }
}

/** The plain error object a device provider rejects with. */
export interface DeviceRpcError {
  code: number;
  message: string;
  data: { device: DeviceErrorKind };
}

export function deviceRpcError(kind: DeviceErrorKind, message: string): DeviceRpcError {
  return { code: deviceErrorCode(kind), message, data: { device: kind } };
}

/** The device error kind an error carries (`data.device`), or null when it is not a device error. */
export function deviceErrorOf(error: unknown): DeviceErrorKind | null {
  if (typeof error !== 'object' || error === null) return null;
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const kind = (data as { device?: unknown }).device;
  return typeof kind === 'string' && (DEVICE_ERROR_KINDS as readonly string[]).includes(kind) ? (kind as DeviceErrorKind) : null;
}

/** The web3-onboard labels of the wallet modules that sign on a device, and what their devices show. */
export const SIGNER_DEVICES_BY_LABEL: Readonly<Record<string, SignerDevice>> = {
  Ledger: { kind: 'ledger', name: 'Ledger', display: 'hashes' },
  Trezor: { kind: 'trezor', name: 'Trezor', display: 'fields' },
  Keystone: { kind: 'keystone', name: 'Keystone', display: 'qr' },
  WalletConnect: { kind: 'walletconnect', name: 'WalletConnect', display: 'remote' },
};

/** Whether a value is a SignerDevice (a provider's `signerDevice`, a stored flow's wallet). */
export function isSignerDevice(value: unknown): value is SignerDevice {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.kind === 'ledger' || v.kind === 'trezor' || v.kind === 'keystone' || v.kind === 'walletconnect') &&
    typeof v.name === 'string' &&
    (v.display === 'hashes' || v.display === 'fields' || v.display === 'remote' || v.display === 'qr')
  );
}

/** The device a connected wallet signs on: its provider's own word first, then its module's label; null for a browser wallet. */
export function signerDeviceOf(label: string, provider: unknown): SignerDevice | null {
  const own = typeof provider === 'object' && provider !== null ? (provider as { signerDevice?: unknown }).signerDevice : undefined;
  if (isSignerDevice(own)) return own;
  return SIGNER_DEVICES_BY_LABEL[label] ?? null;
}
