/**
 * The web3-onboard wallet service with a fake onboard module and a fake EIP-1193 wallet: what it asks of
 * onboard and of the wallet, and what it reports to the machine.
 */
import { describe, expect, it } from 'vitest';
import { LAST_WALLET_KEY, addChainParams, createWalletService, toOnboardChains, type KeyValueStorage, type OnboardModules } from '../../../src/services/wallet/onboard.ts';
import type { ChainInfo } from '../../../src/domain/gateway/types.ts';
import type { WalletConnectionEvent } from '../../../src/machines/walletConnection/walletConnection.types.ts';
import { WALLET_TEXTS } from '../../../src/machines/walletConnection/walletConnection.logic.ts';
import { deferred } from '../../harness/deferred.ts';

const ACCOUNT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const chain = (chainId: string, name: string): ChainInfo =>
  ({
    chainId,
    chainName: name,
    shortName: name.toLowerCase(),
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' },
    rpcUri: { authentication: 'NO_AUTHENTICATION', value: `https://rpc.${name.toLowerCase()}.test` },
    publicRpcUri: { authentication: 'NO_AUTHENTICATION', value: `https://public.${name.toLowerCase()}.test` },
    blockExplorerUriTemplate: { address: `https://scan.${name.toLowerCase()}.test/address/{{address}}`, txHash: '', api: '' },
    theme: { textColor: '#fff', backgroundColor: '#000' },
  }) as unknown as ChainInfo;
const CHAINS = [chain('31337', 'Devnet'), chain('1', 'Ethereum')];

class FakeWallet {
  chainId = '0x7a69';
  known = new Set(['0x7a69']);
  calls: { method: string; params?: unknown[] }[] = [];
  listeners = new Map<string, Set<(payload: unknown) => void>>();
  rejectSwitch = false;
  async request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
    this.calls.push({ method, ...(params ? { params } : {}) });
    if (method === 'eth_accounts') return [ACCOUNT];
    if (method === 'eth_chainId') return this.chainId;
    if (method === 'wallet_switchEthereumChain') {
      if (this.rejectSwitch) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      const id = (params?.[0] as { chainId: string }).chainId;
      if (!this.known.has(id)) throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 });
      this.chainId = id;
      this.emit('chainChanged', id);
      return null;
    }
    if (method === 'wallet_addEthereumChain') {
      this.known.add((params?.[0] as { chainId: string }).chainId);
      return null;
    }
    throw new Error(`unexpected ${method}`);
  }
  on(event: string, listener: (payload: unknown) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
  }
  removeListener(event: string, listener: (payload: unknown) => void) {
    this.listeners.get(event)?.delete(listener);
  }
  emit(event: string, payload: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }
}

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

function setup(options: { injected?: boolean; connect?: (arg: unknown) => Promise<unknown[]>; deviceWallets?: OnboardModules['deviceWallets'] } = {}) {
  const wallet = new FakeWallet();
  const page = new EventTarget() as EventTarget & { ethereum?: unknown };
  if (options.injected !== false) page.ethereum = wallet;
  const storage = memoryStorage();
  const log = { loads: 0, inits: [] as unknown[], connects: [] as unknown[], disconnects: [] as unknown[] };
  let wallets: unknown[] = [];
  const subscribers = new Set<(w: unknown[]) => void>();
  const api = {
    connectWallet: (arg: unknown) => {
      log.connects.push(arg);
      return (options.connect ?? (async () => (wallets = [{ label: 'Devnet Wallet', provider: wallet, accounts: [{ address: ACCOUNT }], chains: [{ id: wallet.chainId }] }])))(arg);
    },
    disconnectWallet: async (arg: unknown) => {
      log.disconnects.push(arg);
      wallets = [];
      for (const s of subscribers) s(wallets);
      return wallets;
    },
    state: {
      get: () => ({ wallets }),
      select: () => ({
        subscribe: (fn: (w: unknown[]) => void) => {
          subscribers.add(fn);
          fn(wallets);
          return { unsubscribe: () => subscribers.delete(fn) };
        },
      }),
    },
  };
  const modules = {
    init: (opts: unknown) => {
      log.inits.push(opts);
      return api;
    },
    injectedModule: () => 'injected',
    ...(options.deviceWallets ? { deviceWallets: options.deviceWallets } : {}),
  } as unknown as OnboardModules;
  const service = createWalletService({
    loadChains: async () => CHAINS,
    getConfig: () => ({ gatewayUrl: 'http://127.0.0.1:1', rpcOverrides: { '31337': 'http://127.0.0.1:8545' }, devnet: null }),
    storage,
    window: page as unknown as Window,
    offerDevnet: async () => false,
    loadOnboard: async () => {
      log.loads += 1;
      return modules;
    },
  });
  return { service, wallet, storage, log, page };
}

