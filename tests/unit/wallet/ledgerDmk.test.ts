/**
 * The Device Management Kit adapter (src/services/wallet/modules/ledgerDmk.ts): DMK's own error objects — built
 * with DMK's and the Ethereum signer kit's classes and status-word tables, as the device actions report them — mapped
 * to the contract's device error kinds; and the EthDevice port over a signer whose device actions replay recorded
 * state sequences (pending → completed / error), standing in for a Ledger on WebHID (decision 0066).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  DeviceActionStatus,
  DeviceLockedError,
  DeviceStatus,
  DisconnectError,
  GLOBAL_ERRORS,
  GlobalCommandError,
  NoAccessibleDeviceError,
  OpenAppCommand,
  RefusedByUserDAError,
  UnknownDAError,
  UserInteractionRequired,
} from '@ledgerhq/device-management-kit';
import { ETH_APP_ERRORS, EthAppCommandError } from '@ledgerhq/device-signer-kit-ethereum/internal/app-binder/command/utils/ethAppErrors.js';
import { dmkEthDevice, ledgerErrorKind, OFFLINE_CONTEXT_MODULE, runDeviceAction } from '../../../src/services/wallet/modules/ledgerDmk.ts';
import { EthDeviceError } from '../../../src/services/wallet/modules/ledgerDevice.ts';

const globalError = (code: keyof typeof GLOBAL_ERRORS) => new GlobalCommandError({ ...GLOBAL_ERRORS[code], errorCode: code });
const ethAppError = (code: keyof typeof ETH_APP_ERRORS) => new EthAppCommandError({ ...ETH_APP_ERRORS[code], errorCode: code });
/** OpenAppCommand's answer to a status word (how DMK builds its OpenAppCommandError / GlobalCommandError). */
const openAppAnswer = (sw: [number, number]) => {
  const result = new OpenAppCommand({ appName: 'Ethereum' }).parseResponse({ statusCode: Uint8Array.from(sw), data: new Uint8Array() } as never);
  return (result as { error: unknown }).error;
};

describe('DMK errors → the contract\'s device error kinds', () => {
  it.each([
    ['0x5515 (GlobalCommandError DeviceLockedError)', globalError('5515'), 'locked'],
    ['DeviceLockedError (unlock timeout of a device action)', new DeviceLockedError(), 'locked'],
    ['0x6982 (Ethereum app: security status not satisfied)', ethAppError('6982'), 'locked'],
    ['0x6985 (Ethereum app: condition not satisfied, rejected on the device)', ethAppError('6985'), 'rejected'],
    ['0x5501 (GlobalCommandError ActionRefusedError)', globalError('5501'), 'rejected'],
    ['RefusedByUserDAError', new RefusedByUserDAError(), 'rejected'],
    ['0x6e00 (CLA not supported: another app is open)', globalError('6e00'), 'wrongApp'],
    ['0x6d00 (INS not supported: another app is open)', ethAppError('6d00'), 'wrongApp'],
    ['0x6807 from OpenAppCommand (the Ethereum app is not installed)', openAppAnswer([0x68, 0x07]), 'wrongApp'],
    ['0x6a80 (Ethereum app: invalid data — blind signing is off)', ethAppError('6a80'), 'blindSigningDisabled'],
    ['DisconnectError (transport)', new DisconnectError(), 'disconnected'],
    ['NoAccessibleDeviceError (nothing picked in the WebHID list)', new NoAccessibleDeviceError(), 'disconnected'],
    ['a wrapped cause: UnknownDAError around a DisconnectError', Object.assign(new UnknownDAError('Sign transaction failed'), { originalError: new DisconnectError() }), 'disconnected'],
  ])('%s', (_name, error, kind) => {
    expect(ledgerErrorKind(error)).toBe(kind);
  });

  it('other errors are none of the kinds', () => {
    expect(ledgerErrorKind(ethAppError('6a84'))).toBeNull(); // insufficient memory
    expect(ledgerErrorKind(new UnknownDAError('boom'))).toBeNull();
    expect(ledgerErrorKind(new Error('network'))).toBeNull();
    expect(ledgerErrorKind(undefined)).toBeNull();
  });
});

/** A recorded device action: the states DMK's observable emitted, in order. */
function replayAction(states: unknown[]) {
  let cancelled = false;
  return {
    observable: {
      subscribe(observer: { next(s: unknown): void; error(e: unknown): void; complete(): void }) {
        let stopped = false;
        queueMicrotask(() => {
          for (const state of states) if (!stopped) observer.next(state);
          if (!stopped) observer.complete();
        });
        return { unsubscribe: () => void (stopped = true) };
      },
    },
    cancel: () => void (cancelled = true),
    cancelled: () => cancelled,
  };
}

