/**
 * Bounded storage of the event log (issue 18, decision 0049): what may be deleted, and deleting it.
 *
 * - Session streams (a page load's root `appSession:<time>:<id>` and every stream under it that is not a signing
 *   flow: wallet, address book, Safe session, lists, per-visit screens) of earlier page loads are pruned when they
 *   were last written more than `sessionDays` ago (at boot and hourly, src/root.ts).
 * - Signing-flow streams (the audit trail: transaction, message, delete, bulk execute, Safe creation) are never
 *   pruned while unfinished (status other than `closed`). Closed ones are kept, the newest `closedFlowsKept` of them;
 *   the user sees them and deletes older ones in Settings › Data › Storage.
 * - Never a stream a live writer holds: this page load's streams, and any whose Web Lock
 *   (`countersign.eventlog:<streamId>`) is held in some tab, or whose session root's lock is. Without the Locks API
 *   a stream counts as live unless it was idle for more than `idleDaysWithoutLocks`.
 *
 * Loaded on first use (never at boot): the schedule and the Storage section import it.
 */
import { canonicalJson } from './canonical.ts';
import { EXPORT_FORMAT, exportNdjson } from './ndjson.ts';
import { isSigningFlowMachine } from './streamKinds.ts';
import type { EventStore, JsonValue, StreamInfo } from './types.ts';
import { lockName } from './writer.ts';

