/**
 * The event log's growth while a Safe stays open (issue 18, "Bounded storage"): the real root actor (appSession)
 * with its real boot children (wallet, address book, Safe session and its queue and openers), logged through the
 * real capture into a MemoryEventStore, with the gateway as the boundary: a stub that answers the same chains,
 * Safe info, balances and queue on every call, as a Safe nobody touches does. Time is the caller's: `advance`
 * moves it (vitest's fake timers in the unit test, xstate's SimulatedClock in `npm run bench`).
 *
 * Used by tests/unit/eventLog/soak.test.ts (which asserts the bound) and bench/cases/eventLog.ts (the figure).
 */
import { createActor, fromPromise, waitFor, type SimulatedClock } from 'xstate';
import { appSessionMachine } from '../../src/machines/appSession/appSession.machine.ts';
import type { AppSessionEffects, RuntimeConfig } from '../../src/machines/appSession/appSession.types.ts';
import { addressBookMachine } from '../../src/machines/addressBook/addressBook.machine.ts';
import { BOOT_MACHINES } from '../../src/machines/registry.boot.ts';
import { safeSessionMachine } from '../../src/machines/safeSession/safeSession.machine.ts';
import { balances, chain, fiatCodes, SAFE, safeInfoChanged, sampleQueuePage, sampleSafeInfo } from '../../src/machines/safeSession/safeSession.samples.ts';
import { walletConnectionMachine } from '../../src/machines/walletConnection/walletConnection.machine.ts';
import type { ConnectResult } from '../../src/machines/walletConnection/walletConnection.types.ts';
import type { AddressBookEntry } from '../../src/machines/addressBook/addressBook.types.ts';
import { effectActors } from '../../src/machines/shared/effects.ts';
import { canonicalJson } from '../../src/services/eventLog/canonical.ts';
import { createEventCapture, type EventCapture } from '../../src/services/eventLog/capture.ts';
import { MemoryEventStore } from '../../src/services/eventLog/memoryStore.ts';
import type { EventStore, JsonValue, LogRecord, SnapshotRecord } from '../../src/services/eventLog/types.ts';
import type { GatewayClient } from '../../src/services/gateway/client.ts';
import { provideSafeSessionServices } from '../../src/services/safeSession.ts';

export const HOUR_MS = 3_600_000;
/** The poll step the soak advances by: the Safe session's Safe-info poll interval. */
export const STEP_MS = 15_000;

/** Bytes of what the store keeps: each record and each cached snapshot as canonical JSON (UTF-8). */
export function sizeOf(value: LogRecord | SnapshotRecord): number {
  return new TextEncoder().encode(canonicalJson(value as unknown as JsonValue)).length;
}

export interface StreamGrowth {
  streamId: string;
  machineId: string;
  records: number;
  recordBytes: number;
  snapshots: number;
  snapshotBytes: number;
}

export interface SoakSample {
  /** Visible hours since the Safe was opened. */
  hour: number;
  records: number;
  /** Records + snapshots, bytes. */
  bytes: number;
}

export interface SoakResult {
  hours: number;
  store: MemoryEventStore;
  /** Each stream at the end, by stream id. */
  streams: StreamGrowth[];
  /** Cumulative totals at the end of each hour (hour 0: after the Safe opened). */
  samples: SoakSample[];
  /** Bytes per visible hour: (bytes at the end − bytes once the Safe was open) / hours. */
  bytesPerHour: number;
  totalBytes: number;
  /** Records the writers left out as unchanged spans (see StreamWriter `elideUnchanged`). */
  elided: { spans: number; records: number };
  capture: EventCapture;
  /** The Safe session actor's snapshot at the end (for the replay check). */
  safeSessionStreamId: string;
  rootStreamId: string;
  liveStates: Map<string, { value: unknown; status: string; context: unknown }>;
}

/** A store that counts what is appended (records and snapshots) per stream. */
class CountingStore extends MemoryEventStore {
  readonly growth = new Map<string, StreamGrowth>();
  override async append(record: LogRecord, snapshot?: SnapshotRecord): Promise<void> {
    await super.append(record, snapshot);
    const g = this.growth.get(record.streamId) ?? { streamId: record.streamId, machineId: record.machineId, records: 0, recordBytes: 0, snapshots: 0, snapshotBytes: 0 };
    g.records++;
    g.recordBytes += sizeOf(record);
    if (snapshot) {
      g.snapshots++;
      g.snapshotBytes += sizeOf(snapshot);
    }
    this.growth.set(record.streamId, g);
  }
  totals(): { records: number; bytes: number } {
    let records = 0;
    let bytes = 0;
    for (const g of this.growth.values()) {
      records += g.records;
      bytes += g.recordBytes + g.snapshotBytes;
    }
    return { records, bytes };
  }
}

/** The gateway as a Safe nobody touches sees it: the same answers on every call (from `changed()` on, the Safe info after a change). */
function steadyGateway(changed: () => boolean): GatewayClient {
  const stub = {
    getChainsConfig: async () => ({ count: 1, next: null, previous: null, results: [chain] }),
    getSafeInfo: async () => structuredClone(changed() ? safeInfoChanged : sampleSafeInfo),
    getBalances: async () => structuredClone(balances),
    getFiatCurrencies: async () => [...fiatCodes],
    getTransactionQueue: async () => structuredClone(sampleQueuePage),
  };
  return stub as unknown as GatewayClient;
}

