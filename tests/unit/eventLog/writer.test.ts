import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { MACHINES } from '../../../src/machines/registry.ts';
import {
  AppendConflictError,
  deferredStore,
  IdbEventStore,
  replayRecords,
  MemoryEventStore,
  StreamLockedError,
  StreamWriter,
  type LockManagerLike,
  type PendingEvent,
} from '../../../src/services/eventLog/index.ts';
import { loggedSession, records } from './fixtures.ts';

const version = { machineId: 'appSession', machineVersion: 'a'.repeat(64), schemaVersion: 1 };
const pending = (type: string, extra: Record<string, unknown> = {}): PendingEvent => ({
  event: { type, ...extra },
  origin: 'user',
  sourceActorId: null,
  value: 'idle',
  status: 'active',
  context: { n: 1 },
  correlationId: null,
});

/** A LockManager with the Web Locks semantics the writer relies on (exclusive, ifAvailable). */
class FakeLocks implements LockManagerLike {
  private readonly held = new Set<string>();
  async request<T>(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<T> | T): Promise<T> {
    if (this.held.has(name)) {
      if (options.ifAvailable) return callback(null);
      throw new Error('FakeLocks only supports ifAvailable');
    }
    this.held.add(name);
    try {
      return await callback({ name });
    } finally {
      this.held.delete(name);
    }
  }
}

