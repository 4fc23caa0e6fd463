/**
 * The composition root: the only module that joins machines to real effects. It creates the root actor
 * (appSession) ONCE, outside React, wires browser events (back/forward navigation) into it, and starts the
 * event log: every event the root receives is captured through `inspect` into its own stream in IndexedDB.
 *
 * A cold load downloads only what the root actor runs (decision 0019): the flows, the Safe Apps host, the
 * per-visit screens' machines, the account services, the chain clients and the full machine registry are
 * dynamic imports, loaded when a screen or a flow first needs them.
 */
import { createActor, fromPromise, type ActorRefFrom, type AnyActorRef, type InspectionEvent } from 'xstate';
import { addressBookMachine } from './machines/addressBook/addressBook.machine.ts';
import { safeSessionMachine } from './machines/safeSession/safeSession.machine.ts';
import { walletConnectionMachine } from './machines/walletConnection/walletConnection.machine.ts';
import type { loadSafeMachine } from './machines/loadSafe/loadSafe.machine.ts';
import type { CreateSafeVisitsPort } from './machines/createSafe/createSafe.port.ts';
import type { myAccountsMachine } from './machines/myAccounts/myAccounts.machine.ts';
import { name as appName, version as appVersion } from '../package.json';
import { appSessionMachine } from './machines/appSession/appSession.machine.ts';
import type { GatewayProbe, RuntimeConfig, Theme } from './machines/appSession/appSession.types.ts';
import type { SafeSessionContext } from './machines/safeSession/safeSession.types.ts';
import type { WalletConnectionContext } from './machines/walletConnection/walletConnection.types.ts';
import { BOOT_MACHINES } from './machines/registry.boot.ts';
import type { RegisteredMachine } from './machines/machineVersion.ts';
import { parseLocation } from './machines/shared/routes.ts';
import { loadRuntimeConfig } from './services/config.ts';
import { createGatewayClient, readAllPages, type ChainInfo, type GatewayClient } from './services/gateway/index.ts';
import { provideSafeSessionServices, toSessionError } from './services/safeSession.ts';
import { openLocalStore } from './services/storage/index.ts';
import { createWalletService, provideWalletServices, type Eip1193Provider, type WalletService } from './services/wallet/onboard.ts';
import type { ChainClient, createChainClientRegistry } from './services/chain/client.ts';
import { provideAddressBookServices } from './services/addressBook.ts';
import { provideLoadSafeServices } from './services/loadSafe.ts';
import { provideMyAccountsServices } from './services/myAccounts.ts';
import { createLazyFlowHost, type LazyFlowHost } from './services/flows/lazyHost.ts';
import type { SafeAppsServices } from './services/bridge.ts';
import { safeKeyOf } from './machines/shared/flows.ts';
import type { createAccountServicesLogic } from './services/accountServices/index.ts';
import { AUDIT_CHANNEL, createAuditService, deferredStore, type AuditService } from './services/eventLog/auditService.ts';
import { createEventCapture } from './services/eventLog/capture.ts';
import { IdbEventStore } from './services/eventLog/idbStore.ts';
import type { LockManagerLike } from './services/eventLog/writer.ts';
import type { Deferred } from './views/deferred.ts';

export type AppSessionActor = ActorRefFrom<typeof appSessionMachine>;

const THEME_KEY = 'countersign.theme';

