/**
 * The browser's EventStore: IndexedDB through `idb`. Stores: `events` ([streamId, seq]; indexes on type,
 * recordedAt, correlationId), `snapshots` ([streamId, seq]) and `streams` (head seq/hash and status). An
 * append writes the event, the optional snapshot and the new head in ONE readwrite transaction.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { checkExtendsHead, nextStreamInfo } from './memoryStore.ts';
import type { EventStore, LogRecord, SnapshotRecord, StreamInfo, StreamStatus } from './types.ts';

interface EventLogDb extends DBSchema {
  events: { key: [string, number]; value: LogRecord; indexes: { type: string; recordedAt: string; correlationId: string } };
  snapshots: { key: [string, number]; value: SnapshotRecord; indexes: { stream: string } };
  streams: { key: string; value: StreamInfo };
}

export const EVENT_LOG_DB = 'countersign-eventlog';

export class IdbEventStore implements EventStore {
  private constructor(private readonly db: IDBPDatabase<EventLogDb>) {}

  static async open(name: string = EVENT_LOG_DB): Promise<IdbEventStore> {
    const db = await openDB<EventLogDb>(name, 1, {
      upgrade(database) {
        const events = database.createObjectStore('events', { keyPath: ['streamId', 'seq'] });
        events.createIndex('type', 'type');
        events.createIndex('recordedAt', 'recordedAt');
        events.createIndex('correlationId', 'correlationId');
        const snapshots = database.createObjectStore('snapshots', { keyPath: ['streamId', 'seq'] });
        snapshots.createIndex('stream', 'streamId');
        database.createObjectStore('streams', { keyPath: 'streamId' });
      },
    });
    return new IdbEventStore(db);
  }

  async append(record: LogRecord, snapshot?: SnapshotRecord): Promise<void> {
    const tx = this.db.transaction(['events', 'streams', 'snapshots'], 'readwrite');
    try {
      const head = (await tx.objectStore('streams').get(record.streamId)) ?? null;
      checkExtendsHead(head, record);
      await tx.objectStore('events').add(record);
      if (snapshot) await tx.objectStore('snapshots').put(snapshot);
      await tx.objectStore('streams').put(nextStreamInfo(head, record));
      await tx.done;
    } catch (error) {
      try {
        tx.abort();
      } catch {
        // already finished or aborted
      }
      await tx.done.catch(() => undefined);
      throw error;
    }
  }

  async readStream(streamId: string, fromSeq = 1): Promise<LogRecord[]> {
    return this.db.getAll('events', IDBKeyRange.bound([streamId, fromSeq], [streamId, Number.MAX_SAFE_INTEGER]));
  }

  async getStream(streamId: string): Promise<StreamInfo | null> {
    return (await this.db.get('streams', streamId)) ?? null;
  }

  async listStreams(): Promise<StreamInfo[]> {
    const all = await this.db.getAll('streams');
    return all.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  async setStatus(streamId: string, status: StreamStatus): Promise<void> {
    const tx = this.db.transaction('streams', 'readwrite');
    const info = await tx.store.get(streamId);
    if (info) await tx.store.put({ ...info, status });
    await tx.done;
  }

  async latestSnapshot(streamId: string, machineVersion: string): Promise<SnapshotRecord | null> {
    const all = await this.db.getAll('snapshots', IDBKeyRange.bound([streamId, 0], [streamId, Number.MAX_SAFE_INTEGER]));
    return all.filter((s) => s.machineVersion === machineVersion).at(-1) ?? null;
  }

  async deleteStream(streamId: string): Promise<void> {
    const tx = this.db.transaction(['events', 'streams', 'snapshots'], 'readwrite');
    const range = IDBKeyRange.bound([streamId, 0], [streamId, Number.MAX_SAFE_INTEGER]);
    await Promise.all([tx.objectStore('events').delete(range), tx.objectStore('snapshots').delete(range), tx.objectStore('streams').delete(streamId)]);
    await tx.done;
  }

  close(): void {
    this.db.close();
  }
}
