/**
 * The Devnet Wallet's device profiles (issue 19): the Devnet Wallet can pretend to sign on a hardware or remote
 * signer, so that browser tests on the devnet drive the app's on-device step, its execution-hash step and every
 * device error end to end. Dev-only; never holds a real key.
 *
 * A profile (`DeviceProfile`) is chosen before the app connects: the tab's sessionStorage key
 * `countersign.devnetWallet.device` (JSON), read when the wallet is created, or `setDevice` at run time. The device
 * has a state (`DeviceState`); when it is not ready, signing requests reject with the contract's device errors
 * (signerDevice.ts). A request the device accepts waits on its screen (`DeviceScreen`, computed from the bytes the
 * wallet received, in deviceDisplay.ts's wording) until it is approved or rejected "on the device" (the device
 * panel, devnetDevicePanel.ts, or the wallet's approveOnDevice / rejectOnDevice).
 */
import { deviceRpcError, type DeviceDisplay, type DeviceErrorKind, type SignerDevice, type SignerDeviceKind } from '../domain/wallet/signerDevice.ts';
import type { DisplayLine } from '../domain/wallet/deviceDisplay.ts';

/** The sessionStorage key of the tab's device profile (JSON `DeviceProfile`; absent or invalid: no device). */
export const DEVICE_PROFILE_KEY = 'countersign.devnetWallet.device';

export interface DeviceProfile {
  kind: SignerDeviceKind;
  display: DeviceDisplay;
  name: string;
  /** How long the device takes before its screen shows a request (ms). Default 0. */
  delayMs?: number;
  /** The device signs a transaction with both fees raised by 1 gwei (a device that changes the fee). */
  changesFees?: boolean;
  /** The device can only eth_sign: eth_signTypedData_v4 is refused (`noTypedData`). */
  ethSignOnly?: boolean;
}

export type DeviceState = 'ready' | 'locked' | 'wrongApp' | 'blindSigningDisabled' | 'disconnected';

export const DEVICE_STATES: readonly DeviceState[] = ['ready', 'locked', 'wrongApp', 'blindSigningDisabled', 'disconnected'];

/** How the device panel names each state. */
export const DEVICE_STATE_LABELS: Readonly<Record<DeviceState, string>> = {
  ready: 'Ready',
  locked: 'Locked',
  wrongApp: 'Wrong app open',
  blindSigningDisabled: 'Blind signing disabled',
  disconnected: 'Disconnected',
};

export function isDeviceState(value: unknown): value is DeviceState {
  return typeof value === 'string' && (DEVICE_STATES as readonly string[]).includes(value);
}

/** The profile `value` describes, or null when it is not a valid profile (unknown keys are ignored). */
export function parseDeviceProfile(value: unknown): DeviceProfile | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (v.kind !== 'ledger' && v.kind !== 'trezor' && v.kind !== 'keystone' && v.kind !== 'walletconnect') return null;
  if (v.display !== 'hashes' && v.display !== 'fields' && v.display !== 'remote' && v.display !== 'qr') return null;
  if (typeof v.name !== 'string' || v.name.trim() === '') return null;
  if (v.delayMs !== undefined && (typeof v.delayMs !== 'number' || !Number.isFinite(v.delayMs) || v.delayMs < 0)) return null;
  if (v.changesFees !== undefined && typeof v.changesFees !== 'boolean') return null;
  if (v.ethSignOnly !== undefined && typeof v.ethSignOnly !== 'boolean') return null;
  const profile: DeviceProfile = { kind: v.kind, display: v.display, name: v.name };
  if (v.delayMs !== undefined) profile.delayMs = v.delayMs;
  if (v.changesFees !== undefined) profile.changesFees = v.changesFees;
  if (v.ethSignOnly !== undefined) profile.ethSignOnly = v.ethSignOnly;
  return profile;
}