describe('stream writer', () => {
  it('a failed write is reported once and nothing is dropped: later events are kept as unsaved', async () => {
    const store = new MemoryEventStore();
    const failures: Error[] = [];
    const writer = new StreamWriter({ store, streamId: 's', version, onFailure: (e) => failures.push(e) });
    writer.enqueue(pending('user.a'));
    await writer.flush();
    store.failure = new Error('QuotaExceededError: the disk is full');
    writer.enqueue(pending('user.b'));
    writer.enqueue(pending('user.c'));
    await writer.flush();
    expect(writer.status).toBe('failed');
    expect(failures.map((e) => e.message)).toEqual(['QuotaExceededError: the disk is full']);
    expect(writer.unsaved().map((p) => p.event.type)).toEqual(['user.b', 'user.c']);
    expect((await store.readStream('s')).map((r) => r.type)).toEqual(['user.a']);
  });

  it('a failed write pauses signing, not the app: the root runs on, keeps what it could not save, and Try again writes it in order (decision 0050)', async () => {
    const store = new MemoryEventStore();
    const session = await loggedSession({ store });
    const saved = (await session.store.readStream(session.streamId)).length;
    const error = new Error('the disk is full');
    error.name = 'QuotaExceededError';
    store.failure = error;
    session.actor.send({ type: 'user.toggleTheme' });
    await session.capture.flush();
    const paused = session.actor.getSnapshot();
    expect(paused.value).toEqual({ running: { gateway: 'gatewayUnreachable', eventLog: 'paused' } });
    expect(paused.hasTag('signingPaused')).toBe(true);
    expect(paused.context.saveFailure).toEqual({ streamId: 'appSession:test', message: 'QuotaExceededError: the disk is full', cause: 'storageFull' });
    const writer = session.capture.writer(session.streamId)!;
    expect(writer.unsaved().map((p) => p.event.type)).toEqual(['user.toggleTheme', 'system.saveFailed']);
    expect((await session.store.getStream(session.streamId))?.status).toBe('failed');
    // Browsing goes on while it cannot save: a navigation still moves the app (and is kept too).
    session.actor.send({ type: 'user.navigate', to: '/balances' });
    expect(session.actor.getSnapshot().context.location.path).toBe('/balances');
    await session.capture.flush();

    // Still full: Try again fails, the app stays paused with the new error, nothing is lost.
    session.actor.send({ type: 'user.retrySaving' });
    await vi.waitFor(() => expect(session.actor.getSnapshot().value).toEqual({ running: { gateway: 'gatewayUnreachable', eventLog: 'paused' } }));
    await session.capture.flush();
    expect(writer.unsaved().map((p) => p.event.type)).toEqual(['user.toggleTheme', 'system.saveFailed', 'user.navigate', 'user.retrySaving', 'xstate.error.actor.retrySaving', 'system.saveFailed']);

    // Space freed: Try again writes every kept event in order, signing resumes, the stream is open again.
    store.failure = null;
    session.actor.send({ type: 'user.retrySaving' });
    await vi.waitFor(() => expect(session.actor.getSnapshot().value).toEqual({ running: { gateway: 'gatewayUnreachable', eventLog: 'saving' } }));
    await session.capture.flush();
    expect(session.actor.getSnapshot().hasTag('signingPaused')).toBe(false);
    expect(session.actor.getSnapshot().context.saveFailure).toBeNull();
    expect(writer.unsaved()).toEqual([]);
    expect(writer.status).toBe('writing');
    const written = await session.store.readStream(session.streamId);
    expect(written.slice(saved).map((r) => r.type)).toEqual([
      'user.toggleTheme',
      'system.saveFailed',
      'user.navigate',
      'user.retrySaving',
      'xstate.error.actor.retrySaving',
      'system.saveFailed',
      'user.retrySaving',
      'xstate.done.actor.retrySaving',
    ]);
    expect(written.map((r) => r.seq)).toEqual(written.map((_, i) => i + 1));
    expect((await session.store.getStream(session.streamId))?.status).toBe('open');
    // The whole stream, failure and retries included, replays to the live state.
    const replay = await replayRecords(MACHINES.find((m) => m.id === 'appSession')!.machine, written);
    expect(replay.mismatch).toBeNull();
    expect(replay.snapshot.value).toEqual(session.actor.getSnapshot().value);
  });

  it('an event kept while the store failed is written with the time it happened, not the time of the retry', async () => {
    const store = new MemoryEventStore();
    let now = 0;
    const writer = new StreamWriter({ store, streamId: 's', version, now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, now)).toISOString() });
    store.failure = new Error('QuotaExceededError: the disk is full');
    now = 5;
    writer.enqueue(pending('user.a'));
    await writer.flush();
    now = 9;
    store.failure = null;
    await writer.retry();
    expect((await store.readStream('s')).map((r) => [r.type, r.recordedAt])).toEqual([['user.a', '2026-01-01T00:00:05.000Z']]);
  });

  it('a store that never opened is opened again by a retry (deferredStore with an opener)', async () => {
    let blocked = true;
    const memory = new MemoryEventStore();
    const store = deferredStore(async () => {
      if (blocked) throw new DOMException('IndexedDB is not available in this mode', 'InvalidStateError');
      return memory;
    });
    const failures: Error[] = [];
    const writer = new StreamWriter({ store, streamId: 's', version, onFailure: (e) => failures.push(e) });
    writer.enqueue(pending('user.a'));
    await writer.flush();
    expect(writer.status).toBe('failed');
    expect(failures.map((e) => e.name)).toEqual(['StorageUnavailableError']);
    expect(writer.unsaved().map((p) => p.event.type)).toEqual(['user.a']);
    // Still blocked: the retry fails again, nothing is lost.
    await expect(writer.retry()).rejects.toMatchObject({ name: 'StorageUnavailableError' });
    expect(writer.unsaved().map((p) => p.event.type)).toEqual(['user.a']);
    blocked = false;
    await writer.retry();
    expect((await memory.readStream('s')).map((r) => r.type)).toEqual(['user.a']);
  });

  it('one writer per stream across tabs: a second writer cannot take the stream’s lock', async () => {
    const locks = new FakeLocks();
    const store = new MemoryEventStore();
    const first = new StreamWriter({ store, streamId: 's', version, locks });
    first.enqueue(pending('user.a'));
    await first.flush();
    const failures: Error[] = [];
    const second = new StreamWriter({ store, streamId: 's', version, locks, onFailure: (e) => failures.push(e) });
    second.enqueue(pending('user.b'));
    await second.flush();
    expect(failures[0]).toBeInstanceOf(StreamLockedError);
    expect(second.unsaved().map((p) => p.event.type)).toEqual(['user.b']);
    await first.close();
    const third = new StreamWriter({ store, streamId: 's', version, locks });
    third.enqueue(pending('user.c'));
    await third.flush();
    expect(third.status).toBe('writing');
    expect((await store.readStream('s')).map((r) => [r.seq, r.type])).toEqual([[1, 'user.a'], [2, 'user.c']]);
  });

  it('the store refuses an append that does not extend the head (a writer without the lock)', async () => {
    const store = new MemoryEventStore();
    const a = new StreamWriter({ store, streamId: 's', version });
    const b = new StreamWriter({ store, streamId: 's', version });
    await Promise.all([a.flush(), b.flush()]); // both read head 0
    a.enqueue(pending('user.a'));
    await a.flush();
    const errors: Error[] = [];
    const c = new StreamWriter({ store, streamId: 's', version, onFailure: (e) => errors.push(e) });
    await c.flush();
    b.enqueue(pending('user.b'));
    await b.flush();
    expect(b.status).toBe('failed');
    expect(b.failure).toBeInstanceOf(AppendConflictError);
    expect(errors).toEqual([]);
    // It does not own the stream: it leaves the stream's status alone, and a retry cannot mend that.
    expect((await store.getStream('s'))?.status).toBe('open');
    await expect(b.retry()).rejects.toBeInstanceOf(AppendConflictError);
    expect(b.unsaved().map((p) => p.event.type)).toEqual(['user.b']);
  });

  it('refuses to write a record that would hold a secret field (defence in depth after redaction)', async () => {
    const store = new MemoryEventStore();
    const writer = new StreamWriter({ store, streamId: 's', version });
    writer.enqueue(pending('user.importKey', { privateKey: `0x${'11'.repeat(32)}`, nested: { mnemonic: 'test test test' } }));
    await writer.flush();
    const [record] = await store.readStream('s');
    expect(record!.payload).toEqual({ privateKey: '[redacted]', nested: { mnemonic: '[redacted]' } });
    expect(JSON.stringify(record)).not.toContain('1111111111');
  });
});

