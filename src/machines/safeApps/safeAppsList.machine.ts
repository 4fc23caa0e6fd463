/**
 * safeAppsList: the /apps screen. Loads the gateway's apps for the chain (DOMAIN_ALLOWLIST decided on our
 * origin, and checked again here) with the pinned app ids, then filters by search, category and the
 * BATCHED_TRANSACTIONS feature, and pins/unpins apps.
 *
 * Named effects: actors `loadSafeApps` and `savePinned`. A pin shows only once it is stored, so a reload
 * right after pinning keeps it; a failed write says so and leaves the pins as they were.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorText, isAllowedOn, togglePinned } from './safeApps.logic.ts';
import type { LoadSafeAppsOutput, SafeAppsListContext, SafeAppsListEvent, SafeAppsListInput, SavePinnedParams } from './safeApps.types.ts';

export const safeAppsListMachine = setup({
  types: {
    context: {} as SafeAppsListContext,
    events: {} as SafeAppsListEvent,
    input: {} as SafeAppsListInput,
  },
  actors: {
    loadSafeApps: fromPromise<LoadSafeAppsOutput, SafeAppsListInput>(async () => {
      throw new Error('loadSafeApps is provided by the composition root');
    }),
    savePinned: fromPromise<void, SavePinnedParams>(async () => {
      throw new Error('savePinned is provided by the composition root');
    }),
  },
}).createMachine({
  id: 'safeAppsList',
  context: ({ input }) => ({ ...input, apps: [], pinned: [], query: '', tag: null, batchedOnly: false, error: null, pinError: null, pendingPins: [] }),
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'Reading the Safe Apps of this chain and the pinned apps' },
      tags: ['busy'],
      invoke: {
        id: 'loadSafeApps',
        src: 'loadSafeApps',
        input: ({ context }) => ({ chainId: context.chainId, clientUrl: context.clientUrl }),
        onDone: {
          target: 'ready',
          actions: assign({
            apps: ({ context, event }) => event.output.apps.filter((app) => isAllowedOn(app, context.clientUrl)),
            pinned: ({ event }) => event.output.pinned,
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, 'The Safe Apps could not be loaded.') }) },
      },
    },
    failed: {
      meta: { description: 'The list could not be loaded' },
      on: { 'user.retry': 'loading' },
    },
    ready: {
      meta: { description: 'The apps, filtered as the user asks' },
      on: {
        'user.search': { actions: assign({ query: ({ event }) => event.query.slice(0, 100) }) },
        'user.selectTag': { actions: assign({ tag: ({ event }) => event.tag }) },
        'user.toggleBatched': { actions: assign({ batchedOnly: ({ context }) => !context.batchedOnly }) },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.togglePin': { target: 'savingPin', actions: assign({ pendingPins: ({ context, event }) => togglePinned(context.pinned, event.appId) }) },
          },
        },
        savingPin: {
          meta: { description: 'Storing the new pins on this device' },
          invoke: {
            id: 'savePinned',
            src: 'savePinned',
            input: ({ context }) => ({ chainId: context.chainId, appIds: context.pendingPins }),
            onDone: { target: 'idle', actions: assign({ pinned: ({ context }) => context.pendingPins, pendingPins: [], pinError: null }) },
            onError: { target: 'idle', actions: assign({ pendingPins: [], pinError: ({ event }) => `The pin could not be saved on this device. ${errorText(event.error, '')}`.trim() }) },
          },
        },
      },
    },
  },
});

export type SafeAppsListMachine = typeof safeAppsListMachine;
