/**
 * The event log's record schema (docs/architecture.md, "The event log"; design: statecharts.md §3.2).
 * One record per event delivered to a logged actor; records of one stream form a SHA-256 hash chain.
 */

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** Who caused an event: a person, the Safe Apps bridge, an effect's result, a timer, or the system. */
export type Origin = 'user' | 'bridge' | 'effect' | 'timer' | 'system';

/** The state an event led to: enough to verify a replay without storing the context itself. */
export interface StateAfter {
  value: JsonValue;
  status: string;
  /** SHA-256 (first 32 hex chars) of the canonical JSON of the redacted context. */
  digest: string;
}

export interface LogRecord {
  streamId: string;
  /** Gapless, starting at 1. (streamId, seq) is the primary key. */
  seq: number;
  eventId: string;
  type: string;
  /** The event minus `type`, converted to JSON and with secrets redacted. */
  payload: JsonObject;
  origin: Origin;
  sourceActorId: string | null;
  machineId: string;
  /** Definition hash of the machine that processed the event (see src/machines/registry.ts). */
  machineVersion: string;
  schemaVersion: number;
  /** Wall-clock time; metadata only, never read by guards or actions. */
  recordedAt: string;
  correlationId: string | null;
  stateAfter: StateAfter;
  /** `hash` of the previous record, or GENESIS_HASH for seq 1. */
  prevHash: string;
  /** SHA-256 of the canonical JSON of this record without `hash`. */
  hash: string;
}

export const GENESIS_HASH = '0'.repeat(64);

export type StreamStatus = 'open' | 'failed' | 'closed';

export interface StreamInfo {
  streamId: string;
  machineId: string;
  machineVersion: string;
  headSeq: number;
  headHash: string;
  status: StreamStatus;
  createdAt: string;
  updatedAt: string;
  correlationId: string | null;
}

/** A cached fold of a stream up to `seq`. Disposable: only used when `machineVersion` matches. */
export interface SnapshotRecord {
  streamId: string;
  seq: number;
  machineVersion: string;
  hash: string;
  value: JsonValue;
  context: JsonValue;
}

export interface EventStore {
  /**
   * Appends one record and moves the stream head in one atomic step. Rejects when the record does not extend
   * the current head (wrong seq or prevHash): that is how a second writer is refused.
   */
  append(record: LogRecord, snapshot?: SnapshotRecord): Promise<void>;
  readStream(streamId: string, fromSeq?: number): Promise<LogRecord[]>;
  getStream(streamId: string): Promise<StreamInfo | null>;
  listStreams(): Promise<StreamInfo[]>;
  setStatus(streamId: string, status: StreamStatus): Promise<void>;
  latestSnapshot(streamId: string, machineVersion: string): Promise<SnapshotRecord | null>;
  /**
   * Removes a stream whole: its records, cached snapshots and head, in one step. Callers decide what may go
   * (never a stream a live writer holds); the store only deletes.
   */
  deleteStream(streamId: string): Promise<void>;
}

export class AppendConflictError extends Error {
  override name = 'AppendConflictError';
}
