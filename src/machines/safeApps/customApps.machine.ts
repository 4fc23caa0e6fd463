/**
 * customApps: the /apps/custom screen. Adding refuses a URL the rule of decision 0052 does not accept (https
 * only; on the devnet, `localHttpApps`, also http on this computer), reads `<url>/manifest.json`, shows the app
 * with the unknown-app warning and adds it only after the user accepts the risk; removing asks for confirmation.
 *
 *   loading ─► ready ─► fetchingManifest ─► confirmingAdd ─► saving ─► ready
 *                 └───► confirmingRemove ─► removing ─► ready
 *
 * Named effects: actors `loadCustomApps`, `fetchManifest`, `saveCustomApp`, `removeCustomApp`.
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { appUrlRefusal, CustomAppErrors, errorText, hasCustomApp, normalizeAppUrl } from './safeApps.logic.ts';
import type { AppManifest, CustomAppsContext, CustomAppsEffects, CustomAppsEvent, CustomAppsInput, CustomSafeApp } from './safeApps.types.ts';

const urlOf = (event: CustomAppsEvent): string => (event.type === 'user.add' ? event.url : '');

export const customAppsMachine = setup({
  types: {
    context: {} as CustomAppsContext,
    events: {} as CustomAppsEvent,
    input: {} as CustomAppsInput,
  },
  actors: {
    ...effectPlaceholders<CustomAppsEffects>(
      { loadCustomApps: true, fetchManifest: true, saveCustomApp: true, removeCustomApp: true },
      'src/services/bridge.ts',
    ),
  },
  guards: {
    isUrlInvalid: ({ event }) => normalizeAppUrl(urlOf(event)) === null,
    /** A well-formed URL this build does not open: http outside the devnet, or http elsewhere than this computer. */
    isUrlNotAllowed: ({ context, event }) => appUrlRefusal(urlOf(event), context.localHttpApps) !== null,
    isDuplicate: ({ context, event }) => hasCustomApp(context.apps, urlOf(event)),
    isRiskAccepted: ({ context }) => context.riskAccepted,
    isListedApp: ({ context, event }) => event.type === 'user.remove' && context.apps.some((app) => app.url === event.url),
  },
  actions: {
    /** The chain's custom apps as the store answered them. */
    storeApps: assign((_, apps: CustomSafeApp[]) => ({ apps })),
    clearError: assign({ error: null }),
    /** The effect's error text, or `fallback` when it has none. */
    showError: assign((_, { error, fallback }: { error: unknown; fallback: string }) => ({ error: errorText(error, fallback) })),
    rejectInvalidUrl: assign({ error: CustomAppErrors.invalidUrl }),
    rejectUrlNotAllowed: assign(({ context, event }) => ({ error: appUrlRefusal(urlOf(event), context.localHttpApps) })),
    rejectDuplicate: assign({ error: CustomAppErrors.duplicate }),
    rejectNotASafeApp: assign({ error: CustomAppErrors.notASafeApp }),
    /** A new add: the URL (normalised) whose manifest is read next. */
    startAdding: assign((_, { url }: { url: string }) => ({ draftUrl: normalizeAppUrl(url) ?? '', manifest: null, riskAccepted: false, error: null })),
    clearDraftUrl: assign({ draftUrl: '' }),
    storeManifest: assign((_, manifest: AppManifest) => ({ manifest })),
    toggleRisk: assign(({ context }) => ({ riskAccepted: !context.riskAccepted })),
    /** The add is over (saved or cancelled): the form is empty again. */
    resetDraft: assign({ draftUrl: '', manifest: null, riskAccepted: false, error: null }),
    askRemove: assign((_, { url }: { url: string }) => ({ removing: url, error: null })),
    forgetRemoval: assign({ removing: null }),
  },
}).createMachine({
  id: 'customApps',
  context: ({ input }) => ({ ...input, localHttpApps: input.localHttpApps ?? false, apps: [], draftUrl: '', manifest: null, riskAccepted: false, removing: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'Reading the custom apps of this chain' },
      tags: ['busy'],
      invoke: {
        id: 'loadCustomApps',
        src: 'loadCustomApps',
        input: ({ context }) => ({ chainId: context.chainId }),
        onDone: { target: 'ready', actions: [{ type: 'storeApps', params: ({ event }) => event.output }, 'clearError'] },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error, fallback: 'The custom apps could not be loaded.' }) } },
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
          { guard: 'isUrlInvalid', actions: 'rejectInvalidUrl' },
          { guard: 'isUrlNotAllowed', actions: 'rejectUrlNotAllowed' },
          { guard: 'isDuplicate', actions: 'rejectDuplicate' },
          { target: 'fetchingManifest', actions: { type: 'startAdding', params: ({ event }) => ({ url: event.url }) } },
        ],
        'user.remove': { guard: 'isListedApp', target: 'confirmingRemove', actions: { type: 'askRemove', params: ({ event }) => ({ url: event.url }) } },
      },
    },
    fetchingManifest: {
      meta: { description: 'Reading the app’s manifest.json' },
      tags: ['busy'],
      on: { 'user.cancel': { target: 'ready', actions: 'clearDraftUrl' } },
      invoke: {
        id: 'fetchManifest',
        src: 'fetchManifest',
        input: ({ context }) => ({ url: context.draftUrl }),
        onDone: { target: 'confirmingAdd', actions: { type: 'storeManifest', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: 'rejectNotASafeApp' },
      },
    },
    confirmingAdd: {
      meta: { description: 'The app found, with the unknown-app warning; added only when the user accepts the risk' },
      on: {
        'user.toggleRisk': { actions: 'toggleRisk' },
        'user.confirmAdd': { guard: 'isRiskAccepted', target: 'saving' },
        'user.cancel': { target: 'ready', actions: 'resetDraft' },
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
        onDone: { target: 'ready', actions: [{ type: 'storeApps', params: ({ event }) => event.output }, 'resetDraft'] },
        onError: { target: 'confirmingAdd', actions: { type: 'showError', params: ({ event }) => ({ error: event.error, fallback: 'The app could not be saved.' }) } },
      },
    },
    confirmingRemove: {
      meta: { description: 'Asking the user to confirm removing a custom app' },
      on: {
        'user.confirmRemove': 'removing',
        'user.cancel': { target: 'ready', actions: 'forgetRemoval' },
      },
    },
    removing: {
      meta: { description: 'Removing the custom app' },
      tags: ['busy'],
      invoke: {
        id: 'removeCustomApp',
        src: 'removeCustomApp',
        input: ({ context }) => ({ chainId: context.chainId, url: context.removing ?? '' }),
        onDone: { target: 'ready', actions: [{ type: 'storeApps', params: ({ event }) => event.output }, 'forgetRemoval'] },
        onError: {
          target: 'ready',
          actions: ['forgetRemoval', { type: 'showError', params: ({ event }) => ({ error: event.error, fallback: 'The app could not be removed.' }) }],
        },
      },
    },
  },
});

export type CustomAppsMachine = typeof customAppsMachine;
