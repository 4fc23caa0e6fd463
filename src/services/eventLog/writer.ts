/**
 * One writer per stream. `enqueue` is synchronous (the inspector must never block `send`); records are built
 * (seq, hashes) and appended strictly in order by a single promise chain. A stream is written by one tab only:
 * the writer holds a Web Lock named after the stream for its lifetime (when the Locks API exists), and the
 * store refuses any append that does not extend the head it knows. A failed append stops the writer, keeps the
 * events it could not save (never a silent drop, each with the time it happened) and reports the error once.
 * `retry()` writes the kept events in order once the store can save again (decision 0050): the app is degraded,
 * never dead, while a write fails.
 */
import type { AnyEventObject } from 'xstate';
import type { Redactor } from '../../machines/privateFields.ts';
import { findSecretField, toLogJson } from './canonical.ts';
import type { Elider, ElisionSink } from './elision.ts';
import { memoContextDigest } from './contextDigestMemo.ts';
import { recordHash } from './hash.ts';
import { AppendConflictError, GENESIS_HASH, type EventStore, type JsonObject, type JsonValue, type LogRecord, type Origin, type SnapshotRecord, type StateAfter } from './types.ts';

export interface PendingEvent {
  event: AnyEventObject;
  origin: Origin;
  sourceActorId: string | null;
  /** The state the event led to. */
  value: unknown;
  status: string;
  context: unknown;
  correlationId: string | null;
}

export interface StreamVersion {
  machineId: string;
  machineVersion: string;
  schemaVersion: number;
}

/** The subset of the Web Locks API the writer uses (navigator.locks). */
export interface LockManagerLike {
  request<T>(name: string, options: { mode?: 'exclusive' | 'shared'; ifAvailable?: boolean }, callback: (lock: unknown) => Promise<T> | T): Promise<T>;
}

export class StreamLockedError extends Error {
  override name = 'StreamLockedError';
}

export type WriterStatus = 'starting' | 'writing' | 'failed' | 'closed';

export interface StreamWriterOptions {
  store: EventStore;
  streamId: string;
  version: StreamVersion | Promise<StreamVersion>;
  locks?: LockManagerLike | null;
  now?: () => string;
  newId?: () => string;
  /** Cache a snapshot every N records (default 25). */
  snapshotEvery?: number;
  /** A write failed (once per failure; again after a `retry` that failed). The writer is passed for `retry`. */
  onFailure?: (error: Error, writer: StreamWriter) => void;
  onAppend?: (record: LogRecord) => void;
  /** Redacts the machine's personal data (its `privateFields`) in payloads, the digested context and snapshots. */
  redactor?: Redactor;
  /**
   * A session stream's records are built and stored once this resolves (an idle period after the next frame,
   * decision 0080): events enqueued meanwhile wait for the same turn and are written in order. Never for a signing
   * flow's stream (the capture does not pass it for those). Default: at once.
   */
  deferWrites?: () => Promise<void>;
}

/**
 * A failure that says this writer does not own its stream (another tab's writer holds the lock, or extended the
 * stream first): it is not the store's fault, it must not mark the stream, and a retry cannot mend it.
 */
export function isNotOwnerFailure(error: unknown): boolean {
  return error instanceof StreamLockedError || error instanceof AppendConflictError;
}

export function lockName(streamId: string): string {
  return `countersign.eventlog:${streamId}`;
}

/** The context as the log keeps it (in snapshots, and digested in `stateAfter`): JSON, secrets and private fields redacted. */
export function contextJson(context: unknown, redactor?: Redactor | null): JsonValue {
  const json = toLogJson(context);
  return redactor ? redactor.context(json) : json;
}

/** Builds the JSON `stateAfter` of a snapshot (value, status, digest of the redacted context). */
export async function stateAfterOf(value: unknown, status: string, context: unknown, redactor?: Redactor | null): Promise<StateAfter> {
  return { value: toLogJson(value), status, digest: await memoContextDigest(context, redactor) };
}

export function payloadOf(event: AnyEventObject, redactor?: Redactor | null): JsonObject {
  const { type: _type, ...rest } = event;
  const json = toLogJson(rest) as JsonObject;
  return redactor ? redactor.payload(event.type, json) : json;
}

