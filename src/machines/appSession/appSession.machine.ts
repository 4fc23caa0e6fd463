/**
 * appSession: the root of the app. It loads the runtime configuration, checks that the gateway answers, and
 * owns the pieces of UI state every screen shares (location, theme). Later flows are spawned from here.
 *
 * It is also where its children meet (decision 0031). The children report what the others need to know, and the
 * root passes it on as plain events, so the choreography is recorded in the root's stream and drawn in its diagram:
 *   - the wallet reports the connected account (`wallet.connectionChanged`): the Safe session learns it
 *     (`wallet.accountChanged`, read-only when it is not an owner) and running flows follow it (`notifyFlows`);
 *   - the Safe session reports its chain (`safeSession.chainResolved`): the wallet learns the chain it must be on
 *     (`system.requiredChainChanged`); closing the Safe clears it;
 *   - the Safe session reports that the Safe has loaded (`safeSession.safeLoaded`): the flows left unfinished for
 *     it come back (`restoreFlows`);
 *   - the gateway probe lists the chains: the wallet learns them (`system.supportedChainsChanged`);
 *   - page visibility and a flow that wrote to the gateway reach the Safe session.
 *
 * While running, two regions: the gateway check, and the event log (decision 0050). A write the event log cannot
 * save (storage full, storage unavailable) does not stop the app: it browses on, read-only, and signing is paused
 * (`eventLog.paused`, tagged `signingPaused`) until "Try again" has written what the log kept (`retrying`).
 *
 * Effects are named, never imported: `loadConfig`, `probeGateway` and `retrySaving` (actors), `pushLocation`, `persistTheme`, `persistTokenLogos`,
 * `notifyFlows` and `restoreFlows` (actions). The composition root (src/root.ts) provides the real ones.
 */
import { assign, enqueueActions, setup, spawnChild } from 'xstate';
import { addressBookMachine } from '../addressBook/addressBook.machine.ts';
import { safeSessionMachine } from '../safeSession/safeSession.machine.ts';
import { hrefFor, parseLocation, parseSafeParam } from '../shared/routes.ts';
import { walletConnectionMachine } from '../walletConnection/walletConnection.machine.ts';
import { safeKeyOf } from '../shared/flows.ts';
import { effectPlaceholders } from '../shared/effects.ts';
import type { Location } from '../shared/routes.ts';
import type {
  AppSessionContext,
  AppSessionEffects,
  AppSessionEvent,
  AppSessionInput,
  ConnectedAccount,
  GatewayProbe,
  RuntimeConfig,
  SaveFailure,
  Theme,
  ThemePreference,
} from './appSession.types.ts';

export const APP_SESSION_ID = 'appSession';
/** Stable ids of the root's children. */
export const WALLET_CHILD = 'wallet';
export const ADDRESS_BOOK_CHILD = 'addressBook';
export const SAFE_SESSION_CHILD = 'safeSession';
/** The tag of the states in which no flow may ask the wallet to sign or send: the event log cannot save. */
export const SIGNING_PAUSED_TAG = 'signingPaused';

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

/**
 * A failed write, with why in the user's terms from the error's name: a full quota (`QuotaExceededError`), storage
 * that could not be opened at all (`StorageUnavailableError`, from deferredStore), or another error.
 */
function saveFailureOf(streamId: string, error: unknown): SaveFailure {
  const name = String((error as { name?: unknown } | null)?.name ?? 'Error');
  const message = `${name}: ${errorText(error)}`;
  const cause = name === 'QuotaExceededError' || /quota/i.test(message) ? 'storageFull' : name === 'StorageUnavailableError' ? 'storageUnavailable' : 'other';
  return { streamId, message, cause };
}