/** The profile stored as JSON text, or null (absent, not JSON, not a valid profile). */
export function parseStoredDeviceProfile(text: string | null): DeviceProfile | null {
  if (text === null) return null;
  try {
    return parseDeviceProfile(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The SignerDevice a provider with `profile` announces (its `signerDevice` property). */
export function signerDeviceOfProfile(profile: DeviceProfile): SignerDevice {
  return { kind: profile.kind, name: profile.name, display: profile.display };
}

/** What a signing request asks of the device. `blind`: refused while blind signing is disabled. */
export type DeviceRequestKind = 'typedData' | 'message' | 'transaction' | 'hash';

export interface DeviceRequest {
  kind: DeviceRequestKind;
  /** Typed data the device shows as hashes only, a transaction with call data, a bare hash (eth_sign). */
  blind: boolean;
  lines: readonly DisplayLine[];
}

/** What the device's screen shows while a request waits for Approve or Reject. */
export interface DeviceScreen {
  kind: DeviceRequestKind;
  title: string;
  lines: readonly DisplayLine[];
}

const TITLES: Readonly<Record<DeviceRequestKind, string>> = {
  typedData: 'Sign typed data',
  message: 'Sign message',
  transaction: 'Sign transaction',
  hash: 'Sign hash',
};

/** The device error for `kind`, worded as the device (or its wallet app) would say it. */
export function deviceError(profile: DeviceProfile, kind: DeviceErrorKind): ReturnType<typeof deviceRpcError> {
  const name = profile.name;
  const text: Record<DeviceErrorKind, string> = {
    locked: `${name} is locked: unlock it on the device.`,
    wrongApp: `${name}: open the Ethereum app on the device.`,
    blindSigningDisabled: `${name}: blind signing is disabled; enable it in the Ethereum app's settings on the device.`,
    disconnected: `${name} is disconnected: connect it and unlock it.`,
    rejected: `Rejected on ${name}.`,
    noTypedData: `${name} can only eth_sign: it cannot sign typed data (eth_signTypedData_v4).`,
  };
  return deviceRpcError(kind, text[kind]);
}

/** Why a device with `profile` in `state` refuses `request` before showing it, or null when it shows it. */
export function deviceRefusal(profile: DeviceProfile, state: DeviceState, request: Pick<DeviceRequest, 'kind' | 'blind'>): DeviceErrorKind | null {
  if (request.kind === 'typedData' && profile.ethSignOnly === true) return 'noTypedData';
  if (state === 'ready') return null;
  if (state === 'blindSigningDisabled') return request.blind ? 'blindSigningDisabled' : null;
  return state;
}

/** Whether typed data is blind on a device with `display` (it shows hashes only). */
export function typedDataIsBlind(display: DeviceDisplay): boolean {
  return display === 'hashes';
}

export interface DeviceView {
  profile: DeviceProfile | null;
  state: DeviceState;
  /** A request has arrived and the device has not shown it yet (its delay). */
  busy: boolean;
  /** The request on the screen, waiting for Approve or Reject. */
  screen: DeviceScreen | null;
}

interface Pending {
  request: DeviceRequest;
  shown: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  resolve: () => void;
  reject: (kind: DeviceErrorKind) => void;
}

/** The simulated device: its profile, its state and the requests waiting on it (one on the screen at a time). */
export interface DevnetDevice {
  readonly view: DeviceView;
  setProfile(profile: DeviceProfile | null): void;
  setState(state: DeviceState): void;
  /**
   * Puts `request` on the device. Rejects at once with the device error when the device refuses it (its state,
   * ethSignOnly); else it waits for its turn, shows after the profile's delay and settles on approve / reject.
   */
  confirm(request: DeviceRequest): Promise<void>;
  /** Approves the request on the screen; false when none is shown. */
  approve(): boolean;
  /** Rejects the request on the screen (`rejected`); false when none is shown. */
  reject(): boolean;
  subscribe(listener: () => void): () => void;
}

/** Creates the device. `fail(kind)` makes the error a refused request rejects with (the wallet's ProviderRpcError). */
export function createDevnetDevice(initial: DeviceProfile | null, fail: (profile: DeviceProfile, kind: DeviceErrorKind) => Error): DevnetDevice {
  let profile = initial;
  let state: DeviceState = 'ready';
  const queue: Pending[] = [];
  const listeners = new Set<() => void>();

  const changed = (): void => {
    for (const l of [...listeners]) {
      try {
        l();
      } catch (err) {
        console.error('Devnet Wallet: device listener threw', err);
      }
    }
  };
  /** Shows the head of the queue after the profile's delay. */
  const advance = (): void => {
    const head = queue[0];
    if (!head || head.shown || head.timer !== null) return;
    const delay = profile?.delayMs ?? 0;
    const show = (): void => {
      head.timer = null;
      head.shown = true;
      changed();
    };
    if (delay > 0) head.timer = setTimeout(show, delay);
    else show();
  };
  const settle = (pending: Pending, outcome: DeviceErrorKind | null): void => {
    const i = queue.indexOf(pending);
    if (i < 0) return;
    queue.splice(i, 1);
    if (pending.timer !== null) clearTimeout(pending.timer);
    if (outcome === null) pending.resolve();
    else pending.reject(outcome);
  };

  return {
    get view(): DeviceView {
      const head = queue[0];
      return {
        profile,
        state,
        busy: head !== undefined && !head.shown,
        screen: head?.shown ? { kind: head.request.kind, title: TITLES[head.request.kind], lines: head.request.lines } : null,
      };
    },
    setProfile(next) {
      // Another device (or none): whatever waited on the old one is gone with it.
      for (const pending of [...queue]) settle(pending, 'disconnected');
      profile = next;
      state = 'ready';
      changed();
    },
    setState(next) {
      if (!isDeviceState(next)) throw new TypeError(`Devnet Wallet: unknown device state ${String(next)}`);
      state = next;
      // A device that locks, loses its app or its cable while a request waits refuses that request.
      if (profile) {
        const current = profile;
        for (const pending of [...queue]) {
          const refusal = deviceRefusal(current, state, pending.request);
          if (refusal) settle(pending, refusal);
        }
      }
      advance();
      changed();
    },
    confirm(request) {
      const current = profile;
      if (!current) return Promise.resolve();
      const refusal = deviceRefusal(current, state, request);
      if (refusal) return Promise.reject(fail(current, refusal));
      return new Promise<void>((resolve, reject) => {
        queue.push({ request, shown: false, timer: null, resolve, reject: (kind) => reject(fail(current, kind)) });
        advance();
        changed();
      });
    },
    approve() {
      const head = queue[0];
      if (!head?.shown) return false;
      settle(head, null);
      advance();
      changed();
      return true;
    },
    reject() {
      const head = queue[0];
      if (!head?.shown) return false;
      settle(head, 'rejected');
      advance();
      changed();
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
