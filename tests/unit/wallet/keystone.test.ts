/**
 * The Keystone module (src/services/wallet/modules/keystoneInterface.ts) running web3-onboard's real Keystone module
 * (@web3-onboard/keystone) over a fake Keystone SDK: `@keystonehq/eth-keyring` is replaced (vi.mock) by a keyring
 * whose readKeyring / signTypedData / signMessage stand in for the SDK's QR round trip with the device (show the
 * request as an animated QR code, scan the answer with the camera) — neither a Keystone nor a camera can run here
 * (decision 0066). The account picker (@web3-onboard/hw-common's accountSelect, Svelte UI) answers with the account
 * a user picks. The SDK's own error messages (@keystonehq/sdk, base-eth-keyring) are replayed for the error mapping.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { keystoneTypedDataRequest } from '../../../src/domain/wallet/deviceDisplay.ts';
import { DEVICE_ERROR_CODE } from '../../../src/domain/wallet/signerDevice.ts';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const sdk = vi.hoisted(() => ({ reads: 0, typedData: [] as unknown[][], messages: [] as unknown[][], failure: null as Error | null }));

vi.mock('@keystonehq/eth-keyring', () => {
  const keyring = {
    async readKeyring() {
      sdk.reads += 1; // the SDK scans the device's account QR code here
    },
    async signTypedData(address: string, typedData: unknown) {
      sdk.typedData.push([address, typedData]);
      if (sdk.failure) throw sdk.failure;
      return `0x${'11'.repeat(32)}${'22'.repeat(32)}1c`;
    },
    async signMessage(address: string, message: unknown) {
      sdk.messages.push([address, message]);
      if (sdk.failure) throw sdk.failure;
      return `0x${'33'.repeat(65)}`;
    },
  };
  return { default: { getEmptyKeyring: () => keyring } };
});
vi.mock('@web3-onboard/hw-common', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  accountSelect: async () => [{ address: ADDRESS, derivationPath: "m/44'/60'/0'/0/0", balance: { asset: 'ETH', value: 0 } }],
}));

const { keystoneInterface, keystoneErrorKind } = await import('../../../src/services/wallet/modules/keystoneInterface.ts');

class Emitter {
  on() {}
  emit() {}
  removeListener() {}
}
const TYPED = {
  domain: { chainId: 31337, verifyingContract: '0x599C86d40e80ac8D0a4B7b19642457A73333d91f' },
  types: { EIP712Domain: [{ name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], Mail: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }] },
  primaryType: 'Mail',
  message: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '5' },
};

async function connected() {
  const { provider } = await keystoneInterface({ device: { type: 'desktop', os: { name: 'Linux' }, browser: { name: 'Chrome' } } }, { chains: [{ id: '0x7a69', rpcUrl: 'http://127.0.0.1:9' }], appMetadata: null, EventEmitter: Emitter });
  expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS]);
  return provider;
}

beforeEach(() => {
  sdk.reads = 0;
  sdk.typedData.length = 0;
  sdk.messages.length = 0;
  sdk.failure = null;
});

describe('Keystone', () => {
  it('reads the device\'s accounts through the SDK, then signs eth_signTypedData_v4 as EIP-712 typed data: the object the on-device step computed its lines from (decision 0079)', async () => {
    const provider = await connected();
    expect(sdk.reads).toBe(1);
    const signature = await provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS, JSON.stringify(TYPED)] });
    expect(signature).toBe(`0x${'11'.repeat(32)}${'22'.repeat(32)}1c`);
    const request = keystoneTypedDataRequest(TYPED);
    expect(sdk.typedData).toEqual([[ADDRESS, request.typedData]]);
    // The keyring puts JSON.stringify of what it was handed in the QR code: the request's exact bytes.
    expect(JSON.stringify(sdk.typedData[0]![1])).toBe(request.signData);
    expect(request.typedData.message).toEqual({ to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', amount: '5' });
  });

  it('refuses eth_sign (the module would sign it as a message) with the contract\'s noTypedData error', async () => {
    const provider = await connected();
    await expect(provider.request({ method: 'eth_sign', params: [ADDRESS, '0x' + '11'.repeat(32)] })).rejects.toEqual({ code: 4200, message: expect.any(String), data: { device: 'noTypedData' } });
    expect(sdk.messages).toEqual([]);
  });

  it.each([
    ['#ktek_error[read-cancel]: read signature canceled', 'rejected', 4001],
    ['#ktek_error[play-cancel]: play canceled', 'rejected', 4001],
    ['KeystoneError#invalid_data: read signature error: mismatched requestId', 'wrongApp', DEVICE_ERROR_CODE],
  ] as const)('the SDK failing with "%s" → %s', async (message, kind, code) => {
    const provider = await connected();
    sdk.failure = new Error(message);
    await expect(provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS, TYPED] })).rejects.toEqual({ code, message: expect.stringMatching(/Keystone|QR|cancelled/), data: { device: kind } });
  });

  it('knows no kind for other failures', () => {
    expect(keystoneErrorKind(new Error('SDK is not initialized'))).toBeNull();
  });
});
