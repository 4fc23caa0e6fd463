/**
 * Replay: rebuilding a flow's state from its log as a pure fold over `initialTransition` / `transition`.
 * No action, invocation or timer runs. Restore additionally moves states tagged `nonIdempotent` to their
 * recovery state with `system.recover` before a live actor is started from the result.
 */
import { initialTransition, transition, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { asRecordedBy, NON_IDEMPOTENT_TAG, RECOVER_EVENT_TYPE, replaysVersion, versionOf, type AsRecorded, type RegisteredMachine } from '../../machines/machineVersion.ts';
import { canonicalJson } from './canonical.ts';
import type { EventStore, JsonValue, LogRecord, StateAfter } from './types.ts';
import { stateAfterOf } from './writer.ts';

export interface ReplayMismatch {
  seq: number;
  message: string;
  recorded: StateAfter;
  replayed: StateAfter;
}

export interface ReplayResult {
  snapshot: AnyMachineSnapshot;
  /** Records folded. */
  applied: number;
  /** The first record whose `stateAfter` the fold did not reproduce, if any. */
  mismatch: ReplayMismatch | null;
}

export function eventOf(record: Pick<LogRecord, 'type' | 'payload'>): AnyEventObject {
  return { ...record.payload, type: record.type };
}

export function snapshotStateAfter(snapshot: AnyMachineSnapshot): Promise<StateAfter> {
  return stateAfterOf(snapshot.value, snapshot.status, snapshot.context);
}

export function sameState(a: StateAfter, b: StateAfter): boolean {
  return canonicalJson(a as unknown as JsonValue) === canonicalJson(b as unknown as JsonValue);
}

function describeValue(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Folds `records` onto `start` (or onto `initialTransition` with the input of the leading `xstate.init`).
 * `asRecorded` says how a record of an earlier version is replayed (see EarlierVersion): on that version's own
 * definition when it has one, compared with the context and state value that version kept. By default every record
 * is today's: `machine`, the snapshot's own context and value.
 */
export async function replayRecords(machine: AnyStateMachine, records: readonly LogRecord[], start?: AnyMachineSnapshot, asRecorded?: AsRecorded): Promise<ReplayResult> {
  let snapshot = start;
  let applied = 0;
  for (const record of records) {
    const recordMachine = asRecorded?.machine(record.machineVersion) ?? machine;
    if (!snapshot) {
      if (record.type !== 'xstate.init') throw new Error(`Stream ${record.streamId} does not start with xstate.init (seq ${record.seq} is ${record.type})`);
      [snapshot] = initialTransition(recordMachine, (record.payload as { input?: unknown }).input as never);
    } else {
      [snapshot] = transition(recordMachine, carriedInto(recordMachine, snapshot) as never, eventOf(record) as never);
    }
    applied++;
    const value = asRecorded ? asRecorded.value(record.machineVersion, snapshot.value) : snapshot.value;
    const context = asRecorded ? asRecorded.context(record.machineVersion, snapshot.context as Record<string, unknown>) : snapshot.context;
    const replayed = await stateAfterOf(value, snapshot.status, context);
    if (!sameState(replayed, record.stateAfter)) {
      const what =
        canonicalJson(replayed.value) !== canonicalJson(record.stateAfter.value)
          ? `recorded state ${describeValue(record.stateAfter.value)}, replay gives ${describeValue(replayed.value)}`
          : replayed.status !== record.stateAfter.status
            ? `recorded status ${record.stateAfter.status}, replay gives ${replayed.status}`
            : `recorded context digest ${record.stateAfter.digest}, replay gives ${replayed.digest}`;
      return { snapshot, applied, mismatch: { seq: record.seq, message: `replay mismatch: ${what}`, recorded: record.stateAfter, replayed } };
    }
  }
  if (!snapshot) throw new Error('Nothing to replay: the stream is empty');
  return { snapshot, applied, mismatch: null };
}

/**
 * `snapshot` as a snapshot of `machine`: itself when `machine` made it; else the same state value, context and history
 * resolved on `machine` (a stream whose records change version between an earlier definition and today's). A value
 * `machine` does not have throws.
 */
export function carriedInto(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): AnyMachineSnapshot {
  if (snapshot.machine === machine) return snapshot;
  const historyValue = Object.fromEntries(
    Object.entries(snapshot.historyValue as Record<string, ReadonlyArray<{ id: string }>>).map(([id, nodes]) => [id, nodes.map((node) => machine.getStateNodeById(node.id))]),
  );
  return machine.resolveState({ value: snapshot.value, context: snapshot.context, historyValue } as never) as AnyMachineSnapshot;
}

export interface SanitizeResult {
  snapshot: AnyMachineSnapshot;
  /** The `system.recover` event that was applied, when the folded state was not safe to resume. */
  recoverEvent: AnyEventObject | null;
}

/**
 * A state tagged `nonIdempotent` (its entry/invocation requests a signature or broadcasts) must not be
 * resumed, because starting an actor from a snapshot restarts the invocations of its state. It is moved by
 * `system.recover` to the interrupted/checking state the machine declares.
 */
export function sanitizeForRestore(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): SanitizeResult {
  if (!snapshot.hasTag(NON_IDEMPOTENT_TAG)) return { snapshot, recoverEvent: null };
  const recoverEvent = { type: RECOVER_EVENT_TYPE };
  const [next] = transition(machine, snapshot as never, recoverEvent as never);
  if ((next as AnyMachineSnapshot).hasTag(NON_IDEMPOTENT_TAG)) {
    throw new Error(`State ${JSON.stringify(snapshot.value)} of ${machine.id} is nonIdempotent and system.recover does not leave it`);
  }
  return { snapshot: next as AnyMachineSnapshot, recoverEvent };
}

export interface RestoreResult extends SanitizeResult {
  headSeq: number;
  /** The seq of the cached snapshot the fold started from, or 0 when it started from the beginning. */
  fromSnapshotSeq: number;
}

/**
 * Rebuilds a stream's state for resuming it: newest cached snapshot of the current machine version (if any),
 * then a verified fold of the remaining records, then sanitizing. Rejects when the fold does not reproduce the
 * recorded states. The caller starts the live actor from `snapshot` and, when `recoverEvent` is set, appends
 * that event to the stream (it is what moved the state).
 */
export async function restoreStream(store: EventStore, entry: RegisteredMachine, streamId: string): Promise<RestoreResult> {
  // Its log holds placeholders where the personal data was (decision 0048): resuming would hand them to its effects.
  if (entry.privateFields) throw new Error(`Stream ${streamId}: ${entry.id} has private fields, which its log keeps redacted; it is never resumed`);
  const { machineVersion } = await versionOf(entry);
  const cached = await store.latestSnapshot(streamId, machineVersion);
  let start: AnyMachineSnapshot | undefined;
  if (cached) start = entry.machine.resolveState({ value: cached.value as never, context: cached.context as never }) as AnyMachineSnapshot;
  const records = await store.readStream(streamId, cached ? cached.seq + 1 : 1);
  const head = await store.getStream(streamId);
  if (!head) throw new Error(`No stream ${streamId}`);
  const stale = records.find((r) => !replaysVersion(entry, machineVersion, r.machineVersion));
  if (stale) throw new Error(`Stream ${streamId} seq ${stale.seq} was recorded by ${entry.id} version ${stale.machineVersion}, not ${machineVersion}`);
  const result =
    records.length > 0 || !start
      ? await replayRecords(entry.machine, records, start, asRecordedBy(entry))
      : { snapshot: start, applied: 0, mismatch: null };
  if (result.mismatch) throw new Error(`Stream ${streamId} seq ${result.mismatch.seq}: ${result.mismatch.message}`);
  // The live actor runs today's machine, whichever version's definition the fold ended on.
  return { ...sanitizeForRestore(entry.machine, carriedInto(entry.machine, result.snapshot)), headSeq: head.headSeq, fromSnapshotSeq: cached?.seq ?? 0 };
}
