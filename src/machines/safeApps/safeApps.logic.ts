/**
 * Pure rules of the Safe Apps screens: URL normalisation, DOMAIN_ALLOWLIST, search/category/batch filters,
 * pinning, manifest.json validation, and the iframe sandbox (S13).
 */
import type { AppManifest, CustomSafeApp, SafeApp } from './safeApps.types.ts';

/** Texts of the add-custom-app dialog (anchor-features §4). */
export const CustomAppErrors = {
  invalidUrl: 'The url is invalid',
  duplicate: 'This Safe App is already in the list',
  notASafeApp: "The app doesn't support Safe App functionality",
  /** An http URL outside the devnet (decision 0052). */
  httpsOnly: 'Safe Apps must be served over https: enter the app’s https:// address. Apps on http://localhost or http://127.0.0.1 can be added only on the local devnet (npm start).',
  /** An http URL on the devnet that is not on this computer (decision 0052). */
  localHttpOnly: 'On the devnet an http app must run on this computer: use http://localhost:<port> or http://127.0.0.1:<port>, or the app’s https:// address.',
} as const;

/**
 * The hosts whose plain-http Safe Apps the devnet accepts (decision 0052): an app a developer serves on this
 * computer. The URL rule below and the devnet's Content-Security-Policy (scripts/lib/csp.ts) both read this list.
 */
export const LOCAL_APP_HOSTS = ['127.0.0.1', 'localhost'] as const;

/**
 * Why an app URL is refused, or null when it may be added or opened: https anywhere; http only when
 * `localHttpApps` (the devnet: src/services/config.ts `isDevnet`) and only on LOCAL_APP_HOSTS, any port.
 */
export function appUrlRefusal(raw: string, localHttpApps: boolean): string | null {
  const url = normalizeAppUrl(raw);
  if (url === null) return CustomAppErrors.invalidUrl;
  const { protocol, hostname } = new URL(url);
  if (protocol === 'https:') return null;
  if (!localHttpApps) return CustomAppErrors.httpsOnly;
  return (LOCAL_APP_HOSTS as readonly string[]).includes(hostname) ? null : CustomAppErrors.localHttpOnly;
}

export const BATCHED_TRANSACTIONS = 'BATCHED_TRANSACTIONS';

/** The sandbox of every app iframe; `allow-same-origin` is added only for an app on another origin. */
export const BASE_SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';

/** Browser features an app's manifest may ask for (`safe_apps_permissions`). */
export const BROWSER_FEATURES = [
  'accelerometer',
  'ambient-light-sensor',
  'autoplay',
  'camera',
  'clipboard-read',
  'clipboard-write',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
  'web-share',
  'xr-spatial-tracking',
] as const;

/** An http(s) URL without fragment, query kept, trailing slash dropped; null when it is not one. */
export function normalizeAppUrl(raw: string): string | null {
  const text = raw.trim();
  if (!/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username || url.password || !url.hostname) return null;
  url.hash = '';
  const out = url.toString();
  return out.endsWith('/') ? out.slice(0, -1) : out;
}

/** The serialised origin of an app URL, or null. */
export function appOriginOf(raw: string): string | null {
  const url = normalizeAppUrl(raw);
  return url ? new URL(url).origin : null;
}

/** The iframe `sandbox` value: never `allow-same-origin` for an app on our own origin. */
export function sandboxFor(appOrigin: string, hostOrigin: string): string {
  return appOrigin === hostOrigin ? BASE_SANDBOX : `${BASE_SANDBOX} allow-same-origin`;
}

/** DOMAIN_ALLOWLIST: the app is shown only to hosts whose URL starts with one of the listed domains. */
export function isAllowedOn(app: SafeApp, clientUrl: string): boolean {
  if (app.accessControl.type !== 'DOMAIN_ALLOWLIST') return true;
  return (app.accessControl.value ?? []).some((domain) => {
    if (!domain || !clientUrl.startsWith(domain)) return false;
    // `http://127.0.0.1` allows `http://127.0.0.1:5173` but not `http://127.0.0.1.evil.example`.
    const next = clientUrl.charAt(domain.length);
    return next === '' || next === ':' || next === '/' || domain.endsWith('/');
  });
}

