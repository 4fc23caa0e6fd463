/**
 * Types of the Safe Apps screens' machines: the apps list (/apps), custom apps (/apps/custom), opening one app
 * (/apps/open) and the granted permissions (/settings/safe-apps). Effects' inputs and outputs are plain JSON.
 */
import type { SafeApp } from '../../domain/gateway/types.ts';
import type { Permission } from '../bridgeRequest/bridgeRequest.types.ts';

export type { Permission, SafeApp };

/** What an app's `manifest.json` says, validated (see `parseManifest`). */
export interface AppManifest {
  name: string;
  description: string;
  /** Absolute URL of the best icon, or null. */
  iconUrl: string | null;
  /** Browser features the app asks for (`safe_apps_permissions`), known names only. */
  browserPermissions: string[];
}

/** A Safe App added by URL (stored per chain list). */
export interface CustomSafeApp {
  url: string;
  name: string;
  description: string;
  iconUrl: string | null;
  chainIds: string[];
}

// ───────────────────────────── /apps ─────────────────────────────

export interface SafeAppsListInput {
  chainId: string;
  /** Our own origin, sent as `clientUrl` (DOMAIN_ALLOWLIST is decided on it). */
  clientUrl: string;
}

export interface LoadSafeAppsOutput {
  apps: SafeApp[];
  pinned: number[];
}

export interface SafeAppsListContext extends SafeAppsListInput {
  apps: SafeApp[];
  pinned: number[];
  query: string;
  tag: string | null;
  batchedOnly: boolean;
  error: string | null;
  /** Why the last pin or unpin could not be stored (the pins stay as they were). */
  pinError: string | null;
  /** The pins being stored (shown once the write succeeded). */
  pendingPins: number[];
}

export type SafeAppsListEvent =
  | { type: 'user.retry' }
  | { type: 'user.search'; query: string }
  | { type: 'user.selectTag'; tag: string | null }
  | { type: 'user.toggleBatched' }
  | { type: 'user.togglePin'; appId: number };

export interface SavePinnedParams {
  chainId: string;
  appIds: number[];
}

/** The safeAppsList machine's effects, implemented once by src/services/bridge.ts. */
export interface SafeAppsListEffects {
  /** The gateway's apps for the chain and the pinned app ids. */
  loadSafeApps(input: SafeAppsListInput): Promise<LoadSafeAppsOutput>;
  /** Stores the pinned app ids of the chain on this device. */
  savePinned(input: SavePinnedParams): Promise<void>;
}

// ───────────────────────────── /apps/custom ─────────────────────────────

export interface CustomAppsInput {
  chainId: string;
  /** The devnet: http apps on this computer (localhost, 127.0.0.1) are accepted too (decision 0052); absent: https only. */
  localHttpApps?: boolean;
}

export interface CustomAppsContext extends CustomAppsInput {
  localHttpApps: boolean;
  apps: CustomSafeApp[];
  /** The URL being added (normalised), or ''. */
  draftUrl: string;
  manifest: AppManifest | null;
  /** "This Safe App is not part of Countersign and I agree to use it at my own risk." */
  riskAccepted: boolean;
  /** The URL asked to be removed. */
  removing: string | null;
  error: string | null;
}

export type CustomAppsEvent =
  | { type: 'user.retry' }
  | { type: 'user.add'; url: string }
  | { type: 'user.toggleRisk' }
  | { type: 'user.confirmAdd' }
  | { type: 'user.remove'; url: string }
  | { type: 'user.confirmRemove' }
  | { type: 'user.cancel' };

export interface FetchManifestInput {
  url: string;
}

export interface SaveCustomAppInput {
  chainId: string;
  app: CustomSafeApp;
}

export interface RemoveCustomAppInput {
  chainId: string;
  url: string;
}

/** The customApps machine's effects (each write answers the chain's custom apps after it), implemented once by src/services/bridge.ts. */
export interface CustomAppsEffects {
  loadCustomApps(input: CustomAppsInput): Promise<CustomSafeApp[]>;
  /** `<url>/manifest.json`, validated. */
  fetchManifest(input: FetchManifestInput): Promise<AppManifest>;
  saveCustomApp(input: SaveCustomAppInput): Promise<CustomSafeApp[]>;
  removeCustomApp(input: RemoveCustomAppInput): Promise<CustomSafeApp[]>;
}

// ───────────────────────────── /apps/open ─────────────────────────────

export interface OpenAppInput {
  appUrl: string;
  /** The devnet: http apps on this computer (localhost, 127.0.0.1) open too (decision 0052); absent: https only. */
  localHttpApps?: boolean;
  /** Our own origin: an app on it is refused (S13). */
  hostOrigin: string;
  chainId: string;
}

export interface AppInfo {
  url: string;
  name: string;
  description: string;
  iconUrl: string | null;
  /** In the gateway's list for this chain (else: the unknown-app warning). */
  listed: boolean;
  /** Browser features the manifest asks for. */
  browserPermissions: string[];
  /** Bridge permissions already stored for the app's origin. */
  permissions: Permission[];
}

export interface LoadAppInfoInput {
  appUrl: string;
  chainId: string;
}

/** The openApp machine's promise effect, implemented once by src/services/bridge.ts (the bridgeSession child is provided there too). */
export interface OpenAppEffects {
  /** The app's info (gateway list, else its manifest) and the permissions stored for its origin. */
  loadAppInfo(input: LoadAppInfoInput): Promise<AppInfo>;
}

export type OpenAppRefusal = 'invalidUrl' | 'sameOrigin' | 'originMismatch' | 'insecureUrl';

export interface OpenAppContext extends OpenAppInput {
  localHttpApps: boolean;
  appOrigin: string | null;
  refusal: OpenAppRefusal | null;
  info: AppInfo | null;
  warningAccepted: boolean;
  error: string | null;
}

export type OpenAppEvent = { type: 'user.retry' } | { type: 'user.toggleWarning' } | { type: 'user.openApp' } | { type: 'user.closeApp' };

// ───────────────────────────── /settings/safe-apps ─────────────────────────────

/** Permissions per app origin. */
export type PermissionsByOrigin = Record<string, Permission[]>;

export interface AppPermissionsContext {
  entries: PermissionsByOrigin;
  error: string | null;
}

/** `capability: null` removes every permission of the origin. */
export type AppPermissionsEvent = { type: 'user.retry' } | { type: 'user.revoke'; origin: string; capability: string | null };

export interface RevokePermissionInput {
  origin: string;
  capability: string | null;
}

/** The appPermissions machine's effects (both answer the full list after the change), implemented once by src/services/bridge.ts. */
export interface AppPermissionsEffects {
  loadPermissions(): Promise<PermissionsByOrigin>;
  revokePermission(input: RevokePermissionInput): Promise<PermissionsByOrigin>;
}
