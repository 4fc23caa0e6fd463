/**
 * The Trezor module (src/services/wallet/modules/trezorInterface.ts) running web3-onboard's real Trezor module
 * (@web3-onboard/trezor) with two stand-ins at its boundaries (decision 0066):
 * - `@trezor/connect-web` is a fake Trezor Connect (vi.mock): it answers ethereumGetAddress, ethereumSignTypedData
 *   and ethereumSignMessage as Trezor Connect does ({ success, payload }), with recorded payloads and Trezor's own
 *   error codes and messages (@trezor/connect constants/errors) — a Trezor and its Connect popup cannot run here;
 * - `@web3-onboard/hw-common`'s accountSelect (its Svelte account picker) answers with the account a user picks.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hashDomain, hashStruct } from 'viem';
import { DEVICE_ERROR_CODE } from '../../../src/domain/wallet/signerDevice.ts';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const fake = vi.hoisted(() => ({
  manifest: vi.fn(),
  ethereumGetAddress: vi.fn(),
  ethereumSignTypedData: vi.fn(),
  ethereumSignMessage: vi.fn(),
  ethereumSignTransaction: vi.fn(),
  getPublicKey: vi.fn(),
}));
vi.mock('@trezor/connect-web', () => ({ default: fake }));
vi.mock('@web3-onboard/hw-common', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  accountSelect: async () => [{ address: ADDRESS, derivationPath: "m/44'/60'/0'/0/3", balance: { asset: 'ETH', value: 0 } }],
}));

const { trezorInterface, trezorErrorKind } = await import('../../../src/services/wallet/modules/trezorInterface.ts');

const TYPED = {
  domain: { chainId: 31337, verifyingContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
  types: { EIP712Domain: [{ name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], SafeTx: [{ name: 'to', type: 'address' }, { name: 'nonce', type: 'uint256' }] },
  primaryType: 'SafeTx',
  message: { to: '0x5FbDB2315678afecb367f032d93F642f64180aa3', nonce: 4 },
};
const SIGNATURE = '11'.repeat(32) + '22'.repeat(32) + '1b';
const STANDARD = Array.from({ length: 20 }, (_, i) => `m/44'/60'/0'/0/${i}`);

class Emitter {
  on() {}
  emit() {}
  removeListener() {}
}

async function connected() {
  const { provider } = await trezorInterface({ email: 'ops@example.org', appUrl: 'https://safe.example.org' }, { device: { type: 'desktop', os: { name: 'Linux' }, browser: { name: 'Chrome' } } }, { chains: [{ id: '0x7a69', rpcUrl: 'http://127.0.0.1:9' }], appMetadata: null, EventEmitter: Emitter });
  expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS]);
  return provider;
}

beforeEach(() => {
  for (const fn of Object.values(fake)) fn.mockReset();
  fake.ethereumGetAddress.mockResolvedValue({ success: true, payload: STANDARD.map((path, i) => ({ serializedPath: path, address: i === 3 ? ADDRESS : `0x${String(i).padStart(40, '0')}` })) });
  fake.ethereumSignTypedData.mockResolvedValue({ success: true, payload: { address: ADDRESS, signature: SIGNATURE } });
});

describe('Trezor', () => {
  it('sets the Trezor Connect manifest from config.json\'s wallets.trezor', async () => {
    await connected();
    expect(fake.manifest).toHaveBeenCalledWith({ email: 'ops@example.org', appUrl: 'https://safe.example.org' });
  });

  it('signs eth_signTypedData_v4 on the device with ethereumSignTypedData at the account\'s path, with the hashes a Model One shows', async () => {
    const provider = await connected();
    const signature = await provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS, JSON.stringify(TYPED)] });
    expect(signature).toBe(`0x${SIGNATURE}`);
    expect(fake.ethereumGetAddress).toHaveBeenCalledWith({ bundle: STANDARD.map((path) => ({ path, showOnTrezor: false })) });
    expect(fake.ethereumSignTypedData).toHaveBeenCalledWith({
      path: "m/44'/60'/0'/0/3",
      data: TYPED,
      metamask_v4_compat: true,
      domain_separator_hash: hashDomain({ domain: TYPED.domain, types: TYPED.types } as never),
      message_hash: hashStruct({ data: TYPED.message, primaryType: 'SafeTx', types: TYPED.types } as never),
    });
    // The path is found once.
    await provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS, TYPED] });
    expect(fake.ethereumGetAddress).toHaveBeenCalledTimes(1);
  });

  it('refuses eth_sign (the module would sign it as a message) with the contract\'s noTypedData error', async () => {
    const provider = await connected();
    await expect(provider.request({ method: 'eth_sign', params: [ADDRESS, '0x' + '11'.repeat(32)] })).rejects.toEqual({ code: 4200, message: expect.any(String), data: { device: 'noTypedData' } });
    expect(fake.ethereumSignMessage).not.toHaveBeenCalled();
  });

  it.each([
    ['Failure_ActionCancelled', 'Action cancelled by user', 'rejected', 4001],
    ['Method_Interrupted', 'Popup closed', 'rejected', 4001],
    ['Device_Disconnected', 'Device disconnected', 'disconnected', 4900],
    ['Failure_PinCancelled', 'PIN cancelled', 'locked', DEVICE_ERROR_CODE],
    ['Device_InvalidState', 'Passphrase is incorrect', 'wrongApp', DEVICE_ERROR_CODE],
  ] as const)('typed data failing with %s → %s', async (code, error, kind, rpcCode) => {
    const provider = await connected();
    fake.ethereumSignTypedData.mockResolvedValue({ success: false, payload: { code, error } });
    await expect(provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS, TYPED] })).rejects.toEqual({ code: rpcCode, message: expect.stringMatching(/Trezor/), data: { device: kind } });
  });

  it('maps the module\'s own rethrown messages too (personal_sign through @web3-onboard/trezor)', async () => {
    const provider = await connected();
    fake.ethereumSignMessage.mockResolvedValue({ success: false, payload: { error: 'Device disconnected', code: 'Device_Disconnected' } });
    await expect(provider.request({ method: 'personal_sign', params: ['0x48656c6c6f', ADDRESS] })).rejects.toMatchObject({ code: 4900, data: { device: 'disconnected' } });
    fake.ethereumSignMessage.mockResolvedValue({ success: true, payload: { address: ADDRESS, signature: SIGNATURE } });
    await expect(provider.request({ method: 'personal_sign', params: ['0x48656c6c6f', ADDRESS] })).resolves.toBe(`0x${SIGNATURE}`);
  });

  it('refuses typed data for an account that is not on the standard path', async () => {
    const provider = await connected();
    fake.ethereumGetAddress.mockResolvedValue({ success: true, payload: STANDARD.map((path) => ({ serializedPath: path, address: `0x${'9'.repeat(40)}` })) });
    await expect(provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS, TYPED] })).rejects.toMatchObject({ code: 4100 });
    expect(fake.ethereumSignTypedData).not.toHaveBeenCalled();
  });

  it('knows no kind for other failures', () => {
    expect(trezorErrorKind(new Error('Firmware installation failed'))).toBeNull();
    expect(trezorErrorKind({ code: 4001, message: 'User rejected the request.' })).toBe('rejected');
  });
});
