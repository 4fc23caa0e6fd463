import { describe, expect, it } from 'vitest';
import { createLoadSafeEffects } from '../../../src/services/loadSafe.ts';

const SAFE = '0x1111111111111111111111111111111111111111' as const;

function harness(existing: { chainId: string; address: string; name: string }[] = []) {
  const added: unknown[] = [];
  const book = [...existing];
  let reloads = 0;
  const effects = createLoadSafeEffects({
    loadChains: async () => [],
    gateway: { getSafeInfo: async () => { throw new Error('unused'); } },
    safes: { list: async () => [], add: async (safe) => void added.push(safe) },
    names: { list: async () => book, upsert: async (entry) => void book.push(entry) },
    onNamed: () => void reloads++,
  });
  return { effects, added, book, reloads: () => reloads };
}

describe('adding a Safe with a name', () => {
  it('the name becomes its address-book entry, and the book is told to reload', async () => {
    const h = harness();
    await h.effects.addSafe({ chainId: '31337', address: SAFE, name: '  Ops reserve ' });
    expect(h.added).toEqual([{ chainId: '31337', address: SAFE, name: '  Ops reserve ' }]);
    expect(h.book).toEqual([{ chainId: '31337', address: SAFE, name: 'Ops reserve' }]);
    expect(h.reloads()).toBe(1);
  });
  it('a name the address book already has for that Safe is kept, and no name writes nothing', async () => {
    const named = harness([{ chainId: '31337', address: SAFE.toUpperCase().replace('0X', '0x'), name: 'Treasury' }]);
    await named.effects.addSafe({ chainId: '31337', address: SAFE, name: 'Ops reserve' });
    expect(named.book.map((e) => e.name)).toEqual(['Treasury']);
    expect(named.reloads()).toBe(0);
    const unnamed = harness();
    await unnamed.effects.addSafe({ chainId: '31337', address: SAFE, name: '' });
    expect(unnamed.book).toEqual([]);
    expect(unnamed.reloads()).toBe(0);
  });
});