export interface RetentionPolicy {
  /** Session streams of earlier page loads last written longer ago than this are pruned. */
  sessionDays: number;
  /** Closed signing-flow streams kept by the schedule: the newest this many. */
  closedFlowsKept: number;
  /** Without the Web Locks API, a stream idle for less than this may still be written by another tab. */
  idleDaysWithoutLocks: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { sessionDays: 7, closedFlowsKept: 1_000, idleDaysWithoutLocks: 1 };

const DAY_MS = 86_400_000;
const LOCK_PREFIX = lockName('');

export type StreamKind = 'session' | 'flow';

export function streamKind(info: Pick<StreamInfo, 'machineId'>): StreamKind {
  return isSigningFlowMachine(info.machineId) ? 'flow' : 'session';
}

/** The page load a stream belongs to: its root stream's id (`appSession:…`), or null for a stream outside any. */
export function sessionRootOf(streamId: string): string | null {
  if (!streamId.startsWith('appSession:')) return null;
  const slash = streamId.indexOf('/');
  return slash === -1 ? streamId : streamId.slice(0, slash);
}

/** The subset of navigator.locks retention reads. */
export interface LockQueryLike {
  query(): Promise<{ held?: { name?: string }[]; pending?: { name?: string }[] }>;
}

export interface Liveness {
  /** Whether a live writer may hold the stream (never delete it). */
  isLive(info: StreamInfo, now: number): boolean;
}

/**
 * Who holds which stream now: this page load's session (its root id), and the locks held or requested in any tab.
 * Without the Locks API (`locks` null or its query failing), streams idle for less than `idleDays` count as live.
 */
export async function liveness(options: { currentSessionId: string; locks: LockQueryLike | null; idleDays?: number }): Promise<Liveness> {
  const idleMs = (options.idleDays ?? DEFAULT_RETENTION.idleDaysWithoutLocks) * DAY_MS;
  let held: Set<string> | null = null;
  if (options.locks) {
    try {
      const state = await options.locks.query();
      held = new Set(
        [...(state.held ?? []), ...(state.pending ?? [])]
          .map((lock) => lock.name ?? '')
          .filter((name) => name.startsWith(LOCK_PREFIX))
          .map((name) => name.slice(LOCK_PREFIX.length)),
      );
    } catch {
      held = null;
    }
  }
  return {
    isLive(info, now) {
      const root = sessionRootOf(info.streamId);
      if (root === options.currentSessionId) return true;
      if (held) return held.has(info.streamId) || (root !== null && held.has(root));
      return now - Date.parse(info.updatedAt) <= idleMs;
    },
  };
}

function ageMs(info: StreamInfo, now: number): number {
  const last = Date.parse(info.updatedAt || info.createdAt);
  return Number.isNaN(last) ? Number.POSITIVE_INFINITY : now - last;
}

/** Whether a stream may ever be deleted: not live, and not an unfinished signing flow. */
export function deletable(info: StreamInfo, live: Liveness, now: number): boolean {
  if (live.isLive(info, now)) return false;
  if (streamKind(info) === 'flow' && info.status !== 'closed') return false;
  return true;
}

/** What the schedule prunes: expired session streams, and closed flows beyond the newest `closedFlowsKept`. */
export function planPrune(streams: readonly StreamInfo[], live: Liveness, now: number, policy: RetentionPolicy = DEFAULT_RETENTION): StreamInfo[] {
  const expired = streams.filter((s) => streamKind(s) === 'session' && ageMs(s, now) > policy.sessionDays * DAY_MS && deletable(s, live, now));
  const closedFlows = streams
    .filter((s) => streamKind(s) === 'flow' && s.status === 'closed')
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  const overBudget = closedFlows.slice(policy.closedFlowsKept).filter((s) => deletable(s, live, now));
  return [...expired, ...overBudget];
}

/** What "Delete streams older than N days" removes: every deletable stream last written more than N days ago. */
export function planDeleteOlderThan(streams: readonly StreamInfo[], days: number, live: Liveness, now: number): StreamInfo[] {
  if (!Number.isFinite(days) || days < 1) throw new RangeError('Choose a number of days, 1 or more.');
  return streams.filter((s) => ageMs(s, now) > days * DAY_MS && deletable(s, live, now));
}

export interface DeleteResult {
  streams: number;
  records: number;
  /** By kind: how many session and flow streams went. */
  session: number;
  flow: number;
  /** Streams that could not be deleted (kept, with the reason). */
  failed: { streamId: string; message: string }[];
}

/** Deletes the planned streams, one at a time; a failure leaves that stream and goes on. */
export async function deleteStreams(store: Pick<EventStore, 'deleteStream'>, plan: readonly StreamInfo[]): Promise<DeleteResult> {
  const result: DeleteResult = { streams: 0, records: 0, session: 0, flow: 0, failed: [] };
  for (const info of plan) {
    try {
      await store.deleteStream(info.streamId);
      result.streams++;
      result.records += info.headSeq;
      result[streamKind(info)]++;
    } catch (error) {
      result.failed.push({ streamId: info.streamId, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}

export interface PruneOptions {
  store: EventStore;
  currentSessionId: string;
  locks: LockQueryLike | null;
  now?: () => number;
  policy?: RetentionPolicy;
}

/** The scheduled prune (boot and hourly). */
export async function pruneExpired(options: PruneOptions): Promise<DeleteResult> {
  const policy = options.policy ?? DEFAULT_RETENTION;
  const now = (options.now ?? Date.now)();
  const live = await liveness({ currentSessionId: options.currentSessionId, locks: options.locks, idleDays: policy.idleDaysWithoutLocks });
  return deleteStreams(options.store, planPrune(await options.store.listStreams(), live, now, policy));
}

export interface StorageUsage {
  streams: number;
  sessionStreams: number;
  flowStreams: number;
  /** Flow streams not finished (never deleted). */
  openFlowStreams: number;
  records: number;
  /** Canonical JSON of every record, UTF-8: close to what IndexedDB keeps (snapshots and indexes not counted). */
  approxBytes: number;
  oldestUpdatedAt: string | null;
}

/** Reads every stream once to count its records and their size. */
export async function storageUsage(store: Pick<EventStore, 'listStreams' | 'readStream'>): Promise<StorageUsage> {
  const streams = await store.listStreams();
  const encoder = new TextEncoder();
  const usage: StorageUsage = { streams: streams.length, sessionStreams: 0, flowStreams: 0, openFlowStreams: 0, records: 0, approxBytes: 0, oldestUpdatedAt: null };
  for (const info of streams) {
    if (streamKind(info) === 'flow') {
      usage.flowStreams++;
      if (info.status !== 'closed') usage.openFlowStreams++;
    } else usage.sessionStreams++;
    const records = await store.readStream(info.streamId);
    usage.records += records.length;
    for (const record of records) usage.approxBytes += encoder.encode(canonicalJson(record as unknown as JsonValue)).length + 1;
    if (!usage.oldestUpdatedAt || info.updatedAt < usage.oldestUpdatedAt) usage.oldestUpdatedAt = info.updatedAt;
  }
  return usage;
}

/**
 * "Export all": every stream's own verifiable export (header, records, footer), one after another in one file,
 * oldest first. `splitExportAll` gives the streams back, each verifiable on its own (`npm run audit:verify`).
 */
export async function exportAll(store: Pick<EventStore, 'listStreams' | 'readStream'>, meta: { app: { name: string; version: string }; exportedAt: string }): Promise<{ text: string; streams: number }> {
  const streams = [...(await store.listStreams())].reverse();
  const parts: string[] = [];
  for (const info of streams) {
    const records = await store.readStream(info.streamId);
    if (records.length === 0) continue;
    const text = await exportNdjson(records, meta);
    parts.push(text.endsWith('\n') ? text : `${text}\n`);
  }
  return { text: parts.join(''), streams: parts.length };
}

/** Splits an "Export all" file into the exports of its streams (each starts with its header line). */
export function splitExportAll(text: string): string[] {
  const lines = text.split('\n').filter((line) => line.length > 0);
  const parts: string[][] = [];
  const isHeader = (line: string) => {
    try {
      const parsed = JSON.parse(line) as { format?: unknown; formatVersion?: unknown };
      return parsed.format === EXPORT_FORMAT && parsed.formatVersion !== undefined;
    } catch {
      return false;
    }
  };
  for (const line of lines) {
    if (parts.length === 0 || isHeader(line)) parts.push([]);
    parts[parts.length - 1]!.push(line);
  }
  return parts.map((p) => `${p.join('\n')}\n`);
}

/** What "Delete streams older than N days" would remove: counts by kind (shown before asking). */
export interface DeletePlanSummary {
  days: number;
  streams: number;
  session: number;
  flow: number;
  records: number;
}

export interface StorageActionsOptions {
  store: EventStore;
  currentSessionId: string;
  locks: LockQueryLike | null;
  app: { name: string; version: string };
  now?: (() => string) | undefined;
  /** Called after a deletion with how many streams went (the audit service tells its subscribers and other tabs). */
  onDeleted?: (streams: number) => void;
}

export type StorageActions = ReturnType<typeof storageActions>;

/** What Settings › Data › Storage does, for the audit service (which loads this module on first use). */
export function storageActions(options: StorageActionsOptions) {
  const now = options.now ?? (() => new Date().toISOString());
  const plan = async (days: number) => {
    const live = await liveness({ currentSessionId: options.currentSessionId, locks: options.locks });
    return planDeleteOlderThan(await options.store.listStreams(), days, live, Date.parse(now()));
  };
  return {
    async storageUsage(): Promise<StorageUsage & { estimate: { usage: number; quota: number } | null }> {
      const usage = await storageUsage(options.store);
      const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => null);
      return { ...usage, estimate: estimate && typeof estimate.usage === 'number' && typeof estimate.quota === 'number' ? { usage: estimate.usage, quota: estimate.quota } : null };
    },
    async exportAll(): Promise<{ fileName: string; text: string; streams: number }> {
      const exportedAt = now();
      const { text, streams } = await exportAll(options.store, { app: options.app, exportedAt });
      return { fileName: `countersign-eventlog-all-${exportedAt.slice(0, 10)}.ndjson`, text, streams };
    },
    async planDeleteOlderThan(days: number): Promise<DeletePlanSummary> {
      const planned = await plan(days);
      const flow = planned.filter((s) => streamKind(s) === 'flow').length;
      return { days, streams: planned.length, session: planned.length - flow, flow, records: planned.reduce((sum, s) => sum + s.headSeq, 0) };
    },
    async deleteOlderThan(days: number): Promise<DeleteResult> {
      const result = await deleteStreams(options.store, await plan(days));
      options.onDeleted?.(result.streams);
      return result;
    },
  };
}
