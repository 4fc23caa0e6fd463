/**
 * Captures the events delivered to logged actors through XState's inspection API and hands them to one
 * StreamWriter per stream. An actor is logged when its logic is a registered machine and `streamIdFor`
 * returns a stream id for it (the root actor, and later each transaction/message flow instance).
 *
 * `@xstate.event` (with its source actor) is paired with the `@xstate.snapshot` the same event produces, so
 * each record carries the state the event led to. `xstate.init` is recorded too: its `input` is what a replay
 * starts from.
 */
import type { AnyEventObject, InspectionEvent } from 'xstate';
import { versionOf, type VersionedMachine } from '../../machines/machineVersion.ts';
import type { EventStore, LogRecord, Origin } from './types.ts';
import { isSigningFlowMachine } from './streamKinds.ts';
import { StreamWriter, type LockManagerLike } from './writer.ts';

export interface LoggedActorInfo {
  /** The actor's id in its parent (e.g. `tx-1`), or the root's id. */
  actorId: string;
  machineId: string;
  isRoot: boolean;
}

export interface EventCaptureOptions {
  store: EventStore;
  /** The machines whose actors are logged (registry entries, or the boot list of src/machines/registry.boot.ts). */
  machines: readonly VersionedMachine[];
  /** The stream an actor's events go to, or null when it is not logged. */
  streamIdFor: (actor: LoggedActorInfo) => string | null;
  /** Ties records to a business id once known (e.g. a safeTxHash); default none. */
  correlationIdFor?: (machineId: string, context: unknown) => string | null;
  locks?: LockManagerLike | null;
  now?: () => string;
  newId?: () => string;
  snapshotEvery?: number;
  /** A stream's write failed; `writer.retry()` writes what it kept once the store can save again (decision 0050). */
  onFailure: (streamId: string, error: Error, writer: StreamWriter) => void;
  onAppend?: (record: LogRecord) => void;
  /**
   * Leave out spans of timer/effect/system events that change nothing (an unchanged poll result); never for a
   * signing flow's stream, whatever this says (decision 0049). Default false.
   */
  elideUnchanged?: boolean;
  /** When to load the elision code (default at once); until then every event is written. */
  elisionReady?: Promise<unknown>;
  /**
   * A session stream's records wait for this (an idle period after the next frame, decision 0080) before they are
   * built and stored; never a signing flow's. Default: written at once.
   */
  deferSessionWrites?: () => Promise<void>;
}

export interface EventCapture {
  /** Pass as `createActor(logic, { inspect })`. */
  inspect: (event: InspectionEvent) => void;
  writer(streamId: string): StreamWriter | undefined;
  streamIds(): string[];
  /** Resolves when every enqueued event is written (or kept as unsaved after a failure). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

interface ActorLike {
  id?: string;
  sessionId?: string;
  logic?: { id?: unknown; root?: unknown };
}

interface Tracked {
  writer: StreamWriter;
  machineId: string;
  pending: { event: AnyEventObject; sourceActorId: string | null; fromSelf: boolean }[];
}

/** Origin of an event, from its type and sender. */
export function originOf(type: string, fromChild: boolean): Origin {
  if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) return 'effect';
  if (type.startsWith('xstate.after.')) return 'timer';
  if (type.startsWith('user.')) return 'user';
  if (type.startsWith('bridge.')) return 'bridge';
  if (type.startsWith('system.') || type.startsWith('xstate.')) return 'system';
  return fromChild ? 'effect' : 'system';
}

