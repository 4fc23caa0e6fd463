/**
 * appSession: the root of the app. It loads the runtime configuration, checks that the gateway answers, and
 * owns the pieces of UI state every screen shares (location, theme). Later flows are spawned from here.
 *
 * Effects are named, never imported: `loadConfig` and `probeGateway` (actors), `pushLocation` and
 * `persistTheme` (actions). The composition root (src/root.ts) provides the real ones.
 */
import { assign, enqueueActions, fromPromise, setup, spawnChild } from 'xstate';
import { addressBookMachine } from '../addressBook/addressBook.machine.ts';
import { safeSessionMachine } from '../safeSession/safeSession.machine.ts';
import { hrefFor, parseLocation, parseSafeParam } from '../shared/routes.ts';
import { walletConnectionMachine } from '../walletConnection/walletConnection.machine.ts';
import type { AppSessionContext, AppSessionEvent, AppSessionInput, GatewayProbe, RuntimeConfig, Theme } from './appSession.types.ts';

export const APP_SESSION_ID = 'appSession';
/** Stable ids of the root's children. */
export const WALLET_CHILD = 'wallet';
export const ADDRESS_BOOK_CHILD = 'addressBook';
export const SAFE_SESSION_CHILD = 'safeSession';

/**
 * The text shown for an effect's error. Accepts an Error or its logged JSON form (`{name, message}`), so a
 * replay from the event log yields exactly the context the live actor had.
 */
function errorText(error: unknown): string {
  if (typeof error === 'string' && error) return error;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return 'Oops, something went wrong!';
}

export const appSessionMachine = setup({
  types: {
    context: {} as AppSessionContext,
    events: {} as AppSessionEvent,
    input: {} as AppSessionInput,
    children: {} as { wallet: 'walletConnection'; addressBook: 'addressBook'; safeSession: 'safeSession' },
  },
  actors: {
    loadConfig: fromPromise<RuntimeConfig>(async () => {
      throw new Error('loadConfig is provided by the composition root');
    }),
    probeGateway: fromPromise<GatewayProbe, { gatewayUrl: string }>(async () => {
      throw new Error('probeGateway is provided by the composition root');
    }),
    // Children. The composition root provides each with its real effects.
    walletConnection: walletConnectionMachine,
    addressBook: addressBookMachine,
    safeSession: safeSessionMachine,
  },
  actions: {
    /**
     * Keeps exactly one safeSession child for the Safe named in `?safe=`: started when a Safe is opened,
     * replaced when another one is, stopped when the parameter goes away.
     */
    syncSafeSession: enqueueActions(({ context, enqueue }) => {
      const safe = parseSafeParam(context.location.search);
      const key = safe ? `${safe.shortName}:${safe.address.toLowerCase()}` : null;
      if (key === context.openSafe) return;
      if (context.openSafe) enqueue.stopChild(SAFE_SESSION_CHILD);
      if (safe) {
        enqueue.spawnChild('safeSession', { id: SAFE_SESSION_CHILD, input: { safe } });
      }
      enqueue.assign({ openSafe: key });
    }),
    pushLocation: (_, _params: { href: string }) => {},
    persistTheme: (_, _params: { theme: Theme }) => {},
  },
}).createMachine({
  id: APP_SESSION_ID,
  context: ({ input }) => ({
    location: input.location,
    theme: input.theme,
    config: null,
    chainCount: null,
    error: null,
    persistenceError: null,
    openSafe: null,
  }),
  on: {
    'system.locationChanged': {
      actions: assign({ location: ({ event }) => ({ path: event.path, search: event.search }) }),
    },
    // The event log could not save an event: stop, visibly, rather than act without an audit trail.
    'system.persistenceFailed': {
      target: '.persistenceFailed',
      actions: assign({ persistenceError: ({ event }) => `${event.message} (stream ${event.streamId})` }),
    },
  },
  initial: 'booting',
  states: {
    booting: {
      meta: { description: 'Loading the runtime configuration' },
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        onDone: { target: 'running', actions: assign({ config: ({ event }) => event.output, error: null }) },
        onError: { target: 'configError', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    configError: {
      meta: { description: 'The configuration could not be read' },
      on: { 'user.retry': { target: 'booting' } },
    },
    persistenceFailed: {
      meta: { description: 'The event log could not be saved; the app stopped so that nothing goes unrecorded' },
    },
    running: {
      entry: [
        spawnChild('walletConnection', { id: WALLET_CHILD }),
        spawnChild('addressBook', { id: ADDRESS_BOOK_CHILD }),
        'syncSafeSession',
      ],
      on: {
        'system.locationChanged': {
          actions: [assign({ location: ({ event }) => ({ path: event.path, search: event.search }) }), 'syncSafeSession'],
        },
        'user.navigate': {
          actions: [
            assign({ location: ({ context, event }) => parseLocation(hrefFor(event.to, context.location)) }),
            { type: 'pushLocation', params: ({ context }) => ({ href: context.location.path + context.location.search }) },
            'syncSafeSession',
          ],
        },
        'user.toggleTheme': {
          actions: [
            assign({ theme: ({ context }) => (context.theme === 'dark' ? 'light' : 'dark') }),
            { type: 'persistTheme', params: ({ context }) => ({ theme: context.theme }) },
          ],
        },
      },
      initial: 'checkingGateway',
      states: {
        checkingGateway: {
          meta: { description: 'Checking that the gateway answers' },
          tags: ['loading'],
          invoke: {
            id: 'probeGateway',
            src: 'probeGateway',
            input: ({ context }) => ({ gatewayUrl: context.config?.gatewayUrl ?? '' }),
            onDone: {
              target: 'gatewayOnline',
              actions: assign({ chainCount: ({ event }) => event.output.chainCount, error: null }),
            },
            onError: { target: 'gatewayUnreachable', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        gatewayOnline: { meta: { description: 'The gateway answers' } },
        gatewayUnreachable: {
          meta: { description: 'The gateway does not answer' },
          on: { 'user.retry': { target: 'checkingGateway' } },
        },
      },
    },
  },
});

export type AppSessionMachine = typeof appSessionMachine;