describe('IndexedDB store (fake-indexeddb)', () => {
  it('persists a session’s records, heads and snapshots, and survives reopening', async () => {
    const name = `eventlog-${Math.random()}`;
    const store = await IdbEventStore.open(name);
    const session = await loggedSession({ store: store as unknown as MemoryEventStore, snapshotEvery: 3 });
    const before = await records(session);
    store.close();
    const reopened = await IdbEventStore.open(name);
    expect(await reopened.readStream(session.streamId)).toEqual(before);
    expect(await reopened.listStreams()).toEqual([expect.objectContaining({ streamId: session.streamId, headSeq: 6, headHash: before[5]!.hash, status: 'open' })]);
    expect(await reopened.latestSnapshot(session.streamId, before[0]!.machineVersion)).toMatchObject({ seq: 6, hash: before[5]!.hash });
    expect(await reopened.latestSnapshot(session.streamId, 'b'.repeat(64))).toBeNull();
    expect(await reopened.readStream(session.streamId, 5)).toEqual(before.slice(4));
    reopened.close();
  });

  it('a refused append changes nothing (event, snapshot and head are one transaction)', async () => {
    const store = await IdbEventStore.open(`eventlog-${Math.random()}`);
    const writer = new StreamWriter({ store, streamId: 's', version });
    writer.enqueue(pending('user.a'));
    await writer.flush();
    const [first] = await store.readStream('s');
    await expect(store.append({ ...first!, seq: 2, prevHash: 'f'.repeat(64) })).rejects.toBeInstanceOf(AppendConflictError);
    await expect(store.append({ ...first! })).rejects.toBeInstanceOf(AppendConflictError);
    expect(await store.readStream('s')).toHaveLength(1);
    expect((await store.getStream('s'))?.headSeq).toBe(1);
    store.close();
  });

  it('deleteStream removes one stream whole (records, snapshots, head) and leaves the others', async () => {
    for (const store of [await IdbEventStore.open(`eventlog-${Math.random()}`), new MemoryEventStore()]) {
      const kept = await loggedSession({ store: store as unknown as MemoryEventStore, snapshotEvery: 3 });
      const keptRecords = await records(kept);
      const writer = new StreamWriter({ store, streamId: 'gone', version, snapshotEvery: 1 });
      writer.enqueue(pending('user.a'));
      writer.enqueue(pending('user.b'));
      await writer.flush();
      expect(await store.readStream('gone')).toHaveLength(2);
      expect(await store.latestSnapshot('gone', version.machineVersion)).not.toBeNull();
      await store.deleteStream('gone');
      expect(await store.readStream('gone')).toEqual([]);
      expect(await store.getStream('gone')).toBeNull();
      expect(await store.latestSnapshot('gone', version.machineVersion)).toBeNull();
      expect((await store.listStreams()).map((s) => s.streamId)).toEqual([kept.streamId]);
      expect(await store.readStream(kept.streamId)).toEqual(keptRecords);
      expect(await store.latestSnapshot(kept.streamId, keptRecords[0]!.machineVersion)).toMatchObject({ seq: 6 });
    }
  });
});

