/**
 * customApps: the /apps/custom screen. Adding reads `<url>/manifest.json`, shows the app with the unknown-app
 * warning and adds it only after the user accepts the risk; removing asks for confirmation.
 *
 *   loading ─► ready ─► fetchingManifest ─► confirmingAdd ─► saving ─► ready
 *                 └───► confirmingRemove ─► removing ─► ready
 *
 * Named effects: actors `loadCustomApps`, `fetchManifest`, `saveCustomApp`, `removeCustomApp`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { CustomAppErrors, errorText, hasCustomApp, normalizeAppUrl } from './safeApps.logic.ts';
import type {
  AppManifest,
  CustomAppsContext,
  CustomAppsEvent,
  CustomAppsInput,
  CustomSafeApp,
  FetchManifestInput,
  RemoveCustomAppInput,
  SaveCustomAppInput,
} from './safeApps.types.ts';

const placeholder = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is provided by the composition root`);
};

const urlOf = (event: CustomAppsEvent): string => (event.type === 'user.add' ? event.url : '');

export const customAppsMachine = setup({
  types: {
    context: {} as CustomAppsContext,
    events: {} as CustomAppsEvent,
    input: {} as CustomAppsInput,
  },
  actors: {
    loadCustomApps: fromPromise<CustomSafeApp[], CustomAppsInput>(placeholder('loadCustomApps')),
    fetchManifest: fromPromise<AppManifest, FetchManifestInput>(placeholder('fetchManifest')),
    saveCustomApp: fromPromise<CustomSafeApp[], SaveCustomAppInput>(placeholder('saveCustomApp')),
    removeCustomApp: fromPromise<CustomSafeApp[], RemoveCustomAppInput>(placeholder('removeCustomApp')),
  },
  guards: {
    isUrlInvalid: ({ event }) => normalizeAppUrl(urlOf(event)) === null,
    isDuplicate: ({ context, event }) => hasCustomApp(context.apps, urlOf(event)),
    isRiskAccepted: ({ context }) => context.riskAccepted,
    isListedApp: ({ context, event }) => event.type === 'user.remove' && context.apps.some((app) => app.url === event.url),
  },
}).createMachine({
  id: 'customApps',
  context: ({ input }) => ({ ...input, apps: [], draftUrl: '', manifest: null, riskAccepted: false, removing: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'Reading the custom apps of this chain' },
      tags: ['busy'],
      invoke: {
        id: 'loadCustomApps',
        src: 'loadCustomApps',
        input: ({ context }) => ({ chainId: context.chainId }),
        onDone: { target: 'ready', actions: assign({ apps: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, 'The custom apps could not be loaded.') }) },
      },
    },
    failed: {
      meta: { description: 'The custom apps could not be loaded' },
      on: { 'user.retry': 'loading' },
    },
    ready: {
      meta: { description: 'The custom apps, with the add form' },
      on: {
        'user.add': [
          { guard: 'isUrlInvalid', actions: assign({ error: CustomAppErrors.invalidUrl }) },
          { guard: 'isDuplicate', actions: assign({ error: CustomAppErrors.duplicate }) },
          {
            target: 'fetchingManifest',
            actions: assign({ draftUrl: ({ event }) => normalizeAppUrl(event.url) ?? '', manifest: null, riskAccepted: false, error: null }),
          },
        ],
        'user.remove': { guard: 'isListedApp', target: 'confirmingRemove', actions: assign({ removing: ({ event }) => event.url, error: null }) },
      },
    },
    fetchingManifest: {
      meta: { description: 'Reading the app’s manifest.json' },
      tags: ['busy'],
      on: { 'user.cancel': { target: 'ready', actions: assign({ draftUrl: '' }) } },
      invoke: {
        id: 'fetchManifest',
        src: 'fetchManifest',
        input: ({ context }) => ({ url: context.draftUrl }),
        onDone: { target: 'confirmingAdd', actions: assign({ manifest: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: assign({ error: CustomAppErrors.notASafeApp }) },
      },
    },
    confirmingAdd: {
      meta: { description: 'The app found, with the unknown-app warning; added only when the user accepts the risk' },
      on: {
        'user.toggleRisk': { actions: assign({ riskAccepted: ({ context }) => !context.riskAccepted }) },
        'user.confirmAdd': { guard: 'isRiskAccepted', target: 'saving' },
        'user.cancel': { target: 'ready', actions: assign({ draftUrl: '', manifest: null, riskAccepted: false, error: null }) },
      },
    },
    saving: {
      meta: { description: 'Storing the custom app' },
      tags: ['busy'],
      invoke: {
        id: 'saveCustomApp',
        src: 'saveCustomApp',
        input: ({ context }) => ({
          chainId: context.chainId,
          app: {
            url: context.draftUrl,
            name: context.manifest?.name ?? context.draftUrl,
            description: context.manifest?.description ?? '',
            iconUrl: context.manifest?.iconUrl ?? null,
            chainIds: [context.chainId],
          },
        }),
        onDone: { target: 'ready', actions: assign({ apps: ({ event }) => event.output, draftUrl: '', manifest: null, riskAccepted: false, error: null }) },
        onError: { target: 'confirmingAdd', actions: assign({ error: ({ event }) => errorText(event.error, 'The app could not be saved.') }) },
      },
    },
    confirmingRemove: {
      meta: { description: 'Asking the user to confirm removing a custom app' },
      on: {
        'user.confirmRemove': 'removing',
        'user.cancel': { target: 'ready', actions: assign({ removing: null }) },
      },
    },
    removing: {
      meta: { description: 'Removing the custom app' },
      tags: ['busy'],
      invoke: {
        id: 'removeCustomApp',
        src: 'removeCustomApp',
        input: ({ context }) => ({ chainId: context.chainId, url: context.removing ?? '' }),
        onDone: { target: 'ready', actions: assign({ apps: ({ event }) => event.output, removing: null }) },
        onError: { target: 'ready', actions: assign({ removing: null, error: ({ event }) => errorText(event.error, 'The app could not be removed.') }) },
      },
    },
  },
});

export type CustomAppsMachine = typeof customAppsMachine;
