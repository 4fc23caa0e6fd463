// The signing packages kept in this browser (decision 0055): the IndexedDB store (fake-indexeddb here) and the
// import text's forms (a file's JSON, a link to the Queue, the bare fragment).
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { encodeSigningPackage, packageLinkFragment, signingPackageOf, type PackageSafeTx } from '../../../src/domain/safe/signingPackage.ts';
import { parseImportText } from '../../../src/services/signingPackages/port.ts';
import { PACKAGES_DB_NAME, openPackageStore } from '../../../src/services/signingPackages/store.ts';

const SAFE = '0x599C86d40e80ac8D0a4B7b19642457A73333d91f';
const OTHER_SAFE = '0x1111111111111111111111111111111111111111';

function pkg(nonce: number, safe = SAFE, value = '0') {
  const safeTx: PackageSafeTx = {
    to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    value,
    data: '0x',
    operation: 0,
    safeTxGas: '0',
    baseGas: '0',
    gasPrice: '0',
    gasToken: '0x0000000000000000000000000000000000000000',
    refundReceiver: '0x0000000000000000000000000000000000000000',
    nonce: String(nonce),
  };
  return signingPackageOf({ chainId: '31337', safe: safe as `0x${string}`, safeVersion: '1.4.1', label: 'Send native coin', safeTx, signatures: [], seen: [] });
}

describe('the package store', () => {
  it('lists one Safe’s packages by nonce, finds by safeTxHash, replaces on put and removes', async () => {
    const store = await openPackageStore({ name: 'store-a' });
    const [p7, p5, other] = [pkg(7), pkg(5), pkg(5, OTHER_SAFE)];
    await store.put(p7);
    await store.put(p5);
    await store.put(other);
    expect((await store.list('31337', SAFE.toLowerCase())).map((p) => p.safeTx.nonce)).toEqual(['5', '7']);
    expect(await store.list('1', SAFE)).toEqual([]);
    expect(await store.get('31337', SAFE, p7.hashes.safeTxHash.toUpperCase().replace('0X', '0x'))).toEqual(p7);
    expect(await store.find('31337', other.hashes.safeTxHash)).toEqual(other);
    expect(await store.find('1', other.hashes.safeTxHash)).toBeNull();
    await store.put({ ...p7, label: 'Renamed' });
    expect((await store.get('31337', SAFE, p7.hashes.safeTxHash))?.label).toBe('Renamed');
    await store.remove('31337', SAFE, p7.hashes.safeTxHash);
    expect((await store.list('31337', SAFE)).map((p) => p.safeTx.nonce)).toEqual(['5']);
  });

  it('drops a record whose text no longer parses (changed by hand), instead of showing it', async () => {
    const name = `${PACKAGES_DB_NAME}-damaged`;
    const store = await openPackageStore({ name });
    const good = pkg(1);
    const bad = pkg(2);
    await store.put(good);
    await store.put(bad);
    const db = await openDB(name, 1);
    const key = ['31337', SAFE.toLowerCase(), bad.hashes.safeTxHash.toLowerCase()];
    const record = await db.get('packages', key);
    await db.put('packages', { ...record, text: record.text.replace('"nonce": "2"', '"nonce": "two"') });
    db.close();
    expect((await store.list('31337', SAFE)).map((p) => p.safeTx.nonce)).toEqual(['1']);
    expect(await store.get('31337', SAFE, bad.hashes.safeTxHash)).toBeNull();
  });
});

describe('what an import accepts', () => {
  const p = { ...pkg(3, SAFE, '5'), signatures: [] };
  it('reads a file’s JSON, a link to the Queue and the bare fragment alike', () => {
    const fragment = packageLinkFragment(p)!;
    for (const text of [encodeSigningPackage(p), `  ${encodeSigningPackage(p)}\n`, `https://app.example/transactions/queue?safe=devnet:${SAFE}#${fragment}`, `#${fragment}`, fragment]) {
      expect(parseImportText(text)).toEqual({ ok: true, pkg: p });
    }
  });

  it('refuses anything else with a reason', () => {
    expect(parseImportText('https://app.example/transactions/queue')).toEqual({ ok: false, reason: 'This is neither a signing package file nor a link to one.' });
    expect(parseImportText('{"format":"other"}')).toMatchObject({ ok: false, reason: expect.stringContaining('not a Countersign signing package') });
    expect(parseImportText('#package=%%%')).toMatchObject({ ok: false });
  });
});