function initialTheme(): Theme {
  const stored = window.localStorage.getItem(THEME_KEY);
  if (stored === 'dark' || stored === 'light') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * What the app learns at boot and its services share: the runtime config and the gateway client built from
 * it. Services are provided before the config is known, so they reach both through this holder.
 */
class Runtime {
  config: RuntimeConfig | null = null;
  private client: GatewayClient | null = null;
  private chains: Promise<ChainInfo[]> | null = null;

  /** The chain clients (viem), loaded on first use: the Safe's home reads the gateway only. */
  private clients: Promise<ReturnType<typeof createChainClientRegistry>> | null = null;

  /** The one wallet service: the wallet machine connects through it; flows ask it for the provider. */
  readonly wallet: WalletService = createWalletService({ loadChains: () => this.loadChains(), getConfig: () => this.config });

  configure(config: RuntimeConfig): RuntimeConfig {
    this.config = config;
    this.client = createGatewayClient({ baseUrl: config.gatewayUrl });
    this.clients = null;
    this.chains = null;
    return config;
  }

  /** The connected wallet's EIP-1193 provider, or null. */
  walletProvider = (): Eip1193Provider | null => this.wallet.provider();

  /** One chain client per chain (RPC overrides applied), created once per configuration. */
  chainClients = (): Promise<ReturnType<typeof createChainClientRegistry>> => {
    const rpcOverrides = this.config?.rpcOverrides;
    this.clients ??= import('./services/chain/client.ts').then((m) => m.createChainClientRegistry(rpcOverrides ? { rpcOverrides } : {}));
    return this.clients;
  };

  /** A viem public client for a chain the gateway lists (RPC overrides and the devnet RPC applied). */
  chainClient = async (chainId: string): Promise<ChainClient> => {
    const chain = (await this.loadChains()).find((c) => c.chainId === chainId);
    if (!chain) throw new Error(`Chain ${chainId} is not listed by the gateway`);
    return (await this.chainClients()).get(chain);
  };

  /** The gateway client; a proxy so it can be handed out before the config is loaded. */
  readonly gateway: GatewayClient = new Proxy({} as GatewayClient, {
    get: (_, key) => {
      if (!this.client) throw new Error('The gateway is not configured yet');
      return this.client[key as keyof GatewayClient];
    },
  });

  /** Every chain the gateway lists (following its pages), fetched once per configuration. */
  loadChains = (): Promise<ChainInfo[]> => {
    this.chains ??= readAllPages(
      () => this.gateway.getChainsConfig(),
      (link) => this.gateway.getChainsConfig(link),
    ).catch((error: unknown) => {
      this.chains = null;
      throw error;
    });
    return this.chains;
  };

  async probe(): Promise<GatewayProbe> {
    try {
      return { chainCount: (await this.loadChains()).length };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/fetch|network|load failed/i.test(message)) throw new Error(`Gateway unreachable at ${this.config?.gatewayUrl ?? ''}`, { cause: error });
      // Timeouts, 5xx (§8 texts) and malformed answers: the Safe screens' wording.
      throw new Error(toSessionError(error, 'chains').message, { cause: error });
    }
  }
}

/** An object whose async methods wait for `source` first: local storage opens asynchronously. */
function whenOpen<T extends object>(source: Promise<T>): T {
  return new Proxy({} as T, {
    get: (_, key) => async (...args: unknown[]) => {
      const target = await source;
      const member = target[key as keyof T];
      if (typeof member !== 'function') throw new Error(`${String(key)} is not a storage method`);
      return (member as (...a: unknown[]) => unknown).apply(target, args);
    },
  });
}

/**
 * Devnet builds only (in production this returns `inspect` unchanged and the rest is dead code): when a harness
 * sets `window.__countersignInspect` before the app starts, it also receives every inspection event. The
 * benchmark (bench/) counts machine snapshots with it.
 */
