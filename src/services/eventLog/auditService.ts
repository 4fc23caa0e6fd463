/**
 * The audit service the /audit screen and the persistence alert talk to (through the port the views declare,
 * src/views/audit/auditPort.ts). It reads streams from the store, exports them as NDJSON, verifies files, and
 * tells subscribers when records were appended, in this tab or (via BroadcastChannel) in another one.
 */
import type { RegisteredMachine } from '../../machines/machineVersion.ts';
import { canonicalJson } from './canonical.ts';
import type { EventCapture } from './capture.ts';
import type { VerifyReport } from './ndjson.ts';
import type { EventStore, JsonValue, LogRecord, StreamInfo } from './types.ts';
import { payloadOf } from './writer.ts';

export const AUDIT_CHANNEL = 'countersign.eventlog';

export interface AuditServiceOptions {
  store: EventStore;
  capture: EventCapture;
  /** The registry verification checks records against; a loader when it should load only once a file is verified. */
  machines: readonly RegisteredMachine[] | (() => Promise<readonly RegisteredMachine[]>);
  app: { name: string; version: string };
  /** The stream this tab writes for the root actor. */
  currentStreamId: string;
  now?: () => string;
  /** BroadcastChannel constructor when available (browser); omitted in tests. */
  channel?: { postMessage(message: unknown): void; addEventListener(type: 'message', listener: () => void): void } | null;
}

export interface AuditService {
  currentStreamId(): string;
  listStreams(): Promise<StreamInfo[]>;
  readStream(streamId: string): Promise<LogRecord[]>;
  exportStream(streamId: string): Promise<{ fileName: string; text: string }>;
  verifyText(text: string): Promise<VerifyReport>;
  subscribe(listener: () => void): () => void;
  /** The events this tab could not save, one JSON object a line (not a verifiable export), or null. */
  unsavedText(): string | null;
  /** Called for every appended record (wire to the capture's onAppend). */
  notifyAppended(record: LogRecord): void;
}

export function fileNameFor(streamId: string): string {
  return `${streamId.replace(/[^a-zA-Z0-9._-]+/g, '_')}.ndjson`;
}

export function createAuditService(options: AuditServiceOptions): AuditService {
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  options.channel?.addEventListener('message', emit);
  return {
    currentStreamId: () => options.currentStreamId,
    listStreams: () => options.store.listStreams(),
    readStream: (streamId) => options.store.readStream(streamId),
    async exportStream(streamId) {
      const records = await options.store.readStream(streamId);
      // Export and verification load on first use (decision 0019): a cold load never needs them.
      const { exportNdjson } = await import('./ndjson.ts');
      const text = await exportNdjson(records, { app: options.app, exportedAt: (options.now ?? (() => new Date().toISOString()))() });
      return { fileName: fileNameFor(streamId), text };
    },
    async verifyText(text) {
      const [{ verifyNdjson }, machines] = await Promise.all([import('./ndjson.ts'), typeof options.machines === 'function' ? options.machines() : options.machines]);
      return verifyNdjson(text, machines);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    unsavedText() {
      const lines: string[] = [];
      for (const streamId of options.capture.streamIds()) {
        for (const pending of options.capture.writer(streamId)?.unsaved() ?? []) {
          lines.push(canonicalJson({ streamId, type: pending.event.type, payload: payloadOf(pending.event), origin: pending.origin } as JsonValue));
        }
      }
      return lines.length ? `${lines.join('\n')}\n` : null;
    },
    notifyAppended(record) {
      options.channel?.postMessage({ streamId: record.streamId, seq: record.seq });
      emit();
    },
  };
}

/**
 * An EventStore whose backing store is still opening; an open failure surfaces as a failed append (the app
 * degrades, decision 0050), and the next use opens again ("Try again" re-opens the storage).
 */
export function deferredStore(open: () => Promise<EventStore>): EventStore {
  let opening: Promise<EventStore> | null = null;
  const store = (): Promise<EventStore> =>
    (opening ??= open().catch((error: unknown) => {
      opening = null;
      const failure = new Error(`The browser's storage could not be opened (${String(error)})`);
      failure.name = 'StorageUnavailableError';
      throw failure;
    }));
  // The failure is reported where the store is used (a failed append), not as an unhandled rejection.
  store().catch(() => undefined);
  return {
    append: async (record, snapshot) => (await store()).append(record, snapshot),
    readStream: async (streamId, fromSeq) => (await store()).readStream(streamId, fromSeq),
    getStream: async (streamId) => (await store()).getStream(streamId),
    listStreams: async () => (await store()).listStreams(),
    setStatus: async (streamId, status) => (await store()).setStatus(streamId, status),
    latestSnapshot: async (streamId, version) => (await store()).latestSnapshot(streamId, version),
    deleteStream: async (streamId) => (await store()).deleteStream(streamId),
  };
}