export class StreamWriter {
  readonly streamId: string;
  private statusValue: WriterStatus = 'starting';
  private tail: Promise<void>;
  private headSeq = 0;
  private headHash = GENESIS_HASH;
  private version: StreamVersion | null = null;
  private readonly unsavedEvents: PendingEvent[] = [];
  /** When each kept event happened: written with that time when a retry saves it. */
  private readonly keptAt = new WeakMap<PendingEvent, string>();
  private failureValue: Error | null = null;
  private release: () => void = () => {};
  private lockRequest: Promise<unknown> = Promise.resolve();
  private readonly options: StreamWriterOptions;
  /** The state the last written record led to (what a held span must come back to, to be left out). */
  private lastState: StateAfter | null = null;
  private elider: Elider | null = null;
  /** The turn the events enqueued now wait for (with `deferWrites`), shared until it comes. */
  private turn: Promise<void> | null = null;

  constructor(options: StreamWriterOptions) {
    this.options = options;
    this.streamId = options.streamId;
    this.tail = this.init().catch((error: unknown) => this.fail(error));
  }

  get status(): WriterStatus {
    return this.statusValue;
  }

  get failure(): Error | null {
    return this.failureValue;
  }

  /** The redaction of the machine's private fields, for JSON built outside the writer (the unsaved events' text). */
  get redactor(): Redactor | undefined {
    return this.options.redactor;
  }

  /** Events that could not be saved (after a failure), in order. */
  unsaved(): readonly PendingEvent[] {
    return this.unsavedEvents;
  }

  /**
   * From now on, spans that change nothing may be left out (decision 0049; elision.ts, loaded after the first page).
   * Never for a signing flow's stream: the capture does not call it for those.
   */
  elideWith(create: (sink: ElisionSink) => Elider): void {
    this.elider ??= create({
      write: (pending, stateAfter) => this.write(pending, stateAfter),
      lastState: () => (this.statusValue === 'writing' ? this.lastState : null),
      schedule: (task) => void (this.tail = this.tail.then(task)),
      redactor: this.redactor ?? null,
    });
  }

  get eliding(): boolean {
    return this.elider !== null;
  }

  /** Spans left out because they changed nothing, and the events they held. */
  elided(): { spans: number; records: number } {
    return this.elider?.elided() ?? { spans: 0, records: 0 };
  }

  /** Events held in a span not yet decided (left out or written). */
  heldCount(): number {
    return this.elider?.heldCount() ?? 0;
  }

  enqueue(pending: PendingEvent): void {
    if (this.statusValue === 'closed') throw new Error(`Stream ${this.streamId} is closed`);
    const turn = this.nextTurn();
    this.tail = (turn ? this.tail.then(() => turn) : this.tail).then(() => (this.elider ? this.elider.offer(pending) : this.write(pending)));
  }

  /** The turn of `deferWrites` the events enqueued now share (a new one once the last has come); none without it. */
  private nextTurn(): Promise<void> | null {
    const defer = this.options.deferWrites;
    if (!defer) return null;
    if (!this.turn) {
      const turn: Promise<void> = defer()
        .catch(() => undefined)
        .then(() => {
          if (this.turn === turn) this.turn = null;
        });
      this.turn = turn;
    }
    return this.turn;
  }

