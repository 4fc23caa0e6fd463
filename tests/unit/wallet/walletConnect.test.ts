/**
 * The WalletConnect module (src/services/wallet/modules/walletConnectInterface.ts) running web3-onboard's real
 * WalletConnect module (@web3-onboard/walletconnect) over a fake `@walletconnect/ethereum-provider` (vi.mock): its
 * `EthereumProvider.init` returns a connector standing in for WalletConnect's sign client and the relay — a phone
 * wallet and the relay cannot run here (decision 0066). The fake answers requests the way the sign client does,
 * including WalletConnect's SDK error codes (5000 user rejected, 5101 unsupported methods) and its "no matching key"
 * error for a session the wallet ended. Also: which device modules the connect list offers for a config.
 */
import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNER_DEVICES_BY_LABEL } from '../../../src/domain/wallet/signerDevice.ts';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const wc = vi.hoisted(() => ({ inits: [] as Record<string, unknown>[], requests: [] as { method: string; params?: unknown }[], answer: null as null | ((method: string) => unknown) }));

vi.mock('@walletconnect/ethereum-provider', async () => {
  const { EventEmitter: NodeEmitter } = await import('node:events');
  class FakeConnector extends NodeEmitter {
    session: object | undefined = undefined;
    accounts: string[] = [];
    chainId = 31337;
    async connect() {
      this.session = { topic: 'recorded-topic' };
      this.accounts = [ADDRESS];
      this.emit('connect', { chainId: this.chainId });
    }
    async request({ method, params }: { method: string; params?: unknown }) {
      wc.requests.push({ method, ...(params !== undefined ? { params } : {}) });
      const answer = wc.answer?.(method);
      if (answer instanceof Error || (typeof answer === 'object' && answer !== null && 'code' in answer)) throw answer;
      return answer;
    }
    async disconnect() {
      this.session = undefined;
    }
  }
  const EthereumProvider = {
    async init(options: Record<string, unknown>) {
      wc.inits.push(options);
      return new FakeConnector();
    },
  };
  return { default: EthereumProvider, REQUIRED_METHODS: ['eth_sendTransaction', 'personal_sign'] };
});

const { walletConnectInterface, walletConnectErrorKind } = await import('../../../src/services/wallet/modules/walletConnectInterface.ts');
const { deviceWalletModules } = await import('../../../src/services/wallet/modules/shells.ts');

class Emitter extends EventEmitter {}
const HELPERS = { chains: [{ id: '0x7a69', rpcUrl: 'http://127.0.0.1:9' }], appMetadata: { name: 'Countersign', description: 'test' }, EventEmitter: Emitter };
const DEVICE = { device: { type: 'desktop', os: { name: 'Linux' }, browser: { name: 'Chrome' } } };
const PROJECT_ID = '0123456789abcdef0123456789abcdef';
const TYPED = { domain: { chainId: 31337 }, types: { EIP712Domain: [{ name: 'chainId', type: 'uint256' }] }, primaryType: 'EIP712Domain', message: {} };

async function connected(relayUrl?: string) {
  const { provider } = await walletConnectInterface({ projectId: PROJECT_ID, ...(relayUrl ? { relayUrl } : {}) }, DEVICE, HELPERS);
  expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS]);
  return provider;
}

beforeEach(() => {
  wc.inits.length = 0;
  wc.requests.length = 0;
  wc.answer = null;
});

