/**
 * The composition root: the only module that joins machines to real effects. It creates the root actor
 * (appSession) ONCE, outside React, wires browser events (back/forward navigation) into it, and starts the
 * event log: every event the root receives is captured through `inspect` into its own stream in IndexedDB.
 *
 * A cold load downloads only what the root actor runs (decision 0019): the flows, the Safe Apps host, the
 * per-visit screens' machines, the account services, the chain clients and the full machine registry are
 * dynamic imports, loaded when a screen or a flow first needs them.
 */
import { createActor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { addressBookMachine } from './machines/addressBook/addressBook.machine.ts';
import { safeSessionMachine } from './machines/safeSession/safeSession.machine.ts';
import { walletConnectionMachine } from './machines/walletConnection/walletConnection.machine.ts';
import type { loadSafeMachine } from './machines/loadSafe/loadSafe.machine.ts';
import type { CreateSafeVisitsPort } from './machines/createSafe/createSafe.port.ts';
import type { myAccountsMachine } from './machines/myAccounts/myAccounts.machine.ts';
import { name as appName, version as appVersion } from '../package.json';
import { appSessionMachine } from './machines/appSession/appSession.machine.ts';
import type { AppSessionEffects, Theme, ThemePreference } from './machines/appSession/appSession.types.ts';
import { isSigningPaused, openSafeSessionOf } from './machines/appSession/appSession.connect.ts';
import { effectActors } from './machines/shared/effects.ts';
import { BOOT_MACHINES } from './machines/registry.boot.ts';
import type { RegisteredMachine } from './machines/machineVersion.ts';
import { parseLocation } from './machines/shared/routes.ts';
import { withDevnetProbe } from './dev/devnetProbe.ts';
import { isDevnet, loadRuntimeConfig } from './services/config.ts';
import { provideSafeSessionServices } from './services/safeSession.ts';
import { Runtime, whenOpen } from './services/runtime.ts';
import { isOwner } from './domain/safe/owners.ts';
import { openLocalStore } from './services/storage/index.ts';
import { devnetAccounts, provideWalletServices } from './services/wallet/walletService.ts';
import { provideAddressBookServices } from './services/addressBook.ts';
import { provideLoadSafeServices } from './services/loadSafe.ts';
import { createLazyFlowHost, type LazyFlowHost } from './services/flows/lazyHost.ts';
import type { SafeAppsServices } from './services/bridge.ts';
import type { createAccountServicesLogic } from './services/accountServices/index.ts';
import { AUDIT_CHANNEL, createAuditService, deferredStore, type AuditService } from './services/eventLog/auditService.ts';
import { createEventCapture } from './services/eventLog/capture.ts';
import { idleTurn } from './services/eventLog/idleTurn.ts';
import { IdbEventStore } from './services/eventLog/idbStore.ts';
import type { LockManagerLike, StreamWriter } from './services/eventLog/writer.ts';
import type { Deferred } from './views/deferred.ts';
import type { LocalDataLogic } from './views/settings/localDataContext.tsx';
import type { DevnetAccountsPort } from './views/walletConnection/walletContext.tsx';

export type AppSessionActor = ActorRefFrom<typeof appSessionMachine>;

const THEME_KEY = 'countersign.theme';
const TOKEN_LOGOS_KEY = 'countersign.tokenLogos';
const DARK_SCHEME = '(prefers-color-scheme: dark)';
/** The first prune of old event-log streams waits until the first page is in (its chunk is not part of it). */
const PRUNE_FIRST_MS = 30_000;
const PRUNE_EVERY_MS = 3_600_000;
const ELISION_AFTER_MS = 20_000;

function systemTheme(): Theme {
  return window.matchMedia?.(DARK_SCHEME).matches ? 'dark' : 'light';
}

/** The stored theme preference; `system` when none was stored. */
function themePreference(): ThemePreference {
  const stored = window.localStorage.getItem(THEME_KEY);
  return stored === 'dark' || stored === 'light' || stored === 'system' ? stored : 'system';
}

function tokenLogos(): boolean {
  return window.localStorage.getItem(TOKEN_LOGOS_KEY) !== 'off';
}

export interface App {
  appSession: AppSessionActor;
  audit: AuditService;
  /** Transaction, message, delete and bulk-execute flows: one actor and one event-log stream each (loaded on first use). */
  flows: LazyFlowHost;
  /** The Safe Apps screens' machines and the host bridge, with their effects (loaded when a Safe Apps screen opens). */
  apps: Deferred<SafeAppsServices>;
  /** Machines whose screens start one actor per visit (their effects provided; each loaded when its screen opens). */
  screens: {
    loadSafe: Deferred<typeof loadSafeMachine>;
    /** /new-safe/create's visits: the connected wallet's unfinished one resumed from the event log, or a new one (decision 0018). */
    createSafeVisits: Deferred<CreateSafeVisitsPort>;
    accounts: Deferred<typeof myAccountsMachine>;
    /** Settings › Data and › Environment: the localData machine, with an event-log stream per visit. */
    localData: Deferred<LocalDataLogic>;
    /** The settings tabs' account services (notifications, e-mail, security), with an event-log stream per actor. */
    accountServices: Deferred<ReturnType<typeof createAccountServicesLogic> & { inspect: (event: InspectionEvent) => void }>;
  };
  /** Devnet builds only (null otherwise): the wallet menu's switcher between the Devnet Wallet's accounts (decision 0037). */
  devnetAccounts: DevnetAccountsPort | null;
}

/** Loads once, on the first call (a failed load is tried again on the next). */
function deferred<T>(load: () => Promise<T>): Deferred<T> {
  let loading: Promise<T> | null = null;
  return {
    loadDeferred: () =>
      (loading ??= load().catch((error: unknown) => {
        loading = null;
        throw error;
      })),
  };
}

/** The full machine registry (every flow and screen machine): the event log of flows and per-visit screens needs it. */
const loadMachines = (): Promise<readonly RegisteredMachine[]> => import('./machines/registry.ts').then((m) => m.MACHINES);

/** One stream per page load for the root actor; ids sort by start time. */
function newSessionStreamId(): string {
  return `appSession:${new Date().toISOString()}:${crypto.randomUUID().slice(0, 8)}`;
}

export function createApp(): App {
  const runtime = new Runtime();
  const local = openLocalStore();
  // The user's RPC URLs (Settings › Environment) apply to every chain client from the start.
  void local.then((l) => l.settings.get()).then((settings) => runtime.setUserRpc(settings.customRpc)).catch(() => {});
  const safes = whenOpen(local.then((l) => l.safes));
  const addressBookStore = whenOpen(local.then((l) => l.addressBook));
  const settingsStore = whenOpen(local.then((l) => l.settings));
  const streamId = newSessionStreamId();
  // A store that did not open (no IndexedDB in this browser mode) is opened again on the next use: "Try again".
  const store = deferredStore(() => IdbEventStore.open());
  void navigator.storage?.persist?.().catch(() => false);
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(AUDIT_CHANNEL) : null;
  let audit: AuditService | null = null;
  const navigatorLocks = navigator.locks ?? null;
  const locks = navigatorLocks as unknown as LockManagerLike | null;
  // A failed write is never silent (decision 0050): the root pauses signing and shows the banner; browsing goes on.
  // The writers that failed keep their events until "Try again" (retrySaving) writes them, in order.
  const failedWriters = new Set<StreamWriter>();
  const onFailure = (failedStream: string, error: Error, writer?: StreamWriter) => {
    if (writer) failedWriters.add(writer);
    actor.send({ type: 'system.saveFailed', streamId: failedStream, error: { name: error.name, message: error.message } });
  };
  const retrySaving = async () => {
    for (const writer of [...failedWriters]) {
      await writer.retry();
      failedWriters.delete(writer);
    }
  };
  const signingPaused = () => isSigningPaused(actor.getSnapshot());
  const onAppend = (record: Parameters<AuditService['notifyAppended']>[0]) => audit?.notifyAppended(record);
  const instances = new Map<string, number>();
  const capture = createEventCapture({
    store,
    // The root actor and its children (wallet, address book, the Safe session and its lists) are all boot machines.
    machines: BOOT_MACHINES,
    // The root's events go to the session stream; every registered machine running as a child (a transaction
    // or message flow, …) gets a stream per instance.
    streamIdFor: (actor) => {
      if (actor.isRoot) return streamId;
      const key = `${actor.machineId}:${actor.actorId}`;
      const instance = (instances.get(key) ?? 0) + 1;
      instances.set(key, instance);
      return `${streamId}/${key}#${instance}`;
    },
    locks,
    onFailure,
    onAppend,
    // A poll that found nothing new is left out of the session's streams (decision 0049); flows write everything.
    // The code for it loads once the first page is in; until then every event is written.
    elideUnchanged: true,
    elisionReady: new Promise((ready) => setTimeout(ready, ELISION_AFTER_MS)),
    // Their records are built and stored in an idle period after the frame (decision 0080): a 2,000-item page is
    // canonicalised, hashed and stored after its first rows are painted, not before. Flows write at once.
    deferSessionWrites: idleTurn,
  });
  audit = createAuditService({
    store,
    capture,
    machines: loadMachines,
    app: { name: appName, version: appVersion },
    currentStreamId: streamId,
    channel,
    locks: navigatorLocks,
    // "Export signed by my wallet" (decision 0047): the connected account signs through the runtime's provider; the
    // Safe's chain gives the block named in the signed text and witnesses owners and executions when verifying.
    attester: {
      account: () => actor.getSnapshot().context.account?.address ?? null,
      provider: runtime.walletProvider,
      blockNumber: async (chainId) => (await runtime.chainClient(chainId)).getBlockNumber(),
    },
    witnessClient: runtime.chainClient,
  });
  // Retention (decision 0049): earlier page loads' session streams older than 7 days go, soon after boot and hourly.
  // The module loads then, never with the first page.
  const prune = () =>
    void import('./services/eventLog/retention.ts')
      .then((retention) => retention.pruneExpired({ store, currentSessionId: streamId, locks: navigatorLocks }))
      .catch(() => undefined);
  setTimeout(prune, PRUNE_FIRST_MS);
  setInterval(prune, PRUNE_EVERY_MS);
  // Settings sections start their actors per visit, outside the root: each gets its own stream under the session's.
  let visits = 0;
  const screenCapture = deferred(async () =>
    createEventCapture({
      store,
      machines: await loadMachines(),
      streamIdFor: (logged) => `${streamId}/${logged.machineId}:visit#${++visits}`,
      locks,
      onFailure,
      onAppend,
      deferSessionWrites: idleTurn,
    }),
  );
  const flows = createLazyFlowHost({
    store,
    load: async () => {
      const [{ createAppFlows, flowContextOf }, machines] = await Promise.all([import('./services/flows/index.ts'), loadMachines()]);
      return createAppFlows({
        store,
        machines,
        locks,
        // The session's gateway: for a Safe read from the chain, signatures are kept in signing packages (0055).
        gateway: runtime.sessionGateway,
        chainClient: runtime.chainClient,
        wallet: runtime.walletProvider,
        context: () => {
          const snapshot = actor.getSnapshot();
          return flowContextOf(openSafeSessionOf(snapshot), snapshot.context.account);
        },
        onFailure,
        signingPaused,
        onAppend,
        // A flow that proposed, executed, deleted or signed something: the root has the Safe session reload what it
        // covers now, not at the next 15 s poll (the message flow reads the Safe info after writing, so the gateway
        // client has already dropped what the new messagesTag makes stale).
        onSettled: () => actor.send({ type: 'system.flowSettled' }),
        onPackageKept: () => actor.send({ type: 'system.flowSettled' }),
        known: { addressBook: addressBookStore, safes, settings: settingsStore },
      });
    },
  });
  const actor = createActor(
    appSessionMachine.provide({
      actors: {
        ...effectActors<AppSessionEffects>({
          loadConfig: async () => runtime.configure(await loadRuntimeConfig(fetch, import.meta.env.BASE_URL, import.meta.env)),
          probeGateway: () => runtime.probe(),
          retrySaving,
        }),
        walletConnection: provideWalletServices(walletConnectionMachine, runtime.wallet),
        addressBook: provideAddressBookServices(addressBookMachine, { store: addressBookStore }),
        // A Safe opened by any route is compared with the Safes and addresses this browser knows (S17, decision 0064).
        // With nothing stored on the chain there is nothing to imitate: the rule's chunk is not loaded at all.
        // The lists read for that test are the ones compared (not read again).
        safeSession: provideSafeSessionServices(safeSessionMachine, runtime.sessionGateway, runtime.chainClient, async (chainId, address) => {
          const [book, added] = await Promise.all([addressBookStore.list(chainId), safes.list(chainId)]);
          if (book.length === 0 && added.length === 0) return null;
          return (await import('./services/safeLookAlike.ts')).findSafeLookAlike({ addressBook: { list: async () => book }, safes: { list: async () => added } }, chainId, address);
        }),
      },
      actions: {
        pushLocation: (_, params) => window.history.pushState(null, '', params.href),
        // Local storage answers synchronously at the next boot (no flash of the wrong theme); the settings store
        // keeps a copy for the local-data export.
        persistTheme: (_, params) => {
          window.localStorage.setItem(THEME_KEY, params.theme);
          void local.then((l) => l.settings.update({ theme: params.theme })).catch(() => {});
        },
        persistTokenLogos: (_, params) => {
          window.localStorage.setItem(TOKEN_LOGOS_KEY, params.enabled ? 'on' : 'off');
          void local.then((l) => l.settings.update({ tokenLogos: params.enabled })).catch(() => {});
        },
        notifyFlows: (_, params) => flows.broadcast({ type: 'wallet.changed', wallet: params.account }),
        restoreFlows: (_, params) => void flows.restore(params.safeKey),
      },
    }),
    {
      input: {
        location: parseLocation(window.location.pathname + window.location.search),
        theme: themePreference() === 'system' ? systemTheme() : (themePreference() as Theme),
        themePreference: themePreference(),
        systemTheme: systemTheme(),
        tokenLogos: tokenLogos(),
        visible: document.visibilityState !== 'hidden',
      },
      inspect: withDevnetProbe(capture.inspect),
    },
  );
  window.addEventListener('popstate', () => {
    const { path, search } = parseLocation(window.location.pathname + window.location.search);
    actor.send({ type: 'system.locationChanged', path, search });
  });
  window.matchMedia?.(DARK_SCHEME).addEventListener?.('change', (event) => actor.send({ type: 'system.colorSchemeChanged', theme: event.matches ? 'dark' : 'light' }));
  document.addEventListener('visibilitychange', () => actor.send({ type: 'system.visibilityChanged', visible: document.visibilityState === 'visible' }));
  const apps = deferred(async () => {
    const [{ provideSafeAppsServices }, { startAppMessageFlow, startAppTransactionFlow }, chainClients] = await Promise.all([
      import('./services/bridge.ts'),
      import('./services/flows/appRequests.ts'),
      runtime.chainClients(),
    ]);
    return provideSafeAppsServices({
      gateway: runtime.gateway,
      chainClient: (chain) => chainClients.get(chain),
      store: {
        permissions: whenOpen(local.then((l) => l.permissions)),
        safeApps: whenOpen(local.then((l) => l.safeApps)),
        addressBook: whenOpen(local.then((l) => l.addressBook)),
        settings: whenOpen(local.then((l) => l.settings)),
      },
      getSession: () => {
        const snapshot = actor.getSnapshot();
        const session = openSafeSessionOf(snapshot);
        if (!session?.safeInfo || !session.chain) return null;
        const owner = isOwner(
          session.safeInfo.owners.map((o) => o.value),
          session.walletAddress,
        );
        return { safe: session.safeInfo, chain: session.chain, isReadOnly: !owner, darkMode: snapshot.context.theme === 'dark' };
      },
      hostOrigin: window.location.origin,
      // Safe Apps over http from this computer: the devnet, in a devnet build only (decision 0052).
      localHttpApps: () => (import.meta.env.DEV || import.meta.env.MODE === 'devnet') && isDevnet(runtime.config),
      hostWindow: window,
      startTransactionFlow: async (input, signal) => startAppTransactionFlow(await flows.load(), input, signal),
      startMessageFlow: async (input, signal) => startAppMessageFlow(await flows.load(), input, signal),
    });
  });

  return {
    appSession: actor,
    audit,
    flows,
    apps,
    devnetAccounts,
    screens: {
      loadSafe: deferred(async () => {
        const { loadSafeMachine } = await import('./machines/loadSafe/loadSafe.machine.ts');
        return provideLoadSafeServices(loadSafeMachine, {
          loadChains: runtime.loadChains,
          gateway: runtime.gateway,
          safes,
          names: addressBookStore,
          onNamed: () => actor.getSnapshot().children.addressBook?.send({ type: 'system.storageChanged' }),
        });
      }),
      createSafeVisits: deferred(async () => {
        const [{ provideCreateSafeServices }, { createSafeMachine }, { createSafeVisits }, machines, { gateWallet }] = await Promise.all([
          import('./services/createSafe.ts'),
          import('./machines/createSafe/createSafe.machine.ts'),
          import('./services/createSafeVisits.ts'),
          loadMachines(),
          import('./services/flows/signingGate.ts'),
        ]);
        return createSafeVisits({
          store,
          machines,
          logic: provideCreateSafeServices(createSafeMachine, {
            loadChains: runtime.loadChains,
            gateway: runtime.gateway,
            chainClient: runtime.chainClient,
            // While the event log cannot save, the deployment is refused before the wallet is asked (decision 0050).
            wallet: gateWallet(runtime.walletProvider, signingPaused),
            // The name given in the form becomes the new Safe's address-book entry, as when adding a Safe.
            names: addressBookStore,
            onNamed: () => actor.getSnapshot().children.addressBook?.send({ type: 'system.storageChanged' }),
          }),
          locks,
          // A new visit's stream sits under this page's session stream; a resumed visit keeps the stream it began in.
          newStreamId: () => `${streamId}/createSafe:visit#${++visits}`,
          onFailure,
          onAppend,
        });
      }),
      accounts: deferred(async () => {
        const [{ myAccountsMachine }, { provideMyAccountsServices }] = await Promise.all([import('./machines/myAccounts/myAccounts.machine.ts'), import('./services/myAccounts.ts')]);
        return provideMyAccountsServices(myAccountsMachine, { loadChains: runtime.loadChains, gateway: runtime.gateway, safes });
      }),
      localData: deferred(async () => {
        const [{ provideAppLocalData }, { inspect }] = await Promise.all([import('./services/localData.ts'), screenCapture.loadDeferred()]);
        return { machine: provideAppLocalData(runtime, await local, actor), inspect };
      }),
      accountServices: deferred(async () => {
        const [{ createAccountServicesLogic }, { delegatesListMachine, emailAlertsMachine, pushNotificationsMachine, recoveryRegistrationMachine, spendingLimitsMachine, unsubscribeMachine, nestedSafesMachine }, { inspect }, { gateWallet }] = await Promise.all([
          import('./services/accountServices/index.ts'),
          import('./machines/accountServices/index.ts'),
          screenCapture.loadDeferred(),
          import('./services/flows/signingGate.ts'),
        ]);
        return {
          ...createAccountServicesLogic(
            {
              gateway: runtime.gateway,
              wallet: gateWallet(runtime.walletProvider, signingPaused),
              storage: window.localStorage,
              appVersion,
              chainName: async (chainId) => (await runtime.loadChains()).find((c) => c.chainId === chainId)?.chainName ?? chainId,
              chainClient: runtime.chainClient,
            },
            {
              pushNotifications: pushNotificationsMachine,
              emailAlerts: emailAlertsMachine,
              recovery: recoveryRegistrationMachine,
              delegates: delegatesListMachine,
              unsubscribe: unsubscribeMachine,
              spendingLimits: spendingLimitsMachine,
              nestedSafes: nestedSafesMachine,
            },
          ),
          inspect,
        };
      }),
    },
  };
}
