/**
 * The composition root: the only module that joins machines to real effects. It creates the root actor
 * (appSession) ONCE, outside React, and wires browser events (back/forward navigation) into it.
 */
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { appSessionMachine } from './machines/appSession/appSession.machine.ts';
import type { GatewayProbe, Theme } from './machines/appSession/appSession.types.ts';
import { parseLocation } from './machines/shared/routes.ts';
import { loadRuntimeConfig } from './services/config.ts';

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

export function createAppSession(): AppSessionActor {
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
    { input: { location: parseLocation(window.location.pathname + window.location.search), theme: initialTheme() } },
  );
  window.addEventListener('popstate', () => {
    const { path, search } = parseLocation(window.location.pathname + window.location.search);
    actor.send({ type: 'system.locationChanged', path, search });
  });
  return actor;
}
