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
}

export interface AppSessionInput {
  location: Location;
  theme: Theme;
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
}

export type AppSessionEvent =
  | { type: 'system.locationChanged'; path: string; search: string }
  | { type: 'user.navigate'; to: string }
  | { type: 'user.toggleTheme' }
  | { type: 'user.retry' }
  /** Sent by the composition root when the event log fails to save an event. */
  | { type: 'system.persistenceFailed'; streamId: string; message: string };
