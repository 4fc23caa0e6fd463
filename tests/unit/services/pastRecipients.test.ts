/**
 * Decision 0064: the recipients a Safe paid through this browser's flows are kept per Safe in the settings record,
 * checksummed, each once, the newest 500; they survive an export and import; they are known addresses of that Safe
 * only (another Safe's review does not exempt them), and a trusted Safe is known as such.
 */
import 'fake-indexeddb/auto';
import { getAddress } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { knownAddressesOf } from '../../../src/services/knownAddresses.ts';
import { MAX_PAST_RECIPIENTS, pastRecipientsStore } from '../../../src/services/pastRecipients.ts';
import { openLocalStore, type LocalStore } from '../../../src/services/storage/index.ts';
import { DEVNET_OWNERS } from '../../../src/machines/shared/samples.ts';

const [A, B] = DEVNET_OWNERS;
const C = getAddress('0x15d34aaf54267db7d7c367839aaf71a00a2c6a65');
const SAFE = getAddress('0x5afe000000000000000000000000000000005afe');
const OTHER = getAddress('0x5afe111111111111111111111111111111115afe');
let store: LocalStore;
let n = 0;

beforeEach(async () => {
  store = await openLocalStore({ name: `past-recipients-${++n}`, now: () => 1 });
});
afterEach(() => store.close());

describe('past recipients', () => {
  it('keeps each recipient once per Safe, checksummed, and only for that Safe', async () => {
    const paid = pastRecipientsStore(store.settings);
    await paid.add('31337', SAFE.toLowerCase(), [A.toLowerCase(), B, A]);
    await paid.add('31337', SAFE, [B, C]);
    expect(await paid.list('31337', SAFE)).toEqual([A, B, C]);
    expect(await paid.list('31337', OTHER)).toEqual([]);
    expect(await paid.list('1', SAFE)).toEqual([]);
  });

  it('keeps the newest ones only', async () => {
    const paid = pastRecipientsStore(store.settings);
    const many = Array.from({ length: MAX_PAST_RECIPIENTS + 2 }, (_, i) => getAddress(`0x${(i + 1).toString(16).padStart(40, '0')}`));
    await paid.add('31337', SAFE, many);
    const kept = await paid.list('31337', SAFE);
    expect(kept).toHaveLength(MAX_PAST_RECIPIENTS);
    expect(kept.at(-1)).toBe(many.at(-1));
  });

  it('refuses a malformed address (nothing is written)', async () => {
    const paid = pastRecipientsStore(store.settings);
    await expect(paid.add('31337', SAFE, ['0x1234'])).rejects.toThrow(/Invalid settings/);
    expect(await paid.list('31337', SAFE)).toEqual([]);
  });

  it('survive an export and an import (replace and merge)', async () => {
    const paid = pastRecipientsStore(store.settings);
    await paid.add('31337', SAFE, [A]);
    const file = await store.exportAll();
    await store.importAll({ ...file, data: { ...file.data, settings: { ...file.data.settings, pastRecipients: {} } } });
    expect(await paid.list('31337', SAFE)).toEqual([]);
    await store.importAll(file, { mode: 'merge' });
    expect(await paid.list('31337', SAFE)).toEqual([A]);
  });

  it('are known addresses of their Safe, beside the address book and the added Safes (a pinned one as trusted)', async () => {
    await store.addressBook.upsert({ chainId: '31337', address: B, name: 'Bob' });
    await store.safes.add({ chainId: '31337', address: OTHER, name: 'Ops', trusted: true });
    await pastRecipientsStore(store.settings).add('31337', SAFE, [C]);
    const known = knownAddressesOf({ addressBook: store.addressBook, safes: store.safes, pastRecipients: pastRecipientsStore(store.settings) });
    expect(await known('31337', SAFE)).toEqual([
      { address: B, name: 'Bob', source: 'addressBook' },
      { address: OTHER, name: 'Ops', source: 'trustedSafe' },
      { address: C, name: null, source: 'pastRecipient' },
    ]);
    expect((await known('31337', OTHER)).map((k) => k.source)).toEqual(['addressBook', 'trustedSafe']);
    expect((await known('31337')).map((k) => k.source)).toEqual(['addressBook', 'trustedSafe']);
  });
});
