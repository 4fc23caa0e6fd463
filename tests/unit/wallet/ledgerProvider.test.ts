/**
 * The Ledger module's EIP-1193 provider (src/services/wallet/modules/ledgerProvider.ts) against a fake EthDevice
 * port that replays recorded exchanges: each expected call (method, derivation path, what was sent) and the
 * device's answer. The signatures were produced once with anvil's public test key #1 (the Devnet Wallet's first
 * account, never a real key) in the shape DMK's signer kit returns them ({ r, s, v }); a real Ledger cannot run here
 * (decision 0066). The RPC is a recorded JSON-RPC double too. What is checked is real: the bytes the device is asked
 * to sign, the signature the app gets (it recovers to the device's address), the raw transaction sent, and the
 * contract's error shape for every device error.
 */
import { describe, expect, it } from 'vitest';
import { hexToBytes, parseTransaction, recoverAddress, recoverMessageAddress, recoverTypedDataAddress, keccak256, type Hex } from 'viem';
import { createLedgerProvider, joinSignature, yParityOf } from '../../../src/services/wallet/modules/ledgerProvider.ts';
import { EthDeviceError, LEDGER_ETH_PATH, type EthDevice, type EthSignatureParts } from '../../../src/services/wallet/modules/ledgerDevice.ts';
import { DEVICE_ERROR_CODE } from '../../../src/domain/wallet/signerDevice.ts';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SAFE = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const TYPED = {
  domain: { chainId: 31337, verifyingContract: SAFE },
  types: { EIP712Domain: [{ name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], SafeMessage: [{ name: 'message', type: 'bytes' }] },
  primaryType: 'SafeMessage',
  message: { message: '0x48656c6c6f' },
};
/** Recorded answers (see the header). */
const TYPED_SIGNATURE: EthSignatureParts = { r: '0x67908aec88a7f29bc00cea73d05b4ffe9359ca8b58f49379b1f362c189d75b70', s: '0x5344986dcc6e8392fa6652552988c0d7948384355d097150225f988089b30a6a', v: 28 };
const PERSONAL_SIGNATURE: EthSignatureParts = { r: '0x4e2d8315ad7a7feb00de8fa9864d50fda928fbee0498c9caf30661ffcc2744a0', s: '0x059c96376c10d877d80aef6fded3b8de77d4d213889dece77a7882cdb079d1b7', v: 28 };
/** The unsigned EIP-1559 transaction (chain 31337, nonce 7, gas 123456, 3 gwei / 1 gwei, execTransaction selector) and its recorded signature. */
const UNSIGNED_TX: Hex = '0x02ee827a6907843b9aca0084b2d05e008301e240945fbdb2315678afecb367f032d93f642f64180aa380846a761202c0';
const TX_SIGNATURE: EthSignatureParts = { r: '0xd510bf0454b8bc9ea4fdd586831e3857ed548751d51840fcdd9642a8034a532f', s: '0x3649aec111d738163a07d0bc96c094a518db5e7261b6d490afa9431dba04d16f', v: 0 };

type Exchange =
  | { call: 'getAddress'; path: string; reply: { address: `0x${string}` } | EthDeviceError }
  | { call: 'signTypedData'; path: string; typedData: unknown; reply: EthSignatureParts | EthDeviceError }
  | { call: 'signTransaction'; path: string; unsigned: Hex; reply: EthSignatureParts | EthDeviceError }
  | { call: 'signPersonalMessage'; path: string; message: Hex; reply: EthSignatureParts | EthDeviceError };

/** A device that replays `exchanges` in order and fails the test on any other call. */
function replayDevice(exchanges: Exchange[]) {
  const script = [...exchanges];
  let lose: (() => void) | null = null;
  const next = <T>(call: Exchange['call'], path: string, sent?: unknown): Promise<T> => {
    const expected = script.shift();
    expect(expected?.call, `device call ${call}`).toBe(call);
    expect(expected!.path).toBe(path);
    if (expected!.call === 'signTypedData') expect(sent).toEqual(expected!.typedData);
    if (expected!.call === 'signTransaction') expect(sent).toBe(expected!.unsigned);
    if (expected!.call === 'signPersonalMessage') expect(sent).toBe(expected!.message);
    return expected!.reply instanceof EthDeviceError ? Promise.reject(expected!.reply) : Promise.resolve(expected!.reply as T);
  };
  const toHex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}` as Hex;
  const device: EthDevice = {
    getAddress: (path) => next('getAddress', path),
    signTypedData: (path, typedData) => next('signTypedData', path, typedData),
    signTransaction: (path, unsigned) => next('signTransaction', path, toHex(unsigned)),
    signPersonalMessage: (path, message) => next('signPersonalMessage', path, toHex(message)),
    onDisconnect: (listener) => {
      lose = listener;
      return () => (lose = null);
    },
    close: async () => undefined,
  };
  return { device, remaining: () => script.length, unplug: () => lose?.() };
}

/** A JSON-RPC double answering from a table; records every call with its URL. */
function recordedRpc(answers: Record<string, unknown>) {
  const calls: { url: string; method: string; params: unknown[] }[] = [];
  const send = async (url: string, method: string, params: unknown[]) => {
    calls.push({ url, method, params });
    if (!(method in answers)) throw new Error(`unexpected RPC ${method}`);
    return answers[method];
  };
  return { send, calls };
}

const CHAINS = [
  { id: '0x7a69', rpcUrl: 'http://127.0.0.1:8545' },
  { id: '0x1', rpcUrl: 'https://rpc.mainnet.test' },
];

function setup(exchanges: Exchange[], answers: Record<string, unknown> = {}) {
  const replay = replayDevice(exchanges);
  const rpc = recordedRpc(answers);
  let connects = 0;
  const provider = createLedgerProvider({
    connect: async () => {
      connects += 1;
      return replay.device;
    },
    chains: CHAINS,
    rpc: rpc.send,
  });
  return { provider, replay, rpc, connects: () => connects };
}

const connectExchange: Exchange = { call: 'getAddress', path: LEDGER_ETH_PATH, reply: { address: ADDRESS.toLowerCase() as `0x${string}` } };

describe('Ledger provider: accounts and chains', () => {
  it('reads the address at m/44\'/60\'/0\'/0/0 once, checksummed, and tells web3-onboard', async () => {
    const { provider, replay, connects } = setup([connectExchange]);
    const seen: unknown[] = [];
    provider.on('accountsChanged', (accounts) => seen.push(accounts));
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS]);
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS]);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ADDRESS]);
    expect(seen).toEqual([[ADDRESS]]);
    expect(connects()).toBe(1);
    expect(replay.remaining()).toBe(0);
  });

  it('switches among the configured chains only (4902 otherwise), and forwards other methods to the current chain\'s RPC', async () => {
    const { provider, rpc } = setup([], { eth_blockNumber: '0x10', eth_getBalance: '0x0' });
    const changes: unknown[] = [];
    provider.on('chainChanged', (id) => changes.push(id));
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x10');
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] })).rejects.toMatchObject({ code: 4902 });
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).toBeNull();
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1');
    await provider.request({ method: 'eth_getBalance', params: [ADDRESS, 'latest'] });
    expect(changes).toEqual(['0x1']);
    expect(rpc.calls.map((c) => [c.url, c.method])).toEqual([
      ['http://127.0.0.1:8545', 'eth_blockNumber'],
      ['https://rpc.mainnet.test', 'eth_getBalance'],
    ]);
    // wallet_addEthereumChain (onboard.ts's answer to 4902) makes the chain switchable.
    await provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x89', rpcUrls: ['https://polygon.test'] }] });
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] })).toBeNull();
  });
});

describe('Ledger provider: signing', () => {
  it('signs eth_signTypedData_v4 on the device with the parsed typed data; the signature recovers to the device\'s address', async () => {
    const { provider, replay } = setup([connectExchange, { call: 'signTypedData', path: LEDGER_ETH_PATH, typedData: TYPED, reply: TYPED_SIGNATURE }]);
    await provider.request({ method: 'eth_requestAccounts' });
    const signature = (await provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS, JSON.stringify(TYPED)] })) as Hex;
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(await recoverTypedDataAddress({ ...(TYPED as unknown as Parameters<typeof recoverTypedDataAddress>[0]), signature })).toBe(ADDRESS);
    expect(replay.remaining()).toBe(0);
  });

  it('signs personal_sign on the device', async () => {
    const { provider } = setup([connectExchange, { call: 'signPersonalMessage', path: LEDGER_ETH_PATH, message: '0x48656c6c6f', reply: PERSONAL_SIGNATURE }]);
    await provider.request({ method: 'eth_requestAccounts' });
    const signature = (await provider.request({ method: 'personal_sign', params: ['0x48656c6c6f', ADDRESS] })) as Hex;
    expect(await recoverMessageAddress({ message: { raw: '0x48656c6c6f' }, signature })).toBe(ADDRESS);
  });

  it('refuses eth_sign with the contract\'s noTypedData error, without touching the device', async () => {
    const { provider, replay } = setup([connectExchange]);
    await provider.request({ method: 'eth_requestAccounts' });
    await expect(provider.request({ method: 'eth_sign', params: [ADDRESS, '0x' + '11'.repeat(32)] })).rejects.toEqual({ code: 4200, message: expect.any(String), data: { device: 'noTypedData' } });
    expect(replay.remaining()).toBe(0);
  });

  it('refuses to sign for another address than the device\'s', async () => {
    const { provider } = setup([connectExchange]);
    await provider.request({ method: 'eth_requestAccounts' });
    await expect(provider.request({ method: 'eth_signTypedData_v4', params: [SAFE, JSON.stringify(TYPED)] })).rejects.toMatchObject({ code: 4100 });
  });

  it('eth_sendTransaction signs nonce, gas and fees exactly as given (no RPC fill), then sends the raw transaction', async () => {
    const { provider, rpc, replay } = setup([connectExchange, { call: 'signTransaction', path: LEDGER_ETH_PATH, unsigned: UNSIGNED_TX, reply: TX_SIGNATURE }], { eth_sendRawTransaction: '0xabc' });
    await provider.request({ method: 'eth_requestAccounts' });
    const hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: ADDRESS, to: SAFE, value: '0x0', data: '0x6a761202', nonce: '0x7', gas: '0x1e240', maxFeePerGas: '0xb2d05e00', maxPriorityFeePerGas: '0x3b9aca00' }],
    });
    expect(hash).toBe('0xabc');
    expect(rpc.calls.map((c) => c.method)).toEqual(['eth_sendRawTransaction']);
    const raw = rpc.calls[0]!.params[0] as Hex;
    const sent = parseTransaction(raw);
    expect(sent).toMatchObject({ type: 'eip1559', chainId: 31337, nonce: 7, gas: 123456n, maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, to: SAFE.toLowerCase(), data: '0x6a761202' });
    // The sender recovered from the raw transaction is the device's account.
    expect(await recoverAddress({ hash: keccak256(UNSIGNED_TX), signature: { r: sent.r!, s: sent.s!, yParity: sent.yParity! } })).toBe(ADDRESS);
    expect(replay.remaining()).toBe(0);
  });

  it('eth_sendTransaction fills only what the request lacks from the RPC', async () => {
    const answers = { eth_getTransactionCount: '0x7', eth_estimateGas: '0x1e240', eth_maxPriorityFeePerGas: '0x3b9aca00', eth_getBlockByNumber: { baseFeePerGas: '0x3b9aca00' }, eth_sendRawTransaction: '0xdef' };
    const { provider, rpc } = setup([connectExchange, { call: 'signTransaction', path: LEDGER_ETH_PATH, unsigned: UNSIGNED_TX, reply: { ...TX_SIGNATURE, v: 27 } }], answers);
    await provider.request({ method: 'eth_requestAccounts' });
    await provider.request({ method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: SAFE, data: '0x6a761202' }] });
    expect(rpc.calls.map((c) => c.method)).toEqual(['eth_getTransactionCount', 'eth_estimateGas', 'eth_maxPriorityFeePerGas', 'eth_getBlockByNumber', 'eth_sendRawTransaction']);
    expect(rpc.calls[0]!.params).toEqual([ADDRESS, 'pending']);
    // base fee 1 gwei × 2 + tip 1 gwei = the 3 gwei of the recorded transaction; v 27 is y-parity 0.
    expect(parseTransaction(rpc.calls[4]!.params[0] as Hex)).toMatchObject({ nonce: 7, gas: 123456n, maxFeePerGas: 3_000_000_000n, yParity: 0 });
  });

  it('joins and normalises the device\'s v', () => {
    expect(joinSignature({ ...TYPED_SIGNATURE, v: 1 })).toBe(joinSignature({ ...TYPED_SIGNATURE, v: 28 }));
    expect([yParityOf(0), yParityOf(1), yParityOf(27), yParityOf(28), yParityOf(37), yParityOf(38)]).toEqual([0, 1, 0, 1, 0, 1]);
  });
});

describe('Ledger provider: device errors in the contract\'s shape', () => {
  it.each([
    ['locked', DEVICE_ERROR_CODE],
    ['wrongApp', DEVICE_ERROR_CODE],
    ['blindSigningDisabled', DEVICE_ERROR_CODE],
    ['rejected', 4001],
    ['disconnected', 4900],
  ] as const)('%s → code %i with data.device and a text saying what to do', async (kind, code) => {
    const { provider } = setup([connectExchange, { call: 'signTypedData', path: LEDGER_ETH_PATH, typedData: TYPED, reply: new EthDeviceError(kind, 'from the device') }]);
    await provider.request({ method: 'eth_requestAccounts' });
    const error = await provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS, TYPED] }).catch((e: unknown) => e);
    expect(error).toEqual({ code, message: expect.stringMatching(/Ledger/), data: { device: kind } });
  });

  it('a device error of no contract kind is an internal error, not a device error', async () => {
    const { provider } = setup([{ call: 'getAddress', path: LEDGER_ETH_PATH, reply: new EthDeviceError(null, 'Insufficient memory') }]);
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toEqual({ code: -32603, message: 'Insufficient memory' });
  });

  it('a lost session emits disconnect (4900, disconnected) and the next request connects again', async () => {
    const { provider, replay, connects } = setup([connectExchange, { call: 'signTypedData', path: LEDGER_ETH_PATH, typedData: TYPED, reply: TYPED_SIGNATURE }]);
    const events: unknown[] = [];
    provider.on('disconnect', (e) => events.push(e));
    await provider.request({ method: 'eth_requestAccounts' });
    replay.unplug();
    expect(events).toEqual([{ code: 4900, message: expect.any(String), data: { device: 'disconnected' } }]);
    await provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS, TYPED] });
    expect(connects()).toBe(2);
  });
});

// The unsigned bytes are the EIP-1559 envelope the device parses (type byte 0x02 first).
it('the recorded unsigned transaction is an EIP-1559 envelope', () => expect(hexToBytes(UNSIGNED_TX)[0]).toBe(2));
