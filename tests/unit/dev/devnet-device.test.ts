// The Devnet Wallet's device profiles (issue 19), without a chain or a DOM: the profile from the tab's storage and
// signerDevice, each device state's refusal (code, data.device) per request, blind signing, ethSignOnly, the
// screen computed from the bytes received, Approve / Reject, and changesFees. The device panel is tested in
// tests/dom/dev/devnetDevicePanel.test.ts; a transaction signed under a profile landing on anvil in
// tests/integration/devnet-device.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseGwei, parseTransaction, recoverMessageAddress, recoverTypedDataAddress, toHex, type Address, type Hex } from 'viem';
import { DEVNET_ACCOUNTS } from '../../../devnet/chain/accounts.ts';
import { ProviderRpcError, createDevnetWallet, installDevnetWallet, type DevnetWalletProvider } from '../../../src/dev/devnetWallet.ts';
import {
  DEVICE_PROFILE_KEY,
  DEVICE_STATES,
  parseDeviceProfile,
  parseStoredDeviceProfile,
  type DeviceProfile,
  type DeviceState,
} from '../../../src/dev/devnetDevice.ts';
import { executionDisplay, typedDataDisplay, type UnsignedExecution } from '../../../src/domain/wallet/deviceDisplay.ts';
import { DEVICE_ERROR_CODE, deviceErrorOf, signerDeviceOf, type DeviceErrorKind } from '../../../src/domain/wallet/signerDevice.ts';

const accounts = DEVNET_ACCOUNTS.slice(0, 3).map((a) => ({ address: a.address, privateKey: a.privateKey }));
const a0 = accounts[0]!;
const RECIPIENT: Address = '0x000000000000000000000000000000000000bEEF';

const LEDGER_BLIND: DeviceProfile = { kind: 'ledger', display: 'hashes', name: 'Ledger' };
const TREZOR: DeviceProfile = { kind: 'trezor', display: 'fields', name: 'Trezor' };

function tab(entries: Record<string, string> = {}): Map<string, string> & { getItem(k: string): string | null; setItem(k: string, v: string): void; removeItem(k: string): void } {
  const map = new Map<string, string>(Object.entries(entries));
  return Object.assign(map, {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  });
}

/**
 * A connected wallet with `device` (undefined: the one in `storage`); the RPC URL (port 9, discard) is never reached
 * unless a test stubs fetch.
 */
function wallet(device: DeviceProfile | null | undefined, storage: ReturnType<typeof tab> | null = null): DevnetWalletProvider {
  return createDevnetWallet({ rpcUrl: 'http://127.0.0.1:9', chainId: 31337, accounts, connected: true, storage, ...(device === undefined ? {} : { device }) });
}

const SAFE_TX = {
  types: {
    EIP712Domain: [
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    SafeTx: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'data', type: 'bytes' },
      { name: 'operation', type: 'uint8' },
      { name: 'safeTxGas', type: 'uint256' },
      { name: 'baseGas', type: 'uint256' },
      { name: 'gasPrice', type: 'uint256' },
      { name: 'gasToken', type: 'address' },
      { name: 'refundReceiver', type: 'address' },
      { name: 'nonce', type: 'uint256' },
    ],
  },
  primaryType: 'SafeTx',
  domain: { chainId: 31337, verifyingContract: '0x599c86d40e80ac8d0a4b7b19642457a73333d91f' },
  message: {
    to: RECIPIENT,
    value: '1000000000000000000',
    data: '0xdeadbeef',
    operation: 0,
    safeTxGas: '0',
    baseGas: '0',
    gasPrice: '0',
    gasToken: '0x0000000000000000000000000000000000000000',
    refundReceiver: '0x0000000000000000000000000000000000000000',
    nonce: '7',
  },
} as const;
const SAFE_TX_JSON = JSON.stringify(SAFE_TX);

/** A transaction with every field the device signs given (no RPC needed before the send). */
const TX = {
  from: a0.address,
  to: RECIPIENT,
  value: toHex(5n),
  data: '0x12345678' as Hex,
  nonce: toHex(4),
  gas: toHex(60_000n),
  maxFeePerGas: toHex(parseGwei('3')),
  maxPriorityFeePerGas: toHex(parseGwei('1.5')),
};
const TX_UNSIGNED: UnsignedExecution = {
  chainId: 31337,
  nonce: 4,
  gas: 60_000n,
  maxFeePerGas: parseGwei('3'),
  maxPriorityFeePerGas: parseGwei('1.5'),
  to: RECIPIENT,
  value: 5n,
  data: '0x12345678',
};

