/**
 * The first load's wallet stand-in (walletService.ts): what it answers without loading the wallet code, and that
 * everything else goes to the real service, loaded once (a failed download is tried again).
 */
import { describe, expect, it } from 'vitest';
import { LAST_WALLET_KEY, createLazyWalletService } from '../../../src/services/wallet/walletService.ts';
import type { KeyValueStorage, WalletService } from '../../../src/services/wallet/onboard.ts';
import type { WalletConnectionEvent } from '../../../src/machines/walletConnection/walletConnection.types.ts';

const memoryStorage = (): KeyValueStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
};

const RESULT = { label: 'Devnet Wallet', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: '31337' } as const;

function fakeModule(calls: string[]) {
  const service: WalletService = {
    connect: async (label) => (calls.push(`connect ${label ?? ''}`.trim()), RESULT),
    restore: async () => (calls.push('restore'), RESULT),
    switchChain: async (chainId) => (calls.push(`switchChain ${chainId}`), { chainId }),
    disconnect: async (label) => void calls.push(`disconnect ${label}`),
    watch: (label, emit) => {
      calls.push(`watch ${label}`);
      emit({ type: 'wallet.accountsChanged', accounts: [RESULT.address] });
      return () => void calls.push(`unwatch ${label}`);
    },
    remember: () => void calls.push('remember'),
    forget: () => void calls.push('forget'),
    provider: () => ({ request: async () => null }),
  };
  return { createWalletService: () => service } as unknown as typeof import('../../../src/services/wallet/onboard.ts');
}

function setup(options: { failFirstLoad?: boolean } = {}) {
  const calls: string[] = [];
  let loads = 0;
  const storage = memoryStorage();
  const service = createLazyWalletService({ loadChains: async () => [], getConfig: () => null, storage }, async () => {
    loads += 1;
    if (options.failFirstLoad && loads === 1) throw new Error('Failed to fetch dynamically imported module');
    return fakeModule(calls);
  });
  return { service, storage, calls, loads: () => loads };
}

describe('wallet service stand-in (first load)', () => {
  it('with no wallet remembered, restoring answers null and loads no wallet code; no provider, disconnect is a no-op', async () => {
    const { service, loads } = setup();
    await expect(service.restore()).resolves.toBeNull();
    expect(service.provider()).toBeNull();
    await service.disconnect('Devnet Wallet');
    expect(loads()).toBe(0);
  });

  it('remembers and forgets the wallet in storage itself; a remembered wallet is restored by the real service', async () => {
    const { service, storage, calls, loads } = setup();
    service.remember('Devnet Wallet');
    expect(storage.data.get(LAST_WALLET_KEY)).toBe('Devnet Wallet');
    expect(loads()).toBe(0);
    await expect(service.restore()).resolves.toEqual(RESULT);
    expect(calls).toEqual(['restore']);
    service.forget();
    expect(storage.data.has(LAST_WALLET_KEY)).toBe(false);
  });

  it('connect, switch chain, watch and disconnect go to the real service, loaded once', async () => {
    const { service, calls, loads } = setup();
    await expect(service.connect()).resolves.toEqual(RESULT);
    await service.switchChain('1');
    const events: WalletConnectionEvent[] = [];
    const stop = service.watch('Devnet Wallet', (e) => void events.push(e));
    stop();
    await service.disconnect('Devnet Wallet');
    expect(service.provider()).not.toBeNull();
    expect(calls).toEqual(['connect', 'switchChain 1', 'watch Devnet Wallet', 'unwatch Devnet Wallet', 'disconnect Devnet Wallet']);
    expect(events).toEqual([{ type: 'wallet.accountsChanged', accounts: [RESULT.address] }]);
    expect(loads()).toBe(1);
  });

  it('a watch started before the code is loaded subscribes once it is; stopped before that, it never subscribes', async () => {
    const { service, calls } = setup();
    const early: WalletConnectionEvent[] = [];
    service.watch('A', (e) => void early.push(e));
    const stopped = service.watch('B', () => void calls.push('B emitted'));
    stopped();
    await service.connect();
    expect(calls).toContain('watch A');
    expect(calls).not.toContain('watch B');
    expect(early).toHaveLength(1);
  });

  it('a failed download of the wallet code fails that attempt only: the next one loads again', async () => {
    const { service, loads } = setup({ failFirstLoad: true });
    await expect(service.connect()).rejects.toThrow('Failed to fetch dynamically imported module');
    await expect(service.connect()).resolves.toEqual(RESULT);
    expect(loads()).toBe(2);
  });
});
