/** Retention (decision 0049): what the schedule and "Delete streams older than N days" remove, and what never. */
import { describe, expect, it } from 'vitest';
import { MemoryEventStore, StreamWriter, verifyNdjson, type StreamInfo, type StreamStatus } from '../../../src/services/eventLog/index.ts';
import {
  DEFAULT_RETENTION,
  deleteStreams,
  exportAll,
  liveness,
  planDeleteOlderThan,
  planPrune,
  pruneExpired,
  sessionRootOf,
  splitExportAll,
  storageUsage,
} from '../../../src/services/eventLog/retention.ts';
import { lockName } from '../../../src/services/eventLog/writer.ts';
import { MACHINES } from '../../../src/machines/registry.ts';
import { loggedSession } from './fixtures.ts';

const NOW = Date.parse('2026-11-29T09:00:00Z');
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();
const CURRENT = 'appSession:2026-11-29T08:00:00.000Z:cur00000';
const OLD = 'appSession:2026-11-01T08:00:00.000Z:old00000';
const OTHER_TAB = 'appSession:2026-11-10T08:00:00.000Z:tab00000';

function info(streamId: string, machineId: string, updatedDaysAgo: number, status: StreamStatus = 'open'): StreamInfo {
  return { streamId, machineId, machineVersion: 'v', headSeq: 3, headHash: 'h', status, createdAt: daysAgo(updatedDaysAgo + 1), updatedAt: daysAgo(updatedDaysAgo), correlationId: null };
}

const streams: StreamInfo[] = [
  info(CURRENT, 'appSession', 0),
  info(`${CURRENT}/safeSession:safeSession#1`, 'safeSession', 20), // this page load, idle for long (elided polls)
  info(OLD, 'appSession', 28),
  info(`${OLD}/safeSession:safeSession#1`, 'safeSession', 28),
  info(`${OLD}/localData:visit#1`, 'localData', 27),
  info(`${OLD}/createSafe:visit#2`, 'createSafe', 27, 'open'), // an unfinished Safe creation
  info(OTHER_TAB, 'appSession', 19), // a tab open for 19 days
  info(`${OTHER_TAB}/safeSession:safeSession#1`, 'safeSession', 19),
  info('flow/transaction/31337:0xsafe/flow-1', 'transactionFlow', 40, 'closed'),
  info('flow/transaction/31337:0xsafe/flow-2', 'transactionFlow', 30, 'open'), // unfinished: never
  info('flow/message/31337:0xsafe/flow-3', 'messageFlow', 2, 'closed'),
  info('appSession:2026-11-27T08:00:00.000Z:new00000', 'appSession', 2), // within retention
];

const locksHeld = (...streamIds: string[]) => ({ query: async () => ({ held: streamIds.map((id) => ({ name: lockName(id) })), pending: [] }) });
const ids = (list: readonly StreamInfo[]) => list.map((s) => s.streamId).sort();

describe('retention: the scheduled prune', () => {
  it('prunes session streams of earlier page loads older than 7 days, never this page load’s, another tab’s, or any flow within budget', async () => {
    const live = await liveness({ currentSessionId: CURRENT, locks: locksHeld(OTHER_TAB, 'flow/transaction/31337:0xsafe/flow-2') });
    expect(ids(planPrune(streams, live, NOW))).toEqual(ids([streams[2]!, streams[3]!, streams[4]!]));
  });

  it('a session stream is live when its session root’s lock is held (its own writer may not hold one yet)', async () => {
    const live = await liveness({ currentSessionId: CURRENT, locks: locksHeld(OTHER_TAB) });
    expect(live.isLive(streams[7]!, NOW)).toBe(true);
    expect(live.isLive(streams[3]!, NOW)).toBe(false);
  });

  it('without the Locks API, only streams idle for more than a day can go', async () => {
    const live = await liveness({ currentSessionId: CURRENT, locks: null });
    const recent = info('appSession:2026-11-20T08:00:00.000Z:abc', 'appSession', 0.5);
    expect(live.isLive(recent, NOW)).toBe(true);
    expect(live.isLive(streams[6]!, NOW)).toBe(false);
    // A failing query counts as no Locks API.
    const failing = await liveness({ currentSessionId: CURRENT, locks: { query: () => Promise.reject(new Error('SecurityError')) } });
    expect(failing.isLive(recent, NOW)).toBe(true);
    expect(ids(planPrune([...streams, recent], failing, NOW))).toContain(OTHER_TAB);
    expect(ids(planPrune([...streams, recent], failing, NOW))).not.toContain(recent.streamId);
  });

  it('keeps closed flows within the budget (the newest N), and prunes only closed ones beyond it', async () => {
    const live = await liveness({ currentSessionId: CURRENT, locks: locksHeld() });
    const flows = Array.from({ length: 5 }, (_, i) => info(`flow/transaction/31337:0xsafe/f${i}`, 'transactionFlow', 100 + i, 'closed'));
    const unfinished = info('flow/transaction/31337:0xsafe/open', 'transactionFlow', 400, 'failed');
    const plan = planPrune([...flows, unfinished], live, NOW, { ...DEFAULT_RETENTION, closedFlowsKept: 3 });
    expect(ids(plan)).toEqual(ids([flows[3]!, flows[4]!]));
    expect(planPrune([...flows, unfinished], live, NOW)).toEqual([]);
  });

  it('sessionRootOf names the page load a stream belongs to', () => {
    expect(sessionRootOf(`${OLD}/safeSession:safeSession#1`)).toBe(OLD);
    expect(sessionRootOf(OLD)).toBe(OLD);
    expect(sessionRootOf('flow/transaction/1:0x/abc')).toBeNull();
  });
});

