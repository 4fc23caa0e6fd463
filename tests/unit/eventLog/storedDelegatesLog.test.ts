/**
 * A delegatesList log written before owners managed proposers still verifies and replays.
 * `stored/delegatesList-c673c1b.ndjson` was exported from c673c1b by its real delegatesList machine (registry sample
 * input and effect outputs, in-memory store): the first page, a failed and a good next page, a refresh that failed,
 * a retry (10 records). Today's context keeps more (the signer, a change's request, signature, field error and
 * notice); the record's digests cover the context that version kept (EARLIER_VERSIONS.delegatesList).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../../src/machines/registry.ts';
import { verifyNdjson } from '../../../src/services/eventLog/index.ts';

const text = readFileSync(join(import.meta.dirname, 'stored', 'delegatesList-c673c1b.ndjson'), 'utf8');

describe('a delegatesList log from before proposers could be changed', () => {
  it('verifies and replays to its recorded end on today’s machine', async () => {
    const report = await verifyNdjson(text, MACHINES);
    expect(report.problem).toBeNull();
    expect(report.summary).toMatch(/^OK: stream delegatesList:golden-c673c1b, 10 records \(seq 1–10\), hash chain intact, replay reaches "list"/);
  });

  it('is refused without the earlier version listed, and mismatches without its context projection', async () => {
    const bare = MACHINES.map((entry) => (entry.id === 'delegatesList' ? { ...entry, replaysVersions: [] } : entry));
    expect((await verifyNdjson(text, bare)).problem?.kind).toBe('version');
    const unprojected = MACHINES.map((entry) => (entry.id === 'delegatesList' ? { ...entry, replaysVersions: (entry.replaysVersions ?? []).map(({ hash, note }) => ({ hash, note })) } : entry));
    expect((await verifyNdjson(text, unprojected)).problem?.kind).toBe('replay');
  });
});
