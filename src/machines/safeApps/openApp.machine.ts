/**
 * openApp: /apps/open?appUrl=. Refuses a URL that is not http(s), an app on our own origin (S13) and an http app
 * outside the devnet or elsewhere than this computer (decision 0052: `localHttpApps`); reads the
 * app's info (gateway list, else its manifest) and the permissions stored for its origin; shows the info and
 * permissions prompt — with the unknown-app warning to accept when the app is not in the gateway's list — and
 * then runs the app in its sandboxed iframe with a bridge session (the `bridgeSession` child) answering it.
 *
 *   checking ─┬─► refused
 *             └─► loadingInfo ─┬─► prompt ─► running ─► closed
 *                              └─► failed ─► loadingInfo
 *
 * Named effects: actor `loadAppInfo`; child `bridgeSession` (src/machines/bridgeRequest, provided by the root).
 */
import { assign, setup } from 'xstate';
import { bridgeSessionMachine } from '../bridgeRequest/bridgeSession.machine.ts';
import { effectPlaceholders } from '../shared/effects.ts';
import { appOriginOf, appUrlRefusal, errorText } from './safeApps.logic.ts';
import type { AppInfo, OpenAppContext, OpenAppEffects, OpenAppEvent, OpenAppInput } from './safeApps.types.ts';

export const BRIDGE_SESSION_ID = 'bridgeSession';

export const openAppMachine = setup({
  types: {
    context: {} as OpenAppContext,
    events: {} as OpenAppEvent,
    input: {} as OpenAppInput,
  },
  actors: {
    ...effectPlaceholders<OpenAppEffects>({ loadAppInfo: true }, 'src/services/bridge.ts'),
    bridgeSession: bridgeSessionMachine,
  },
  guards: {
    isUrlInvalid: ({ context }) => context.appOrigin === null,
    isOwnOrigin: ({ context }) => context.appOrigin === context.hostOrigin,
    /** An http app this build does not open: outside the devnet, or not on this computer (decision 0052). */
    isUrlNotAllowed: ({ context }) => appUrlRefusal(context.appUrl, context.localHttpApps) !== null,
    canOpen: ({ context }) => context.info !== null && (context.info.listed || context.warningAccepted),
    /** The info names another origin than the one asked for (the frame and the bridge must agree), or ours. */
    isInfoElsewhere: ({ context }, info: AppInfo) => {
      const origin = appOriginOf(info.url);
      return origin === null || origin === context.hostOrigin || origin !== context.appOrigin;
    },
  },
  actions: {
    refuseInvalidUrl: assign({ refusal: 'invalidUrl' as const }),
    refuseSameOrigin: assign({ refusal: 'sameOrigin' as const }),
    refuseOriginMismatch: assign({ refusal: 'originMismatch' as const }),
    refuseInsecureUrl: assign({ refusal: 'insecureUrl' as const }),
    storeInfo: assign((_, info: AppInfo) => ({ info, error: null })),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error, 'The app could not be loaded.') })),
    toggleWarning: assign(({ context }) => ({ warningAccepted: !context.warningAccepted })),
  },
}).createMachine({
  id: 'openApp',
  context: ({ input }) => ({ ...input, localHttpApps: input.localHttpApps ?? false, appOrigin: appOriginOf(input.appUrl), refusal: null, info: null, warningAccepted: false, error: null }),
  initial: 'checking',
  states: {
    checking: {
      meta: { description: 'Checking the app URL and origin' },
      always: [
        { guard: 'isUrlInvalid', target: 'refused', actions: 'refuseInvalidUrl' },
        { guard: 'isOwnOrigin', target: 'refused', actions: 'refuseSameOrigin' },
        { guard: 'isUrlNotAllowed', target: 'refused', actions: 'refuseInsecureUrl' },
        { target: 'loadingInfo' },
      ],
    },
    refused: {
      meta: { description: 'The app cannot be opened (not an http(s) URL, on our own origin, or http outside the devnet)' },
      type: 'final',
    },
    loadingInfo: {
      meta: { description: 'Reading the app’s name, description and stored permissions' },
      tags: ['busy'],
      invoke: {
        id: 'loadAppInfo',
        src: 'loadAppInfo',
        input: ({ context }) => ({ appUrl: context.appUrl, chainId: context.chainId }),
        onDone: [
          { guard: { type: 'isInfoElsewhere', params: ({ event }) => event.output }, target: 'refused', actions: 'refuseOriginMismatch' },
          { target: 'prompt', actions: { type: 'storeInfo', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      meta: { description: 'The app’s info could not be read' },
      on: { 'user.retry': 'loadingInfo' },
    },
    prompt: {
      meta: { description: 'The app’s info, its permissions and (for an unknown app) the warning to accept' },
      on: {
        'user.toggleWarning': { actions: 'toggleWarning' },
        'user.openApp': { guard: 'canOpen', target: 'running' },
      },
    },
    running: {
      meta: { description: 'The app runs in its sandboxed iframe; its requests are answered by the bridge' },
      invoke: { id: BRIDGE_SESSION_ID, src: 'bridgeSession', input: ({ context }) => ({ appOrigin: context.appOrigin ?? '' }) },
      on: { 'user.closeApp': 'closed' },
    },
    closed: {
      meta: { description: 'The app was closed' },
      type: 'final',
    },
  },
});

export type OpenAppMachine = typeof openAppMachine;
