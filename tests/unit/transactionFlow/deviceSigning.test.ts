/**
 * Signers on a device (issue 19), the pure parts and the wallet boundary: what a device shows (typed data by display
 * kind, the execution hash), what a device changed, device errors in words, eth_signTypedData_v4 only, and an
 * execution sent with the nonce, gas and fees fixed here.
 */
import { describe, expect, it } from 'vitest';
import { concat, getAddress, keccak256, parseTransaction, serializeTransaction, type Hex, type TypedDataDefinition } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { TxFlowSafe } from '../../../src/machines/transactionFlow/transactionFlow.types.ts';
import { safeTxTypedData } from '../../../src/domain/safe/hashing.ts';
import { DEVICE_REJECTED_TEXTS, deviceRejectionWords, executionChanges, executionDisplay, executionHash, typedDataDisplay, type UnsignedExecution } from '../../../src/domain/wallet/deviceDisplay.ts';
import { classifyWalletError as classifyMessageWalletError } from '../../../src/services/messageFlow.ts';
import { deviceErrorOf, deviceRpcError, signerDeviceOf } from '../../../src/domain/wallet/signerDevice.ts';
import { hashesOf } from '../../../src/services/transactionFlow/transactionFlow.ts';
import { draftToSafeTx, safeContextOf } from '../../../src/services/transactionFlow/convert.ts';
import { classifyWalletError, sendTransaction, signTypedData, type Eip1193Like } from '../../../src/services/transactionFlow/wallet.ts';
import { SAMPLE_CHAIN, SAMPLE_CHAIN_ID, SAMPLE_RECIPIENT, SAMPLE_SAFE_ADDRESS } from '../../../src/machines/shared/samples.ts';

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const safe: TxFlowSafe = {
  chainId: SAMPLE_CHAIN_ID, chainName: SAMPLE_CHAIN.chainName, address: getAddress(SAMPLE_SAFE_ADDRESS), version: '1.4.1', nonce: 4, threshold: 1,
  owners: [account.address], modules: [], guard: null, fallbackHandler: null,
};
const tx = draftToSafeTx({ kind: 'nativeTransfer', recipient: getAddress(SAMPLE_RECIPIENT), amount: '1', decimals: 18 }, safe, 4n);
const typed = safeTxTypedData(safeContextOf(safe), tx) as TypedDataDefinition;
const { safeTxHash } = hashesOf(safe, tx);

/** A device's provider at its EIP-1193 boundary: answers as recorded, and keeps every request. */
function device(answer: (method: string, params: readonly unknown[]) => unknown) {
  const calls: { method: string; params: readonly unknown[] }[] = [];
  const provider: Eip1193Like = {
    async request({ method, params = [] }) {
      calls.push({ method, params });
      if (method === 'eth_chainId') return '0x7a69';
      if (method === 'eth_accounts') return [account.address];
      return answer(method, params);
    },
  };
  return { provider, calls };
}

describe('what a device shows', () => {
  it('a blind-signing device shows the domain and message hashes, which make the safeTxHash', () => {
    const lines = typedDataDisplay('hashes', typed);
    expect(lines.map((l) => l.label)).toEqual(['Domain hash', 'Message hash']);
    expect(keccak256(concat(['0x1901', lines[0]!.value as Hex, lines[1]!.value as Hex]))).toBe(safeTxHash);
    expect(typedDataDisplay('remote', typed)).toEqual(lines);
  });
  it('a clear-signing device shows the domain, then the message, field by field', () => {
    const lines = typedDataDisplay('fields', typed);
    expect(lines.map((l) => l.label)).toEqual(['chainId', 'verifyingContract', 'to', 'value', 'data', 'operation', 'safeTxGas', 'baseGas', 'gasPrice', 'gasToken', 'refundReceiver', 'nonce']);
    expect(lines.find((l) => l.label === 'to')?.value).toBe(getAddress(SAMPLE_RECIPIENT));
    expect(lines.find((l) => l.label === 'value')?.value).toBe('1000000000000000000');
    expect(lines.find((l) => l.label === 'nonce')?.value).toBe('4');
  });
  it('the execution hash is keccak-256 of the unsigned EIP-1559 transaction, as a signer serialises it', async () => {
    const plan: UnsignedExecution = { chainId: 31337, nonce: 3, gas: 90_000n, maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, to: safe.address, value: 0n, data: '0x6a761202' };
    const signed = await account.signTransaction({ type: 'eip1559', ...plan });
    const parsed = parseTransaction(signed);
    const { r: _r, s: _s, v: _v, yParity: _y, ...unsigned } = parsed;
    expect(keccak256(serializeTransaction(unsigned as never))).toBe(executionHash(plan));
    expect(executionDisplay(plan).map((l) => `${l.label}: ${l.value}`)).toEqual([
      `Transaction hash: ${executionHash(plan)}`,
      `To: ${safe.address}`,
      'Value: 0',
      'Nonce: 3',
      'Gas limit: 90000',
      'Max fee: 3 gwei',
      'Max priority fee: 1 gwei',
    ]);
  });
  it('says which fields a device changed', () => {
    const plan: UnsignedExecution = { chainId: 31337, nonce: 3, gas: 90_000n, maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, to: safe.address, value: 0n, data: '0x6a761202' };
    const same = { nonce: 3, gas: 90_000n, maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, to: safe.address, value: 0n, input: '0x6a761202' as Hex };
    expect(executionChanges(plan, same)).toEqual([]);
    expect(executionChanges(plan, { ...same, maxPriorityFeePerGas: 2_000_000_000n, maxFeePerGas: 4_000_000_000n, nonce: 4 })).toEqual(['nonce 3 → 4', 'max fee 3 → 4 gwei', 'max priority fee 1 → 2 gwei']);
  });
  it('knows a device by its provider’s word first, then by its module’s label', () => {
    expect(signerDeviceOf('Ledger', {})).toEqual({ kind: 'ledger', name: 'Ledger', display: 'hashes' });
    expect(signerDeviceOf('Devnet Wallet', { signerDevice: { kind: 'trezor', name: 'Trezor', display: 'fields' } })).toEqual({ kind: 'trezor', name: 'Trezor', display: 'fields' });
    expect(signerDeviceOf('MetaMask', {})).toBeNull();
  });
});

