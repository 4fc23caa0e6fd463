/**
 * The flow host (src/services/flows/flowHost.ts) with the real transactionFlow machine, stub effects and the
 * in-memory event store: a flow's events go to its own stream, a finished flow closes its stream, a reload
 * (a second host on the same store) rebuilds unfinished flows in the same state, an in-flight wallet prompt
 * comes back through a recorded `system.recover` without asking the wallet again, and streams that cannot be
 * resumed (owned by another tab, or whose replay does not reproduce the recorded states) are reported as
 * problems — not as persistence failures.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { MACHINES, RECOVER_EVENT_TYPE, versionOf } from '../../../src/machines/registry.ts';
import { flowStreamId, type FlowEntry } from '../../../src/machines/shared/flows.ts';
import { TX_FLOW_ENTRY } from '../../../src/machines/transactionFlow/transactionFlow.registry.ts';
import { transactionFlowMachine } from '../../../src/machines/transactionFlow/transactionFlow.machine.ts';
import type { TxFlowInput } from '../../../src/machines/transactionFlow/transactionFlow.types.ts';
import { MemoryEventStore, StreamWriter, type LockManagerLike, type LogRecord } from '../../../src/services/eventLog/index.ts';
import { createFlowHost, type FlowHost } from '../../../src/services/flows/flowHost.ts';
import { afterSaved } from '../../../src/services/flows/index.ts';
import { SIGNING_PAUSED_TEXT } from '../../../src/services/flows/signingGate.ts';
import { provideTransactionFlowServices, type TransactionFlowEffects } from '../../../src/services/transactionFlow/transactionFlow.ts';

const input = TX_FLOW_ENTRY.sampleInput as TxFlowInput;
const SAFE_KEY = `${input.safe.chainId}:${input.safe.address.toLowerCase()}`;
const streamOf = (flowId: string) => flowStreamId('transaction', SAFE_KEY, flowId);

/** The output of a sample `xstate.done.actor.<id>` event of the registry (the machine's own QA samples). */
function sampleOutput(id: string): unknown {
  const event = TX_FLOW_ENTRY.sampleEvents.find((e) => e.type === `xstate.done.actor.${id}`);
  if (!event) throw new Error(`no sample output for ${id}`);
  return (event as AnyEventObject & { output: unknown }).output;
}
const composeEvent = TX_FLOW_ENTRY.sampleEvents.find((e) => e.type === 'user.compose')!;

/** Stub effects: every read answers with the registry's sample output; the wallet prompt never answers. */
function stubEffects() {
  const calls: string[] = [];
  const answer = (id: string) => async () => {
    calls.push(id);
    return sampleOutput(id);
  };
  const effects = {
    loadContractAbi: answer('loadContractAbi'),
    loadNonces: answer('loadNonces'),
    estimateSafeTxGas: async () => ({ safeTxGas: '0' }),
    buildSafeTx: answer('buildSafeTx'),
    loadTx: answer('loadTx'),
    decodeTx: answer('decodeTx'),
    crossCheck: async () => (calls.push('crossCheck'), { mismatches: [] }),
    classifyRisks: async () => (calls.push('classifyRisks'), []),
    simulateTx: async () => {
      calls.push('simulateTx');
      throw new Error('No RPC in this test.');
    },
    loadRelayRemaining: answer('loadRelayRemaining'),
    requestSignature: () => (calls.push('requestSignature'), new Promise<never>(() => {})),
    proposeTx: answer('proposeTx'),
    executeTx: answer('executeTx'),
    relayTx: answer('relayTx'),
    waitForReceipt: answer('waitForReceipt'),
    checkTxStatus: answer('checkTxStatus'),
  };
  return { effects: effects as unknown as TransactionFlowEffects, calls };
}

interface Harness {
  host: FlowHost;
  store: MemoryEventStore;
  calls: string[];
  failures: { streamId: string; error: Error }[];
  settled: { entry: FlowEntry; output: unknown }[];
}

/** One page's flow host; a second harness on the same store is the page after a reload. */
function harness(store = new MemoryEventStore(), locks: LockManagerLike | null = null, ids = ['flow-1', 'flow-2', 'flow-3']): Harness {
  const { effects, calls } = stubEffects();
  const failures: Harness['failures'] = [];
  const settled: Harness['settled'] = [];
  const queue = [...ids];
  const host = createFlowHost({
    store,
    machines: MACHINES,
    locks,
    logicFor: () => provideTransactionFlowServices(transactionFlowMachine, effects),
    context: () => ({ safeKey: SAFE_KEY, inputFor: (_request, flowId) => ({ ...input, flowId }) }),
    onFailure: (streamId, error) => failures.push({ streamId, error }),
    onSettled: (entry, output) => settled.push({ entry, output }),
    newId: () => queue.shift()!,
  });
  return { host, store, calls, failures, settled };
}

