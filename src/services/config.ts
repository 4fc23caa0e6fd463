/**
 * Runtime configuration. The built app reads `config.json` beside index.html at boot, so one build serves
 * every deployment; in development, Vite environment variables override it:
 *   VITE_GATEWAY_URL            gateway base URL
 *
 * `gatewayUrl` may be left out (or null): the app then reads every Safe from the chain through its RPC
 * (RPC-only mode, decision 0054). A file without a gateway must name at least one RPC (an override or the devnet).
 *   VITE_RPC_URL_<chainId>      RPC override for one chain, e.g. VITE_RPC_URL_1
 *
 * An optional `wallets` section configures the signer-device modules (issue 19, decision 0066):
 *   wallets.trezor          { email, appUrl }: the Trezor Connect manifest; without it Trezor is not offered
 *   wallets.walletConnect   { projectId, relayUrl? }: WalletConnect v2; without a project id it is not offered, and
 *                           the served Content-Security-Policy gains the relay (scripts/lib/csp.ts) only with one
 * The section rides on the parsed config object unvalidated; src/services/wallet/walletsConfig.ts validates and
 * reads it (loaded with the wallet code, so its schema stays off the first load). RuntimeConfig's type is the machines'.
 */
import * as v from 'valibot';
import type { RuntimeConfig } from '../machines/appSession/appSession.types.ts';

const hex = (length?: number) =>
  v.pipe(v.string(), v.regex(length ? new RegExp(`^0x[0-9a-fA-F]{${length}}$`) : /^0x[0-9a-fA-F]*$/)) as v.GenericSchema<string, `0x${string}`>;

const httpUrl = v.pipe(v.string(), v.url('must be a URL'), v.regex(/^https?:\/\//, 'must be an http(s) URL'));

const RuntimeConfigSchema = v.object({
  gatewayUrl: v.optional(v.nullable(httpUrl), null),
  rpcOverrides: v.optional(v.record(v.pipe(v.string(), v.regex(/^\d+$/, 'chain ids are decimal')), httpUrl), {}),
  devnet: v.optional(
    v.nullable(
      v.object({
        chainId: v.pipe(v.number(), v.integer(), v.minValue(1)),
        rpcUrl: httpUrl,
        accounts: v.array(v.object({ address: hex(40), privateKey: hex(64) })),
      }),
    ),
    null,
  ),
});

/**
 * Whether this runtime config is the local devnet's (`npm start`: config.json has `devnet`). Safe Apps served over
 * http from this computer are allowed only when it answers true, in both places that decide it (decision 0052):
 * the app's URL rule (src/root.ts gives it to the Safe Apps screens as `localHttpApps`, in devnet builds only) and
 * the Content-Security-Policy our server sends (scripts/lib/csp.ts).
 */
export const isDevnet = (config: RuntimeConfig | null): boolean => config !== null && config.devnet !== null;

/** Validates a parsed config.json. Throws an Error whose message says which field is wrong. */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  const result = v.safeParse(RuntimeConfigSchema, json);
  if (!result.success) {
    const issue = result.issues[0];
    const path = issue?.path?.map((p) => String(p.key)).join('.') || 'config';
    throw new Error(`Invalid config.json: ${path} ${issue?.message ?? 'is invalid'}`);
  }
  const { gatewayUrl, rpcOverrides, devnet } = result.output;
  if (gatewayUrl === null && Object.keys(rpcOverrides).length === 0 && devnet === null) {
    throw new Error('Invalid config.json: without a gatewayUrl, name at least one RPC in rpcOverrides');
  }
  const config: RuntimeConfig & { wallets?: unknown } = { gatewayUrl: gatewayUrl === null ? null : gatewayUrl.replace(/\/+$/, ''), rpcOverrides, devnet };
  // Taken from the JSON as it is, not through the schema: validated where it is used (src/services/wallet/walletsConfig.ts),
  // so that neither its schema nor an entry for it here is on the first load (decision 0071). Only when present: a
  // config without the section is the same object as before.
  const { wallets } = json as { wallets?: unknown };
  if (wallets) config.wallets = wallets;
  return config;
}

/** Applies `VITE_GATEWAY_URL` and `VITE_RPC_URL_<chainId>` overrides. */
export function applyEnvOverrides(config: RuntimeConfig, env: Record<string, string | boolean | undefined>): RuntimeConfig {
  const rpcOverrides = { ...config.rpcOverrides };
  for (const [key, value] of Object.entries(env)) {
    const chain = /^VITE_RPC_URL_(\d+)$/.exec(key)?.[1];
    if (chain && typeof value === 'string' && value) rpcOverrides[chain] = value;
  }
  const gateway = env.VITE_GATEWAY_URL;
  const gatewayUrl = typeof gateway === 'string' && gateway ? gateway.replace(/\/+$/, '') : config.gatewayUrl;
  return parseRuntimeConfig({ ...config, gatewayUrl, rpcOverrides });
}

/** Fetches and validates `config.json` from beside index.html. */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch,
  baseUrl: string,
  env: Record<string, string | boolean | undefined> = {},
): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(`${baseUrl}config.json`, { cache: 'no-store' });
  } catch {
    throw new Error('Could not load config.json');
  }
  if (!response.ok) throw new Error(`Could not load config.json: ${response.status} ${response.statusText}`.trim());
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new Error('Invalid config.json: not JSON');
  }
  return applyEnvOverrides(parseRuntimeConfig(json), env);
}
