import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportNdjson } from '../../../src/services/eventLog/index.ts';
import { loggedSession, records } from './fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'audit-verify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function verify(file: string) {
  const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/audit-verify.ts', file], { encoding: 'utf8' });
  return { code: run.status, out: run.stdout.trim(), err: run.stderr.trim() };
}

describe('npm run audit:verify', () => {
  it('prints OK with counts for an intact export, and the exact line and seq for a one-byte change', async () => {
    const text = await exportNdjson(await records(await loggedSession()), { app: { name: 'countersign', version: '0.1.0' }, exportedAt: '2026-01-01T00:00:00.000Z' });
    const good = join(dir, 'good.ndjson');
    writeFileSync(good, text);
    const ok = verify(good);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/^OK: stream appSession:test, 6 records \(seq 1–6\), hash chain intact, replay reaches \{"running":\{"eventLog":"saving","gateway":"gatewayUnreachable"\}\}.*: internally consistent\nNot attested: anyone could have written or cut this file\.\nAnchored facts: none, this stream is not a signing flow\.$/);

    // One byte in seq 5 (user.toggleTheme): its record no longer matches its hash.
    const lines = text.split('\n');
    const offset = text.indexOf(lines[5]!) + lines[5]!.indexOf('"user.toggleTheme"') + 6;
    const tampered = join(dir, 'tampered.ndjson');
    writeFileSync(tampered, text.slice(0, offset) + (text[offset] === 'T' ? 'X' : 'T') + text.slice(offset + 1));
    const bad = verify(tampered);
    expect(bad.code).toBe(1);
    expect(bad.out).toBe(
      [
        'FAIL line 6 (seq 5): hash mismatch: the record does not match its hash (its content was changed)',
        'Attestation: not checked, the file is not internally consistent.',
        'Anchored facts: not checked, the file is not internally consistent.',
        'kind: hash',
      ].join('\n'),
    );
  }, 60_000);

  it('explains its usage without a file', () => {
    const run = verify('');
    expect(run.code).toBe(2);
  });
});