export const appSessionMachine = setup({
  types: {
    context: {} as AppSessionContext,
    events: {} as AppSessionEvent,
    input: {} as AppSessionInput,
    children: {} as { wallet: 'walletConnection'; addressBook: 'addressBook'; safeSession: 'safeSession' },
  },
  actors: {
    ...effectPlaceholders<AppSessionEffects>({ loadConfig: true, probeGateway: true, retrySaving: true }, 'src/root.ts'),
    // Children. The composition root provides each with its real effects.
    walletConnection: walletConnectionMachine,
    addressBook: addressBookMachine,
    safeSession: safeSessionMachine,
  },
  guards: {
    /** The wallet reported another address than the one the root knows (a connect, a switch, a disconnect). */
    isOtherAccount: ({ context }, params: { account: ConnectedAccount | null }) => (context.account?.address ?? null) !== (params.account?.address ?? null),
    /** A write failed before the app was running (e.g. the storage did not open at boot): it starts paused. */
    saveHasFailed: ({ context }) => context.saveFailure !== null,
  },
  actions: {
    /**
     * Keeps exactly one safeSession child for the Safe named in `?safe=`: started when a Safe is opened,
     * replaced when another one is, stopped when the parameter goes away. Closing a Safe tells the wallet that no
     * chain is required any more; the new session reports its own chain once it knows it.
     */
    syncSafeSession: enqueueActions(({ context, enqueue }) => {
      const safe = parseSafeParam(context.location.search);
      const key = safe ? `${safe.shortName}:${safe.address.toLowerCase()}` : null;
      if (key === context.openSafe) return;
      if (context.openSafe) {
        enqueue.stopChild(SAFE_SESSION_CHILD);
        enqueue.sendTo(WALLET_CHILD, { type: 'system.requiredChainChanged', chainId: null });
      }
      if (safe) {
        enqueue.spawnChild('safeSession', {
          id: SAFE_SESSION_CHILD,
          input: { safe, walletAddress: context.account?.address ?? null, visible: context.visible },
        });
      }
      enqueue.assign({ openSafe: key });
    }),
    spawnWallet: spawnChild('walletConnection', { id: WALLET_CHILD }),
    spawnAddressBook: spawnChild('addressBook', { id: ADDRESS_BOOK_CHILD }),
    storeLocation: assign((_, location: Location) => ({ location: { path: location.path, search: location.search } })),
    /** Follows an in-app link: the new location, resolved against the current one. */
    followLink: assign(({ context }, params: { to: string }) => ({ location: parseLocation(hrefFor(params.to, context.location)) })),
    /** The header's toggle: the other theme, chosen explicitly. */
    toggleTheme: assign(({ context }) => {
      const theme: Theme = context.theme === 'dark' ? 'light' : 'dark';
      return { theme, themePreference: theme };
    }),
    storeThemePreference: assign(({ context }, params: { preference: ThemePreference }) => ({
      themePreference: params.preference,
      theme: params.preference === 'system' ? context.systemTheme : params.preference,
    })),
    storeSystemTheme: assign(({ context }, params: { theme: Theme }) => ({
      systemTheme: params.theme,
      theme: context.themePreference === 'system' ? params.theme : context.theme,
    })),
    storeTokenLogos: assign((_, params: { enabled: boolean }) => ({ tokenLogos: params.enabled })),
    storeConfig: assign((_, config: RuntimeConfig) => ({ config, error: null })),
    storeProbe: assign((_, probe: GatewayProbe) => ({ chainCount: probe.chainCount, error: null })),
    /** Tells the wallet the chains the gateway lists (a probe logged before decision 0031 has none to tell). */
    tellWalletChains: enqueueActions(({ enqueue }, probe: GatewayProbe) => {
      if (!probe.chains) return;
      enqueue.sendTo(WALLET_CHILD, {
        type: 'system.supportedChainsChanged',
        chainIds: probe.chains.map((c) => c.chainId),
        chainNames: Object.fromEntries(probe.chains.map((c) => [c.chainId, c.chainName])),
      });
    }),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    storePersistenceError: assign((_, params: { streamId: string; message: string }) => ({ persistenceError: `${params.message} (stream ${params.streamId})` })),
    storeSaveFailure: assign((_, params: { streamId: string; error: unknown }) => ({ saveFailure: saveFailureOf(params.streamId, params.error) })),
    /** "Try again" failed: the same stream as before, the new error. */
    storeRetryFailure: assign(({ context }, params: { error: unknown }) => ({ saveFailure: saveFailureOf(context.saveFailure?.streamId ?? '', params.error) })),
    clearSaveFailure: assign({ saveFailure: null }),
    storeAccount: assign((_, params: { account: ConnectedAccount | null }) => ({ account: params.account })),
    /** The open Safe's session learns the connected address (read-only when it is not an owner). */
    tellSessionAccount: enqueueActions(({ context, enqueue }, params: { account: ConnectedAccount | null }) => {
      if (context.openSafe) enqueue.sendTo(SAFE_SESSION_CHILD, { type: 'wallet.accountChanged', address: params.account?.address ?? null });
    }),
    /** The wallet learns the chain of the open Safe (null: none, or one the gateway does not list). */
    tellWalletRequiredChain: enqueueActions(({ enqueue }, params: { chainId: string | null }) => {
      enqueue.sendTo(WALLET_CHILD, { type: 'system.requiredChainChanged', chainId: params.chainId });
    }),
    storeVisibility: assign((_, params: { visible: boolean }) => ({ visible: params.visible })),
    tellSessionVisibility: enqueueActions(({ context, enqueue }, params: { visible: boolean }) => {
      if (context.openSafe) enqueue.sendTo(SAFE_SESSION_CHILD, { type: 'system.visibilityChanged', visible: params.visible });
    }),
    /** What a flow wrote shows now, not at the next 15 s poll: the session reloads its lists and Safe info. */
    tellSessionFlowSettled: enqueueActions(({ context, enqueue }) => {
      if (context.openSafe) enqueue.sendTo(SAFE_SESSION_CHILD, { type: 'system.flowSettled' });
    }),
    pushLocation: (_, _params: { href: string }) => {},
    persistTheme: (_, _params: { theme: ThemePreference }) => {},
    persistTokenLogos: (_, _params: { enabled: boolean }) => {},
    /** Running flows follow the wallet (a disconnect or an account switch mid-flow gets its own state there). */
    notifyFlows: (_, _params: { account: ConnectedAccount | null }) => {},
    /** The flows left unfinished for this Safe (a reload mid-flow) come back. */
    restoreFlows: (_, _params: { safeKey: string }) => {},
  },
}).createMachine({
  id: APP_SESSION_ID,
  context: ({ input }) => ({
    location: input.location,
    theme: input.theme,
    themePreference: input.themePreference ?? input.theme,
    systemTheme: input.systemTheme ?? input.theme,
    tokenLogos: input.tokenLogos ?? true,
    config: null,
    chainCount: null,
    error: null,
    persistenceError: null,
    saveFailure: null,
    openSafe: null,
    account: null,
    visible: input.visible ?? true,
  }),
  on: {
    'system.locationChanged': { actions: { type: 'storeLocation', params: ({ event }) => event } },
    // Logs written before decision 0050: the event log could not save an event and the app stopped. This build
    // never sends it (see system.saveFailed); it stays so that those logs replay.
    'system.persistenceFailed': {
      target: '.persistenceFailed',
      actions: { type: 'storePersistenceError', params: ({ event }) => event },
    },
    // A write failed before the app runs (the storage did not open at boot): remembered, the app starts paused.
    'system.saveFailed': { actions: { type: 'storeSaveFailure', params: ({ event }) => event } },
    'system.visibilityChanged': {
      actions: [
        { type: 'storeVisibility', params: ({ event }) => event },
        { type: 'tellSessionVisibility', params: ({ event }) => event },
      ],
    },
  },
  initial: 'booting',
  states: {
    booting: {
      meta: { description: 'Loading the runtime configuration' },
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        onDone: { target: 'running', actions: { type: 'storeConfig', params: ({ event }) => event.output } },
        onError: { target: 'configError', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    configError: {
      meta: { description: 'The configuration could not be read' },
      on: { 'user.retry': { target: 'booting' } },
    },
    persistenceFailed: {
      meta: { description: 'Logs before decision 0050: a write failed, the app stopped' },
    },
    running: {
      type: 'parallel',
      entry: ['spawnWallet', 'spawnAddressBook', 'syncSafeSession'],
      on: {
        'system.locationChanged': {
          actions: [{ type: 'storeLocation', params: ({ event }) => event }, 'syncSafeSession'],
        },
        'user.navigate': {
          actions: [
            { type: 'followLink', params: ({ event }) => event },
            { type: 'pushLocation', params: ({ context }) => ({ href: context.location.path + context.location.search }) },
            'syncSafeSession',
          ],
        },
        'user.toggleTheme': {
          actions: ['toggleTheme', { type: 'persistTheme', params: ({ context }) => ({ theme: context.themePreference }) }],
        },
        'user.setTheme': {
          actions: [{ type: 'storeThemePreference', params: ({ event }) => event }, { type: 'persistTheme', params: ({ event }) => ({ theme: event.preference }) }],
        },
        'user.setTokenLogos': {
          actions: [{ type: 'storeTokenLogos', params: ({ event }) => event }, { type: 'persistTokenLogos', params: ({ event }) => event }],
        },
        'system.colorSchemeChanged': { actions: { type: 'storeSystemTheme', params: ({ event }) => event } },
        // Imported local data wrote its appearance settings already: the root only shows them.
        'system.appearanceImported': {
          actions: [
            { type: 'storeThemePreference', params: ({ event }) => event },
            { type: 'storeTokenLogos', params: ({ event }) => ({ enabled: event.tokenLogos }) },
            { type: 'persistTheme', params: ({ event }) => ({ theme: event.preference }) },
            { type: 'persistTokenLogos', params: ({ event }) => ({ enabled: event.tokenLogos }) },
          ],
        },
        // The children's reports, routed to the children that need them (see the header).
        'system.flowSettled': { actions: 'tellSessionFlowSettled' },
        'wallet.connectionChanged': [
          {
            guard: { type: 'isOtherAccount', params: ({ event }) => event },
            actions: [
              { type: 'tellSessionAccount', params: ({ event }) => event },
              { type: 'storeAccount', params: ({ event }) => event },
              { type: 'notifyFlows', params: ({ event }) => event },
            ],
          },
          // Same address, another chain: only the flows care (a flow checks the wallet's chain before it asks).
          { actions: [{ type: 'storeAccount', params: ({ event }) => event }, { type: 'notifyFlows', params: ({ event }) => event }] },
        ],
        'safeSession.chainResolved': { actions: { type: 'tellWalletRequiredChain', params: ({ event }) => event } },
        'safeSession.safeLoaded': { actions: { type: 'restoreFlows', params: ({ event }) => ({ safeKey: safeKeyOf(event.chainId, event.address) }) } },
      },
      states: {
        gateway: {
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
                  actions: [
                    { type: 'storeProbe', params: ({ event }) => event.output },
                    { type: 'tellWalletChains', params: ({ event }) => event.output },
                  ],
                },
                onError: { target: 'gatewayUnreachable', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            gatewayOnline: { meta: { description: 'The gateway answers' } },
            gatewayUnreachable: {
              meta: { description: 'The gateway does not answer' },
              on: { 'user.retry': { target: 'checkingGateway' } },
            },
          },
        },
        // The event log (decision 0050): a failed write pauses signing; "Try again" writes what it kept.
        eventLog: {
          initial: 'saving',
          on: {
            'system.saveFailed': { target: '.paused', actions: { type: 'storeSaveFailure', params: ({ event }) => event } },
          },
          states: {
            saving: {
              meta: { description: 'The log saves' },
              always: { guard: 'saveHasFailed', target: 'paused' },
            },
            paused: {
              meta: { description: 'A write failed: browsing goes on, signing is paused' },
              tags: [SIGNING_PAUSED_TAG],
              on: { 'user.retrySaving': { target: 'retrying' } },
            },
            retrying: {
              meta: { description: 'Writing the events kept' },
              tags: [SIGNING_PAUSED_TAG],
              invoke: {
                id: 'retrySaving',
                src: 'retrySaving',
                onDone: { target: 'saving', actions: 'clearSaveFailure' },
                onError: { target: 'paused', actions: { type: 'storeRetryFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
});

export type AppSessionMachine = typeof appSessionMachine;