function withDevnetProbe(inspect: (event: InspectionEvent) => void): (event: InspectionEvent) => void {
  if (import.meta.env.MODE !== 'devnet') return inspect;
  const probe = (window as { __countersignInspect?: unknown }).__countersignInspect;
  if (typeof probe !== 'function') return inspect;
  return (event) => {
    inspect(event);
    (probe as (event: InspectionEvent) => void)(event);
  };
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
    /** The settings tabs' account services (notifications, e-mail, security), with an event-log stream per actor. */
    accountServices: Deferred<ReturnType<typeof createAccountServicesLogic> & { inspect: (event: InspectionEvent) => void }>;
  };
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
  const safes = whenOpen(local.then((l) => l.safes));
  const streamId = newSessionStreamId();
  const store = deferredStore(IdbEventStore.open());
  void navigator.storage?.persist?.().catch(() => false);
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(AUDIT_CHANNEL) : null;
  let audit: AuditService | null = null;
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
    locks: (navigator.locks as unknown as LockManagerLike | undefined) ?? null,
    // A failed write is never silent: the root moves to its visible persistenceFailed state.
    onFailure: (failedStream, error) => actor.send({ type: 'system.persistenceFailed', streamId: failedStream, message: `${error.name}: ${error.message}` }),
    onAppend: (record) => audit?.notifyAppended(record),
  });
  audit = createAuditService({ store, capture, machines: loadMachines, app: { name: appName, version: appVersion }, currentStreamId: streamId, channel });
  // Settings sections start their actors per visit, outside the root: each gets its own stream under the session's.
  let visits = 0;
  const screenCapture = deferred(async () =>
    createEventCapture({
      store,
      machines: await loadMachines(),
      streamIdFor: (logged) => `${streamId}/${logged.machineId}:visit#${++visits}`,
      locks: (navigator.locks as unknown as LockManagerLike | undefined) ?? null,
      onFailure: (failedStream, error) => actor.send({ type: 'system.persistenceFailed', streamId: failedStream, message: `${error.name}: ${error.message}` }),
      onAppend: (record) => audit?.notifyAppended(record),
    }),
  );
  const actor = createActor(
    appSessionMachine.provide({
      actors: {
        loadConfig: fromPromise(async () => runtime.configure(await loadRuntimeConfig(fetch, import.meta.env.BASE_URL, import.meta.env))),
        probeGateway: fromPromise(() => runtime.probe()),
        walletConnection: provideWalletServices(walletConnectionMachine, runtime.wallet),
        addressBook: provideAddressBookServices(addressBookMachine, { store: whenOpen(local.then((l) => l.addressBook)) }),
        safeSession: provideSafeSessionServices(safeSessionMachine, runtime.gateway, runtime.chainClient),
      },
      actions: {
        pushLocation: (_, params) => window.history.pushState(null, '', params.href),
        persistTheme: (_, params) => window.localStorage.setItem(THEME_KEY, params.theme),
      },
    }),
    {
      input: { location: parseLocation(window.location.pathname + window.location.search), theme: initialTheme() },
      inspect: withDevnetProbe(capture.inspect),
    },
  );
  window.addEventListener('popstate', () => {
    const { path, search } = parseLocation(window.location.pathname + window.location.search);
    actor.send({ type: 'system.locationChanged', path, search });
  });
  const locks = (navigator.locks as unknown as LockManagerLike | undefined) ?? null;
  const safeSessionOf = () => actor.getSnapshot().children.safeSession as AnyActorRef | undefined;
  const flows = createLazyFlowHost({
    store,
    load: async () => {
      const [{ createAppFlows, flowContextOf }, machines] = await Promise.all([import('./services/flows/index.ts'), loadMachines()]);
      return createAppFlows({
        store,
        machines,
        locks,
        gateway: runtime.gateway,
        chainClient: runtime.chainClient,
        wallet: runtime.walletProvider,
        context: () => {
          const children = actor.getSnapshot().children;
          const session = (children.safeSession?.getSnapshot().context as SafeSessionContext | undefined) ?? null;
          const connected = (children.wallet?.getSnapshot().context as WalletConnectionContext | undefined)?.wallet ?? null;
          return flowContextOf(session, connected ? { address: connected.address, chainId: connected.chainId } : null);
        },
        onFailure: (failedStream, error) => actor.send({ type: 'system.persistenceFailed', streamId: failedStream, message: `${error.name}: ${error.message}` }),
        onAppend: (record) => audit?.notifyAppended(record),
        // A flow that proposed, executed, deleted or signed something: the queue, history, messages and balances show
        // it now, not at the next 15 s poll of the Safe info (the message flow reads the Safe info after writing, so
        // the gateway client has already dropped what the new messagesTag makes stale).
        // The session reloads the running lists and details these tags cover, and the balances on a history change.
        onSettled: () => safeSessionOf()?.send({ type: 'gateway.tagsChanged', tags: ['txQueuedTag', 'txHistoryTag', 'messagesTag'] }),
      });
    },
  });
  linkChildren(actor, runtime.loadChains, flows);
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
        const session = snapshot.children.safeSession?.getSnapshot().context as SafeSessionContext | undefined;
        if (!session?.safeInfo || !session.chain) return null;
        const wallet = session.walletAddress?.toLowerCase();
        const isOwner = Boolean(wallet && session.safeInfo.owners.some((o) => o.value.toLowerCase() === wallet));
        return { safe: session.safeInfo, chain: session.chain, isReadOnly: !isOwner, darkMode: snapshot.context.theme === 'dark' };
      },
      hostOrigin: window.location.origin,
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
    screens: {
      loadSafe: deferred(async () => {
        const { loadSafeMachine } = await import('./machines/loadSafe/loadSafe.machine.ts');
        return provideLoadSafeServices(loadSafeMachine, { loadChains: runtime.loadChains, gateway: runtime.gateway, safes });
      }),
      createSafeVisits: deferred(async () => {
        const [{ provideCreateSafeServices }, { createSafeMachine }, { createSafeVisits }, machines] = await Promise.all([
          import('./services/createSafe.ts'),
          import('./machines/createSafe/createSafe.machine.ts'),
          import('./services/createSafeVisits.ts'),
          loadMachines(),
        ]);
        return createSafeVisits({
          store,
          machines,
          logic: provideCreateSafeServices(createSafeMachine, { loadChains: runtime.loadChains, gateway: runtime.gateway, chainClient: runtime.chainClient, wallet: runtime.walletProvider }),
          locks,
          // A new visit's stream sits under this page's session stream; a resumed visit keeps the stream it began in.
          newStreamId: () => `${streamId}/createSafe:visit#${++visits}`,
          onFailure: (failedStream, error) => actor.send({ type: 'system.persistenceFailed', streamId: failedStream, message: `${error.name}: ${error.message}` }),
          onAppend: (record) => audit?.notifyAppended(record),
        });
      }),
      accounts: deferred(async () => {
        const { myAccountsMachine } = await import('./machines/myAccounts/myAccounts.machine.ts');
        return provideMyAccountsServices(myAccountsMachine, { loadChains: runtime.loadChains, gateway: runtime.gateway, safes });
      }),
      accountServices: deferred(async () => {
        const [{ createAccountServicesLogic }, { delegatesListMachine, emailAlertsMachine, pushNotificationsMachine, recoveryRegistrationMachine, unsubscribeMachine }, { inspect }] = await Promise.all([
          import('./services/accountServices/index.ts'),
          import('./machines/accountServices/index.ts'),
          screenCapture.loadDeferred(),
        ]);
        return {
          ...createAccountServicesLogic(
            {
              gateway: runtime.gateway,
              wallet: runtime.walletProvider,
              storage: window.localStorage,
              appVersion,
              chainName: async (chainId) => (await runtime.loadChains()).find((c) => c.chainId === chainId)?.chainName ?? chainId,
            },
            { pushNotifications: pushNotificationsMachine, emailAlerts: emailAlertsMachine, recovery: recoveryRegistrationMachine, delegates: delegatesListMachine, unsubscribe: unsubscribeMachine },
          ),
          inspect,
        };
      }),
    },
  };
}