  /** Resolves when everything enqueued so far has been written (or kept as unsaved after a failure), a held span included. */
  async flush(): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.tail;
      await current;
      if (this.elider?.heldCount() && current === this.tail) this.tail = this.tail.then(() => this.elider!.drain());
    } while (current !== this.tail);
  }

  async close(): Promise<void> {
    await this.flush();
    if (this.statusValue !== 'failed') this.statusValue = 'closed';
    this.release();
    await this.lockRequest.catch(() => undefined);
  }

  private async init(): Promise<void> {
    const { locks, store, streamId } = this.options;
    if (locks) {
      await new Promise<void>((acquired, refused) => {
        const held = new Promise<void>((done) => (this.release = done));
        this.lockRequest = locks.request(lockName(streamId), { mode: 'exclusive', ifAvailable: true }, async (lock) => {
            if (!lock) {
              refused(new StreamLockedError(`Another tab is writing stream ${streamId}`));
              return;
            }
            acquired();
            await held;
          });
        this.lockRequest.catch(refused);
      });
    }
    this.version = await this.options.version;
    const head = await store.getStream(streamId);
    if (head) {
      this.headSeq = head.headSeq;
      this.headHash = head.headHash;
    }
    if (this.statusValue === 'starting') this.statusValue = 'writing';
  }

  /**
   * After a failure: reads the stream's head again (re-opening the store if it never opened) and writes the kept
   * events in order, then goes on writing. Resolves once all of them are saved; rejects with the new error when a
   * write fails again (reported through `onFailure` once more, the rest kept). A writer that does not own its
   * stream (another tab) cannot be mended by a retry: it rejects with its failure.
   */
  retry(): Promise<void> {
    if (this.statusValue !== 'failed') return this.flush();
    if (isNotOwnerFailure(this.failureValue)) return Promise.reject(this.failureValue);
    const run = this.tail.then(async () => {
      this.statusValue = 'starting';
      this.failureValue = null;
      // The head is read again: nothing may be left out until a record is written after it.
      this.lastState = null;
      const kept = this.unsavedEvents.splice(0);
      let index = 0;
      try {
        this.version ??= await this.options.version;
        const head = await this.options.store.getStream(this.streamId);
        this.headSeq = head?.headSeq ?? 0;
        this.headHash = head?.headHash ?? GENESIS_HASH;
        this.statusValue = 'writing';
        for (; index < kept.length; index++) await this.append(kept[index]!);
        if (head?.status === 'failed') await this.options.store.setStatus(this.streamId, 'open');
      } catch (error) {
        this.unsavedEvents.unshift(...kept.slice(index));
        this.statusValue = 'writing';
        this.fail(error);
        throw this.failureValue ?? error;
      }
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async write(pending: PendingEvent, stateAfter?: StateAfter): Promise<void> {
    if (this.statusValue === 'failed' || !this.version) {
      this.keep(pending);
      return;
    }
    try {
      await this.append(pending, stateAfter);
    } catch (error) {
      this.keep(pending);
      this.fail(error);
    }
  }

  /** Wall-clock time for `recordedAt` (metadata only). */
  private now(): string {
    return (this.options.now ?? (() => new Date().toISOString()))();
  }

  private keep(pending: PendingEvent): void {
    if (!this.keptAt.has(pending)) this.keptAt.set(pending, this.now());
    this.unsavedEvents.push(pending);
  }

  private async append(pending: PendingEvent, stateAfter?: StateAfter): Promise<void> {
    const record = await this.build(pending, stateAfter);
    const every = this.options.snapshotEvery ?? 25;
    const snapshot: SnapshotRecord | undefined =
      record.seq % every === 0
        ? { streamId: record.streamId, seq: record.seq, machineVersion: record.machineVersion, hash: record.hash, value: record.stateAfter.value, context: contextJson(pending.context, this.redactor) }
        : undefined;
    await this.options.store.append(record, snapshot);
    this.headSeq = record.seq;
    this.headHash = record.hash;
    this.lastState = record.stateAfter;
    this.options.onAppend?.(record);
  }

  private async build(pending: PendingEvent, stateAfter?: StateAfter): Promise<LogRecord> {
    const version = this.version!;
    const draft: Omit<LogRecord, 'hash'> = {
      streamId: this.streamId,
      seq: this.headSeq + 1,
      eventId: (this.options.newId ?? (() => globalThis.crypto.randomUUID()))(),
      type: pending.event.type,
      payload: payloadOf(pending.event, this.redactor),
      origin: pending.origin,
      sourceActorId: pending.sourceActorId,
      machineId: version.machineId,
      machineVersion: version.machineVersion,
      schemaVersion: version.schemaVersion,
      recordedAt: this.keptAt.get(pending) ?? this.now(),
      correlationId: pending.correlationId,
      stateAfter: stateAfter ?? (await stateAfterOf(pending.value, pending.status, pending.context, this.redactor)),
      prevHash: this.headHash,
    };
    const secret = findSecretField(draft as unknown as JsonValue);
    if (secret) throw new Error(`Refusing to log a secret field (${secret})`);
    return { ...draft, hash: await recordHash(draft) };
  }

  private fail(error: unknown): void {
    if (this.statusValue === 'failed') return;
    this.statusValue = 'failed';
    this.failureValue = error instanceof Error ? error : new Error(String(error));
    // A writer refused the lock (or the head) does not own the stream, so it must not mark it.
    if (!isNotOwnerFailure(this.failureValue)) void this.options.store.setStatus(this.streamId, 'failed').catch(() => undefined);
    // Report once the events already queued have been moved to `unsaved`, so whoever reacts sees all of them.
    const failure = this.failureValue;
    this.tail = this.tail.then(() => this.options.onFailure?.(failure, this)).catch(() => undefined);
  }
}

/**
 * Writes the `system.recover` that moved a restored stream's in-flight state (tagged nonIdempotent) to its
 * recovery state: it is part of the stream's history, written before the live actor's own events.
 */
export function enqueueRecovery(writer: StreamWriter | undefined, recoverEvent: AnyEventObject | null, snapshot: { value: unknown; status: string; context: unknown }): void {
  if (!writer || !recoverEvent) return;
  writer.enqueue({ event: recoverEvent, origin: 'system', sourceActorId: null, value: snapshot.value, status: snapshot.status, context: snapshot.context, correlationId: null });
}
