/**
 * The composition root: the only module that joins machines to real effects. It creates the root actor
 * (appSession) ONCE, outside React, wires browser events (back/forward navigation) into it, and starts the
 * event log: every event the root receives is captured through `inspect` into its own stream in IndexedDB.
 */
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { name as appName, version as appVersion } from '../package.json';
import { appSessionMachine } from './machines/appSession/appSession.machine.ts';
import type { GatewayProbe, Theme } from './machines/appSession/appSession.types.ts';
import { MACHINES } from './machines/registry.ts';
import { parseLocation } from './machines/shared/routes.ts';
import { loadRuntimeConfig } from './services/config.ts';
import { AUDIT_CHANNEL, createAuditService, createEventCapture, deferredStore, IdbEventStore, type AuditService, type LockManagerLike } from './services/eventLog/index.ts';

export type AppSessionActor = ActorRefFrom<typeof appSessionMachine>;

const THEME_KEY = 'countersign.theme';

function initialTheme(): Theme {
  const stored = window.localStorage.getItem(THEME_KEY);
  if (stored === 'dark' || stored === 'light') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

async function probeGateway(gatewayUrl: string): Promise<GatewayProbe> {
  let response: Response;
  try {
    response = await fetch(`${gatewayUrl}/v1/chains`, { headers: { accept: 'application/json' } });
  } catch {
    throw new Error(`Gateway unreachable at ${gatewayUrl}`);
  }
  if (!response.ok) throw new Error(`Gateway answered ${response.status} ${response.statusText}`.trim());
  const body: unknown = await response.json().catch(() => null);
  const results = (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) throw new Error('Invalid response content: the gateway did not list chains');
  return { chainCount: results.length };
}

export interface App {
  appSession: AppSessionActor;
  audit: AuditService;
}

/** One stream per page load for the root actor; ids sort by start time. */
function newSessionStreamId(): string {
  return `appSession:${new Date().toISOString()}:${crypto.randomUUID().slice(0, 8)}`;
}

export function createApp(): App {
  const streamId = newSessionStreamId();
  const store = deferredStore(IdbEventStore.open());
  void navigator.storage?.persist?.().catch(() => false);
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(AUDIT_CHANNEL) : null;
  let audit: AuditService | null = null;
  const instances = new Map<string, number>();
  const capture = createEventCapture({
    store,
    machines: MACHINES,
    // The root's events go to the session stream; every registered machine running as a child (a transaction
    // or message flow, …) gets a stream per instance.
    streamIdFor: (actor) => {
      if (actor.isRoot) return streamId;
      const key = `${actor.machineId}:${actor.actorId}`;
      const instance = (instances.get(key) ?? 0) + 1;
      instances.set(key, instance);
      return `${streamId}/${key}#${instance}`;
    },
    locks: (navigator.locks as unknown as LockManagerLike | undefined) ?? null,
    // A failed write is never silent: the root moves to its visible persistenceFailed state.
    onFailure: (failedStream, error) => actor.send({ type: 'system.persistenceFailed', streamId: failedStream, message: `${error.name}: ${error.message}` }),
    onAppend: (record) => audit?.notifyAppended(record),
  });
  audit = createAuditService({ store, capture, machines: MACHINES, app: { name: appName, version: appVersion }, currentStreamId: streamId, channel });
  const actor = createActor(
    appSessionMachine.provide({
      actors: {
        loadConfig: fromPromise(() => loadRuntimeConfig(fetch, import.meta.env.BASE_URL, import.meta.env)),
        probeGateway: fromPromise(({ input }) => probeGateway(input.gatewayUrl)),
      },
      actions: {
        pushLocation: (_, params) => window.history.pushState(null, '', params.href),
        persistTheme: (_, params) => window.localStorage.setItem(THEME_KEY, params.theme),
      },
    }),
    {
      input: { location: parseLocation(window.location.pathname + window.location.search), theme: initialTheme() },
      inspect: capture.inspect,
    },
  );
  window.addEventListener('popstate', () => {
    const { path, search } = parseLocation(window.location.pathname + window.location.search);
    actor.send({ type: 'system.locationChanged', path, search });
  });
  return { appSession: actor, audit };
}