describe('WalletConnect', () => {
  it('starts the provider with the configured project id and relay, asking for eth_signTypedData_v4', async () => {
    await connected('wss://relay.example.org');
    expect(wc.inits[0]).toMatchObject({ projectId: PROJECT_ID, relayUrl: 'wss://relay.example.org', optionalChains: [31337], showQrModal: true });
    expect(wc.inits[0]!.optionalMethods).toContain('eth_signTypedData_v4');
    await connected();
    expect(wc.inits[1]).not.toHaveProperty('relayUrl'); // the provider's own default relay
  });

  it('sends eth_signTypedData_v4 to the wallet as given and returns its signature', async () => {
    const provider = await connected();
    wc.answer = (method) => (method === 'eth_signTypedData_v4' ? '0xsigned' : undefined);
    const params = [ADDRESS, JSON.stringify(TYPED)];
    expect(await provider.request({ method: 'eth_signTypedData_v4', params })).toBe('0xsigned');
    expect(wc.requests).toEqual([{ method: 'eth_signTypedData_v4', params }]);
  });

  it('refuses eth_sign before it reaches the wallet', async () => {
    const provider = await connected();
    await expect(provider.request({ method: 'eth_sign', params: [ADDRESS, '0x' + '11'.repeat(32)] })).rejects.toEqual({ code: 4200, message: expect.any(String), data: { device: 'noTypedData' } });
    expect(wc.requests).toEqual([]);
  });

  it.each([
    ['the user rejected (5000)', 'eth_signTypedData_v4', { code: 5000, message: 'User rejected.' }, 'rejected', 4001],
    ['the wallet cannot sign typed data (5101)', 'eth_signTypedData_v4', { code: 5101, message: 'Unsupported methods.' }, 'noTypedData', 4200],
    ['the session is gone', 'eth_sendTransaction', new Error("No matching key. session topic doesn't exist: recorded-topic"), 'disconnected', 4900],
  ] as const)('%s → %s', async (_name, method, failure, kind, code) => {
    const provider = await connected();
    wc.answer = () => failure;
    await expect(provider.request({ method, params: [ADDRESS, TYPED] })).rejects.toEqual({ code, message: expect.stringMatching(/wallet app|WalletConnect/), data: { device: kind } });
  });

  it('leaves other failures as they came', () => {
    expect(walletConnectErrorKind({ code: -32000, message: 'execution reverted' }, { method: 'eth_sendTransaction' })).toBeNull();
    expect(walletConnectErrorKind({ code: 5101, message: 'Unsupported methods.' }, { method: 'eth_sendTransaction' })).toBeNull();
  });
});

describe('the device modules offered in the connect list', () => {
  const CAMERA = { mediaDevices: { getUserMedia: async () => null } };
  const labels = (config: unknown, hid: boolean, camera = false) =>
    deviceWalletModules(config as never, { navigator: { ...(hid ? { hid: {} } : {}), ...(camera ? CAMERA : {}) } } as unknown as Window).map((init) => init(DEVICE)!.label);
  const base = { gatewayUrl: 'https://gateway.example', rpcOverrides: {}, devnet: null };

  it('Ledger with WebHID, Trezor with a manifest, WalletConnect with a project id, Keystone with a camera unless turned off (decision 0079)', () => {
    expect(labels(base, false)).toEqual([]);
    expect(labels(base, true)).toEqual(['Ledger']);
    expect(labels(base, false, true)).toEqual(['Keystone']);
    const full = { ...base, wallets: { trezor: { email: 'ops@example.org', appUrl: 'https://safe.example.org' }, walletConnect: { projectId: PROJECT_ID }, keystone: true } };
    expect(labels(full, true, true)).toEqual(['Ledger', 'Trezor', 'WalletConnect', 'Keystone']);
    expect(labels(full, true, false)).toEqual(['Ledger', 'Trezor', 'WalletConnect']);
    expect(labels({ ...base, wallets: { keystone: false } }, true, true)).toEqual(['Ledger']);
    // An invalid section offers neither Trezor nor WalletConnect; Keystone needs no configuration.
    expect(labels({ ...base, wallets: { trezor: { email: 'nope' }, walletConnect: { projectId: '' }, keystone: false } }, true, true)).toEqual(['Ledger', 'Keystone']);
  });

  it('uses the contract\'s labels, and loads no module code until getInterface', async () => {
    const full = { ...base, wallets: { trezor: { email: 'ops@example.org', appUrl: 'https://safe.example.org' }, walletConnect: { projectId: PROJECT_ID }, keystone: true } };
    const modules = deviceWalletModules(full as never, { navigator: { hid: {}, ...CAMERA } } as unknown as Window);
    expect(modules).toHaveLength(4);
    for (const init of modules) {
      const module = init(DEVICE)!;
      expect(SIGNER_DEVICES_BY_LABEL[module.label]).toBeDefined();
      expect(await module.getIcon()).toMatch(/^<svg /);
    }
    expect(wc.inits).toEqual([]);
  });
});
