/** An in-memory EventStore with the same append rules as the IndexedDB one; for unit tests and fallbacks. */
import { AppendConflictError, GENESIS_HASH, type EventStore, type LogRecord, type SnapshotRecord, type StreamInfo, type StreamStatus } from './types.ts';

const clone = <T,>(value: T): T => structuredClone(value);

export function checkExtendsHead(head: StreamInfo | null, record: LogRecord): void {
  const expectedSeq = (head?.headSeq ?? 0) + 1;
  const expectedPrev = head?.headHash ?? GENESIS_HASH;
  if (record.seq !== expectedSeq || record.prevHash !== expectedPrev) {
    throw new AppendConflictError(
      `Stream ${record.streamId}: record seq ${record.seq} does not extend head seq ${expectedSeq - 1} (another writer?)`,
    );
  }
}

export function nextStreamInfo(head: StreamInfo | null, record: LogRecord): StreamInfo {
  return {
    streamId: record.streamId,
    machineId: record.machineId,
    machineVersion: record.machineVersion,
    headSeq: record.seq,
    headHash: record.hash,
    status: head?.status === 'failed' ? 'open' : (head?.status ?? 'open'),
    createdAt: head?.createdAt ?? record.recordedAt,
    updatedAt: record.recordedAt,
    correlationId: record.correlationId ?? head?.correlationId ?? null,
  };
}

export class MemoryEventStore implements EventStore {
  private readonly events = new Map<string, LogRecord[]>();
  private readonly streams = new Map<string, StreamInfo>();
  private readonly snapshots = new Map<string, SnapshotRecord[]>();
  /** When set, every append rejects with this error (to exercise the failure path). */
  failure: Error | null = null;

  async append(record: LogRecord, snapshot?: SnapshotRecord): Promise<void> {
    if (this.failure) throw this.failure;
    const head = this.streams.get(record.streamId) ?? null;
    checkExtendsHead(head, record);
    const list = this.events.get(record.streamId) ?? [];
    list.push(clone(record));
    this.events.set(record.streamId, list);
    this.streams.set(record.streamId, nextStreamInfo(head, record));
    if (snapshot) {
      const snaps = this.snapshots.get(record.streamId) ?? [];
      snaps.push(clone(snapshot));
      this.snapshots.set(record.streamId, snaps);
    }
  }

  async readStream(streamId: string, fromSeq = 1): Promise<LogRecord[]> {
    return (this.events.get(streamId) ?? []).filter((r) => r.seq >= fromSeq).map(clone);
  }

  async getStream(streamId: string): Promise<StreamInfo | null> {
    const info = this.streams.get(streamId);
    return info ? clone(info) : null;
  }

  async listStreams(): Promise<StreamInfo[]> {
    return [...this.streams.values()].map(clone).sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  async setStatus(streamId: string, status: StreamStatus): Promise<void> {
    const info = this.streams.get(streamId);
    if (info) this.streams.set(streamId, { ...info, status });
  }

  async latestSnapshot(streamId: string, machineVersion: string): Promise<SnapshotRecord | null> {
    const found = (this.snapshots.get(streamId) ?? []).filter((s) => s.machineVersion === machineVersion).at(-1);
    return found ? clone(found) : null;
  }

  async deleteStream(streamId: string): Promise<void> {
    this.events.delete(streamId);
    this.snapshots.delete(streamId);
    this.streams.delete(streamId);
  }
}
