import { describe, expect, it } from 'vitest';
import { canonicalJson, exportNdjson, recordHash, verifyNdjson, type JsonValue, type LogRecord } from '../../../src/services/eventLog/index.ts';
import { loggedSession, records } from './fixtures.ts';

const app = { name: 'countersign', version: '0.1.0' };

async function exported(): Promise<{ text: string; log: LogRecord[] }> {
  const log = await records(await loggedSession());
  return { text: await exportNdjson(log, { app, exportedAt: '2026-01-01T00:00:00.000Z' }), log };
}

/** Changes the byte at `offset` to a different ASCII character. */
function flipByte(text: string, offset: number): string {
  const current = text[offset]!;
  const replacement = current === '0' ? '1' : current === '\n' ? ' ' : '0';
  return text.slice(0, offset) + replacement + text.slice(offset + 1);
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

describe('NDJSON export and verification', () => {
  it('exports a header, one line per record and a footer, and verifies OK', async () => {
    const { text, log } = await exported();
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(log.length + 2);
    const header = JSON.parse(lines[0]!);
    expect(header).toMatchObject({ format: 'countersign-eventlog', app, streamId: 'appSession:test', recordCount: 6, headHash: log[5]!.hash });
    expect(header.machine).toMatchObject({ id: 'appSession', version: log[0]!.machineVersion, schemaVersion: 1, diagram: 'docs/machines/appSession.md' });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ final: true, seq: 6, headHash: log[5]!.hash, stateAfter: log[5]!.stateAfter });
    const report = await verifyNdjson(text);
    expect(report.problem).toBeNull();
    expect(report.ok).toBe(true);
    expect(report.summary).toMatch(/^OK: stream appSession:test, 6 records \(seq 1–6\), hash chain intact, replay reaches \{"running":\{"eventLog":"saving","gateway":"gatewayUnreachable"\}\}/);
  });

  it('detects a one-byte change in a record at that record, as a hash mismatch', async () => {
    const { text } = await exported();
    const line4 = text.split('\n')[3]!; // seq 3
    const offset = text.indexOf(line4) + line4.indexOf('Gateway unreachable') + 1;
    const report = await verifyNdjson(flipByte(text, offset));
    expect(report.ok).toBe(false);
    expect(report.problem).toMatchObject({ kind: 'hash', line: 4, seq: 3 });
    expect(report.summary).toBe('FAIL line 4 (seq 3): hash mismatch: the record does not match its hash (its content was changed)');
  });

  it('detects EVERY one-byte change of the file on the line that holds the byte', async () => {
    const { text } = await exported();
    const wrong: string[] = [];
    for (let offset = 0; offset < text.length; offset++) {
      const report = await verifyNdjson(flipByte(text, offset));
      const expectedLine = lineOf(text, offset);
      if (report.ok || report.problem?.line !== expectedLine) wrong.push(`offset ${offset} (line ${expectedLine}): ${report.summary}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('tells a replay mismatch from a hash mismatch when the chain was re-hashed after an edit', async () => {
    const { log } = await exported();
    // A forger edits seq 4 (navigate to /balances → /settings) and recomputes every hash after it.
    const forged: LogRecord[] = [];
    let prev = log[0]!.prevHash;
    for (const original of log) {
      const edited = { ...original, prevHash: prev, payload: original.seq === 4 ? { to: '/settings' } : original.payload };
      const hash = await recordHash(edited);
      forged.push({ ...edited, hash });
      prev = hash;
    }
    const text = await exportNdjson(forged, { app, exportedAt: '2026-01-01T00:00:00.000Z' });
    const report = await verifyNdjson(text);
    expect(report.problem).toMatchObject({ kind: 'replay', line: 5, seq: 4 });
    expect(report.summary).toMatch(/^FAIL line 5 \(seq 4\): replay mismatch: recorded context digest [0-9a-f]{32}, replay gives [0-9a-f]{32}$/);
  });

  it('reports removed records as a broken chain at the first gap', async () => {
    const { text } = await exported();
    const lines = text.split('\n');
    lines.splice(3, 1); // drop seq 3
    const report = await verifyNdjson(lines.join('\n'));
    expect(report.problem).toMatchObject({ kind: 'chain', line: 4, seq: 4 });
  });

  it('refuses a file whose records hold a secret field, even with valid hashes', async () => {
    const { log } = await exported();
    const tampered = { ...log[0]!, payload: { input: { privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' } } };
    const withHash = { ...tampered, hash: await recordHash(tampered) };
    const text = [canonicalJson({ not: 'a header' } as JsonValue), canonicalJson(withHash as unknown as JsonValue), '{}'].join('\n') + '\n';
    expect((await verifyNdjson(text)).problem).toMatchObject({ kind: 'header', line: 1 });
    const exportedText = await exportNdjson([withHash], { app, exportedAt: '2026-01-01T00:00:00.000Z' });
    expect((await verifyNdjson(exportedText)).problem).toMatchObject({ kind: 'secret', line: 2, seq: 1 });
  });
});
