/**
 * The Safe Apps effects, on the real gateway client, chain clients and local storage:
 *
 *   const apps = provideSafeAppsServices(deps)
 *   apps.bridgeRequest / apps.bridgeSession   the bridge machines with every named effect provided
 *   apps.openApp / apps.safeAppsList / apps.customApps / apps.appPermissions   the screens' machines
 *   apps.frames                                where the bridge finds the open app's iframe window
 *
 * The transaction and message flows are the root's: `startTransactionFlow` / `startMessageFlow` get the app's
 * request and an AbortSignal (aborted when the app is closed or the user cancels in the prompt) and resolve
 * `{status:'proposed', safeTxHash}` / `{status:'signed', …}` or `{status:'rejected'}`.
 *
 * Per-app settings (`safe_setSettings`, i.e. offChainSigning) live for the page's lifetime, as in the Safe web
 * app; the user's "always on-chain signatures" setting (storage settings.onChainSigning) overrides them.
 *
 * The bridge listener answers getSafeInfo, getChainInfo, getEnvironmentInfo and getCurrentTheme from the open
 * Safe's facts (`getSession()`, no storage) in the message's own task (protocol.md A.6.6); every other request
 * reads what it needs (`getSessionInfo`: permissions and settings from storage) in its own bridgeRequest actor.
 */
import type { DropReason, HostWindowLike, MessageTargetLike } from '../bridge/host/communicator.ts';
import { createBridgeListener } from '../bridge/host/listener.ts';
import type { MessageEventLike } from '../bridge/host/validate.ts';
import { bridgeRequestMachine } from '../machines/bridgeRequest/bridgeRequest.machine.ts';
import type {
  AddressBookItem,
  BridgeRequestEffects,
  BridgeSessionFacts,
  BridgeSessionInfo,
  GetAddressBookInput,
  GetOffChainSignatureInput,
  GetSessionInfoInput,
  JsonValue,
  MessageFlowInput,
  MessageFlowOutput,
  RpcReadInput,
  SafeAppSettings,
  TransactionFlowInput,
  TransactionFlowOutput,
} from '../machines/bridgeRequest/bridgeRequest.types.ts';
import { bridgeSessionMachine, withSessionReplies } from '../machines/bridgeRequest/bridgeSession.machine.ts';
import { appPermissionsMachine } from '../machines/safeApps/appPermissions.machine.ts';
import { customAppsMachine } from '../machines/safeApps/customApps.machine.ts';
import { openAppMachine } from '../machines/safeApps/openApp.machine.ts';
import { safeAppsListMachine } from '../machines/safeApps/safeAppsList.machine.ts';
import type { AppFrameRegistry } from '../bridge/host/frames.ts';
import { CustomAppErrors, normalizeAppUrl, parseManifest, sameAppUrl } from '../machines/safeApps/safeApps.logic.ts';
import type {
  AppInfo,
  AppManifest,
  AppPermissionsEffects,
  CustomAppsEffects,
  CustomSafeApp,
  LoadAppInfoInput,
  LoadSafeAppsOutput,
  OpenAppEffects,
  PermissionsByOrigin,
  RevokePermissionInput,
  SafeAppsListEffects,
  SafeAppsListInput,
} from '../machines/safeApps/safeApps.types.ts';
import { effectActors } from '../machines/shared/effects.ts';
import type { GatewayClient } from './gateway/index.ts';
import type { ChainInfo, SafeInfo } from '../domain/gateway/types.ts';
import type { LocalStore } from './storage/index.ts';

/** What the bridge needs of the open Safe (from the root's Safe session). */
export interface BridgeSafeSession {
  safe: SafeInfo;
  chain: ChainInfo;
  /** The connected wallet is not an owner. */
  isReadOnly: boolean;
  darkMode: boolean;
}