describe('retention: “Delete streams older than N days”', () => {
  it('removes every stream older than N days but never a live one or an unfinished flow', async () => {
    const live = await liveness({ currentSessionId: CURRENT, locks: locksHeld(OTHER_TAB) });
    const plan = planDeleteOlderThan(streams, 10, live, NOW);
    expect(ids(plan)).toEqual(ids([streams[2]!, streams[3]!, streams[4]!, streams[8]!]));
    expect(ids(planDeleteOlderThan(streams, 1, live, NOW))).toEqual(ids([streams[2]!, streams[3]!, streams[4]!, streams[8]!, streams[10]!, streams[11]!]));
    expect(() => planDeleteOlderThan(streams, 0, live, NOW)).toThrow(RangeError);
  });
});

/** Writes one real record (xstate.init) to a stream at `updatedAt`. */
async function seed(store: MemoryEventStore, streamId: string, machineId: string, updatedAt: string, status: StreamStatus = 'open') {
  const writer = new StreamWriter({ store, streamId, version: { machineId, machineVersion: 'v', schemaVersion: 1 }, now: () => updatedAt });
  writer.enqueue({ event: { type: 'xstate.init', input: {} }, origin: 'system', sourceActorId: null, value: 'idle', status: 'active', context: {}, correlationId: null });
  await writer.close();
  if (status !== 'open') await store.setStatus(streamId, status);
}

describe('retention on a store', () => {
  it('pruneExpired deletes the planned streams whole, and reports what went', async () => {
    const store = new MemoryEventStore();
    await seed(store, CURRENT, 'appSession', daysAgo(0));
    await seed(store, OLD, 'appSession', daysAgo(28));
    await seed(store, `${OLD}/safeSession:safeSession#1`, 'safeSession', daysAgo(28));
    await seed(store, 'flow/transaction/1:0x/open', 'transactionFlow', daysAgo(60));
    await seed(store, 'flow/transaction/1:0x/done', 'transactionFlow', daysAgo(60), 'closed');
    const result = await pruneExpired({ store, currentSessionId: CURRENT, locks: locksHeld(), now: () => NOW });
    expect(result).toEqual({ streams: 2, records: 2, session: 2, flow: 0, failed: [] });
    expect(ids(await store.listStreams())).toEqual([CURRENT, 'flow/transaction/1:0x/done', 'flow/transaction/1:0x/open'].sort());
    expect(await store.readStream(OLD)).toEqual([]);
  });

  it('a stream that fails to delete is kept and reported; the others go', async () => {
    const store = new MemoryEventStore();
    await seed(store, OLD, 'appSession', daysAgo(28));
    await seed(store, `${OLD}/x:y#1`, 'walletConnection', daysAgo(28));
    const failing = { deleteStream: async (id: string) => (id === OLD ? Promise.reject(new Error('blocked')) : store.deleteStream(id)) };
    const result = await deleteStreams(failing, await store.listStreams());
    expect(result.streams).toBe(1);
    expect(result.failed).toEqual([{ streamId: OLD, message: 'blocked' }]);
  });

  it('usage counts streams, records and bytes; Export all holds every stream, each verifiable on its own', async () => {
    const session = await loggedSession();
    await seed(session.store, 'flow/transaction/1:0x/open', 'transactionFlow', daysAgo(1));
    const usage = await storageUsage(session.store);
    expect(usage).toMatchObject({ streams: 2, sessionStreams: 1, flowStreams: 1, openFlowStreams: 1, records: 7 });
    expect(usage.approxBytes).toBeGreaterThan(1_000);
    const all = await exportAll(session.store, { app: { name: 'countersign', version: 'test' }, exportedAt: daysAgo(0) });
    expect(all.streams).toBe(2);
    const parts = splitExportAll(all.text);
    expect(parts).toHaveLength(2);
    const sessionPart = parts.find((p) => p.includes('"streamId":"appSession:test"'))!;
    expect((await verifyNdjson(sessionPart, MACHINES)).ok).toBe(true);
  });
});
