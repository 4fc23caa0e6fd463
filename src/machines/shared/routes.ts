/**
 * The app's route table and pure URL helpers. Same URL scheme as Safe{Wallet}: a Safe is addressed by the
 * query parameter `?safe=<chainShortName>:<address>`. Pure: no window/location access; the composition root
 * feeds locations in as events.
 */

export const ROUTES = {
  root: '/',
  welcome: '/welcome',
  accounts: '/welcome/accounts',
  home: '/home',
  balances: '/balances',
  nfts: '/balances/nfts',
  queue: '/transactions/queue',
  history: '/transactions/history',
  transaction: '/transactions/tx',
  messages: '/transactions/messages',
  message: '/transactions/msg',
  apps: '/apps',
  customApps: '/apps/custom',
  openApp: '/apps/open',
  addressBook: '/address-book',
  settings: '/settings',
  loadSafe: '/new-safe/load',
  createSafe: '/new-safe/create',
  statecharts: '/statecharts',
  audit: '/audit',
} as const;

export type RouteId = keyof typeof ROUTES | 'settingsTab' | 'notFound';

export interface Location {
  /** Path name, e.g. `/transactions/queue`. */
  path: string;
  /** Query string including the leading `?`, or the empty string. */
  search: string;
}

export interface MatchedRoute {
  id: RouteId;
  /** For `/settings/<tab>`: the tab name. */
  tab?: string;
}

const byPath = new Map<string, RouteId>(Object.entries(ROUTES).map(([id, path]) => [path, id as RouteId]));

/** Strips one trailing slash (but keeps `/`). */
export function normalizePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export function matchRoute(path: string): MatchedRoute {
  const normal = normalizePath(path);
  const id = byPath.get(normal);
  if (id) return { id };
  const settings = /^\/settings\/([a-z0-9-]+)$/.exec(normal);
  if (settings?.[1]) return { id: 'settingsTab', tab: settings[1] };
  return { id: 'notFound' };
}

/** Query parameters that identify the context and must survive navigation inside a Safe. */
const STICKY_PARAMS = ['safe', 'chain'] as const;

/**
 * Builds the URL for navigating to `to` (a path, optionally with its own query) from the current location,
 * carrying over the `safe`/`chain` context unless `to` sets them.
 */
export function hrefFor(to: string, current: Location): string {
  const [path = '/', query = ''] = to.split('?');
  const next = new URLSearchParams(query);
  const currentParams = new URLSearchParams(current.search);
  for (const key of STICKY_PARAMS) {
    const value = currentParams.get(key);
    if (value !== null && !next.has(key)) next.set(key, value);
  }
  const search = next.toString();
  return search ? `${path}?${search}` : path;
}

export function parseLocation(href: string): Location {
  const [path = '/', ...rest] = href.split('?');
  const query = rest.join('?');
  return { path: normalizePath(path || '/'), search: query ? `?${query}` : '' };
}

export interface SafeRef {
  shortName: string;
  address: `0x${string}`;
}

/** Parses `?safe=<shortName>:<address>`. Returns null when absent or malformed. */
export function parseSafeParam(search: string): SafeRef | null {
  const value = new URLSearchParams(search).get('safe');
  if (!value) return null;
  const match = /^([a-z0-9-]{1,32}):(0x[0-9a-fA-F]{40})$/.exec(value.trim());
  if (!match?.[1] || !match[2]) return null;
  return { shortName: match[1], address: match[2] as `0x${string}` };
}
