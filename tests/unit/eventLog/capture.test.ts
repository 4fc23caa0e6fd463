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
    expect(log[3]!.stateAfter.value).toEqual({ running: { gateway: 'gatewayUnreachable', eventLog: 'saving' } });
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

describe('streams per flow instance', () => {
  it('logs each registered child flow into its own stream, and the parent sees the child’s result as an effect', async () => {
    const { assign, createActor, setup, waitFor } = await import('xstate');
    const { createEventCapture, MemoryEventStore, originOf, replayRecords } = await import('../../../src/services/eventLog/index.ts');
    const flow = setup({ types: { events: {} as { type: 'user.sign' } | { type: 'user.cancel' } } }).createMachine({
      id: 'flow',
      initial: 'review',
      states: { review: { on: { 'user.sign': 'done', 'user.cancel': 'review' } }, done: { type: 'final' } },
    });
    const parent = setup({ actors: { flow } }).createMachine({
      id: 'parent',
      context: { finished: 0 },
      initial: 'running',
      states: { running: { invoke: { id: 'tx-1', src: 'flow', onDone: { target: 'idle', actions: assign({ finished: 1 }) } } }, idle: {} },
    });
    const entry = (machine: typeof flow | typeof parent) => ({ id: machine.id, title: machine.id, description: '', machine, schemaVersion: 1, sampleInput: undefined, sampleEvents: [] });
    const store = new MemoryEventStore();
    const capture = createEventCapture({
      store,
      machines: [entry(parent), entry(flow)],
      streamIdFor: (a) => (a.isRoot ? 'session' : `session/${a.machineId}:${a.actorId}`),
      onFailure: (_, error) => {
        throw error;
      },
    });
    const actor = createActor(parent, { inspect: capture.inspect }).start();
    const child = actor.getSnapshot().children['tx-1']!;
    child.send({ type: 'user.cancel' });
    child.send({ type: 'user.sign' });
    await waitFor(actor, (s) => s.matches('idle'));
    await capture.flush();

    expect(capture.streamIds().sort()).toEqual(['session', 'session/flow:tx-1']);
    const childLog = await store.readStream('session/flow:tx-1');
    expect(childLog.map((r) => [r.seq, r.type, r.machineId, r.stateAfter.value])).toEqual([
      [1, 'xstate.init', 'flow', 'review'],
      [2, 'user.cancel', 'flow', 'review'],
      [3, 'user.sign', 'flow', 'done'],
    ]);
    const parentLog = await store.readStream('session');
    expect(parentLog.map((r) => [r.type, r.origin, r.sourceActorId])).toEqual([
      ['xstate.init', 'system', null],
      ['xstate.done.actor.tx-1', 'effect', 'tx-1'],
    ]);
    expect((await replayRecords(flow, childLog)).mismatch).toBeNull();
    expect((await replayRecords(parent, parentLog)).snapshot.context).toEqual({ finished: 1 });
    expect([originOf('xstate.after.1000.flow.review', false), originOf('bridge.request', false), originOf('wallet.accountsChanged', true)]).toEqual(['timer', 'bridge', 'effect']);
  });
});