/**
 * The facts one child needs from another, passed as plain events (so they are recorded like any other):
 * the wallet learns the chains the gateway supports and the open Safe's chain; the Safe session learns the
 * connected account (read-only when it is not an owner).
 */
function linkChildren(app: AppSessionActor, loadChains: () => Promise<ChainInfo[]>, flows: LazyFlowHost): void {
  let wallet: AnyActorRef | undefined;
  let safe: AnyActorRef | undefined;
  let subscriptions: { unsubscribe(): void }[] = [];
  let requiredChain: string | null | undefined;
  let account: string | null | undefined;
  let flowWallet: string | undefined;

  const sync = () => {
    const walletContext = wallet?.getSnapshot().context as WalletConnectionContext | undefined;
    const safeContext = safe?.getSnapshot().context as SafeSessionContext | undefined;
    const chainId = safeContext?.chain?.chainId ?? null;
    if (wallet && chainId !== requiredChain) {
      requiredChain = chainId;
      wallet.send({ type: 'system.requiredChainChanged', chainId });
    }
    const address = walletContext?.wallet?.address ?? null;
    if (safe && address !== account) {
      account = address;
      // A new session already has no account: nothing to tell it until a wallet connects (one snapshot less).
      if (address !== (safeContext?.walletAddress ?? null)) safe.send({ type: 'wallet.accountChanged', address });
    }
    // Running flows follow the wallet (a disconnect or an account switch mid-flow gets its own state there).
    const connected = walletContext?.wallet ? { address: walletContext.wallet.address, chainId: walletContext.wallet.chainId } : null;
    const walletKey = JSON.stringify(connected);
    if (wallet && walletKey !== flowWallet) {
      flowWallet = walletKey;
      flows.broadcast({ type: 'wallet.changed', wallet: connected });
    }
    // Once the open Safe has loaded, the flows left unfinished for it (a reload mid-flow) come back.
    if (safeContext?.safeInfo && safeContext.chain) void flows.restore(safeKeyOf(safeContext.chain.chainId, safeContext.safeInfo.address.value));
  };

  document.addEventListener('visibilitychange', () => {
    safe?.send({ type: 'system.visibilityChanged', visible: document.visibilityState === 'visible' });
  });

  app.subscribe((snapshot) => {
    const nextWallet = snapshot.children.wallet as AnyActorRef | undefined;
    const nextSafe = snapshot.children.safeSession as AnyActorRef | undefined;
    if (nextWallet === wallet && nextSafe === safe) return;
    if (nextWallet && nextWallet !== wallet) {
      void loadChains().then(
        (chains) =>
          nextWallet.send({
            type: 'system.supportedChainsChanged',
            chainIds: chains.map((c) => c.chainId),
            chainNames: Object.fromEntries(chains.map((c) => [c.chainId, c.chainName])),
          }),
        () => undefined, // the gateway banner already says the gateway is unreachable
      );
    }
    if (nextSafe !== safe) {
      requiredChain = undefined;
      account = undefined;
    }
    wallet = nextWallet;
    safe = nextSafe;
    subscriptions.forEach((s) => s.unsubscribe());
    subscriptions = [wallet, safe].filter((a): a is AnyActorRef => Boolean(a)).map((a) => a.subscribe(sync));
    sync();
  });
}
