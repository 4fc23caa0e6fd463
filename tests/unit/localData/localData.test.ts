import { describe, expect, it } from 'vitest';
import { parseImportFile, previewImport, rpcChainId } from '../../../src/services/localData.ts';
import { DEFAULT_SETTINGS, type ExportFile } from '../../../src/services/storage/schema.ts';

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const empty: ExportFile['data'] = { addressBook: [], settings: { ...DEFAULT_SETTINGS }, pinnedApps: [], customApps: [], permissions: [], safes: [] };
const file = (data: unknown, extra: object = {}) => JSON.stringify({ format: 'countersign-local-data', version: 1, data, ...extra });

describe('local data import', () => {
  it('refuses a file that is not ours as a whole, with a text', () => {
    expect(() => parseImportFile('{nope')).toThrow('not JSON');
    expect(() => parseImportFile('{"format":"other"}')).toThrow('not a Countersign export file');
    expect(() => parseImportFile(JSON.stringify({ format: 'countersign-local-data', version: 9, data: {} }))).toThrow('newer than this app supports');
  });

  it('validates item by item: a bad or duplicate entry is reported and skipped, the rest kept', () => {
    const parsed = parseImportFile(
      file({ addressBook: [{ chainId: '1', address: A, name: 'Alice' }, { chainId: '1', address: '0x12', name: 'Eve' }, { chainId: '1', address: A.toLowerCase(), name: 'Alice again' }] }),
    );
    expect(parsed.data.addressBook).toEqual([{ chainId: '1', address: A, name: 'Alice' }]);
    expect(parsed.errors).toEqual(['Address book entries, item 2: address: invalid address', 'Address book entries, item 3: a duplicate of an earlier item']);
    expect(parsed.data.settings).toBeNull();
  });

  it('previews new, changed, unchanged and what a replace would remove', () => {
    const here = { ...empty, addressBook: [{ chainId: '1', address: A, name: 'Alice' }, { chainId: '1', address: B, name: 'Bob' }] as ExportFile['data']['addressBook'] };
    const parsed = parseImportFile(file({ addressBook: [{ chainId: '1', address: A, name: 'Alice' }, { chainId: '5', address: B, name: 'Bob on Goerli' }], settings: { ...DEFAULT_SETTINGS, theme: 'dark' } }));
    const preview = previewImport('x.json', parsed, here);
    expect(preview.changes.find((c) => c.kind === 'addressBook')).toMatchObject({ inFile: 2, added: 1, changed: 0, unchanged: 1, removedByReplace: 1 });
    expect(preview.changes.find((c) => c.kind === 'settings')).toMatchObject({ changed: 1 });
  });
});

describe('rpcChainId', () => {
  const answer = (body: unknown, status = 200) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
  it('reads eth_chainId as a decimal string', async () => {
    expect(await rpcChainId(answer({ jsonrpc: '2.0', id: 1, result: '0x7a69' }), 'http://rpc.test')).toBe('31337');
  });
  it('says when the URL does not answer like an RPC', async () => {
    await expect(rpcChainId(answer({ error: 'x' }), 'http://rpc.test')).rejects.toThrow('did not answer eth_chainId');
    await expect(rpcChainId(answer({}, 500), 'http://rpc.test')).rejects.toThrow('HTTP 500');
    await expect(rpcChainId((async () => { throw new TypeError('Failed to fetch'); }) as unknown as typeof fetch, 'http://rpc.test')).rejects.toThrow('unreachable');
  });
});