/** A JSON-RPC capable client (a viem public client fits). */
export interface RpcClient {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

export interface SafeAppsServiceDeps {
  gateway: Pick<GatewayClient, 'getBalances' | 'getTransactionDetails' | 'getSafeMessage' | 'getSafeApps'>;
  /** The chain client of a chain (the root's registry, with the user's RPC override). */
  chainClient(chain: ChainInfo): RpcClient;
  store: {
    permissions: LocalStore['permissions'];
    safeApps: LocalStore['safeApps'];
    addressBook: Pick<LocalStore['addressBook'], 'list'>;
    settings: Pick<LocalStore['settings'], 'get'>;
  };
  /** The open Safe, or null when none is open (requests are then answered `Request failed`). */
  getSession(): BridgeSafeSession | null;
  /** Our own origin (`location.origin`). */
  hostOrigin: string;
  /** Whether http apps on this computer may be added and opened: the devnet (decision 0052). Absent: https only. */
  localHttpApps?: () => boolean;
  /** The window the host page runs in. */
  hostWindow: HostWindowLike;
  startTransactionFlow(input: TransactionFlowInput, signal: AbortSignal): Promise<TransactionFlowOutput>;
  startMessageFlow(input: MessageFlowInput, signal: AbortSignal): Promise<MessageFlowOutput>;
  /** GET a URL as text (manifest.json); defaults to `fetch` with a 5 s timeout. */
  fetchText?: (url: string) => Promise<string>;
  /** Messages the host validator dropped (for the event log / diagnostics). */
  onDropped?: (reason: DropReason, event: MessageEventLike) => void;
  /** Where the bridge finds the open app's iframe; one is created when omitted. */
  frames?: AppFrameRegistry;
}

export const MANIFEST_TIMEOUT_MS = 5000;

const DEFAULT_APP_SETTINGS: SafeAppSettings = { offChainSigning: true };

/** The frame registry: the /apps/open view registers its iframe window under the app's origin. */
export function createAppFrameRegistry(): AppFrameRegistry {
  const frames = new Map<string, () => unknown>();
  return {
    register(origin, getWindow) {
      frames.set(origin, getWindow);
      return () => {
        if (frames.get(origin) === getWindow) frames.delete(origin);
      };
    },
    window(origin) {
      return frames.get(origin)?.() ?? null;
    },
  };
}

const isMessageTarget = (value: unknown): value is MessageTargetLike =>
  typeof value === 'object' && value !== null && typeof (value as { postMessage?: unknown }).postMessage === 'function';

async function defaultFetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS), credentials: 'omit', redirect: 'follow' });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
  return response.text();
}

/** `<appUrl>/manifest.json`, validated. */
export async function fetchManifest(fetchText: (url: string) => Promise<string>, appUrl: string): Promise<AppManifest> {
  const url = normalizeAppUrl(appUrl);
  if (!url) throw new Error(CustomAppErrors.invalidUrl);
  let json: unknown;
  try {
    json = JSON.parse(await fetchText(`${url}/manifest.json`));
  } catch {
    throw new Error(CustomAppErrors.notASafeApp);
  }
  return parseManifest(json, url);
}

