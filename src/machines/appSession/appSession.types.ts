import type { SignerDevice } from '../../domain/wallet/signerDevice.ts';
import type { Location } from '../shared/routes.ts';

/** Where the app finds its gateway and chains. Read at boot from `config.json` served beside index.html. */
export interface RuntimeConfig {
  /**
   * Base URL of the Safe Client Gateway, without a trailing slash, e.g. `https://safe-client.safe.global`; null when
   * the deployment has none: every Safe is then read from the chain (RPC-only mode, decision 0054).
   */
  gatewayUrl: string | null;
  /** Chain RPC overrides by decimal chain id; otherwise the gateway's chain config `rpcUri` is used. */
  rpcOverrides: Record<string, string>;
  /** Present only when the app runs against the offline devnet. */
  devnet: DevnetConfig | null;
}

export interface DevnetConfig {
  chainId: number;
  rpcUrl: string;
  /** Well-known devnet test accounts offered by the Devnet Wallet. Never real keys. */
  accounts: { address: `0x${string}`; privateKey: `0x${string}` }[];
}

/** The theme the page shows. */
export type Theme = 'light' | 'dark';
/** The theme the user chose: one of the two, or the system's (which follows `prefers-color-scheme`). */
export type ThemePreference = Theme | 'system';

export interface GatewayProbe {
  /** How many chains the gateway lists. */
  chainCount: number;
  /**
   * The chains it lists (decimal id and name), told to the wallet so it can say when it is on a chain the gateway
   * does not serve. Absent in logs written before the root took over this choreography (decision 0031).
   */
  chains?: { chainId: string; chainName: string }[];
}

/** The root's effects, provided by src/root.ts. */
export interface AppSessionEffects {
  /** Reads config.json (and the build's environment). */
  loadConfig(): Promise<RuntimeConfig>;
  /** Lists the gateway's chains: the gateway answers. */
  probeGateway(input: { gatewayUrl: string }): Promise<GatewayProbe>;
  /**
   * Writes, in order, the events each failed event-log writer kept (re-opening the store when it never opened).
   * Resolves once every one is saved; rejects with the error of the first write that fails again.
   */
  retrySaving(): Promise<void>;
}

/**
 * Why the event log cannot save, in the user's terms: the browser's storage is full, the browser gives this site no
 * storage (a private mode, storage blocked), or another error.
 */
export type SaveFailureCause = 'storageFull' | 'storageUnavailable' | 'other';

/** The error of a failed write, as the event log records it (an Error's name and message). */
export interface SaveError {
  name: string;
  message: string;
}

/** A failed write of the event log: the stream, the error, and its cause. */
export interface SaveFailure {
  streamId: string;
  message: string;
  cause: SaveFailureCause;
}

/** The connected account as the wallet reports it to the root (checksummed address, decimal chain id). */
export interface ConnectedAccount {
  address: `0x${string}`;
  chainId: string;
  /** The device the wallet signs on (issue 19); absent for a browser wallet. */
  device?: SignerDevice;
}

export interface AppSessionInput {
  location: Location;
  /** The theme shown at start (the preference resolved against the system's). */
  theme: Theme;
  /** The stored preference; when absent (logs written before it existed) the shown theme. */
  themePreference?: ThemePreference;
  /** The system's colour scheme at start; when absent, the shown theme. */
  systemTheme?: Theme;
  /** Load token logos from their (third-party) hosts; on when absent. */
  tokenLogos?: boolean;
  /** Whether the page is visible at start (read by the composition root); visible when not given. */
  visible?: boolean;
}

export interface AppSessionContext {
  location: Location;
  /** The theme shown: the preference, or the system's when the preference is `system`. */
  theme: Theme;
  themePreference: ThemePreference;
  systemTheme: Theme;
  /** Whether token logos may load from their hosts (off: no request to a logo host). */
  tokenLogos: boolean;
  config: RuntimeConfig | null;
  chainCount: number | null;
  /** The last error text shown to the user, or null. */
  error: string | null;
  /**
   * Why the event log stopped saving, in logs written before decision 0050 (the app then stopped). This build
   * never sets it: see `saveFailure`.
   */
  persistenceError: string | null;
  /** The write of the event log that failed, while it cannot save (signing is paused); null while it saves. */
  saveFailure: SaveFailure | null;
  /** `<shortName>:<lower-case address>` of the Safe whose safeSession child runs, or null. */
  openSafe: string | null;
  /** The connected account, as the wallet child last reported it; null when none is connected. */
  account: ConnectedAccount | null;
  /** Whether the page is visible: a Safe session pauses its polling while it is not. */
  visible: boolean;
}

export type AppSessionEvent =
  | { type: 'system.locationChanged'; path: string; search: string }
  | { type: 'user.navigate'; to: string }
  | { type: 'user.toggleTheme' }
  /** Settings › Appearance: the theme preference. */
  | { type: 'user.setTheme'; preference: ThemePreference }
  /** Settings › Appearance: load token logos from their hosts, or not. */
  | { type: 'user.setTokenLogos'; enabled: boolean }
  /** Sent by the composition root when the system's colour scheme changes. */
  | { type: 'system.colorSchemeChanged'; theme: Theme }
  /** Sent by the composition root when imported local data brought other appearance settings. */
  | { type: 'system.appearanceImported'; preference: ThemePreference; tokenLogos: boolean }
  | { type: 'user.retry' }
  /**
   * Sent by builds before decision 0050 when the event log failed to save an event (the app stopped). Kept so
   * their logs replay; this build sends `system.saveFailed`.
   */
  | { type: 'system.persistenceFailed'; streamId: string; message: string }
  /** Sent by the composition root when the event log fails to save an event: browsing goes on, signing pauses. */
  | { type: 'system.saveFailed'; streamId: string; error: SaveError }
  /** The banner's "Try again": write what the event log kept, then sign again. */
  | { type: 'user.retrySaving' }
  /** Sent by the composition root when the page is hidden or shown again. */
  | { type: 'system.visibilityChanged'; visible: boolean }
  /** Sent by the composition root when a flow wrote to the gateway (proposed, executed, deleted, signed). */
  | { type: 'system.flowSettled' }
  /** Reported by the wallet child whenever the connected account or its chain changes (null: disconnected). */
  | { type: 'wallet.connectionChanged'; account: ConnectedAccount | null }
  /** Reported by the Safe session child once it knows the Safe's chain (null: the gateway does not list it). */
  | { type: 'safeSession.chainResolved'; chainId: string | null }
  /** Reported by the Safe session child when the Safe's info has loaded. */
  | { type: 'safeSession.safeLoaded'; chainId: string; address: string };