const signTyped = (w: DevnetWalletProvider): Promise<unknown> => w.request({ method: 'eth_signTypedData_v4', params: [a0.address, SAFE_TX_JSON] });
const signMessage = (w: DevnetWalletProvider, message = 'Hello, device'): Promise<unknown> => w.request({ method: 'personal_sign', params: [toHex(message), a0.address] });
const sendTx = (w: DevnetWalletProvider, tx: Record<string, unknown> = TX): Promise<unknown> => w.request({ method: 'eth_sendTransaction', params: [tx] });

async function rejection(p: Promise<unknown>): Promise<ProviderRpcError> {
  const err = await p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderRpcError);
  return err as ProviderRpcError;
}

/** Waits until the device shows a request (its delay, the wallet's own awaits). */
async function screenOf(w: DevnetWalletProvider): Promise<NonNullable<DevnetWalletProvider['device']['screen']>> {
  await vi.waitFor(() => expect(w.device.screen).not.toBeNull(), { timeout: 2_000, interval: 5 });
  return w.device.screen!;
}

const codeOf: Record<DeviceErrorKind, number> = {
  locked: DEVICE_ERROR_CODE,
  wrongApp: DEVICE_ERROR_CODE,
  blindSigningDisabled: DEVICE_ERROR_CODE,
  disconnected: 4900,
  rejected: 4001,
  noTypedData: 4200,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('device profile', () => {
  it('is read from the tab storage when the wallet is created; absent or invalid means no device', () => {
    const stored = wallet(undefined, tab({ [DEVICE_PROFILE_KEY]: JSON.stringify({ ...LEDGER_BLIND, delayMs: 50, extra: 1 }) }));
    expect(stored.device.profile).toEqual({ ...LEDGER_BLIND, delayMs: 50 });
    expect(stored.signerDevice).toEqual({ kind: 'ledger', name: 'Ledger', display: 'hashes' });
    expect(signerDeviceOf('Devnet Wallet', stored)).toEqual({ kind: 'ledger', name: 'Ledger', display: 'hashes' });

    for (const text of [undefined, '{not json', 'null', '[]', JSON.stringify({ kind: 'nano', display: 'hashes', name: 'X' }), JSON.stringify({ kind: 'ledger', display: 'blind', name: 'X' }), JSON.stringify({ kind: 'ledger', display: 'hashes', name: '' }), JSON.stringify({ ...TREZOR, delayMs: -1 }), JSON.stringify({ ...TREZOR, changesFees: 'yes' })]) {
      const w = createDevnetWallet({ rpcUrl: 'http://127.0.0.1:9', chainId: 31337, accounts, storage: tab(text === undefined ? {} : { [DEVICE_PROFILE_KEY]: text }) });
      expect(w.device.profile, String(text)).toBeNull();
      expect(w.signerDevice).toBeNull();
      expect(signerDeviceOf('Devnet Wallet', w)).toBeNull();
    }
    expect(parseStoredDeviceProfile(null)).toBeNull();
    expect(parseDeviceProfile({ kind: 'walletconnect', display: 'remote', name: 'WalletConnect', ethSignOnly: true, changesFees: false, delayMs: 0 })).toEqual({
      kind: 'walletconnect',
      display: 'remote',
      name: 'WalletConnect',
      ethSignOnly: true,
      changesFees: false,
      delayMs: 0,
    });
  });

  it('a storage that throws means no device', () => {
    const refusing = { getItem: (): string | null => { throw new Error('SecurityError'); }, setItem: (): void => { throw new Error('QuotaExceededError'); } };
    const w = createDevnetWallet({ rpcUrl: 'http://127.0.0.1:9', chainId: 31337, accounts, storage: refusing });
    expect(w.signerDevice).toBeNull();
    w.setDevice(TREZOR);
    expect(w.signerDevice).toEqual({ kind: 'trezor', name: 'Trezor', display: 'fields' });
  });

  it('setDevice sets, remembers and clears it; an invalid profile throws', () => {
    const storage = tab();
    const w = wallet(null, storage);
    w.setDevice(TREZOR);
    expect(w.signerDevice).toEqual({ kind: 'trezor', name: 'Trezor', display: 'fields' });
    expect(JSON.parse(storage.get(DEVICE_PROFILE_KEY) ?? 'null')).toEqual(TREZOR);
    // The next page in the tab starts with it.
    expect(createDevnetWallet({ rpcUrl: 'http://127.0.0.1:9', chainId: 31337, accounts, storage }).signerDevice?.kind).toBe('trezor');
    expect(() => w.setDevice({ kind: 'nano' } as unknown as DeviceProfile)).toThrow(TypeError);
    expect(w.signerDevice?.kind).toBe('trezor');
    w.setDevice(null);
    expect(w.signerDevice).toBeNull();
    expect(storage.has(DEVICE_PROFILE_KEY)).toBe(false);
  });

  it('installDevnetWallet reads the profile from the tab\'s sessionStorage (no document: no panel)', () => {
    const storage = tab({ [DEVICE_PROFILE_KEY]: JSON.stringify(LEDGER_BLIND) });
    vi.stubGlobal('sessionStorage', storage);
    const target = new EventTarget();
    const w = installDevnetWallet({ rpcUrl: 'http://127.0.0.1:9', chainId: 31337, accounts }, target);
    expect(w.signerDevice).toEqual({ kind: 'ledger', name: 'Ledger', display: 'hashes' });
    expect((target as unknown as { __devnetWallet: unknown }).__devnetWallet).toBe(w);
  });

  it('without a profile the wallet signs at once, as before (no screen)', async () => {
    const w = wallet(null);
    const sig = (await signMessage(w)) as Hex;
    expect(await recoverMessageAddress({ message: 'Hello, device', signature: sig })).toBe(a0.address);
    expect(w.device.screen).toBeNull();
    // The state is ignored without a device.
    w.setDeviceState('locked');
    expect(await signTyped(w)).toMatch(/^0x[0-9a-f]{130}$/);
  });
});

describe('device states', () => {
  const notReady = DEVICE_STATES.filter((s): s is Exclude<DeviceState, 'ready' | 'blindSigningDisabled'> => s !== 'ready' && s !== 'blindSigningDisabled');

  it.each(notReady)('%s refuses typed data, personal_sign and a transaction with its device error', async (state) => {
    const w = wallet(TREZOR);
    w.setDeviceState(state);
    expect(w.device.state).toBe(state);
    for (const request of [signTyped(w), signMessage(w), sendTx(w), sendTx(w, { ...TX, data: '0x' })]) {
      const err = await rejection(request);
      expect(err.code).toBe(codeOf[state]);
      expect(err.data).toEqual({ device: state });
      expect(deviceErrorOf(err)).toBe(state);
      expect(err.message).toContain('Trezor');
    }
    expect(w.device.screen).toBeNull();
    w.setDeviceState('ready');
    const pending = signMessage(w);
    await screenOf(w);
    w.approveOnDevice();
    expect(await pending).toMatch(/^0x/);
  });

  it('blindSigningDisabled refuses typed data shown as hashes and transactions with data only', async () => {
    const blind = wallet(LEDGER_BLIND);
    blind.setDeviceState('blindSigningDisabled');
    for (const request of [signTyped(blind), sendTx(blind)]) {
      const err = await rejection(request);
      expect(err.code).toBe(DEVICE_ERROR_CODE);
      expect(err.data).toEqual({ device: 'blindSigningDisabled' });
    }
    // A message and a plain transfer (no data) are shown in full: the device signs them.
    const message = signMessage(blind);
    expect((await screenOf(blind)).kind).toBe('message');
    blind.approveOnDevice();
    expect(await message).toMatch(/^0x/);
    const transfer = sendTx(blind, { ...TX, data: '0x' });
    expect((await screenOf(blind)).kind).toBe('transaction');
    blind.rejectOnDevice();
    expect((await rejection(transfer)).code).toBe(4001);

    // A device that clear-signs (fields) signs typed data with blind signing disabled.
    const clear = wallet(TREZOR);
    clear.setDeviceState('blindSigningDisabled');
    const typed = signTyped(clear);
    expect((await screenOf(clear)).kind).toBe('typedData');
    clear.approveOnDevice();
    expect(await typed).toMatch(/^0x/);
  });

  it('a state that refuses the waiting request rejects it', async () => {
    const w = wallet(LEDGER_BLIND);
    const typed = signTyped(w);
    await screenOf(w);
    w.setDeviceState('locked');
    const err = await rejection(typed);
    expect(err.data).toEqual({ device: 'locked' });
    expect(w.device.screen).toBeNull();
    // Removing the device disconnects what waited on it.
    w.setDeviceState('ready');
    const message = signMessage(w);
    await screenOf(w);
    w.setDevice(null);
    expect((await rejection(message)).data).toEqual({ device: 'disconnected' });
  });

  it('ethSignOnly refuses eth_signTypedData_v4 with noTypedData (4200), and still signs messages', async () => {
    const w = wallet({ ...LEDGER_BLIND, ethSignOnly: true });
    const err = await rejection(signTyped(w));
    expect(err.code).toBe(4200);
    expect(err.data).toEqual({ device: 'noTypedData' });
    const message = signMessage(w);
    await screenOf(w);
    w.approveOnDevice();
    expect(await message).toMatch(/^0x/);
  });

  it('an unknown state throws', () => {
    expect(() => wallet(TREZOR).setDeviceState('asleep' as DeviceState)).toThrow(TypeError);
  });
});

describe('the device screen and its buttons', () => {
  it.each([LEDGER_BLIND, TREZOR, { kind: 'walletconnect', display: 'remote', name: 'WalletConnect' } as DeviceProfile])(
    'typed data on $name: the screen is typedDataDisplay of the payload received, and Approve signs it',
    async (profile) => {
      const w = wallet(profile);
      const pending = signTyped(w);
      const screen = await screenOf(w);
      expect(screen.title).toBe('Sign typed data');
      expect(screen.lines).toEqual(typedDataDisplay(profile.display, JSON.parse(SAFE_TX_JSON)));
      expect(screen.lines.length).toBe(profile.display === 'fields' ? 12 : 2);
      expect(w.approveOnDevice()).toBe(true);
      const signature = (await pending) as Hex;
      const { EIP712Domain: _d, ...types } = SAFE_TX.types;
      expect(await recoverTypedDataAddress({ types, primaryType: 'SafeTx', domain: SAFE_TX.domain, message: SAFE_TX.message, signature } as never)).toBe(a0.address);
      expect(w.device.screen).toBeNull();
      expect(w.approveOnDevice()).toBe(false);
    },
  );

  it('the screen follows the bytes received: another payload, other lines', async () => {
    const w = wallet(LEDGER_BLIND);
    const changed = { ...SAFE_TX, message: { ...SAFE_TX.message, nonce: '8' } };
    const pending = w.request({ method: 'eth_signTypedData_v4', params: [a0.address, JSON.stringify(changed)] });
    const screen = await screenOf(w);
    expect(screen.lines).toEqual(typedDataDisplay('hashes', changed as never));
    expect(screen.lines[1]?.value).not.toBe(typedDataDisplay('hashes', SAFE_TX as never)[1]?.value);
    expect(screen.lines[0]?.value).toBe(typedDataDisplay('hashes', SAFE_TX as never)[0]?.value);
    w.rejectOnDevice();
    await rejection(pending);
  });

  it('a transaction: the screen is executionDisplay of the unsigned transaction as given', async () => {
    const w = wallet(LEDGER_BLIND);
    const pending = sendTx(w);
    const screen = await screenOf(w);
    expect(screen.title).toBe('Sign transaction');
    expect(screen.lines).toEqual(executionDisplay(TX_UNSIGNED));
    w.rejectOnDevice();
    await rejection(pending);
  });

  it('personal_sign shows the message text', async () => {
    const w = wallet(TREZOR);
    const pending = signMessage(w, 'Sign in to Countersign');
    expect((await screenOf(w)).lines).toEqual([{ label: 'Message', value: 'Sign in to Countersign' }]);
    w.approveOnDevice();
    expect(await recoverMessageAddress({ message: 'Sign in to Countersign', signature: (await pending) as Hex })).toBe(a0.address);
    // Plain text and bytes that are not text.
    const plain = w.request({ method: 'personal_sign', params: ['plain text', a0.address] });
    expect((await screenOf(w)).lines).toEqual([{ label: 'Message', value: 'plain text' }]);
    w.approveOnDevice();
    await plain;
    const bytes = w.request({ method: 'personal_sign', params: ['0x00ff01', a0.address] });
    expect((await screenOf(w)).lines).toEqual([{ label: 'Message', value: '0x00ff01' }]);
    w.approveOnDevice();
    await bytes;
  });

  it('Reject rejects with 4001 (rejected); nothing is signed until Approve', async () => {
    const w = wallet(TREZOR);
    let settled = false;
    const pending = signMessage(w).finally(() => (settled = true));
    await screenOf(w);
    await new Promise((r) => setTimeout(r, 30));
    expect(settled).toBe(false);
    expect(w.rejectOnDevice()).toBe(true);
    const err = await rejection(pending);
    expect(err.code).toBe(4001);
    expect(err.data).toEqual({ device: 'rejected' });
    expect(w.rejectOnDevice()).toBe(false);
  });

  it('shows a request after the profile\'s delay, one request at a time', async () => {
    const w = wallet({ ...TREZOR, delayMs: 120 });
    const changes: unknown[] = [];
    const stop = w.onDeviceChange(() => changes.push(w.device.screen?.lines[0]?.value ?? (w.device.busy ? 'busy' : 'idle')));
    const started = Date.now();
    const first = signMessage(w, 'first');
    const second = signMessage(w, 'second');
    expect(w.device.busy).toBe(true);
    expect(w.device.screen).toBeNull();
    expect(w.approveOnDevice()).toBe(false);
    expect((await screenOf(w)).lines[0]?.value).toBe('first');
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    w.approveOnDevice();
    await first;
    expect(w.device.busy).toBe(true);
    expect((await screenOf(w)).lines[0]?.value).toBe('second');
    w.approveOnDevice();
    await second;
    stop();
    expect(changes).toContain('first');
    expect(changes).toContain('second');
  });
});

describe('transactions under a profile', () => {
  /** Records the raw transaction the wallet sends (the RPC boundary: the anvil test sends it for real). */
  function recordRawSends(): Hex[] {
    const sent: Hex[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: { body: string }) => {
      const body = JSON.parse(init.body) as { id: number; method: string; params: unknown[] };
      if (body.method !== 'eth_sendRawTransaction') throw new Error(`unexpected RPC ${body.method}`);
      sent.push(body.params[0] as Hex);
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: `0x${'11'.repeat(32)}` }));
    });
    return sent;
  }

  it('signs exactly the given nonce, gas and fees (no RPC call to fill them)', async () => {
    const sent = recordRawSends();
    const w = wallet(LEDGER_BLIND);
    const pending = sendTx(w);
    await screenOf(w);
    w.approveOnDevice();
    expect(await pending).toBe(`0x${'11'.repeat(32)}`);
    const tx = parseTransaction(sent[0]!);
    expect(tx).toMatchObject({ type: 'eip1559', chainId: 31337, nonce: 4, gas: 60_000n, maxFeePerGas: parseGwei('3'), maxPriorityFeePerGas: parseGwei('1.5'), value: 5n, data: '0x12345678' });
    expect(tx.to?.toLowerCase()).toBe(RECIPIENT.toLowerCase());
  });

  it('changesFees raises exactly both fees by 1 gwei, and the screen still shows what it was asked', async () => {
    const sent = recordRawSends();
    const w = wallet({ ...LEDGER_BLIND, changesFees: true });
    const pending = sendTx(w);
    expect((await screenOf(w)).lines).toEqual(executionDisplay(TX_UNSIGNED));
    w.approveOnDevice();
    await pending;
    const tx = parseTransaction(sent[0]!);
    expect(tx).toMatchObject({ type: 'eip1559', chainId: 31337, nonce: 4, gas: 60_000n, maxFeePerGas: parseGwei('4'), maxPriorityFeePerGas: parseGwei('2.5'), value: 5n, data: '0x12345678' });
    expect(tx.to?.toLowerCase()).toBe(RECIPIENT.toLowerCase());
  });

  it('a legacy gasPrice stands for both fees; a contract creation is refused', async () => {
    const sent = recordRawSends();
    const w = wallet(TREZOR);
    const { maxFeePerGas: _f, maxPriorityFeePerGas: _p, ...rest } = TX;
    const pending = sendTx(w, { ...rest, gasPrice: toHex(parseGwei('2')) });
    expect((await screenOf(w)).lines).toEqual(executionDisplay({ ...TX_UNSIGNED, maxFeePerGas: parseGwei('2'), maxPriorityFeePerGas: parseGwei('2') }));
    w.approveOnDevice();
    await pending;
    expect(parseTransaction(sent[0]!)).toMatchObject({ type: 'eip1559', maxFeePerGas: parseGwei('2'), maxPriorityFeePerGas: parseGwei('2') });
    const { to: _to, ...creation } = TX;
    expect((await rejection(sendTx(w, creation))).code).toBe(-32602);
  });
});