describe('device errors and eth_signTypedData_v4 only', () => {
  it('each device error becomes its own failure, saying what to do on the device', () => {
    expect(classifyWalletError(deviceRpcError('locked', 'locked'), 'sign', 'Ledger')).toEqual({ kind: 'deviceLocked', message: 'Your Ledger is locked. Unlock it with its PIN, keep it connected, and try again.' });
    expect(classifyWalletError(deviceRpcError('wrongApp', 'x'), 'sign', 'Ledger').kind).toBe('wrongApp');
    expect(classifyWalletError(deviceRpcError('blindSigningDisabled', 'x'), 'sign', 'Ledger').message).toMatch(/turn on blind signing/);
    expect(classifyWalletError(deviceRpcError('disconnected', 'x'), 'send', 'Trezor')).toMatchObject({ kind: 'deviceDisconnected', message: expect.stringMatching(/^Your Trezor is not connected/) });
    // A rejection on the device is a rejection (4001), as from any wallet.
    expect(classifyWalletError(deviceRpcError('rejected', 'x'), 'sign')).toEqual({ kind: 'rejected', message: 'User rejected signing.' });
    expect(deviceErrorOf({ code: 4001, message: 'no' })).toBeNull();
  });
  it('a Keystone’s rejection (its QR window closed) says so after the flow’s own words, in every flow; no other rejection does (decision 0083)', () => {
    const closed = deviceRpcError('rejected', 'anything the provider wrote');
    const words = 'You cancelled the request (the QR window was closed).';
    expect(DEVICE_REJECTED_TEXTS.keystone).toBe(words);
    expect(classifyWalletError(closed, 'sign', 'Keystone')).toEqual({ kind: 'rejected', message: `User rejected signing. ${words}` });
    expect(classifyWalletError(closed, 'send', 'Keystone')).toEqual({ kind: 'rejected', message: `User rejected the transaction. ${words}` });
    expect(classifyMessageWalletError(closed, 'Keystone')).toEqual({ kind: 'rejected', message: `User rejected signing. ${words}` });
    // A Ledger's rejection, a plain 4001 while a Keystone is connected, a rejection without a device: the flow's words.
    expect(classifyWalletError(closed, 'sign', 'Ledger').message).toBe('User rejected signing.');
    expect(classifyWalletError({ code: 4001, message: 'User rejected the request.' }, 'sign', 'Keystone').message).toBe('User rejected signing.');
    expect(classifyWalletError(closed, 'sign').message).toBe('User rejected signing.');
    // What a view with its own title shows after it.
    expect(deviceRejectionWords(`User rejected signing. ${words}`)).toBe(words);
    expect(deviceRejectionWords('User rejected signing.')).toBeNull();
    expect(deviceRejectionWords(undefined)).toBeNull();
  });
  it('a wallet without eth_signTypedData_v4 is refused in words; eth_sign is never tried', async () => {
    for (const code of [4200, -32601]) {
      const wallet = device(() => Promise.reject({ code, message: 'Method not supported' }));
      await expect(signTypedData(() => wallet.provider, safe, account.address, typed, safeTxHash, 'Ledger')).rejects.toMatchObject({ kind: 'noTypedData', message: expect.stringMatching(/never falls back to eth_sign/) });
      expect(wallet.calls.map((c) => c.method)).toEqual(['eth_chainId', 'eth_accounts', 'eth_signTypedData_v4']);
    }
  });
  it('an execution is sent with the nonce, gas and fees fixed here', async () => {
    const wallet = device((method) => (method === 'eth_sendTransaction' ? `0x${'ab'.repeat(32)}` : null));
    await sendTransaction(() => wallet.provider, safe, account.address, { to: safe.address, data: '0x6a761202' }, { nonce: 9, gas: 100_000n, maxFeePerGas: 5n, maxPriorityFeePerGas: 2n }, 'Ledger');
    expect(wallet.calls.at(-1)).toEqual({
      method: 'eth_sendTransaction',
      params: [{ from: account.address, to: safe.address, data: '0x6a761202', value: '0x0', type: '0x2', nonce: '0x9', gas: '0x186a0', maxFeePerGas: '0x5', maxPriorityFeePerGas: '0x2' }],
    });
  });
});