export function createEventCapture(options: EventCaptureOptions): EventCapture {
  const elision = options.elideUnchanged ? (options.elisionReady ?? Promise.resolve()).then(() => import('./elision.ts')) : null;
  elision?.catch(() => undefined);
  const byActor = new Map<object, Tracked>();
  const byStream = new Map<string, StreamWriter>();
  const versions = new Map(options.machines.map((entry) => [entry.id, versionOf(entry)]));
  const redactors = new Map(options.machines.map((entry) => [entry.id, entry.redactor]));

  function track(actorRef: ActorLike, rootId: string): void {
    const logic = actorRef.logic;
    if (!logic || typeof logic.id !== 'string' || !logic.root) return;
    const version = versions.get(logic.id);
    if (!version) return;
    const streamId = options.streamIdFor({ actorId: actorRef.id ?? logic.id, machineId: logic.id, isRoot: actorRef.sessionId === rootId });
    if (!streamId) return;
    const writer = new StreamWriter({
      store: options.store,
      streamId,
      version,
      locks: options.locks ?? null,
      ...(options.now ? { now: options.now } : {}),
      ...(options.newId ? { newId: options.newId } : {}),
      ...(options.snapshotEvery ? { snapshotEvery: options.snapshotEvery } : {}),
      onFailure: (error, failed) => options.onFailure(streamId, error, failed),
      ...(options.onAppend ? { onAppend: options.onAppend } : {}),
      // Personal data is redacted before anything is stored (decision 0048).
      redactor: redactors.get(logic.id),
      ...(options.deferSessionWrites && !isSigningFlowMachine(logic.id) ? { deferWrites: options.deferSessionWrites } : {}),
    });
    if (elision && !isSigningFlowMachine(logic.id)) void elision.then((m) => writer.elideWith(m.createElider), () => undefined);
    byActor.set(actorRef, { writer, machineId: logic.id, pending: [] });
    byStream.set(streamId, writer);
  }

  function inspect(event: InspectionEvent): void {
    const actorRef = event.actorRef as unknown as ActorLike & object;
    if (event.type === '@xstate.actor') {
      if (!byActor.has(actorRef)) track(actorRef, event.rootId);
      return;
    }
    const tracked = byActor.get(actorRef);
    if (!tracked) return;
    if (event.type === '@xstate.event') {
      const source = event.sourceRef as unknown as (ActorLike & object) | undefined;
      tracked.pending.push({
        event: event.event,
        sourceActorId: source && source !== actorRef ? (source.id ?? null) : null,
        fromSelf: source === actorRef,
      });
      return;
    }
    if (event.type === '@xstate.snapshot') {
      const index = tracked.pending.findIndex((p) => p.event === event.event);
      if (index === -1) return;
      const [delivered] = tracked.pending.splice(index, 1);
      const snapshot = event.snapshot as unknown as { value?: unknown; status: string; context?: unknown };
      tracked.writer.enqueue({
        event: delivered!.event,
        origin: originOf(delivered!.event.type, delivered!.sourceActorId !== null),
        sourceActorId: delivered!.sourceActorId,
        value: snapshot.value ?? null,
        status: snapshot.status,
        context: snapshot.context ?? null,
        correlationId: options.correlationIdFor?.(tracked.machineId, snapshot.context) ?? null,
      });
    }
  }

  return {
    inspect,
    writer: (streamId) => byStream.get(streamId),
    streamIds: () => [...byStream.keys()],
    flush: async () => {
      await Promise.all([...byStream.values()].map((w) => w.flush()));
    },
    close: async () => {
      await Promise.all([...byStream.values()].map((w) => w.close()));
    },
  };
}

/**
 * The inspector for an actor whose events `capture` records. An actor started from a restored snapshot announces
 * `xstate.init` again as it starts; that is not a new event of its stream, so it is left out.
 */
export function inspectorFor(capture: EventCapture, restored: boolean): (event: InspectionEvent) => void {
  return restored ? (event) => (event.type === '@xstate.event' && event.event.type === 'xstate.init' ? undefined : capture.inspect(event)) : capture.inspect;
}

/** An actor reached its final state: its last records are written, its stream is closed (never resumed), its writers released. */
export async function closeFinishedStream(capture: EventCapture, store: Pick<EventStore, 'setStatus'>, streamId: string): Promise<void> {
  await capture.flush();
  await store.setStatus(streamId, 'closed');
  await capture.close();
}