const snapshotOf = (entry: FlowEntry) => entry.actor.getSnapshot() as AnyMachineSnapshot;

async function until(entry: FlowEntry, state: string) {
  await vi.waitFor(() => expect(snapshotOf(entry).matches(state)).toBe(true));
}

/** Waits until the stream's records are the last ones written (the writer is asynchronous). */
async function recordsOf(store: MemoryEventStore, streamId: string, lastType: string): Promise<LogRecord[]> {
  await vi.waitFor(async () => expect((await store.readStream(streamId)).at(-1)?.type).toBe(lastType));
  return store.readStream(streamId);
}

/** Opens a create flow and takes it to the review step (every step a recorded event). */
async function toReview(h: Harness): Promise<FlowEntry> {
  const entry = h.host.open({ kind: 'transaction', mode: 'create' });
  entry.actor.send(composeEvent);
  await until(entry, 'choosingNonce');
  entry.actor.send({ type: 'user.confirmNonce' });
  await until(entry, 'review');
  return entry;
}

/** The page goes away: its actors stop; what was written stays in the store. */
function closePage(h: Harness) {
  for (const flow of h.host.getState().flows) flow.actor.stop();
}

describe('flowHost', () => {
  it('open: the flow runs as its own actor and its events are recorded in its own stream', async () => {
    const h = harness();
    const entry = h.host.open({ kind: 'transaction', mode: 'create' });
    expect(entry).toMatchObject({ id: 'flow-1', kind: 'transaction', safeKey: SAFE_KEY, streamId: streamOf('flow-1'), restored: false });
    expect(h.host.getState().flows).toEqual([entry]);
    entry.actor.send(composeEvent);
    await until(entry, 'choosingNonce');

    const records = await recordsOf(h.store, streamOf('flow-1'), 'xstate.done.actor.loadNonces');
    expect(records.map((r) => [r.seq, r.type, r.origin])).toEqual([
      [1, 'xstate.init', 'system'],
      [2, 'user.compose', 'user'],
      [3, 'xstate.done.actor.loadNonces', 'effect'],
    ]);
    expect(records[0]!.payload).toMatchObject({ input: { flowId: 'flow-1', mode: 'create' } });
    expect(records.at(-1)!.stateAfter.value).toBe('choosingNonce');
    expect(await h.store.getStream(streamOf('flow-1'))).toMatchObject({ machineId: 'transactionFlow', status: 'open', headSeq: 3 });
    expect(h.failures).toEqual([]);
  });

  it('done: a flow that reaches a final state closes its stream, leaves the host and reports its output', async () => {
    const h = harness();
    const entry = h.host.open({ kind: 'transaction', mode: 'create' });
    const output = h.host.whenSettled(entry);
    entry.actor.send({ type: 'user.cancel' });
    await expect(output).resolves.toEqual({ outcome: 'cancelled', safeTxHash: null, txHash: null });
    expect((await h.store.readStream(entry.streamId)).map((r) => r.type)).toEqual(['xstate.init', 'user.cancel']);
    expect(await h.store.getStream(entry.streamId)).toMatchObject({ status: 'closed' });
    expect(h.host.getState().flows).toEqual([]);
    expect(h.settled).toEqual([{ entry, output: { outcome: 'cancelled', safeTxHash: null, txHash: null } }]);

    // A closed stream is not resumed after a reload.
    const reloaded = harness(h.store);
    await reloaded.host.restore(SAFE_KEY);
    expect(reloaded.host.getState()).toEqual({ flows: [], problems: [] });
  });

  it('restore: an unfinished flow comes back in the same state and context, without re-running effects, and goes on in the same stream', async () => {
    const h = harness();
    const live = await toReview(h);
    const before = snapshotOf(live);
    await recordsOf(h.store, live.streamId, 'xstate.done.actor.loadRelayRemaining');
    closePage(h);

    const reloaded = harness(h.store);
    await reloaded.host.restore(SAFE_KEY);
    const [flow] = reloaded.host.getState().flows;
    expect(flow).toMatchObject({ id: 'flow-1', kind: 'transaction', safeKey: SAFE_KEY, streamId: live.streamId, restored: true });
    expect(snapshotOf(flow!).value).toEqual(before.value);
    expect(snapshotOf(flow!).context).toEqual(before.context);
    expect(reloaded.calls).toEqual([]);
    expect(reloaded.host.getState().problems).toEqual([]);

    // Restoring twice on one page does nothing more.
    await reloaded.host.restore(SAFE_KEY);
    expect(reloaded.host.getState().flows).toHaveLength(1);

    // The restored flow continues its stream: gapless seq, one hash chain, no second xstate.init.
    flow!.actor.send({ type: 'user.editNonce' });
    await until(flow!, 'choosingNonce');
    const records = await recordsOf(reloaded.store, live.streamId, 'user.editNonce');
    expect(records.map((r) => r.seq)).toEqual(records.map((_, i) => i + 1));
    for (let i = 1; i < records.length; i += 1) expect(records[i]!.prevHash).toBe(records[i - 1]!.hash);
    expect(records.filter((r) => r.type === 'xstate.init')).toHaveLength(1);
    expect(reloaded.failures).toEqual([]);
  });

  it('restore keeps the order the flows were opened in (the dialog shows the newest, as before the reload)', async () => {
    const h = harness();
    const first = await toReview(h);
    await new Promise((r) => setTimeout(r, 5));
    const second = h.host.open({ kind: 'transaction', mode: 'create' });
    await recordsOf(h.store, first.streamId, 'xstate.done.actor.loadRelayRemaining');
    await recordsOf(h.store, second.streamId, 'xstate.init');
    closePage(h);

    const reloaded = harness(h.store);
    await reloaded.host.restore(SAFE_KEY);
    expect(reloaded.host.getState().flows.map((f) => f.id)).toEqual(['flow-1', 'flow-2']);
  });

  it('a wallet prompt in flight comes back through a recorded system.recover: checked, interrupted, never asked again', async () => {
    const h = harness();
    const live = await toReview(h);
    live.actor.send({ type: 'user.sign' });
    await until(live, 'signing');
    await recordsOf(h.store, live.streamId, 'user.sign');
    expect(h.calls.filter((c) => c === 'requestSignature')).toHaveLength(1);
    closePage(h);

    const reloaded = harness(h.store);
    await reloaded.host.restore(SAFE_KEY);
    const [flow] = reloaded.host.getState().flows;
    await until(flow!, 'interrupted');
    expect(reloaded.calls).toEqual(['checkTxStatus']);

    const records = await recordsOf(reloaded.store, live.streamId, 'xstate.done.actor.checkTxStatus');
    const recover = records.find((r) => r.type === RECOVER_EVENT_TYPE)!;
    expect(recover).toMatchObject({ origin: 'system', stateAfter: { value: 'checkingStatus' } });
    expect(records.map((r) => r.type).slice(-3)).toEqual(['user.sign', RECOVER_EVENT_TYPE, 'xstate.done.actor.checkTxStatus']);
    expect(records.at(-1)!.stateAfter.value).toBe('interrupted');

    // The user re-confirms: only then is the wallet asked again.
    flow!.actor.send({ type: 'user.retry' });
    await until(flow!, 'review');
    expect(reloaded.calls.filter((c) => c === 'requestSignature')).toEqual([]);
    flow!.actor.send({ type: 'user.sign' });
    await until(flow!, 'signing');
    expect(reloaded.calls.filter((c) => c === 'requestSignature')).toHaveLength(1);

    // A third page load folds the whole history, system.recover included, to the same state.
    await recordsOf(reloaded.store, live.streamId, 'user.sign');
    closePage(reloaded);
    const again = harness(h.store);
    await again.host.restore(SAFE_KEY);
    await until(again.host.getState().flows[0]!, 'interrupted');
    expect(again.host.getState().problems).toEqual([]);
  });

  it('a stream another tab holds the lock of is reported as a problem, not as a persistence failure, and is left alone', async () => {
    const h = harness();
    const live = await toReview(h);
    await recordsOf(h.store, live.streamId, 'xstate.done.actor.loadRelayRemaining');
    closePage(h);
    const head = await h.store.getStream(live.streamId);

    const refused: string[] = [];
    const otherTabHoldsIt: LockManagerLike = {
      request: async (name, options, callback) => {
        expect(options).toMatchObject({ mode: 'exclusive', ifAvailable: true });
        refused.push(name);
        return callback(null);
      },
    };
    const reloaded = harness(h.store, otherTabHoldsIt);
    await reloaded.host.restore(SAFE_KEY);
    await vi.waitFor(() => expect(reloaded.host.getState().problems).toEqual([`This flow is open in another tab (${live.streamId}): finish it there, or close that tab and reload this one.`]));
    expect(refused).toEqual([`countersign.eventlog:${live.streamId}`]);
    expect(reloaded.host.getState().flows).toEqual([]);
    expect(reloaded.failures).toEqual([]);
    // Not marked failed or closed, nothing appended: the other tab owns it.
    expect(await reloaded.store.getStream(live.streamId)).toEqual(head);
  });

  it('without Web Locks, a second tab whose append the store refuses (another tab extended the flow) gets the flow-level message, never a failure of the log', async () => {
    const h = harness();
    const live = await toReview(h);
    await recordsOf(h.store, live.streamId, 'xstate.done.actor.loadRelayRemaining');
    closePage(h);

    // Two tabs (no locks in this browser) both resume the same unfinished flow from the same head.
    const first = harness(h.store, null);
    const second = harness(h.store, null);
    await first.host.restore(SAFE_KEY);
    await second.host.restore(SAFE_KEY);
    const [mine] = first.host.getState().flows;
    const [theirs] = second.host.getState().flows;
    await until(mine!, 'review');
    await until(theirs!, 'review');
    // The first tab goes back to the form: its append extends the head.
    mine!.actor.send({ type: 'user.back' });
    await recordsOf(h.store, live.streamId, 'user.back');
    // The second tab's next event no longer extends the head: the store refuses it (AppendConflictError).
    theirs!.actor.send({ type: 'user.editNonce' });
    await vi.waitFor(() => expect(second.host.getState().problems).toEqual([`This flow is open in another tab (${live.streamId}): finish it there, or close that tab and reload this one.`]));
    expect(second.failures).toEqual([]);
    expect(second.host.getState().flows).toEqual([]);
    expect(first.failures).toEqual([]);
    // The stream is the first tab's: its last record is the first tab's, and it is still open.
    expect((await h.store.readStream(live.streamId)).at(-1)?.type).toBe('user.back');
    expect((await h.store.getStream(live.streamId))?.status).toBe('open');
  });

  it('while signing is paused (the event log cannot save) no flow opens: the host says why', () => {
    const { effects } = stubEffects();
    let paused = true;
    const host = createFlowHost({
      store: new MemoryEventStore(),
      machines: MACHINES,
      logicFor: () => provideTransactionFlowServices(transactionFlowMachine, effects),
      context: () => ({ safeKey: SAFE_KEY, inputFor: (_request, flowId) => ({ ...input, flowId }) }),
      onFailure: () => {},
      signingPaused: () => paused,
      newId: () => 'flow-1',
    });
    expect(() => host.open({ kind: 'transaction', mode: 'create' })).toThrow(SIGNING_PAUSED_TEXT);
    expect(host.getState().flows).toEqual([]);
    paused = false;
    expect(host.open({ kind: 'transaction', mode: 'create' }).id).toBe('flow-1');
  });

  it('a stream whose replay does not reproduce the recorded states is reported as a problem and not run', async () => {
    const store = new MemoryEventStore();
    const streamId = streamOf('forged');
    // A record that claims the flow started at the review step: the fold from its input gives the compose step.
    const writer = new StreamWriter({ store, streamId, version: versionOf(TX_FLOW_ENTRY) });
    writer.enqueue({ event: { type: 'xstate.init', input: { ...input, flowId: 'forged' } }, origin: 'system', sourceActorId: null, value: 'review', status: 'active', context: {}, correlationId: null });
    await writer.close();

    const h = harness(store);
    await h.host.restore(SAFE_KEY);
    const { flows, problems } = h.host.getState();
    expect(flows).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`The flow in stream ${streamId} could not be resumed:`);
    expect(problems[0]).toContain('seq 1: replay mismatch: recorded state review, replay gives {"composing":"editing"}');
    expect(h.calls).toEqual([]);
    expect(h.failures).toEqual([]);
    expect((await store.readStream(streamId)).map((r) => r.type)).toEqual(['xstate.init']);
  });
});

