/**
 * safeAppsList: the /apps screen. Loads the gateway's apps for the chain (DOMAIN_ALLOWLIST decided on our
 * origin, and checked again here) with the pinned app ids, then filters by search, category and the
 * BATCHED_TRANSACTIONS feature, and pins/unpins apps.
 *
 * Named effects: actors `loadSafeApps` and `savePinned`. A pin shows only once it is stored, so a reload
 * right after pinning keeps it; a failed write says so and leaves the pins as they were.
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { errorText, isAllowedOn, togglePinned } from './safeApps.logic.ts';
import type { LoadSafeAppsOutput, SafeAppsListContext, SafeAppsListEffects, SafeAppsListEvent, SafeAppsListInput } from './safeApps.types.ts';

export const safeAppsListMachine = setup({
  types: {
    context: {} as SafeAppsListContext,
    events: {} as SafeAppsListEvent,
    input: {} as SafeAppsListInput,
  },
  actors: {
    ...effectPlaceholders<SafeAppsListEffects>({ loadSafeApps: true, savePinned: true }, 'src/services/bridge.ts'),
  },
  actions: {
    /** The apps allowed on our origin (DOMAIN_ALLOWLIST checked again) and the pinned ids. */
    storeApps: assign(({ context }, { apps, pinned }: LoadSafeAppsOutput) => ({ apps: apps.filter((app) => isAllowedOn(app, context.clientUrl)), pinned, error: null })),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error, 'The Safe Apps could not be loaded.') })),
    /** The search text, at most 100 characters. */
    setQuery: assign((_, { query }: { query: string }) => ({ query: query.slice(0, 100) })),
    setTag: assign((_, { tag }: { tag: string | null }) => ({ tag })),
    toggleBatched: assign(({ context }) => ({ batchedOnly: !context.batchedOnly })),
    /** The pins with this app pinned or unpinned, to be stored. */
    stagePin: assign(({ context }, { appId }: { appId: number }) => ({ pendingPins: togglePinned(context.pinned, appId) })),
    /** The pins were stored: they show now. */
    commitPins: assign(({ context }) => ({ pinned: context.pendingPins, pendingPins: [], pinError: null })),
    /** The pins could not be stored: they stay as they were, and the error says so. */
    showPinError: assign((_, { error }: { error: unknown }) => ({
      pendingPins: [],
      pinError: `The pin could not be saved on this device. ${errorText(error, '')}`.trim(),
    })),
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
        onDone: { target: 'ready', actions: { type: 'storeApps', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      meta: { description: 'The list could not be loaded' },
      on: { 'user.retry': 'loading' },
    },
    ready: {
      meta: { description: 'The apps, filtered as the user asks' },
      on: {
        'user.search': { actions: { type: 'setQuery', params: ({ event }) => ({ query: event.query }) } },
        'user.selectTag': { actions: { type: 'setTag', params: ({ event }) => ({ tag: event.tag }) } },
        'user.toggleBatched': { actions: 'toggleBatched' },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.togglePin': { target: 'savingPin', actions: { type: 'stagePin', params: ({ event }) => ({ appId: event.appId }) } },
          },
        },
        savingPin: {
          meta: { description: 'Storing the new pins on this device' },
          invoke: {
            id: 'savePinned',
            src: 'savePinned',
            input: ({ context }) => ({ chainId: context.chainId, appIds: context.pendingPins }),
            onDone: { target: 'idle', actions: 'commitPins' },
            onError: { target: 'idle', actions: { type: 'showPinError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type SafeAppsListMachine = typeof safeAppsListMachine;