export interface SoakOptions {
  hours: number;
  /** Moves time by `ms` and lets what it set off run. */
  advance: (ms: number) => Promise<void>;
  /** A clock for the actors (xstate's SimulatedClock); default the global timers (faked by the caller). */
  clock?: Pick<SimulatedClock, 'setTimeout' | 'clearTimeout'>;
  /** Whether the session's writers leave out unchanged spans (default: as the app does). */
  elideUnchanged?: boolean;
  /** From this visible hour on, the gateway answers a changed Safe info (new nonce and tags): that poll is written. */
  changeAtHour?: number;
  /** Lets the writers' async work (hashing) finish. */
  settle?: () => Promise<void>;
}

const config: RuntimeConfig = { gatewayUrl: 'http://gateway.test', rpcOverrides: {}, devnet: null };

export async function runEventLogSoak(options: SoakOptions): Promise<SoakResult> {
  const store = new CountingStore();
  const rootStreamId = 'appSession:soak';
  const instances = new Map<string, number>();
  const capture = createEventCapture({
    store: store as EventStore,
    machines: BOOT_MACHINES,
    // As src/root.ts: the root's stream, and one stream per logged child under it.
    streamIdFor: (actor) => {
      if (actor.isRoot) return rootStreamId;
      const key = `${actor.machineId}:${actor.actorId}`;
      const instance = (instances.get(key) ?? 0) + 1;
      instances.set(key, instance);
      return `${rootStreamId}/${key}#${instance}`;
    },
    elideUnchanged: options.elideUnchanged ?? true,
    onFailure: (streamId, error) => {
      throw new Error(`soak: write to ${streamId} failed: ${error.message}`);
    },
  });
  let hour = 0;
  const gateway = steadyGateway(() => options.changeAtHour !== undefined && hour >= options.changeAtHour);
  const actor = createActor(
    appSessionMachine.provide({
      actors: {
        ...effectActors<AppSessionEffects>({
          loadConfig: async () => config,
          probeGateway: async () => ({ chainCount: 1, chains: [{ chainId: chain.chainId, chainName: chain.chainName }] }),
          retrySaving: async () => undefined,
        }),
        walletConnection: walletConnectionMachine.provide({ actors: { restoreWallet: fromPromise<ConnectResult>(async () => null) } }),
        addressBook: addressBookMachine.provide({ actors: { loadEntries: fromPromise<AddressBookEntry[]>(async () => []) } }),
        safeSession: provideSafeSessionServices(safeSessionMachine, gateway),
      },
      actions: { notifyFlows: () => undefined, restoreFlows: () => undefined, pushLocation: () => undefined },
    }),
    {
      input: { location: { path: '/home', search: `?safe=devnet:${SAFE}` }, theme: 'light', visible: true },
      inspect: capture.inspect,
      ...(options.clock ? { clock: options.clock } : {}),
    },
  );
  actor.start();
  const settle = options.settle ?? (() => capture.flush());
  await options.advance(0);
  await waitFor(actor, (s) => s.matches({ running: { gateway: 'gatewayOnline' } }) && s.children.safeSession?.getSnapshot().matches({ ready: { balances: 'loaded' } }) === true);
  await options.advance(0);
  await settle();
  // The writers leave out unchanged spans once the elision code has loaded (at once here; src/root.ts waits 20 s).
  const elideUnchanged = options.elideUnchanged ?? true;
  for (let i = 0; i < 10_000 && elideUnchanged && !capture.streamIds().every((id) => capture.writer(id)?.eliding); i++) await new Promise((resolve) => setImmediate(resolve));
  if (elideUnchanged && !capture.streamIds().every((id) => capture.writer(id)?.eliding)) throw new Error('soak: the elision code did not load');
  const samples: SoakSample[] = [{ hour: 0, ...store.totals() }];
  const steps = HOUR_MS / STEP_MS;
  for (hour = 1; hour <= options.hours; hour++) {
    for (let i = 0; i < steps; i++) await options.advance(STEP_MS);
    await settle();
    samples.push({ hour, ...store.totals() });
  }
  await capture.flush();
  const end = store.totals();
  samples[samples.length - 1] = { hour: options.hours, ...end };
  const session = actor.getSnapshot().children.safeSession!;
  const safeSessionStreamId = capture.streamIds().find((id) => id.includes('/safeSession:'))!;
  const liveStates = new Map<string, { value: unknown; status: string; context: unknown }>();
  liveStates.set(rootStreamId, pick(actor.getSnapshot()));
  liveStates.set(safeSessionStreamId, pick(session.getSnapshot()));
  const elided = { spans: 0, records: 0 };
  for (const id of capture.streamIds()) {
    const e = capture.writer(id)?.elided() ?? { spans: 0, records: 0 };
    elided.spans += e.spans;
    elided.records += e.records;
  }
  actor.stop();
  return {
    hours: options.hours,
    store,
    streams: [...store.growth.values()].sort((a, b) => b.recordBytes + b.snapshotBytes - (a.recordBytes + a.snapshotBytes)),
    samples,
    bytesPerHour: (end.bytes - samples[0]!.bytes) / options.hours,
    totalBytes: end.bytes,
    elided,
    capture,
    safeSessionStreamId,
    rootStreamId,
    liveStates,
  };
}

function pick(snapshot: { value: unknown; status: string; context: unknown }) {
  return { value: snapshot.value, status: snapshot.status, context: snapshot.context };
}