describe('wallet service (web3-onboard)', () => {
  it('initialises onboard once, with the gateway chains, no font download, no account center', async () => {
    const { service, log } = setup();
    await expect(service.connect()).resolves.toEqual({ label: 'Devnet Wallet', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: '31337' });
    await service.connect();
    expect(log.loads).toBe(1);
    const init = log.inits[0] as Record<string, unknown>;
    expect(init.disableFontDownload).toBe(true);
    expect(init.accountCenter).toEqual({ desktop: { enabled: false }, mobile: { enabled: false } });
    expect((init.chains as { id: string; rpcUrl: string }[]).map((c) => [c.id, c.rpcUrl])).toEqual([
      ['0x7a69', 'http://127.0.0.1:8545'],
      ['0x1', 'https://rpc.ethereum.test'],
    ]);
    expect(log.connects).toEqual([undefined, undefined]);
  });

  it('never opens a second connect modal while one is open: the second call joins the first', async () => {
    const open = deferred<unknown[]>();
    const { service, log } = setup({ connect: () => open.promise });
    const first = service.connect();
    const second = service.connect();
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(log.connects).toHaveLength(1);
    open.resolve([]);
    await expect(first).resolves.toBeNull();
    await expect(second).resolves.toBeNull();
  });

  it('lists the signer-device modules after the browser wallets, and opens the list without a browser wallet when one is offered (issue 19)', async () => {
    const asked: unknown[] = [];
    const ledger = () => ({ label: 'Ledger' as const, getIcon: async () => '<svg/>', getInterface: async () => ({ provider: {} }) });
    const { service, log } = setup({ injected: false, deviceWallets: (config, win) => (asked.push([config, win]), [ledger]) });
    await expect(service.connect()).resolves.toMatchObject({ label: 'Devnet Wallet' });
    expect((log.inits[0] as { wallets: unknown[] }).wallets).toEqual(['injected', ledger]);
    expect(asked).toHaveLength(1);
    expect(log.connects).toHaveLength(1);
  });

  it('reports a missing wallet as unavailable, before any modal', async () => {
    const { service, log } = setup({ injected: false });
    await expect(service.connect()).rejects.toMatchObject({ kind: 'unavailable', message: WALLET_TEXTS.unavailable });
    expect(log.connects).toHaveLength(0);
  });

  it('sees an EIP-6963 wallet that answers the request event', async () => {
    const { service, page, log } = setup({ injected: false });
    page.addEventListener('eip6963:requestProvider', () => page.dispatchEvent(new Event('eip6963:announceProvider')));
    await expect(service.connect()).resolves.not.toBeNull();
    expect(log.connects).toHaveLength(1);
  });

  it('restores the remembered wallet without a modal, and loads nothing when none is remembered', async () => {
    const empty = setup();
    await expect(empty.service.restore()).resolves.toBeNull();
    expect(empty.log.loads).toBe(0);
    const { service, storage, log } = setup();
    service.remember('Devnet Wallet');
    expect(storage.data.get(LAST_WALLET_KEY)).toBe('Devnet Wallet');
    await expect(service.restore()).resolves.toMatchObject({ label: 'Devnet Wallet' });
    expect(log.connects).toEqual([{ autoSelect: { label: 'Devnet Wallet', disableModals: true } }]);
    service.forget();
    expect(storage.data.has(LAST_WALLET_KEY)).toBe(false);
  });

  it('switches chain, adding it first with the gateway data when the wallet answers 4902', async () => {
    const { service, wallet } = setup();
    await service.connect();
    await expect(service.switchChain('1')).resolves.toEqual({ chainId: '1' });
    expect(wallet.calls.map((c) => c.method).filter((m) => m.startsWith('wallet_'))).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ]);
    expect(wallet.calls.find((c) => c.method === 'wallet_addEthereumChain')?.params).toEqual([addChainParams(CHAINS[1]!, null)]);
  });

  it('reports a rejected switch as a rejection with the switch text', async () => {
    const { service, wallet } = setup();
    await service.connect();
    wallet.rejectSwitch = true;
    await expect(service.switchChain('1')).rejects.toMatchObject({ kind: 'rejected', message: WALLET_TEXTS.switchRejected });
  });

  it('turns the wallet’s own events into plain wallet.* events until unsubscribed', async () => {
    const { service, wallet } = setup();
    await service.connect();
    const seen: WalletConnectionEvent[] = [];
    const stop = service.watch('Devnet Wallet', (e) => seen.push(e));
    await new Promise((r) => setTimeout(r, 0));
    wallet.emit('accountsChanged', ['0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc']);
    wallet.emit('chainChanged', '0x1');
    await service.disconnect('Devnet Wallet');
    stop();
    wallet.emit('chainChanged', '0x5');
    expect(seen).toEqual([
      { type: 'wallet.accountsChanged', accounts: ['0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'] },
      { type: 'wallet.chainChanged', chainId: '1' },
      { type: 'wallet.disconnected' },
    ]);
  });

  it('maps gateway chains to onboard chains with explorer origins', () => {
    expect(toOnboardChains([CHAINS[1]!], null)[0]).toEqual({
      id: '0x1',
      token: 'ETH',
      label: 'Ethereum',
      rpcUrl: 'https://rpc.ethereum.test',
      blockExplorerUrl: 'https://scan.ethereum.test',
      color: '#000',
    });
  });
});
