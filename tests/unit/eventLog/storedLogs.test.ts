/**
 * Logs written by earlier code still verify and replay (issue 16: machine ids and event names are part of stored
 * logs). `stored/transactionFlow-4b0383a.ndjson` was exported on commit 4b0383a, before the domain floor and the
 * one-name moves: the real transactionFlow machine, driven with the registry's sample effect outputs through
 * compose → nonce → review → sign (13 records). It is verified here with today's registry: hash chain, header,
 * footer, and a replay of every recorded event through today's machine reaching the recorded states.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../../src/machines/registry.ts';
import { verifyNdjson } from '../../../src/services/eventLog/index.ts';

const stored = (name: string) => readFileSync(join(import.meta.dirname, 'stored', name), 'utf8');

describe('logs written before the code moved', () => {
  it('a transactionFlow signing stream from 4b0383a verifies and replays to its recorded end', async () => {
    const text = stored('transactionFlow-4b0383a.ndjson');
    const report = await verifyNdjson(text, MACHINES);
    expect(report.problem).toBeNull();
    expect(report.summary).toMatch(/^OK: stream transactionFlow:golden-2026-11-25, 13 records \(seq 1–13\), hash chain intact, replay reaches "signed"/);
  });

  it('the same stream with one recorded event renamed no longer replays (the check can fail)', async () => {
    const text = stored('transactionFlow-4b0383a.ndjson').replace('"type":"user.confirmNonce"', '"type":"user.confirmNonceRenamed"');
    const report = await verifyNdjson(text, MACHINES);
    expect(report.problem).not.toBeNull();
  });
});
