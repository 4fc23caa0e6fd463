/**
 * The audit service the /audit screen and the persistence alert talk to (through the port the views declare,
 * src/views/audit/auditPort.ts). It reads streams from the store, exports them as NDJSON, verifies files, and
 * tells subscribers when records were appended, in this tab or (via BroadcastChannel) in another one.
 */
import type { RegisteredMachine } from '../../machines/machineVersion.ts';
import { canonicalJson } from './canonical.ts';
import type { EventCapture } from './capture.ts';
import type { Eip1193Signer } from './attestation.ts';
import type { VerifyReport } from './ndjson.ts';
import type { DeletePlanSummary, LockQueryLike, StorageActions } from './retention.ts';
import type { WitnessReader } from './witness.ts';
import type { EventStore, JsonValue, LogRecord, StreamInfo } from './types.ts';

export type { DeletePlanSummary };
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
  /**
   * The connected wallet, for "Export signed by my wallet" (attestation.ts): its account and EIP-1193 provider, and
   * the latest block of a chain (named in the signed text; null when it cannot be read). Omitted: no signed export.
   */
  attester?: {
    account(): string | null;
    provider(): Eip1193Signer | null;
    blockNumber?(chainId: string): Promise<bigint>;
  };
  /** The chain a verification checks owners and executions against (witness.ts), by chain id; omitted: none. */
  witnessClient?: (chainId: string) => Promise<WitnessReader>;
  /** BroadcastChannel constructor when available (browser); omitted in tests. */
  channel?: { postMessage(message: unknown): void; addEventListener(type: 'message', listener: () => void): void } | null;
  /** navigator.locks when available: which streams a live writer holds in any tab (retention never deletes those). */
  locks?: LockQueryLike | null;
}


export interface AuditService {
  currentStreamId(): string;
  listStreams(): Promise<StreamInfo[]>;
  readStream(streamId: string): Promise<LogRecord[]>;
  exportStream(streamId: string): Promise<{ fileName: string; text: string }>;
  /** The connected account that can sign an export, or null (no wallet, or no attester given). */
  attester(): string | null;
  /** The export with the connected wallet's attestation line; rejects with an AttestationError to show. */
  exportSignedStream(streamId: string): Promise<{ fileName: string; text: string }>;
  verifyText(text: string): Promise<VerifyReport>;
  subscribe(listener: () => void): () => void;
  /** The events this tab could not save, one JSON object a line (not a verifiable export), or null. */
  unsavedText(): string | null;
  /** Called for every appended record (wire to the capture's onAppend). */
  notifyAppended(record: LogRecord): void;
  /** Settings › Data › Storage (decision 0049): usage, export all, delete older than N days (loaded on first use). */
  storage(): Promise<StorageActions>;
}

export function fileNameFor(streamId: string, signed = false): string {
  return `${streamId.replace(/[^a-zA-Z0-9._-]+/g, '_')}${signed ? '.signed' : ''}.ndjson`;
}

export function createAuditService(options: AuditServiceOptions): AuditService {
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const exportedAt = () => (options.now ?? (() => new Date().toISOString()))();
  options.channel?.addEventListener('message', emit);
  return {
    currentStreamId: () => options.currentStreamId,
    listStreams: () => options.store.listStreams(),
    readStream: (streamId) => options.store.readStream(streamId),
    async exportStream(streamId) {
      // A session stream's last events wait for an idle turn (decision 0080): the export has them.
      await options.capture.writer(streamId)?.flush();
      const records = await options.store.readStream(streamId);
      // Export and verification load on first use (decision 0019): a cold load never needs them.
      const { exportNdjson } = await import('./ndjson.ts');
      const text = await exportNdjson(records, { app: options.app, exportedAt: exportedAt() });
      return { fileName: fileNameFor(streamId), text };
    },
    attester: () => (options.attester?.provider() ? options.attester.account() : null),
    async exportSignedStream(streamId) {
      // Signing, export and verification load on first use (decision 0019): a cold load never needs them.
      const { exportSigned } = await import('./attestation.ts');
      await options.capture.writer(streamId)?.flush();
      const text = await exportSigned(await options.store.readStream(streamId), options.attester ?? null, { app: options.app, exportedAt: exportedAt() });
      return { fileName: fileNameFor(streamId, true), text };
    },
    async verifyText(text) {
      const [{ verifyWithWitness }, machines] = await Promise.all([import('./witness.ts'), typeof options.machines === 'function' ? options.machines() : options.machines]);
      return verifyWithWitness(text, machines, options.witnessClient ?? null);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    unsavedText() {
      const lines: string[] = [];
      for (const streamId of options.capture.streamIds()) {
        const writer = options.capture.writer(streamId);
        for (const pending of writer?.unsaved() ?? []) {
          lines.push(canonicalJson({ streamId, type: pending.event.type, payload: payloadOf(pending.event, writer?.redactor), origin: pending.origin } as JsonValue));
        }
      }
      return lines.length ? `${lines.join('\n')}\n` : null;
    },
    notifyAppended(record) {
      options.channel?.postMessage({ streamId: record.streamId, seq: record.seq });
      emit();
    },
    // Settings › Data › Storage: retention.ts loads on first use (never with the first page).
    storage: () =>
      import('./retention.ts').then((m) =>
        m.storageActions({ store: options.store, currentSessionId: options.currentStreamId, locks: options.locks ?? null, app: options.app, now: options.now, onDeleted: (streams) => (options.channel?.postMessage({ deleted: streams }), emit()) }),
      ),
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
