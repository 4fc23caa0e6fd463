/**
 * The `wallets` section of config.json (issue 19, decision 0066), validated where it is used: by the wallet modules
 * (loaded with web3-onboard, never on the first load) and by the served Content-Security-Policy (scripts/lib/csp.ts).
 *
 *   "wallets": {
 *     "trezor": { "email": "security@example.org", "appUrl": "https://safe.example.org" },
 *     "walletConnect": { "projectId": "…", "relayUrl": "wss://relay.walletconnect.org" },
 *     "keystone": false
 *   }
 *
 * - Trezor is offered only with a manifest (Trezor Connect requires a contact email and the app's URL).
 * - WalletConnect is offered only with a project id; its relay defaults to WalletConnect's own.
 * - Keystone is offered where the page can use a camera unless `keystone` is false (decision 0079: it works in a
 *   browser since its Node built-ins are provided to it; before, decision 0066 kept it behind `keystone: true`).
 * - An invalid section offers neither Trezor nor WalletConnect (and `walletsConfigIssue` says why); Keystone needs no
 *   configuration and stays offered. The app itself still loads.
 */
import * as v from 'valibot';
import type { RuntimeConfig } from '../../machines/appSession/appSession.types.ts';

const httpUrl = v.pipe(v.string(), v.url('must be a URL'), v.regex(/^https?:\/\//, 'must be an http(s) URL'));
const wsUrl = v.pipe(v.string(), v.url('must be a URL'), v.regex(/^wss:\/\//, 'must be a wss URL'));

// valibot's own email regex (v.email's), through v.regex: valibot's functions join the first-load chunk with the app's
// other uses of valibot, so v.email would put itself on the first load for this one field (decision 0071).
const EMAIL = /^[\w+-]+(?:\.[\w+-]+)*@[\da-zA-Z]+(?:[.-][\da-zA-Z]+)*\.[a-zA-Z]{2,}$/u;

const WalletsConfigSchema = v.object({
  trezor: v.optional(v.object({ email: v.pipe(v.string(), v.regex(EMAIL, 'must be an email address')), appUrl: httpUrl })),
  walletConnect: v.optional(
    v.object({
      projectId: v.pipe(v.string(), v.regex(/^[0-9a-zA-Z]{8,64}$/, 'must be a WalletConnect project id')),
      relayUrl: v.optional(wsUrl),
    }),
  ),
  keystone: v.optional(v.boolean()),
});

export interface WalletsConfig {
  trezor?: { email: string; appUrl: string };
  walletConnect?: { projectId: string; relayUrl?: string };
  keystone?: boolean;
}

/** WalletConnect's own relay, used when `wallets.walletConnect.relayUrl` is not given. */
export const DEFAULT_WALLETCONNECT_RELAY = 'wss://relay.walletconnect.org';

const rawWallets = (config: unknown): unknown =>
  typeof config === 'object' && config !== null ? (config as { wallets?: unknown }).wallets : undefined;

/** Why the `wallets` section is invalid (`wallets.trezor.email must be an email address`), or null when it is valid or absent. */
export function walletsConfigIssue(config: RuntimeConfig | Record<string, unknown> | null): string | null {
  const raw = rawWallets(config);
  if (raw === undefined) return null;
  const result = v.safeParse(WalletsConfigSchema, raw);
  if (result.success) return null;
  const issue = result.issues[0];
  return `wallets${issue?.path?.map((p) => `.${String(p.key)}`).join('') ?? ''} ${issue?.message ?? 'is invalid'}`;
}

/** The `wallets` section of a config (parsed config.json or its raw JSON); empty when absent or invalid. */
export function walletsConfigOf(config: RuntimeConfig | Record<string, unknown> | null): WalletsConfig {
  const raw = rawWallets(config);
  if (raw === undefined) return {};
  const result = v.safeParse(WalletsConfigSchema, raw);
  if (!result.success) return {};
  const { trezor, walletConnect, keystone } = result.output;
  return {
    ...(keystone !== undefined ? { keystone } : {}),
    ...(trezor ? { trezor } : {}),
    ...(walletConnect ? { walletConnect: { projectId: walletConnect.projectId, ...(walletConnect.relayUrl ? { relayUrl: walletConnect.relayUrl } : {}) } } : {}),
  };
}

/** The WalletConnect relay a config uses, or null when WalletConnect is not configured (no project id). */
export function walletConnectRelayOf(config: RuntimeConfig | Record<string, unknown> | null): string | null {
  const wc = walletsConfigOf(config).walletConnect;
  return wc ? (wc.relayUrl ?? DEFAULT_WALLETCONNECT_RELAY) : null;
}
