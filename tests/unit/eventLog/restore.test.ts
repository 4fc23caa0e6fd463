import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor, type AnyMachineSnapshot } from 'xstate';
import { definitionHash, MACHINES, NON_IDEMPOTENT_TAG, unrecoverableStates, type RegisteredMachine } from '../../../src/machines/registry.ts';
import { createEventCapture, MemoryEventStore, restoreStream, sanitizeForRestore } from '../../../src/services/eventLog/index.ts';
import { fixedId, fixedNow } from './fixtures.ts';

/** A miniature signing flow: `signing` asks the wallet for a signature, which must never be re-asked on restore. */
const signingFlow = setup({
  types: { context: {} as { signature: string | null; attempts: number }, events: {} as { type: 'user.sign' } | { type: 'user.edit' } | { type: 'system.recover' } },
  actors: { requestSignature: fromPromise<string>(async () => '0xsig') },
}).createMachine({
  id: 'signingFlow',
  context: { signature: null, attempts: 0 },
  initial: 'review',
  states: {
    review: { on: { 'user.sign': { target: 'signing', actions: assign({ attempts: ({ context }) => context.attempts + 1 }) }, 'user.edit': { actions: assign({ attempts: 0 }) } } },
    signing: {
      tags: [NON_IDEMPOTENT_TAG],
      invoke: { id: 'requestSignature', src: 'requestSignature', onDone: { target: 'signed', actions: assign({ signature: ({ event }) => event.output }) } },
      on: { 'system.recover': 'interrupted' },
    },
    interrupted: { meta: { description: 'The app stopped while a signature was requested; re-confirm' }, on: { 'user.sign': 'signing' } },
    signed: { type: 'final' },
  },
});

const entry: RegisteredMachine = { id: 'signingFlow', title: 'Signing (fixture)', description: '', machine: signingFlow, schemaVersion: 1, sampleInput: undefined, sampleEvents: [] };

async function logFlow(store: MemoryEventStore, requestSignature: () => Promise<string>, snapshotEvery?: number) {
  let calls = 0;
  const capture = createEventCapture({
    store,
    machines: [entry],
    streamIdFor: () => 'signingFlow:tx-1',
    now: fixedNow,
    newId: fixedId,
    ...(snapshotEvery ? { snapshotEvery } : {}),
    onFailure: (_, error) => {
      throw error;
    },
  });
  const actor = createActor(signingFlow.provide({ actors: { requestSignature: fromPromise(() => (calls++, requestSignature())) } }), { inspect: capture.inspect });
  actor.start();
  return { actor, capture, calls: () => calls };
}

describe('restore', () => {
  it('rebuilds a finished flow by a pure fold, without running its effects again', async () => {
    const store = new MemoryEventStore();
    const live = await logFlow(store, async () => '0xsig');
    live.actor.send({ type: 'user.edit' });
    live.actor.send({ type: 'user.sign' });
    await waitFor(live.actor, (s: AnyMachineSnapshot) => s.matches('signed'));
    await live.capture.flush();
    const restored = await restoreStream(store, entry, 'signingFlow:tx-1');
    expect(restored.snapshot.value).toBe('signed');
    expect(restored.snapshot.context).toEqual({ signature: '0xsig', attempts: 1 });
    expect(restored.recoverEvent).toBeNull();
    expect(live.calls()).toBe(1);
  });

  it('moves a state tagged nonIdempotent to its recovery state instead of re-requesting the signature', async () => {
    const store = new MemoryEventStore();
    const live = await logFlow(store, () => new Promise<string>(() => {})); // the page closes while the wallet asks
    live.actor.send({ type: 'user.sign' });
    await live.capture.flush();
    expect(live.actor.getSnapshot().value).toBe('signing');

    const restored = await restoreStream(store, entry, 'signingFlow:tx-1');
    expect(restored.recoverEvent).toEqual({ type: 'system.recover' });
    expect(restored.snapshot.value).toBe('interrupted');
    // Resume a live actor from the sanitized snapshot: the signature request does NOT start again.
    let requests = 0;
    const resumed = createActor(signingFlow.provide({ actors: { requestSignature: fromPromise(async () => (requests++, '0xsig')) } }), {
      snapshot: signingFlow.getPersistedSnapshot(restored.snapshot as never) as never,
    });
    resumed.start();
    expect(resumed.getSnapshot().value).toBe('interrupted');
    expect(requests).toBe(0);
    resumed.send({ type: 'user.sign' }); // the user re-confirms explicitly
    await waitFor(resumed, (s: AnyMachineSnapshot) => s.matches('signed'));
    expect(requests).toBe(1);
  });

  it('starts from the newest cached snapshot of the current machine version', async () => {
    const store = new MemoryEventStore();
    const live = await logFlow(store, async () => '0xsig', 2);
    live.actor.send({ type: 'user.edit' });
    live.actor.send({ type: 'user.edit' });
    live.actor.send({ type: 'user.sign' });
    await waitFor(live.actor, (s: AnyMachineSnapshot) => s.matches('signed'));
    await live.capture.flush();
    const restored = await restoreStream(store, entry, 'signingFlow:tx-1');
    expect(restored.fromSnapshotSeq).toBe(4);
    expect(restored.headSeq).toBe(5);
    expect(restored.snapshot.value).toBe('signed');
  });

  it('every registered machine lets its nonIdempotent states recover; a machine that does not is caught', () => {
    for (const registered of MACHINES) expect(unrecoverableStates(registered.machine)).toEqual([]);
    const broken = setup({}).createMachine({ id: 'broken', initial: 'a', states: { a: { tags: [NON_IDEMPOTENT_TAG] } } });
    expect(unrecoverableStates(broken)).toEqual(['broken.a']);
    const [snapshot] = [createActor(broken).getSnapshot()];
    expect(() => sanitizeForRestore(broken, snapshot)).toThrow(/nonIdempotent and system.recover does not leave it/);
  });

  it('machine versions are the SHA-256 of the definition, stable and different per machine', async () => {
    const hash = await definitionHash(signingFlow);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await definitionHash(signingFlow)).toBe(hash);
    expect(await definitionHash(MACHINES[0]!.machine)).not.toBe(hash);
  });
});
