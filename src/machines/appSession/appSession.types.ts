import type { Location } from '../shared/routes.ts';

/** Where the app finds its gateway and chains. Read at boot from `config.json` served beside index.html. */
export interface RuntimeConfig {
  /** Base URL of the Safe Client Gateway, without a trailing slash, e.g. `https://safe-client.safe.global`. */
  gatewayUrl: string;
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

export type Theme = 'light' | 'dark';

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
}

/** The connected account as the wallet reports it to the root (checksummed address, decimal chain id). */
export interface ConnectedAccount {
  address: `0x${string}`;
  chainId: string;
}

export interface AppSessionInput {
  location: Location;
  theme: Theme;
  /** Whether the page is visible at start (document.visibilityState); visible when not given. */
  visible?: boolean;
}

export interface AppSessionContext {
  location: Location;
  theme: Theme;
  config: RuntimeConfig | null;
  chainCount: number | null;
  /** The last error text shown to the user, or null. */
  error: string | null;
  /** Why the event log stopped saving, once it has; null while it works. */
  persistenceError: string | null;
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
  | { type: 'user.retry' }
  /** Sent by the composition root when the event log fails to save an event. */
  | { type: 'system.persistenceFailed'; streamId: string; message: string }
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
