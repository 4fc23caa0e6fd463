import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalStore, type LocalStore } from '../../../../src/services/storage/index.ts';
import { DEVNET_OWNERS } from '../../../../src/machines/shared/samples.ts';

const [A, B] = DEVNET_OWNERS;
let store: LocalStore;
let dbCounter = 0;

beforeEach(async () => {
  dbCounter += 1;
  store = await openLocalStore({ name: `test-${dbCounter}`, now: () => 1_700_000_000_000 });
});
afterEach(() => store.close());

async function seed() {
  await store.addressBook.upsert({ chainId: '1', address: A.toLowerCase() as `0x${string}`, name: 'Alice' });
  await store.addressBook.upsert({ chainId: '100', address: B, name: 'Bob, "the builder"' });
  await store.settings.update({ currency: 'EUR', theme: 'dark', hiddenTokens: { '1': [B] }, hideSmallBalances: true, customRpc: { '1': 'https://rpc.example' }, addedTokens: { '1': [{ address: A.toLowerCase() as `0x${string}`, symbol: 'TKN' }] } });
  await store.safeApps.setPinned('1', [3, 1, 3]);
  await store.safeApps.addCustomApp({ url: 'https://app.example', name: 'My app', description: '', iconUrl: null, chainIds: ['1'] });
  await store.permissions.set('https://app.example', [{ invoker: 'https://app.example', parentCapability: 'requestAddressBook', date: 1, caveats: [] }]);
  await store.safes.add({ chainId: '1', address: B });
}

describe('local store', () => {
  it('round-trips every kind of data, normalising addresses and codes', async () => {
    await seed();
    expect(await store.addressBook.list('1')).toEqual([{ chainId: '1', address: A, name: 'Alice' }]);
    expect(await store.addressBook.get('100', B.toLowerCase())).toEqual({ chainId: '100', address: B, name: 'Bob, "the builder"' });
    expect(await store.settings.get()).toEqual({
      currency: 'eur',
      theme: 'dark',
      hiddenTokens: { '1': [B] },
      hideSmallBalances: true,
      customRpc: { '1': 'https://rpc.example' },
      addedTokens: { '1': [{ address: A, symbol: 'TKN' }] },
      onChainSigning: false,
      tokenLogos: true,
      pastRecipients: {},
    });
    expect(await store.safeApps.pinned('1')).toEqual([3, 1]);
    expect(await store.safeApps.customApps('1')).toHaveLength(1);
    expect(await store.safeApps.customApps('5')).toEqual([]);
    expect(await store.permissions.get('https://app.example')).toEqual([{ invoker: 'https://app.example', parentCapability: 'requestAddressBook', date: 1, caveats: [] }]);
    expect(await store.safes.list()).toEqual([{ chainId: '1', address: B, name: null, trusted: false, addedAt: 1_700_000_000_000 }]);
    await store.addressBook.remove('1', A);
    expect(await store.addressBook.list()).toHaveLength(1);
  });

  it('defaults settings and rejects invalid writes', async () => {
    expect(await store.settings.get()).toMatchObject({ currency: 'usd', theme: 'system', hideSmallBalances: false });
    await expect(store.settings.update({ customRpc: { '1': 'ftp://x' } })).rejects.toThrow('Invalid settings: customRpc.1');
    await expect(store.addressBook.upsert({ chainId: '1', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79c8', name: 'x' })).rejects.toThrow(
      'Invalid address book entry: address: invalid address',
    );
    await expect(store.addressBook.upsert({ chainId: '1', address: A, name: '   ' })).rejects.toThrow('name is empty');
    await expect(store.permissions.set('not an origin', [])).rejects.toThrow('Invalid permissions: origin');
    expect(await store.addressBook.list()).toEqual([]);
  });

  it('exports everything as JSON and imports it into a fresh database', async () => {
    await seed();
    const file = await store.exportAll();
    expect(file).toMatchObject({ format: 'countersign-local-data', version: 1, exportedAt: '2023-11-14T22:13:20.000Z' });
    const other = await openLocalStore({ name: `copy-${dbCounter}`, now: () => 1_700_000_000_000 });
    try {
      await other.addressBook.upsert({ chainId: '5', address: A, name: 'to be replaced' });
      expect(await other.importAll(JSON.stringify(file))).toEqual({ addressBook: 2, pinnedApps: 1, customApps: 1, permissions: 1, safes: 1 });
      expect(await other.exportAll()).toEqual(file);
    } finally {
      other.close();
    }
  });

  it.each([
    ['not JSON', '{oops', 'Invalid import file: not JSON'],
    ['wrong format', { format: 'other', version: 1, data: {} }, 'Invalid import file: format'],
    ['newer version', { format: 'countersign-local-data', version: 2, data: {} }, 'version 2 is newer than this app supports (1)'],
    ['bad address deep inside', 'badAddress', 'Invalid import file: data.addressBook.1.address: invalid address'],
    ['duplicate entries', 'duplicate', 'Invalid import file: data.addressBook: duplicate entry'],
    ['bad settings', 'badSettings', 'Invalid import file: data.settings.theme'],
  ])('a bad import (%s) is rejected with a clear error and changes nothing', async (_name, input, message) => {
    await seed();
    const before = await store.exportAll();
    let file: unknown = input;
    if (input === 'badAddress') file = { ...before, data: { ...before.data, addressBook: [before.data.addressBook[0], { chainId: '1', address: '0x123', name: 'x' }] } };
    if (input === 'duplicate') file = { ...before, data: { ...before.data, addressBook: [...before.data.addressBook, before.data.addressBook[0]] } };
    if (input === 'badSettings') file = { ...before, data: { ...before.data, addressBook: [], settings: { ...before.data.settings, theme: 'neon' } } };
    await expect(store.importAll(file)).rejects.toThrow(message);
    expect(await store.exportAll()).toEqual(before);
  });
});

