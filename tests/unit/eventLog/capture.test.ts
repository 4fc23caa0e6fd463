import { describe, expect, it } from 'vitest';
import { findMachine } from '../../../src/machines/registry.ts';
import { canonicalJson, GENESIS_HASH, recordHash, replayRecords, sameState, stateAfterOf, type JsonValue } from '../../../src/services/eventLog/index.ts';
import { DEVNET_KEY, loggedSession, records } from './fixtures.ts';

describe('event capture through inspect', () => {
  it('records every event the root receives, in order, with origin and source', async () => {
    const session = await loggedSession();
    const log = await records(session);
    expect(log.map((r) => [r.seq, r.type, r.origin, r.sourceActorId])).toEqual([
      [1, 'xstate.init', 'system', null],
      [2, 'xstate.done.actor.loadConfig', 'effect', 'loadConfig'],
      [3, 'xstate.error.actor.probeGateway', 'effect', 'probeGateway'],
      [4, 'user.navigate', 'user', null],
      [5, 'user.toggleTheme', 'user', null],
      [6, 'system.locationChanged', 'system', null],
    ]);
    expect(log[0]!.payload).toEqual({ input: { location: { path: '/home', search: '?safe=devnet:0x1111111111111111111111111111111111111111' }, theme: 'light' } });
    expect(log[2]!.payload.error).toEqual({ name: 'Error', message: 'Gateway unreachable at http://gateway.test' });
    expect(log[3]!.stateAfter.value).toEqual({ running: 'gatewayUnreachable' });
    expect(log.every((r) => r.machineId === 'appSession' && /^[0-9a-f]{64}$/.test(r.machineVersion) && r.schemaVersion === 1)).toBe(true);
    const head = await session.store.getStream(session.streamId);
    expect(head).toMatchObject({ headSeq: 6, headHash: log[5]!.hash, status: 'open', machineId: 'appSession' });
  });

  it('chains the records with SHA-256 hashes', async () => {
    const log = await records(await loggedSession());
    let prev = GENESIS_HASH;
    for (const record of log) {
      expect(record.prevHash).toBe(prev);
      expect(await recordHash(record)).toBe(record.hash);
      prev = record.hash;
    }
  });

  it('replays to exactly the state the live actor is in, running no effect', async () => {
    const session = await loggedSession();
    const entry = findMachine('appSession')!;
    // The registry machine has the placeholder effects, which throw if run: replay must not run them.
    const result = await replayRecords(entry.machine, await records(session));
    expect(result.mismatch).toBeNull();
    expect(result.applied).toBe(6);
    const live = session.actor.getSnapshot();
    expect(result.snapshot.value).toEqual(live.value);
    expect(sameState(await stateAfterOf(result.snapshot.value, result.snapshot.status, result.snapshot.context), await stateAfterOf(live.value, live.status, live.context))).toBe(true);
    expect(result.snapshot.context.theme).toBe('dark');
    expect(result.snapshot.context.location).toEqual({ path: '/home', search: '' });
  });

  it('never writes a private key: the devnet key in the loaded config is redacted', async () => {
    const log = await records(await loggedSession());
    const text = log.map((r) => canonicalJson(r as unknown as JsonValue)).join('\n');
    expect(text).not.toContain(DEVNET_KEY.slice(2));
    const output = log[1]!.payload.output as { devnet: { accounts: { privateKey: string; address: string }[] } };
    expect(output.devnet.accounts[0]).toEqual({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', privateKey: '[redacted]' });
  });
});
