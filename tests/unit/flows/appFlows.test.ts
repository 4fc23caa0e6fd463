/**
 * createAppFlows after a reload: a message flow that handed its on-chain signature to a transaction flow is
 * linked to it again (or told how it ended), and the restored flows keep their order (the dialog shows the
 * newest). Histories are written as the app would have recorded them: the machines' own transitions over the
 * registry's sample events, found with xstate/graph.
 */
import { describe, expect, it, vi } from 'vitest';
import { initialTransition, transition, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { MACHINES, versionOf, type RegisteredMachine } from '../../../src/machines/registry.ts';
import { flowStreamId } from '../../../src/machines/shared/flows.ts';
import { MemoryEventStore, originOf, StreamWriter } from '../../../src/services/eventLog/index.ts';
import { createAppFlows, onChainFlowId } from '../../../src/services/flows/index.ts';

const SAFE_KEY = '31337:0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826';
const entry = (id: string) => MACHINES.find((m) => m.id === id)!;
const MESSAGE = entry('messageFlow');
const TX = entry('transactionFlow');

/** The sample events leading from the sample input to the first state `reached` accepts. */
function eventsTo(machine: RegisteredMachine, reached: (s: AnyMachineSnapshot) => boolean): AnyEventObject[] {
  const paths = getShortestPaths(machine.machine, {
    input: machine.sampleInput,
    events: machine.sampleEvents,
    filterEvents: (s: AnyMachineSnapshot, e: AnyEventObject) => s.can(e),
    ...(machine.serializeState ? { serializeState: machine.serializeState } : {}),
  } as never) as unknown as { state: AnyMachineSnapshot; steps: { event: AnyEventObject }[] }[];
  const path = paths.filter((p) => reached(p.state)).sort((a, b) => a.steps.length - b.steps.length)[0];
  if (!path) throw new Error(`${machine.id}: no sample path`);
  return path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');
}

/** Writes a stream the way the capture would have: xstate.init with the input, then each event and its state. */
async function record(store: MemoryEventStore, machine: RegisteredMachine, streamId: string, events: AnyEventObject[], now: () => string): Promise<AnyMachineSnapshot> {
  const writer = new StreamWriter({ store, streamId, version: versionOf(machine), now });
  const input = machine.sampleInput;
  let [snapshot] = initialTransition(machine.machine, input as never) as unknown as [AnyMachineSnapshot];
  const write = (event: AnyEventObject) =>
    writer.enqueue({ event, origin: originOf(event.type, false), sourceActorId: null, value: snapshot.value, status: snapshot.status, context: snapshot.context, correlationId: null });
  write({ type: 'xstate.init', input });
  for (const event of events) {
    [snapshot] = transition(machine.machine, snapshot as never, event as never) as unknown as [AnyMachineSnapshot];
    write(event);
  }
  await writer.close();
  if (snapshot.status === 'done') await store.setStatus(streamId, 'closed');
  return snapshot;
}

function appFlows(store: MemoryEventStore) {
  const failures: Error[] = [];
  const flows = createAppFlows({
    store,
    machines: MACHINES,
    gateway: {} as never,
    chainClient: () => Promise.reject(new Error('no chain in this test')),
    wallet: {} as never,
    context: () => 'No Safe is loaded.',
    onFailure: (_, error) => failures.push(error),
  });
  return { flows, failures };
}

/** Everything recorded at the same instant, as when a flow opens another in one step. */
const sameInstant = () => '2026-01-01T00:00:00.000Z';
const snap = (actor: { getSnapshot(): unknown }) => actor.getSnapshot() as AnyMachineSnapshot;

describe('createAppFlows after a reload', () => {
  const messageStream = flowStreamId('message', SAFE_KEY, 'm1');
  const txStream = flowStreamId('transaction', SAFE_KEY, onChainFlowId('m1'));
  const awaiting = () => eventsTo(MESSAGE, (s) => s.matches('awaitingTransaction'));

  it('links a waiting message flow to its restored transaction flow; the dialog shows the transaction flow', async () => {
    const store = new MemoryEventStore();
    await record(store, MESSAGE, messageStream, awaiting(), sameInstant);
    await record(store, TX, txStream, eventsTo(TX, (s) => s.matches('review')), sameInstant);

    const { flows, failures } = appFlows(store);
    await flows.restore(SAFE_KEY);
    const restored = flows.getState().flows;
    // Oldest first; the handed-over transaction flow after the message flow that opened it.
    expect(restored.map((f) => f.id)).toEqual(['m1', 'm1.onchain']);
    const [message, tx] = restored;
    expect(snap(message!.actor).matches('awaitingTransaction')).toBe(true);

    await flows.restore(SAFE_KEY);
    tx!.actor.send({ type: 'user.cancel' });
    await vi.waitFor(() => expect(snap(message!.actor).value).toBe('cancelled'));
    expect(failures).toEqual([]);
  });

  it('tells a waiting message flow the outcome of a transaction flow that ended before the reload', async () => {
    const store = new MemoryEventStore();
    await record(store, MESSAGE, messageStream, awaiting(), sameInstant);
    const ended = await record(store, TX, txStream, [...eventsTo(TX, (s) => s.matches('signed')), { type: 'user.close' }], sameInstant);
    expect(ended.output).toMatchObject({ outcome: 'signed' });

    const { flows } = appFlows(store);
    await flows.restore(SAFE_KEY);
    const [message] = flows.getState().flows;
    expect(flows.getState().flows).toHaveLength(1);
    await vi.waitFor(() => expect(snap(message!.actor).value).toBe('proposedOnChain'));
    expect(snap(message!.actor).context).toMatchObject({ safeTxHash: (ended.output as { safeTxHash: string }).safeTxHash });
  });

  it('a waiting message flow whose transaction flow never started is cancelled, not left waiting', async () => {
    const store = new MemoryEventStore();
    await record(store, MESSAGE, messageStream, awaiting(), sameInstant);
    const { flows } = appFlows(store);
    await flows.restore(SAFE_KEY);
    await vi.waitFor(() => expect(flows.getState().flows).toEqual([]));
  });
});