describe('effects wait for the flow’s events to be saved', () => {
  it('an effect starts only once the event that led to it is in the log (a reload can never run ahead of the log)', async () => {
    const store = new MemoryEventStore();
    // Appends are held until released: the log lags behind the flow, as on a busy machine.
    let release: () => void = () => {};
    let gate = Promise.resolve();
    const append = store.append.bind(store);
    store.append = (async (...args: Parameters<MemoryEventStore['append']>) => {
      await gate;
      return append(...args);
    }) as MemoryEventStore['append'];
    const { effects, calls } = stubEffects();
    const logged: string[] = [];
    const host = createFlowHost({
      store,
      machines: MACHINES,
      logicFor: (_kind, _safeKey, saved) => provideTransactionFlowServices(transactionFlowMachine, afterSaved(effects, saved)),
      context: () => ({ safeKey: SAFE_KEY, inputFor: (_request, flowId) => ({ ...input, flowId }) }),
      onFailure: () => undefined,
      onAppend: (record) => logged.push(record.type),
      newId: () => 'flow-barrier',
    });
    const entry = host.open({ kind: 'transaction', mode: 'create' });
    gate = new Promise<void>((resolve) => (release = resolve));
    entry.actor.send(composeEvent);
    // The flow moved on (loadingNonces), but its effect waits: user.compose is not saved yet.
    await until(entry, 'loadingNonces');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).not.toContain('loadNonces');
    expect(logged).not.toContain('user.compose');
    release();
    await vi.waitFor(() => expect(calls).toContain('loadNonces'));
    expect(logged).toContain('user.compose');
  });
});