export function provideSafeAppsServices(deps: SafeAppsServiceDeps) {
  const frames = deps.frames ?? createAppFrameRegistry();
  const fetchText = deps.fetchText ?? defaultFetchText;
  const appSettings = new Map<string, SafeAppSettings>();

  const requireSession = (): BridgeSafeSession => {
    const session = deps.getSession();
    if (!session) throw new Error('No Safe is open');
    return session;
  };

  // ───────────── bridge reads ─────────────

  const getSessionInfo = async ({ appOrigin }: GetSessionInfoInput): Promise<BridgeSessionInfo> => {
    const { safe, chain, isReadOnly, darkMode } = requireSession();
    const [permissions, settings] = await Promise.all([deps.store.permissions.get(appOrigin), deps.store.settings.get()]);
    const app = appSettings.get(appOrigin) ?? DEFAULT_APP_SETTINGS;
    return {
      safe,
      chain,
      isReadOnly,
      hostOrigin: deps.hostOrigin,
      darkMode,
      permissions: permissions as BridgeSessionInfo['permissions'],
      settings: { offChainSigning: app.offChainSigning && !settings.onChainSigning },
    };
  };

  const chainFor = (chainId: string): ChainInfo => {
    const { chain } = requireSession();
    if (chain.chainId !== chainId) throw new Error(`Chain ${chainId} is not the open Safe's chain`);
    return chain;
  };

  const rpcRead = async ({ chainId, method, params }: RpcReadInput): Promise<JsonValue> => {
    const result = await deps.chainClient(chainFor(chainId)).request({ method, params });
    return (result ?? null) as JsonValue;
  };

  const getOffChainSignature = async ({ chainId, messageHash }: GetOffChainSignatureInput): Promise<string | null> => {
    const message = await deps.gateway.getSafeMessage(chainId, messageHash);
    // A message that exists but is not fully signed has no prepared signature: the gateway's null (A.2.9).
    return message.preparedSignature ?? null;
  };

  const getAddressBook = async ({ chainId }: GetAddressBookInput): Promise<AddressBookItem[]> =>
    (await deps.store.addressBook.list(chainId)).map((entry) => ({ address: entry.address, name: entry.name, chainId: entry.chainId }));

  const bridgeRequestEffects: BridgeRequestEffects = {
    getSessionInfo,
    getBalances: (input) => deps.gateway.getBalances(input.chainId, input.safeAddress, input.currency.toLowerCase(), { trusted: false, exclude_spam: true }),
    getTx: (input) => deps.gateway.getTransactionDetails(input.chainId, input.safeTxHash),
    rpcRead,
    getOffChainSignature,
    getAddressBook,
    startTransactionFlow: (input, signal) => deps.startTransactionFlow(input, signal),
    startMessageFlow: (input, signal) => deps.startMessageFlow(input, signal),
  };

  const bridgeRequest = withSessionReplies(
    bridgeRequestMachine.provide({
      actors: effectActors(bridgeRequestEffects),
      actions: {
        savePermissions: (_, params) => {
          void deps.store.permissions.set(params.origin, params.permissions).catch(() => undefined);
        },
        saveSettings: (_, params) => {
          appSettings.set(params.origin, params.settings);
        },
      },
    }),
  );

  // The listener answers getSafeInfo & co. from these facts in the request's own task (protocol.md A.6.6).
  const getFacts = (): BridgeSessionFacts | null => {
    const session = deps.getSession();
    return session ? { safe: session.safe, chain: session.chain, isReadOnly: session.isReadOnly, darkMode: session.darkMode, hostOrigin: deps.hostOrigin } : null;
  };

  const bridgeListener = createBridgeListener({
    hostWindow: deps.hostWindow,
    // The iframe the /apps/open view registered under the app's origin.
    getAppWindow: (appOrigin) => {
      const target = frames.window(appOrigin);
      return isMessageTarget(target) ? target : null;
    },
    hostOrigin: deps.hostOrigin,
    ...(deps.onDropped ? { onDropped: deps.onDropped } : {}),
    getFacts,
  });

  const bridgeSession = bridgeSessionMachine.provide({ actors: { bridgeListener, bridgeRequest } });

  // ───────────── screens ─────────────

  const loadSafeApps = async ({ chainId, clientUrl }: SafeAppsListInput): Promise<LoadSafeAppsOutput> => {
    const [apps, pinned] = await Promise.all([deps.gateway.getSafeApps(chainId, { clientUrl }), deps.store.safeApps.pinned(chainId)]);
    return { apps, pinned };
  };

  const customAppsOf = (chainId: string): Promise<CustomSafeApp[]> => deps.store.safeApps.customApps(chainId);

  const saveCustomApp = async ({ chainId, app }: { chainId: string; app: CustomSafeApp }): Promise<CustomSafeApp[]> => {
    const existing = (await deps.store.safeApps.customApps()).find((stored) => sameAppUrl(stored.url, app.url));
    const chainIds = [...new Set([...(existing?.chainIds ?? []), ...app.chainIds, chainId])];
    await deps.store.safeApps.addCustomApp({ ...app, chainIds });
    return customAppsOf(chainId);
  };

  const removeCustomApp = async ({ chainId, url }: { chainId: string; url: string }): Promise<CustomSafeApp[]> => {
    const existing = (await deps.store.safeApps.customApps()).find((stored) => sameAppUrl(stored.url, url));
    if (existing) {
      const rest = existing.chainIds.filter((id) => id !== chainId);
      if (rest.length > 0) await deps.store.safeApps.addCustomApp({ ...existing, chainIds: rest });
      else await deps.store.safeApps.removeCustomApp(existing.url);
    }
    return customAppsOf(chainId);
  };

  const loadAppInfo = async ({ appUrl, chainId }: LoadAppInfoInput): Promise<AppInfo> => {
    const url = normalizeAppUrl(appUrl);
    if (!url) throw new Error(CustomAppErrors.invalidUrl);
    const origin = new URL(url).origin;
    const [listedApps, custom, permissions] = await Promise.all([
      deps.gateway.getSafeApps(chainId, { url, clientUrl: deps.hostOrigin }),
      deps.store.safeApps.customApps(chainId),
      deps.store.permissions.get(origin),
    ]);
    const listed = listedApps.find((app) => sameAppUrl(app.url, url));
    const stored = custom.find((app) => sameAppUrl(app.url, url));
    const manifest = await fetchManifest(fetchText, url).catch((error: unknown) => {
      if (listed || stored) return null;
      throw error;
    });
    const base = listed ?? stored ?? null;
    return {
      url,
      name: base?.name ?? manifest?.name ?? url,
      description: base?.description ?? manifest?.description ?? '',
      iconUrl: base?.iconUrl ?? manifest?.iconUrl ?? null,
      listed: listed !== undefined,
      browserPermissions: manifest?.browserPermissions ?? [],
      permissions: permissions as AppInfo['permissions'],
    };
  };

  const revokePermission = async ({ origin, capability }: RevokePermissionInput): Promise<PermissionsByOrigin> => {
    if (capability === null) await deps.store.permissions.remove(origin);
    else {
      const rest = (await deps.store.permissions.get(origin)).filter((permission) => permission.parentCapability !== capability);
      if (rest.length > 0) await deps.store.permissions.set(origin, rest);
      else await deps.store.permissions.remove(origin);
    }
    return (await deps.store.permissions.all()) as PermissionsByOrigin;
  };

  const openAppEffects: OpenAppEffects = { loadAppInfo };
  const safeAppsListEffects: SafeAppsListEffects = {
    loadSafeApps,
    savePinned: (input) => deps.store.safeApps.setPinned(input.chainId, input.appIds),
  };
  const customAppsEffects: CustomAppsEffects = {
    loadCustomApps: (input) => customAppsOf(input.chainId),
    fetchManifest: (input) => fetchManifest(fetchText, input.url),
    saveCustomApp,
    removeCustomApp,
  };
  const appPermissionsEffects: AppPermissionsEffects = {
    loadPermissions: async () => (await deps.store.permissions.all()) as PermissionsByOrigin,
    revokePermission,
  };

  return {
    frames,
    hostOrigin: deps.hostOrigin,
    localHttpApps: deps.localHttpApps ?? (() => false),
    bridgeRequest,
    bridgeSession,
    openApp: openAppMachine.provide({ actors: { ...effectActors(openAppEffects), bridgeSession } }),
    safeAppsList: safeAppsListMachine.provide({ actors: effectActors(safeAppsListEffects) }),
    customApps: customAppsMachine.provide({ actors: effectActors(customAppsEffects) }),
    appPermissions: appPermissionsMachine.provide({ actors: effectActors(appPermissionsEffects) }),
    /** The effects themselves (tests, and the root if it composes differently). */
    effects: { getSessionInfo, rpcRead, getOffChainSignature, getAddressBook, loadSafeApps, loadAppInfo, saveCustomApp, removeCustomApp, revokePermission },
  };
}

export type SafeAppsServices = ReturnType<typeof provideSafeAppsServices>;

/** The name the brief uses; same function. */
export const provideBridgeServices = provideSafeAppsServices;
