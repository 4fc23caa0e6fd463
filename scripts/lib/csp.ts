/**
 * The Content-Security-Policy of the built app (docs/decisions/0006-csp-sri-reproducible-build.md).
 *
 * - `serverPolicy(config)`: the HTTP header our static server sends. It is computed from the config.json the
 *   server serves, so `connect-src` names exactly the configured gateway and RPCs (and the WalletConnect relay when
 *   `wallets.walletConnect` has a project id), and `frame-ancestors 'none'`
 *   forbids framing the app (clickjacking).
 * - `metaPolicy(mode)`: the fallback written into the built index.html for hosts that cannot set headers. A
 *   meta tag is read before the runtime config exists, so it cannot name the runtime hosts (it allows https:
 *   and, in devnet builds, loopback), and browsers ignore `frame-ancestors`, `report-uri` and `sandbox` in it.
 *   When both are present the browser enforces both, so the header narrows what the meta allows.
 *
 * Neither allows inline scripts or eval, except the build's import map, allowed by its SHA-256 (`scriptHashes`;
 * docs/decisions/0022-lazy-chunk-integrity.md). Inline styles are allowed: web3-onboard (Svelte) and React's
 * `style` props set them; styles cannot run code.
 */
import { LOCAL_APP_HOSTS } from '../../src/machines/safeApps/safeApps.logic.ts';
import { isDevnet, parseRuntimeConfig } from '../../src/services/config.ts';
import { walletConnectRelayOf } from '../../src/services/wallet/walletsConfig.ts';

export type Directives = Record<string, string[]>;

/** The origin of an http(s) URL, or null for anything else. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

const unique = (values: (string | null)[]): string[] => [...new Set(values.filter((v): v is string => v !== null))];

/** The origin of a WebSocket URL (the WalletConnect relay), or null for anything else. */
export function wsOriginOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'wss:' || parsed.protocol === 'ws:' ? `${parsed.protocol}//${parsed.host}` : null;
  } catch {
    return null;
  }
}

/** The directives every policy shares; `hosts` fills the parts that depend on where the app runs. */
function directives(hosts: { connect: string[]; frame: string[]; img: string[] }): Directives {
  return {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': unique(["'self'", 'data:', 'https:', ...hosts.img]),
    'font-src': ["'self'"],
    'connect-src': unique(["'self'", ...hosts.connect]),
    'frame-src': unique(['https:', ...hosts.frame]),
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
  };
}

/** http on this computer, any port: the devnet's own services and a developer's Safe App (decision 0052). */
const LOOPBACK: readonly string[] = LOCAL_APP_HOSTS.map((host) => `http://${host}:*`);

export function serialize(policy: Directives): string {
  return Object.entries(policy)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

export interface ServerPolicyOptions {
  /** More origins the app may connect to (e.g. the public RPCs of chains without an rpcOverride). */
  extraConnect?: string[];
  /** Hash sources (`'sha256-…'`) of the inline scripts script-src allows: the built index.html's import map. */
  scriptHashes?: string[];
}

/**
 * The header for a served config.json (any JSON value; an invalid config gives the strictest policy: the app
 * then shows its configuration error and connects nowhere but its own origin).
 */
export function serverPolicy(config: unknown, options: ServerPolicyOptions = {}): string {
  let gateway: string | null = null;
  let rpcs: (string | null)[] = [];
  let devnet = false;
  let relay: string | null = null;
  try {
    const parsed = parseRuntimeConfig(config);
    // WalletConnect's relay only when config.json has a WalletConnect project id (issue 19, decision 0066).
    const relayUrl = walletConnectRelayOf(parsed);
    relay = relayUrl === null ? null : wsOriginOf(relayUrl);
    gateway = parsed.gatewayUrl === null ? null : originOf(parsed.gatewayUrl);
    rpcs = [...Object.values(parsed.rpcOverrides), parsed.devnet?.rpcUrl ?? ''].map(originOf);
    devnet = isDevnet(parsed);
  } catch {
    // strictest policy below
  }
  const extra = (options.extraConnect ?? []).map(originOf);
  // On the devnet the gateway serves its demo Safe Apps (and token logos) over http, and a developer's own app on
  // this computer (http://localhost:*, http://127.0.0.1:*) is framed, its manifest read and its icon shown
  // (decision 0052). Production stays https only.
  const devnetHosts = devnet ? unique([gateway, ...LOOPBACK]) : [];
  const base = directives({ connect: unique([gateway, ...rpcs, relay, ...extra, ...devnetHosts]), frame: devnetHosts, img: devnetHosts });
  return serialize({
    ...base,
    'script-src': unique([...base['script-src']!, ...(options.scriptHashes ?? []).filter((h) => /^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/.test(h))]),
    'frame-ancestors': ["'none'"],
  });
}

/** The meta fallback for a build mode: `devnet` builds also allow loopback hosts (the local devnet). */
export function metaPolicy(mode: string): string {
  const local = mode === 'devnet' ? [...LOOPBACK] : [];
  return serialize(directives({ connect: ['https:', ...local], frame: local, img: local }));
}