export const isBatched = (app: SafeApp): boolean => app.features.includes(BATCHED_TRANSACTIONS);

/** Tags used as categories, sorted, without duplicates. */
export function categoriesOf(apps: readonly SafeApp[]): string[] {
  return [...new Set(apps.flatMap((app) => app.tags))].sort((a, b) => a.localeCompare(b));
}

export interface AppFilter {
  query: string;
  tag: string | null;
  batchedOnly: boolean;
}

/** Search by name, description or category (case-insensitive), then category and batch filters. */
export function filterApps(apps: readonly SafeApp[], filter: AppFilter): SafeApp[] {
  const query = filter.query.trim().toLowerCase();
  return apps.filter(
    (app) =>
      (!query || app.name.toLowerCase().includes(query) || app.description.toLowerCase().includes(query) || app.tags.some((tag) => tag.toLowerCase().includes(query))) &&
      (filter.tag === null || app.tags.includes(filter.tag)) &&
      (!filter.batchedOnly || isBatched(app)),
  );
}

export const togglePinned = (pinned: readonly number[], appId: number): number[] =>
  pinned.includes(appId) ? pinned.filter((id) => id !== appId) : [...pinned, appId];

/** The pinned apps in pin order, skipping ids no longer listed. */
export const pinnedApps = (apps: readonly SafeApp[], pinned: readonly number[]): SafeApp[] =>
  pinned.flatMap((id) => apps.filter((app) => app.id === id));

export const sameAppUrl = (a: string, b: string): boolean => normalizeAppUrl(a) === normalizeAppUrl(b);

export const hasCustomApp = (apps: readonly CustomSafeApp[], url: string): boolean => apps.some((app) => sameAppUrl(app.url, url));

// ───────────────────────────── manifest.json ─────────────────────────────

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const MAX_TEXT = 500;

function resolveIcon(src: string, appUrl: string): string | null {
  try {
    const url = new URL(src, `${appUrl}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The largest icon (an svg wins), resolved against the app URL. */
function bestIcon(manifest: Record<string, unknown>, appUrl: string): string | null {
  const icons = Array.isArray(manifest.icons) ? manifest.icons.filter(isRecord) : [];
  let best: { src: string; size: number } | null = null;
  for (const icon of icons) {
    if (typeof icon.src !== 'string') continue;
    const svg = icon.type === 'image/svg+xml' || icon.src.toLowerCase().endsWith('.svg');
    const sizes = typeof icon.sizes === 'string' ? icon.sizes.split(/\s+/).map((s) => parseInt(s.split('x')[0] ?? '', 10)).filter(Number.isFinite) : [];
    const size = svg ? Number.MAX_SAFE_INTEGER : Math.max(0, ...sizes);
    if (!best || size > best.size) best = { src: icon.src, size };
  }
  const src = best?.src ?? (typeof manifest.iconPath === 'string' ? manifest.iconPath : null);
  return src ? resolveIcon(src, appUrl) : null;
}

/**
 * Validates a parsed `manifest.json`: a name, a description and icons (or iconPath) are required, as the Safe
 * web app requires. Throws `The app doesn't support Safe App functionality` otherwise.
 */
export function parseManifest(json: unknown, appUrl: string): AppManifest {
  if (!isRecord(json)) throw new Error(CustomAppErrors.notASafeApp);
  const { name, description } = json;
  const hasIcon = Array.isArray(json.icons) || typeof json.iconPath === 'string';
  if (typeof name !== 'string' || !name.trim() || typeof description !== 'string' || !hasIcon) throw new Error(CustomAppErrors.notASafeApp);
  const requested = Array.isArray(json.safe_apps_permissions) ? json.safe_apps_permissions : [];
  return {
    name: name.trim().slice(0, 50),
    description: description.slice(0, MAX_TEXT),
    iconUrl: bestIcon(json, appUrl),
    browserPermissions: requested.filter((feature): feature is string => typeof feature === 'string' && (BROWSER_FEATURES as readonly string[]).includes(feature)),
  };
}

/** An effect's failure as a short text for the screen. */
export function errorText(error: unknown, fallback: string): string {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return text ? text.slice(0, 300) : fallback;
}
