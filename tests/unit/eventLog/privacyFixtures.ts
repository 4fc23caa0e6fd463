/**
 * Helpers of the privacy tests (decision 0048): a machine's sample events with distinctive values in its private
 * fields, a walk that drives a registered machine through the real event capture, and a store that keeps every
 * JSON value written to it (records, snapshots, heads).
 */
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { RegisteredMachine } from '../../../src/machines/registry.ts';
import { createEventCapture, MemoryEventStore, type EventStore, type JsonValue, type LogRecord, type SnapshotRecord, type StreamInfo } from '../../../src/services/eventLog/index.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every leaf under `value` at the dotted `path` (arrays entered item by item), with a setter. */
function leavesAt(value: unknown, keys: readonly string[], set: (next: unknown) => void, found: { value: unknown; set: (next: unknown) => void }[]): void {
  if (keys.length === 0) {
    if (Array.isArray(value)) value.forEach((item, i) => leavesAt(item, [], (next) => (value[i] = next), found));
    else if (value !== null && typeof value === 'object') for (const key of Object.keys(value)) leavesAt((value as Record<string, unknown>)[key], [], (next) => ((value as Record<string, unknown>)[key] = next), found);
    else found.push({ value, set });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => leavesAt(item, keys, (next) => (value[i] = next), found));
    return;
  }
  const [key, ...rest] = keys as [string, ...string[]];
  if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return;
  leavesAt((value as Record<string, unknown>)[key], rest, (next) => ((value as Record<string, unknown>)[key] = next), found);
}

/** The leaves a declared payload path reaches in one event (the event minus `type`). */
export function privateLeaves(event: AnyEventObject, paths: readonly string[]): { value: unknown; set: (next: unknown) => void }[] {
  const found: { value: unknown; set: (next: unknown) => void }[] = [];
  for (const path of paths) leavesAt(event, path.split('.'), () => undefined, found);
  return found;
}

export interface DistinctiveSamples {
  inputs: unknown[];
  events: AnyEventObject[];
  /** The distinctive values put in the private fields (none blank): none of them may reach the store. */
  privateValues: string[];
}

/**
 * The entry's sample inputs and events with each non-blank private value replaced by a distinctive one of the same
 * kind (an e-mail stays an e-mail, a uuid a uuid, anything else a plain marker), so the machines' checks take the
 * same branches and a leak cannot hide behind a common value like "123456".
 */
export function distinctiveSamples(entry: RegisteredMachine): DistinctiveSamples {
  const privateValues: string[] = [];
  let n = 0;
  const replace = (leaf: { value: unknown; set: (next: unknown) => void }) => {
    if (typeof leaf.value !== 'string' && typeof leaf.value !== 'number') return;
    const text = String(leaf.value).trim();
    if (!text) return;
    n += 1;
    // Each keeps the shape of what it replaces (an e-mail, a uuid, an http(s) URL), so the walk takes the same branches.
    const next = EMAIL.test(text)
      ? `pii.person${n}@private-mail.example`
      : UUID.test(text)
        ? `5eC7e7${String(n).padStart(2, '0')}-0000-4000-8000-00000000d0d0`
        : /^https?:\/\//i.test(text)
          ? `https://private-host-${n}.example/v3/PRIVATE-KEY-${n}-zq`
          : `PRIVATE-VALUE-${n}-zq`;
    privateValues.push(next);
    leaf.set(next);
  };
  const events = structuredClone(entry.sampleEvents);
  for (const event of events) for (const leaf of privateLeaves(event, entry.privateFields?.events?.[event.type] ?? [])) replace(leaf);
  const inputs = structuredClone([entry.sampleInput, ...(entry.extraSampleInputs ?? [])]);
  const initPaths = entry.privateFields?.events?.['xstate.init'] ?? [];
  for (const [i, input] of inputs.entries()) {
    const event = { type: 'xstate.init', input } as AnyEventObject;
    for (const leaf of privateLeaves(event, initPaths)) replace(leaf);
    inputs[i] = event.input;
  }
  return { inputs, events, privateValues };
}

/** Everything written to a store: each append's record and snapshot, and the heads at the end. */
export class RecordingStore extends MemoryEventStore {
  readonly records: LogRecord[] = [];
  readonly snapshotsWritten: SnapshotRecord[] = [];

  override async append(record: LogRecord, snapshot?: SnapshotRecord): Promise<void> {
    await super.append(record, snapshot);
    this.records.push(structuredClone(record));
    if (snapshot) this.snapshotsWritten.push(structuredClone(snapshot));
  }

  async written(): Promise<{ records: LogRecord[]; snapshots: SnapshotRecord[]; heads: StreamInfo[] }> {
    return { records: this.records, snapshots: this.snapshotsWritten, heads: await this.listStreams() };
  }
}

/** The machine with every effect and child replaced by one that never settles: only the events sent move it. */
export function inert(machine: AnyStateMachine): AnyStateMachine {
  const never = fromPromise(() => new Promise<never>(() => undefined));
  return machine.provide({ actors: Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, never])) }) as AnyStateMachine;
}

/**
 * Drives the machine, through the real capture into `store`: from every sample input, every sample event once (each
 * payload passes the capture). With `everyState`, first along the shortest path to every state the entry's vertex
 * identity tells apart, so the contexts that hold private values are reached and written. One stream per run;
 * returns the stream ids.
 */
export async function driveThroughCapture(entry: RegisteredMachine, samples: DistinctiveSamples, store: EventStore, failures: Error[] = [], everyState = true): Promise<string[]> {
  const byValue = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value);
  const logic = inert(entry.machine);
  const streams: string[] = [];
  let clock = 0;
  let ids = 0;
  for (const [inputIndex, input] of samples.inputs.entries()) {
    const paths = everyState
      ? (getShortestPaths(entry.machine, {
          input,
          events: samples.events,
          serializeState: entry.serializeState ?? byValue,
          filterEvents: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => snapshot.can(event),
        } as never) as unknown as { steps: { event: AnyEventObject }[] }[])
      : [{ steps: [] }];
    for (const [pathIndex, path] of paths.entries()) {
      const streamId = `${entry.id}:input${inputIndex}:path${pathIndex}`;
      streams.push(streamId);
      const capture = createEventCapture({
        store,
        machines: [entry],
        streamIdFor: (actor) => (actor.isRoot ? streamId : null),
        now: () => new Date(Date.UTC(2026, 10, 29, 0, 0, clock++)).toISOString(),
        newId: () => `evt-${++ids}`,
        snapshotEvery: 1,
        onFailure: (_, error) => failures.push(error),
      });
      const actor = createActor(logic, { input: input as never, inspect: capture.inspect });
      actor.start();
      for (const step of path.steps) if (step.event.type !== 'xstate.init' && actor.getSnapshot().status === 'active') actor.send(step.event);
      for (const event of samples.events) {
        if (actor.getSnapshot().status !== 'active') break;
        // An effect's failure that the state does not handle would stop the actor (XState treats it as uncaught).
        if (event.type.startsWith('xstate.error.') && !actor.getSnapshot().can(event)) continue;
        actor.send(event);
      }
      await capture.flush();
      actor.stop();
      await capture.close();
    }
  }
  return streams;
}

/** Every string (keys too) in a JSON value. */
export function stringsIn(value: JsonValue | unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) value.forEach((item) => stringsIn(item, out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      stringsIn(item, out);
    }
  }
  return out;
}
