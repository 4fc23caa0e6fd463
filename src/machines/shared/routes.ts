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

/** The in-app path of a transaction's details, by its gateway id (`multisig_<Safe>_<safeTxHash>`, `module_…`). */
export const transactionPath = (id: string): string => `${ROUTES.transaction}?id=${encodeURIComponent(id)}`;

/** The in-app path of a message's details, by its messageHash. */
export const messagePath = (messageHash: string): string => `${ROUTES.message}?messageHash=${encodeURIComponent(messageHash)}`;

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

/**
 * What the `?safe=` parameter says: nothing (`none`), a Safe, or a value that names no Safe, with the reason in
 * words a person can act on (the link was cut, the chain prefix is missing…). Pure; the shell's view model shows it.
 */
export type SafeParam = { kind: 'none' } | { kind: 'safe'; safe: SafeRef } | { kind: 'invalid'; value: string; problem: string };

export function readSafeParam(search: string): SafeParam {
  const raw = new URLSearchParams(search).get('safe');
  if (raw === null || raw.trim() === '') return { kind: 'none' };
  const value = raw.trim();
  const safe = parseSafeParam(search);
  if (safe) return { kind: 'safe', safe };
  return { kind: 'invalid', value, problem: safeParamProblem(value) };
}

function safeParamProblem(value: string): string {
  const colon = value.indexOf(':');
  if (colon < 0) {
    return /^0x[0-9a-f]*$/i.test(value)
      ? 'The link gives an address without its network prefix: a Safe is written as network:address (for example eth:0x…).'
      : 'The link’s Safe is not written as network:address (for example eth:0x…).';
  }
  const prefix = value.slice(0, colon);
  const address = value.slice(colon + 1);
  if (!/^[a-z0-9-]{1,32}$/.test(prefix)) return `“${prefix}” is not a network short name (lower-case letters, digits and dashes).`;
  if (!/^0x/i.test(address)) return 'The address after the network prefix must start with 0x.';
  if (!/^0x[0-9a-f]*$/i.test(address)) return 'The address contains characters that are not hexadecimal digits.';
  const digits = address.length - 2;
  return `The address has ${digits} hexadecimal digit${digits === 1 ? '' : 's'}; a Safe address has 40. The link may have been cut short.`;
}

/** Screens that open or create a Safe: the shell does not show the Safe of the previous page on them. */
const SAFE_FREE_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>(['root', 'welcome', 'accounts', 'loadSafe', 'createSafe']);

export function isSafeFreeRoute(id: RouteId): boolean {
  return SAFE_FREE_ROUTES.has(id);
}

/** The navigation entries: a route id's entry (several routes light up the same one, e.g. every settings tab). */
export type NavKey =
  | 'home'
  | 'balances'
  | 'nfts'
  | 'queue'
  | 'history'
  | 'messages'
  | 'apps'
  | 'accounts'
  | 'addressBook'
  | 'settings'
  | 'statecharts'
  | 'audit';

const NAV_OF: Partial<Record<RouteId, NavKey>> = {
  home: 'home',
  balances: 'balances',
  nfts: 'nfts',
  queue: 'queue',
  history: 'history',
  messages: 'messages',
  message: 'messages',
  apps: 'apps',
  customApps: 'apps',
  openApp: 'apps',
  accounts: 'accounts',
  addressBook: 'addressBook',
  settings: 'settings',
  settingsTab: 'settings',
  statecharts: 'statecharts',
  audit: 'audit',
};

/** The navigation entry that is "the current page" for a route, or null (welcome, 404…). */
export function navKeyOf(id: RouteId): NavKey | null {
  return NAV_OF[id] ?? null;
}
