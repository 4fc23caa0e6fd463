/** The writer's elision of unchanged spans (decision 0049): what is left out, what is always written. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { createEventCapture, MemoryEventStore, replayRecords } from '../../../src/services/eventLog/index.ts';

/** A poller whose machine id is `id` (a session machine, or a signing flow's), its loads answering `answers` in turn. */
function pollerMachine(id: string, answers: number[]) {
  return setup({
    types: { context: {} as { value: number; note: string }, events: {} as { type: 'user.note'; note: string } | { type: 'system.poke' } },
    actors: { load: fromPromise<number>(async () => answers.shift() ?? 1) },
    delays: { every: 1_000 },
  }).createMachine({
    id,
    context: { value: 1, note: '' },
    initial: 'watching',
    on: { 'user.note': { actions: assign({ note: ({ event }) => event.note }) } },
    states: {
      watching: { after: { every: 'loading' }, on: { 'system.poke': 'stuck' } },
      loading: { invoke: { src: 'load', onDone: { target: 'watching', actions: assign({ value: ({ event }) => event.output }) } } },
      stuck: {},
    },
  });
}

function start(id: string, answers: number[], elideUnchanged = true) {
  const machine = pollerMachine(id, answers);
  const store = new MemoryEventStore();
  const capture = createEventCapture({ store, machines: [{ id, machine, schemaVersion: 1 }], streamIdFor: () => 's', elideUnchanged, onFailure: () => undefined });
  const actor = createActor(machine, { inspect: capture.inspect });
  actor.start();
  return { store, capture, actor, machine };
}

/** Lets the writer's hashing run (real I/O callbacks, not the faked timers) until `done` or `rounds` pass. */
async function settled(done: () => Promise<boolean>, rounds = 5_000): Promise<void> {
  for (let i = 0; i < rounds && !(await done()); i++) await new Promise((resolve) => setImmediate(resolve));
}

/** The elision code loads asynchronously (src/root.ts delays it past the first page): wait until the writer uses it. */
async function eliding(capture: { writer(id: string): { eliding: boolean } | undefined }): Promise<void> {
  await vi.dynamicImportSettled();
  await settled(async () => capture.writer('s')?.eliding === true);
  expect(capture.writer('s')?.eliding).toBe(true);
}

describe('leaving out spans that change nothing', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('drops a poll that found the same value, writes one that found another, and replays exactly', async () => {
    const { store, capture, machine } = start('poller', [1, 1, 2, 2]);
    await eliding(capture);
    for (let i = 0; i < 4; i++) await vi.advanceTimersByTimeAsync(1_000);
    await capture.flush();
    const records = await store.readStream('s');
    // init; the poll that found 2 (timer + result); the others left out.
    expect(records.map((r) => r.type)).toEqual(['xstate.init', 'xstate.after.every.poller.watching', 'xstate.done.actor.0.poller.loading']);
    expect((records[2]!.payload as { output: number }).output).toBe(2);
    expect(capture.writer('s')!.elided()).toEqual({ spans: 3, records: 6 });
    expect((await replayRecords(machine, records)).mismatch).toBeNull();
  });

  it('a person’s event is always written, and writes a held span before it', async () => {
    const { store, capture, actor } = start('poller', [new Promise<number>(() => {}) as unknown as number]);
    await eliding(capture);
    await vi.advanceTimersByTimeAsync(1_000);
    // The poll is running (held): a note from the user arrives.
    actor.send({ type: 'user.note', note: 'hello' });
    await capture.flush();
    expect((await store.readStream('s')).map((r) => [r.type, r.origin])).toEqual([
      ['xstate.init', 'system'],
      ['xstate.after.every.poller.watching', 'timer'],
      ['user.note', 'user'],
    ]);
  });

  it('a span that ends elsewhere is written once the hold time passes', async () => {
    const { store, capture, actor } = start('poller', []);
    await eliding(capture);
    const types = async () => (await store.readStream('s')).map((r) => r.type);
    await settled(async () => (await types()).length === 1);
    actor.send({ type: 'system.poke' });
    await settled(async () => capture.writer('s')!.heldCount() === 1);
    await vi.advanceTimersByTimeAsync(9_000);
    await settled(async () => false, 20);
    expect(await types()).toEqual(['xstate.init']);
    await vi.advanceTimersByTimeAsync(1_000);
    await settled(async () => (await types()).length === 2);
    expect(await types()).toEqual(['xstate.init', 'system.poke']);
  });

  it('never leaves anything out of a signing flow’s stream, even when asked to', async () => {
    const { store, capture } = start('transactionFlow', [1, 1, 1]);
    await vi.dynamicImportSettled();
    await settled(async () => false, 50);
    expect(capture.writer('s')!.eliding).toBe(false);
    for (let i = 0; i < 3; i++) await vi.advanceTimersByTimeAsync(1_000);
    await capture.flush();
    expect((await store.readStream('s')).length).toBe(7);
    expect(capture.writer('s')!.elided()).toEqual({ spans: 0, records: 0 });
  });

  it('writes everything when elision is off (the default)', async () => {
    const { store, capture } = start('poller', [1, 1], false);
    for (let i = 0; i < 2; i++) await vi.advanceTimersByTimeAsync(1_000);
    await capture.flush();
    expect((await store.readStream('s')).length).toBe(5);
  });
});
