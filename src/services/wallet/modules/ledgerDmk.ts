/**
 * The EthDevice port on Ledger's Device Management Kit (issue 19, decision 0066): @ledgerhq/device-management-kit
 * with the WebHID transport (@ledgerhq/device-transport-kit-web-hid) and the Ethereum signer kit
 * (@ledgerhq/device-signer-kit-ethereum). Installed packages only — no Connect Kit loader, nothing fetched at run time.
 * Loaded only when the user picks Ledger (ledger.ts → ledgerInterface.ts → here).
 *
 * DMK's errors, mapped to the contract's DeviceErrorKind (ledgerErrorKind). What DMK rejects with, from its sources:
 * - a status word: `DeviceExchangeError` subclasses carry `_tag` and `errorCode` (the status word as 4 lowercase hex
 *   digits). `GlobalCommandError` (api/command/utils/GlobalCommandError: GLOBAL_ERRORS) takes its `_tag` from the
 *   table: 5515 `DeviceLockedError`, 5501 `ActionRefusedError`, 6e00/6d00 `DeviceInternalError`; the Ethereum app's
 *   `EthAppCommandError` (signer kit, internal/app-binder/command/utils/ethAppErrors: ETH_APP_ERRORS) has 6985
 *   "Condition not satisfied" (rejected on the device), 6982 "Security status not satisfied", 6a80 "Invalid data"
 *   (what the app answers to EIP-712 or contract data while blind signing is off), 6d00/6e00 (the instruction or
 *   class is not the Ethereum app's: another app is open); `OpenAppCommandError` (api/command/os/OpenAppCommand)
 *   6807 "Unknown application name" (the Ethereum app is not installed); 6511 is the dashboard's answer to an app
 *   command (no app open);
 * - device actions (api/device-action/os/Errors): `DeviceLockedError` (the device stayed locked past the unlock
 *   timeout), `RefusedByUserDAError` (the user refused, e.g. to open the app), `UnsupportedApplicationDAError`;
 * - transport and session (api/transport/model/Errors, internal device-session): `DisconnectError`,
 *   `DeviceDisconnectedWhileSendingError`, `DeviceDisconnectedBeforeSendingApdu`, `ReconnectionFailedError`,
 *   `DeviceNotInitializedError`, `NoAccessibleDeviceError` (nothing picked in the browser's device list),
 *   `DeviceSessionNotFound`, `WebHidSendReportError` (the web-hid kit's write to an unplugged device).
 * DMK's `CommandUtils.isLockedDeviceResponse` treats 5515, 6982 and 5303 as a locked device; so does this mapping.
 */
import {
  DeviceActionStatus,
  DeviceManagementKitBuilder,
  DeviceStatus,
  type DeviceManagementKit,
  type DeviceSessionId,
  type DiscoveredDevice,
} from '@ledgerhq/device-management-kit';
import { SignerEthBuilder, type SignerEth } from '@ledgerhq/device-signer-kit-ethereum';
import { webHidIdentifier, webHidTransportFactory } from '@ledgerhq/device-transport-kit-web-hid';
import type { DeviceErrorKind } from '../../../domain/wallet/signerDevice.ts';
import { EthDeviceError, type EthDevice, type EthSignatureParts } from './ledgerDevice.ts';

const LOCKED_CODES = new Set(['5515', '6982', '5303']);
const REJECTED_CODES = new Set(['6985', '5501']);
const WRONG_APP_CODES = new Set(['6e00', '6d00', '6511', '6807']);
const BLIND_SIGNING_CODES = new Set(['6a80']);
const DISCONNECTED_TAGS = new Set([
  'DisconnectError',
  'DeviceDisconnectedWhileSendingError',
  'DeviceDisconnectedBeforeSendingApdu',
  'ReconnectionFailedError',
  'DeviceNotInitializedError',
  'NoAccessibleDeviceError',
  'DeviceSessionNotFound',
  'WebHidSendReportError',
]);

const field = (value: unknown, name: string): unknown => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined);

/**
 * The contract's device error kind of a DMK error (a device action's `error`, an observable's error, a rejected
 * promise), or null when it is none of them. Looks one `originalError` deep, where DMK wraps a cause.
 */
