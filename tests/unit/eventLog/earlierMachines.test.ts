/**
 * An earlier version that carries its own definition (EarlierVersion.machine, decision 0084) is that version: the
 * definition built from today's machine hashes to the version's hash, so replay folds its records on exactly the
 * definition that wrote them. Without it, a record of such a version takes today's path and mismatches.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { asRecordedBy, definitionHash, type EarlierVersion } from '../../../src/machines/machineVersion.ts';
import { MACHINES } from '../../../src/machines/registry.ts';
import { replayRecords, verifyNdjson, type LogRecord } from '../../../src/services/eventLog/index.ts';
import { carriedInto } from '../../../src/services/eventLog/replay.ts';

const withOwnDefinition = MACHINES.flatMap((entry) => (entry.replaysVersions ?? []).filter((v) => v.machine).map((version) => ({ entry, version })));

describe('earlier versions with their own definition', () => {
  it('there is one at least (emailAlerts at 9e9f73e)', () => {
    expect(withOwnDefinition.map(({ entry, version }) => `${entry.id}@${version.hash.slice(0, 8)}`)).toContain('emailAlerts@86ee47f4');
  });

  /**
   * The version a definition is built for: the newest of those sharing its builder. Older ones had replayed on that
   * version's definition while it was today's (their notes say so), and still do (safeSession before decision 0090).
   */
  const builtFor = (versions: readonly EarlierVersion[], version: EarlierVersion) => versions.filter((v) => v.machine === version.machine).at(-1)!;

  it.each(withOwnDefinition.map(({ entry, version }) => [`${entry.id}@${version.hash.slice(0, 8)}`, entry, version] as const))('%s: the built definition has the version’s hash (or the one it replayed on)', async (_, entry, version) => {
    const built = version.machine!(entry.machine);
    expect(await definitionHash(built)).toBe(builtFor(entry.replaysVersions ?? [], version).hash);
    expect(await definitionHash(entry.machine)).not.toBe(version.hash);
  });

  const text = readFileSync(join(import.meta.dirname, 'stored', 'emailAlerts-9e9f73e.ndjson'), 'utf8');

  it('without its own definition, the device e-mail stream of 9e9f73e mismatches where today asks the gateway first', async () => {
    const todays = MACHINES.map((entry) => (entry.id === 'emailAlerts' ? { ...entry, replaysVersions: (entry.replaysVersions ?? []).map(({ machine: _m, ...rest }) => rest) } : entry));
    const report = await verifyNdjson(text, todays);
    expect(report.problem?.kind).toBe('replay');
    expect(report.problem?.message).toBe('replay mismatch: recorded state checkingOnDevice, replay gives askingGateway');
  });

  it('the fold of that stream ends on that version’s definition, and carried into today’s machine a device request asks the gateway first', async () => {
    const entry = MACHINES.find((m) => m.id === 'emailAlerts')!;
    const records = text.trim().split('\n').slice(1, -1).map((line) => JSON.parse(line) as LogRecord);
    const { snapshot, mismatch } = await replayRecords(entry.machine, records, undefined, asRecordedBy(entry));
    expect(mismatch).toBeNull();
    expect(snapshot.machine).not.toBe(entry.machine);
    const carried = carriedInto(entry.machine, snapshot);
    expect(carried.machine).toBe(entry.machine);
    expect(carried.value).toEqual({ resting: 'notRegistered' });
    expect(carried.context).toEqual(snapshot.context);
    const [next] = transition(entry.machine, carried as never, { type: 'user.show', nowMs: 1_764_525_900_000 } as never);
    expect(next.value).toBe('askingGateway');
    const [before] = transition(snapshot.machine, snapshot as never, { type: 'user.show', nowMs: 1_764_525_900_000 } as never);
    expect(before.value).toBe('checkingOnDevice');
  });
});
