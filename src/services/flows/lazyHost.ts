/**
 * The flow host behind a loader (decision 0019): the flows' machines, their effects (viem signing, hashing, ABI
 * encoding) and the flow host itself load when a flow is first opened, or after a reload when the open Safe has
 * an unfinished flow in the event log, not on every cold load. Until then no flow runs: the state is empty and
 * `broadcast` has no one to tell. `open` loads the host, then opens the flow (rejecting with the host's text when no
 * Safe is open: the host's own check) and resolves with the flow once the host has loaded. Events broadcast while
 * the host loads (a wallet that reconnects meanwhile) reach the flows it restores, as they would have without
 * the wait.
 */
import type { AnyEventObject } from 'xstate';
import { openFlowStreamOf, type FlowEntry, type FlowRequest, type FlowsPort, type FlowsState } from '../../machines/shared/flows.ts';
import type { EventStore } from '../eventLog/types.ts';
import type { FlowHost } from './flowHost.ts';

export interface LazyFlowHostOptions {
  /** Loads and creates the real flow host (once). */
  load: () => Promise<FlowHost>;
  /** The event log the flows write to: an open `flow/…` stream of a Safe means a flow to restore. */
  store: Pick<EventStore, 'listStreams'>;
}

export interface LazyFlowHost extends FlowsPort {
  open(request: FlowRequest): Promise<FlowEntry>;
  broadcast(event: AnyEventObject): void;
  /** Resumes the Safe's unfinished flows; loads the host only when the event log has one. */
  restore(safeKey: string): Promise<void>;
  /** The real host, loading it if needed (hand-overs from Safe Apps). */
  load(): Promise<FlowHost>;
}

const EMPTY: FlowsState = { flows: [], problems: [] };

export function createLazyFlowHost(options: LazyFlowHostOptions): LazyFlowHost {
  let host: FlowHost | null = null;
  let loading: Promise<FlowHost> | null = null;
  const listeners = new Set<() => void>();
  const checked = new Set<string>();
  let pending: AnyEventObject[] = [];
  const deliverPending = (loaded: FlowHost) => {
    const events = pending;
    pending = [];
    for (const event of events) loaded.broadcast(event);
  };

  const load = (): Promise<FlowHost> => {
    loading ??= options.load().then(
      (loaded) => {
        host = loaded;
        loaded.subscribe(() => listeners.forEach((listener) => listener()));
        listeners.forEach((listener) => listener());
        return loaded;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  async function hasOpenFlows(safeKey: string): Promise<boolean> {
    const streams = await options.store.listStreams();
    return streams.some((head) => openFlowStreamOf(head, safeKey) !== null);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => host?.getState() ?? EMPTY,
    async open(request) {
      if (host) return host.open(request);
      const loaded = await load();
      deliverPending(loaded);
      return loaded.open(request);
    },
    broadcast(event) {
      // Once queued, events keep their order: the host gets new ones only after the queued ones.
      if (host && !pending.length) host.broadcast(event);
      else if (loading) pending.push(event);
    },
    async restore(safeKey) {
      if (host) return host.restore(safeKey);
      if (checked.has(safeKey)) return;
      checked.add(safeKey);
      if (!(await hasOpenFlows(safeKey))) return;
      const loaded = await load();
      await loaded.restore(safeKey);
      deliverPending(loaded);
    },
    load,
    signingPackages: async () => (await load()).signingPackages!(),
  };
}
