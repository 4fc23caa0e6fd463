/**
 * safeAppsList: the /apps screen. Loads the gateway's apps for the chain (DOMAIN_ALLOWLIST decided on our
 * origin, and checked again here) with the pinned app ids, then filters by search, category and the
 * BATCHED_TRANSACTIONS feature, and pins/unpins apps.
 *
 * Named effects: actor `loadSafeApps`; action `savePinned`.
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
  },
  actions: {
    savePinned: (_, _params: SavePinnedParams) => {},
  },
}).createMachine({
  id: 'safeAppsList',
  context: ({ input }) => ({ ...input, apps: [], pinned: [], query: '', tag: null, batchedOnly: false, error: null }),
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
        'user.togglePin': {
          actions: [
            assign({ pinned: ({ context, event }) => togglePinned(context.pinned, event.appId) }),
            { type: 'savePinned', params: ({ context }) => ({ chainId: context.chainId, appIds: context.pinned }) },
          ],
        },
      },
    },
  },
});

export type SafeAppsListMachine = typeof safeAppsListMachine;