const pending = (step: string, requiredUserInteraction: string = UserInteractionRequired.None) => ({ status: DeviceActionStatus.Pending, intermediateValue: { step, requiredUserInteraction } });

describe('the EthDevice port over the signer kit', () => {
  const sessionStates = () => {
    const listeners: ((s: unknown) => void)[] = [];
    return {
      states: { subscribe: (o: { next(s: unknown): void }) => (listeners.push(o.next), { unsubscribe: () => undefined }) },
      emit: (state: unknown) => listeners.forEach((l) => l(state)),
      close: async () => undefined,
    };
  };

  it('resolves a completed typed-data signature and passes path and typed data through', async () => {
    const calls: unknown[] = [];
    const signature = { r: '0x' + '11'.repeat(32), s: '0x' + '22'.repeat(32), v: 27 };
    const signer = {
      signTypedData: (path: string, data: unknown) => {
        calls.push([path, data]);
        return replayAction([pending('signer.eth.steps.openApp', UserInteractionRequired.ConfirmOpenApp), pending('signer.eth.steps.signTypedData', UserInteractionRequired.SignTypedData), { status: DeviceActionStatus.Completed, output: signature }]);
      },
    };
    const device = dmkEthDevice(signer as never, sessionStates());
    const typed = { domain: {}, types: { EIP712Domain: [] }, primaryType: 'EIP712Domain', message: {} };
    await expect(device.signTypedData("m/44'/60'/0'/0/0", typed)).resolves.toEqual(signature);
    expect(calls).toEqual([["m/44'/60'/0'/0/0", typed]]);
  });

  it('rejects with an EthDeviceError of the mapped kind when the action ends in error', async () => {
    const signer = { signTransaction: () => replayAction([pending('signer.eth.steps.signTransaction', UserInteractionRequired.SignTransaction), { status: DeviceActionStatus.Error, error: ethAppError('6985') }]) };
    const error = await dmkEthDevice(signer as never, sessionStates()).signTransaction("m/44'/60'/0'/0/0", new Uint8Array([2])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EthDeviceError);
    expect(error).toMatchObject({ kind: 'rejected', message: 'Condition not satisfied' });
  });

  it('a stopped action is a disconnect; an action that ends without output fails plainly', async () => {
    await expect(runDeviceAction(replayAction([{ status: DeviceActionStatus.Stopped }]))).rejects.toMatchObject({ kind: 'disconnected' });
    await expect(runDeviceAction(replayAction([pending('x')]))).rejects.toMatchObject({ kind: null });
  });

  it('reads the address without asking the device to display it', async () => {
    const seen: unknown[] = [];
    const signer = { getAddress: (path: string, options: unknown) => (seen.push([path, options]), replayAction([{ status: DeviceActionStatus.Completed, output: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', publicKey: '04' } }])) };
    await expect(dmkEthDevice(signer as never, sessionStates()).getAddress("m/44'/60'/0'/0/0")).resolves.toEqual({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
    expect(seen).toEqual([["m/44'/60'/0'/0/0", { checkOnDevice: false }]]);
  });

  it('reports a session that is no longer connected once', () => {
    const session = sessionStates();
    const device = dmkEthDevice({} as never, session);
    let lost = 0;
    device.onDisconnect(() => (lost += 1));
    session.emit({ deviceStatus: DeviceStatus.CONNECTED });
    session.emit({ deviceStatus: DeviceStatus.NOT_CONNECTED });
    session.emit({ deviceStatus: DeviceStatus.NOT_CONNECTED });
    expect(lost).toBe(1);
  });
});

describe('the context module that asks no service (decision 0082)', () => {
  const safeTx = {
    domain: { chainId: 31337, verifyingContract: '0x599C86d40e80ac8D0a4B7b19642457A73333d91f' },
    types: { EIP712Domain: [{ name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], SafeTx: [{ name: 'to', type: 'address' }, { name: 'value', type: 'uint256' }] },
    primaryType: 'SafeTx',
    message: { to: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', value: '500000000000000000' },
  };

  it('gives no clear-signing context (the Ledger signs with the hashes) and reports nothing, without a request', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const filters = await OFFLINE_CONTEXT_MODULE.getTypedDataFilters({ verifyingContract: safeTx.domain.verifyingContract, chainId: 31337, version: 'v2', schema: safeTx.types, challenge: undefined, deviceModelId: 'nanoSP', fieldsValues: [] } as never);
      expect(filters.type).toBe('error');
      expect(await OFFLINE_CONTEXT_MODULE.getContexts({ to: safeTx.message.to, data: '0x', chainId: 31337 })).toEqual([]);
      expect((await OFFLINE_CONTEXT_MODULE.getFieldContext({ chainId: 31337 }, 'token' as never)).type).toBe('error');
      await expect(OFFLINE_CONTEXT_MODULE.report({} as never)).resolves.toBeUndefined();
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