export function ledgerErrorKind(error: unknown): DeviceErrorKind | null {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 3; current = field(current, 'originalError'), depth++) {
    const tag = field(current, '_tag');
    const code = field(current, 'errorCode');
    const statusWord = typeof code === 'string' ? code.toLowerCase() : null;
    if (tag === 'DeviceLockedError' || (statusWord && LOCKED_CODES.has(statusWord))) return 'locked';
    if (tag === 'RefusedByUserDAError' || tag === 'ActionRefusedError' || (statusWord && REJECTED_CODES.has(statusWord))) return 'rejected';
    if (tag === 'UnsupportedApplicationDAError' || tag === 'OpenAppCommandError' || (statusWord && WRONG_APP_CODES.has(statusWord))) return 'wrongApp';
    if (statusWord && BLIND_SIGNING_CODES.has(statusWord)) return 'blindSigningDisabled';
    if (typeof tag === 'string' && DISCONNECTED_TAGS.has(tag)) return 'disconnected';
    // The browser's own: the HID device went away mid-exchange.
    if (current instanceof Error && current.name === 'NotFoundError') return 'disconnected';
  }
  return null;
}

export function toEthDeviceError(error: unknown): EthDeviceError {
  if (error instanceof EthDeviceError) return error;
  const message = field(error, 'message');
  const tag = field(error, '_tag');
  return new EthDeviceError(ledgerErrorKind(error), typeof message === 'string' && message ? message : typeof tag === 'string' ? tag : 'The Ledger failed.');
}

/** What a signer kit call returns: an observable of device action states (DMK's ExecuteDeviceActionReturnType). */
interface DeviceActionRun {
  observable: { subscribe(observer: { next(state: unknown): void; error(error: unknown): void; complete(): void }): { unsubscribe(): void } };
  cancel(): void;
}

/** Resolves with the device action's output; rejects with an EthDeviceError. */
export function runDeviceAction<Output>(run: DeviceActionRun): Promise<Output> {
  return new Promise<Output>((resolve, reject) => {
    let settled = false;
    let subscription: { unsubscribe(): void } | null = null;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      subscription?.unsubscribe();
      fn();
    };
    subscription = run.observable.subscribe({
      next(state) {
        const status = field(state, 'status');
        if (status === DeviceActionStatus.Completed) settle(() => resolve(field(state, 'output') as Output));
        else if (status === DeviceActionStatus.Error) settle(() => reject(toEthDeviceError(field(state, 'error'))));
        else if (status === DeviceActionStatus.Stopped) settle(() => reject(new EthDeviceError('disconnected', 'The Ledger action was stopped.')));
      },
      error: (error) => settle(() => reject(toEthDeviceError(error))),
      complete: () => settle(() => reject(new EthDeviceError(null, 'The Ledger action ended without a result.'))),
    });
    if (settled) subscription.unsubscribe();
  });
}

const parts = (signature: { r: string; s: string; v: number }): EthSignatureParts => ({ r: signature.r as `0x${string}`, s: signature.s as `0x${string}`, v: signature.v });

/** The session's state stream (DMK's getDeviceSessionState). */
interface SessionStates {
  subscribe(observer: { next(state: unknown): void; error(error: unknown): void; complete(): void }): { unsubscribe(): void };
}

/** The EthDevice port over a signer kit and a device session. Tests pass a fake signer and session. */
export function dmkEthDevice(signer: Pick<SignerEth, 'getAddress' | 'signTypedData' | 'signTransaction' | 'signMessage'>, session: { states: SessionStates; close(): Promise<void> }): EthDevice {
  return {
    async getAddress(path) {
      const output = await runDeviceAction<{ address: string }>(signer.getAddress(path, { checkOnDevice: false }) as unknown as DeviceActionRun);
      return { address: output.address as `0x${string}` };
    },
    async signTypedData(path, typedData) {
      const run = signer.signTypedData(path, typedData as Parameters<SignerEth['signTypedData']>[1]) as unknown as DeviceActionRun;
      return parts(await runDeviceAction<{ r: string; s: string; v: number }>(run));
    },
    async signTransaction(path, unsigned) {
      const run = signer.signTransaction(path, unsigned) as unknown as DeviceActionRun;
      return parts(await runDeviceAction<{ r: string; s: string; v: number }>(run));
    },
    async signPersonalMessage(path, message) {
      const run = signer.signMessage(path, message) as unknown as DeviceActionRun;
      return parts(await runDeviceAction<{ r: string; s: string; v: number }>(run));
    },
    onDisconnect(listener) {
      let done = false;
      const fire = () => {
        if (done) return;
        done = true;
        listener();
      };
      const subscription = session.states.subscribe({
        next: (state) => {
          if (field(state, 'deviceStatus') === DeviceStatus.NOT_CONNECTED) fire();
        },
        error: fire,
        complete: fire,
      });
      return () => {
        done = true;
        subscription.unsubscribe();
      };
    },
    close: () => session.close(),
  };
}