describe('session writes in the page’s idle turn (decision 0080)', () => {
  /** A `deferWrites` whose turns the test lets come one at a time. */
  function turns() {
    const waiting: (() => void)[] = [];
    return {
      defer: () => new Promise<void>((come) => waiting.push(come)),
      asked: () => waiting.length,
      come: () => waiting.shift()!(),
    };
  }
  const settle = () => new Promise((done) => setTimeout(done, 0));

  it('builds and stores nothing before the turn; then every event enqueued meanwhile, in order, in one turn', async () => {
    const store = new MemoryEventStore();
    const turn = turns();
    const writer = new StreamWriter({ store, streamId: 's', version, deferWrites: turn.defer });
    writer.enqueue(pending('xstate.init'));
    writer.enqueue(pending('user.a'));
    writer.enqueue(pending('user.b'));
    await settle();
    expect(await store.readStream('s')).toEqual([]);
    expect(turn.asked()).toBe(1);
    turn.come();
    await writer.flush();
    expect((await store.readStream('s')).map((r) => [r.seq, r.type])).toEqual([
      [1, 'xstate.init'],
      [2, 'user.a'],
      [3, 'user.b'],
    ]);
    // An event after the turn came waits for a turn of its own; a flush waits for it too.
    writer.enqueue(pending('user.c'));
    await settle();
    expect(turn.asked()).toBe(1);
    expect((await store.readStream('s')).map((r) => r.type)).not.toContain('user.c');
    const flushed = writer.flush();
    turn.come();
    await flushed;
    const log = await store.readStream('s');
    expect(log.map((r) => r.type)).toEqual(['xstate.init', 'user.a', 'user.b', 'user.c']);
    expect(log[3]!.prevHash).toBe(log[2]!.hash);
  });

  it('a turn that fails still writes (never a lost event)', async () => {
    const store = new MemoryEventStore();
    const writer = new StreamWriter({ store, streamId: 's', version, deferWrites: () => Promise.reject(new Error('no idle callback')) });
    writer.enqueue(pending('user.a'));
    await writer.flush();
    expect((await store.readStream('s')).map((r) => r.type)).toEqual(['user.a']);
  });

  it('the capture defers a session machine’s stream, never a signing flow’s', async () => {
    const { createActor, setup } = await import('xstate');
    const { createEventCapture } = await import('../../../src/services/eventLog/index.ts');
    const machine = (id: string) => setup({ types: { events: {} as { type: 'user.go' } } }).createMachine({ id, initial: 'a', states: { a: { on: { 'user.go': 'b' } }, b: {} } });
    const entry = (id: string) => ({ id, title: id, description: '', machine: machine(id), schemaVersion: 1, sampleInput: undefined, sampleEvents: [] });
    const store = new MemoryEventStore();
    const turn = turns();
    const capture = createEventCapture({
      store,
      machines: [entry('queueList'), entry('transactionFlow')],
      streamIdFor: (a) => a.machineId,
      onFailure: (_, error) => {
        throw error;
      },
      deferSessionWrites: turn.defer,
    });
    for (const id of ['queueList', 'transactionFlow']) createActor(entry(id).machine, { inspect: capture.inspect }).start().send({ type: 'user.go' });
    await capture.writer('transactionFlow')!.flush();
    expect((await store.readStream('transactionFlow')).map((r) => r.type)).toEqual(['xstate.init', 'user.go']);
    expect(await store.readStream('queueList')).toEqual([]);
    expect(turn.asked()).toBe(1);
    turn.come();
    await capture.flush();
    expect((await store.readStream('queueList')).map((r) => r.type)).toEqual(['xstate.init', 'user.go']);
  });
});