/** The first device the WebHID transport discovers (the browser's device picker; needs the user's click). */
function firstDevice(dmk: DeviceManagementKit): Promise<DiscoveredDevice> {
  return new Promise((resolve, reject) => {
    let done = false;
    const subscription = dmk.startDiscovering({ transport: webHidIdentifier }).subscribe({
      next: (device) => {
        if (done) return;
        done = true;
        resolve(device);
        queueMicrotask(() => {
          subscription.unsubscribe();
          void dmk.stopDiscovering();
        });
      },
      error: (error: unknown) => {
        done = true;
        reject(toEthDeviceError(error));
      },
      complete: () => {
        if (!done) reject(new EthDeviceError('disconnected', 'No Ledger was chosen.'));
      },
    });
  });
}

/** The signer kit's context module (typed from the builder, so that its package need not be a direct dependency). */
export type LedgerContextModule = Parameters<SignerEthBuilder['withContextModule']>[0];
type FieldContext = Awaited<ReturnType<LedgerContextModule['getFieldContext']>>;
type TypedDataFilters = Awaited<ReturnType<LedgerContextModule['getTypedDataFilters']>>;

const NO_CONTEXT = 'Countersign gives the Ledger no clear-signing context: it shows the hashes Countersign shows (decision 0082).';

/**
 * A context module that asks no service (decision 0082). The signer kit's default one fetches clear-signing metadata
 * from Ledger's services (token and contract descriptors, EIP-712 filters, trusted names, web3 checks) and reports
 * blind signatures to Ledger. Whether those requests went through depended on the page's CSP — refused under the one
 * our server sends, allowed under the meta fallback's `connect-src https:` — so what the device showed (clear-signed
 * fields or the hashes) and what Ledger learned about the Safe's transactions depended on how the app was hosted. With
 * this module the Ledger always signs with the hashes the on-device step shows, and nothing leaves the page for Ledger.
 */
export const OFFLINE_CONTEXT_MODULE: LedgerContextModule = {
  getContexts: async () => [],
  getFieldContext: async () => ({ type: 'error', error: new Error(NO_CONTEXT) }) as unknown as FieldContext,
  getTypedDataFilters: async (): Promise<TypedDataFilters> => ({ type: 'error', error: new Error(NO_CONTEXT) }),
  report: async () => undefined,
};

/** The Ethereum signer for a DMK session, with the context module that asks no service. */
export function offlineSigner(dmk: DeviceManagementKit, sessionId: DeviceSessionId): SignerEth {
  return new SignerEthBuilder({ dmk, sessionId }).withContextModule(OFFLINE_CONTEXT_MODULE).build();
}

/** Connects to a Ledger over WebHID and returns the Ethereum app's port. */
export async function connectLedger(): Promise<EthDevice> {
  const dmk = new DeviceManagementKitBuilder().addTransport(webHidTransportFactory).build();
  let sessionId: DeviceSessionId;
  try {
    sessionId = await dmk.connect({ device: await firstDevice(dmk) });
  } catch (error) {
    dmk.close();
    throw toEthDeviceError(error);
  }
  const signer = offlineSigner(dmk, sessionId);
  return dmkEthDevice(signer, {
    states: dmk.getDeviceSessionState({ sessionId }),
    close: async () => {
      await dmk.disconnect({ sessionId }).catch(() => undefined);
      dmk.close();
    },
  });
}
