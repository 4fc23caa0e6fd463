/**
 * Read cache of the gateway client (product-spec §9): entries live 24 h, failures are never cached and
 * never retried, identical in-flight reads share one request, and entries are invalidated explicitly when
 * one of the Safe info tags changes.
 */
import type { SafeInfoTag } from '../../domain/gateway/types.ts';

/** What a cached read is, so that a tag change can find it. */
export type ReadKind =
  | 'queued'
  | 'history'
  | 'incoming'
  | 'module'
  | 'multisig'
  | 'balances'
  | 'nonces'
  | 'txDetails'
  | 'collectibles'
  | 'messages'
  | 'message'
  | 'overview';

/** A cached read belongs to a Safe (`safe` lower-case) or to every Safe of a chain (`safe: null`). */
export interface ReadScope {
  chainId: string;
  safe: string | null;
}

/** Which cached reads each Safe info tag invalidates. */
export const TAG_INVALIDATES: Readonly<Record<SafeInfoTag, readonly ReadKind[]>> = {
  txQueuedTag: ['queued', 'multisig', 'nonces', 'txDetails', 'overview'],
  txHistoryTag: ['history', 'queued', 'incoming', 'module', 'multisig', 'balances', 'nonces', 'txDetails', 'overview'],
  collectiblesTag: ['collectibles'],
  messagesTag: ['messages', 'message'],
};

export const SAFE_INFO_TAGS: readonly SafeInfoTag[] = ['txQueuedTag', 'txHistoryTag', 'collectiblesTag', 'messagesTag'];

export const DEFAULT_CACHE_LIFETIME_MS = 24 * 60 * 60 * 1000;

interface Entry {
  value: unknown;
  expiresAt: number;
  kind: ReadKind | null;
  scopes: ReadScope[];
}

interface InFlight {
  promise: Promise<unknown>;
  kind: ReadKind | null;
  scopes: ReadScope[];
  /** Set when an invalidation hit the request while it was running: its result is not cached. */
  stale: boolean;
}

export interface ReadPolicy {
  /** `false`: never cached (still shared while in flight). */
  cache: boolean;
  kind: ReadKind | null;
  scopes: ReadScope[];
  /** Scopes known only from the response (e.g. a transaction's Safe). */
  scopesFromResult?: (value: unknown) => ReadScope[];
}

const matches = (scopes: ReadScope[], kinds: ReadonlySet<ReadKind>, kind: ReadKind | null, target: ReadScope) =>
  kind !== null &&
  kinds.has(kind) &&
  scopes.some((s) => s.chainId === target.chainId && (s.safe === null || target.safe === null || s.safe === target.safe));

/** At most this many cached reads: the least recently used go first (a tab open all day stays bounded). */
export const MAX_CACHE_ENTRIES = 500;
/** At most this many Safes whose last tags are remembered. */
export const MAX_TAGGED_SAFES = 200;

/** Map insertion order as recency: a read moves its key to the end, the oldest are dropped past `max`. */
function touch<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
}

export function createReadCache(options: { lifetimeMs?: number; now?: () => number; maxEntries?: number } = {}) {
  const lifetime = options.lifetimeMs ?? DEFAULT_CACHE_LIFETIME_MS;
  const maxEntries = options.maxEntries ?? MAX_CACHE_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, InFlight>();
  const lastTags = new Map<string, Partial<Record<SafeInfoTag, string | null>>>();

  function read<T>(key: string, policy: ReadPolicy, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    if (hit) {
      if (hit.expiresAt > now()) {
        touch(entries, key, hit, maxEntries);
        return Promise.resolve(hit.value as T);
      }
      entries.delete(key);
    }
    const running = inFlight.get(key);
    if (running) return running.promise as Promise<T>;

    const flight: InFlight = { promise: Promise.resolve(), kind: policy.kind, scopes: policy.scopes, stale: false };
    flight.promise = load().then(
      (value) => {
        if (inFlight.get(key) === flight) inFlight.delete(key);
        if (policy.cache && !flight.stale) {
          const scopes = [...policy.scopes, ...(policy.scopesFromResult?.(value) ?? [])];
          touch(entries, key, { value, expiresAt: now() + lifetime, kind: policy.kind, scopes }, maxEntries);
        }
        return value;
      },
      (error: unknown) => {
        if (inFlight.get(key) === flight) inFlight.delete(key);
        throw error;
      },
    );
    inFlight.set(key, flight);
    return flight.promise as Promise<T>;
  }

  /** Drops cached (and in-flight) reads of the given kinds in the scope; returns how many entries went. */
  function invalidateKinds(kinds: readonly ReadKind[], scope: ReadScope): number {
    const set = new Set(kinds);
    const target = { chainId: scope.chainId, safe: scope.safe?.toLowerCase() ?? null };
    let dropped = 0;
    for (const [key, entry] of entries) {
      if (matches(entry.scopes, set, entry.kind, target)) {
        entries.delete(key);
        dropped += 1;
      }
    }
    for (const [key, flight] of inFlight) {
      if (matches(flight.scopes, set, flight.kind, target)) {
        flight.stale = true;
        inFlight.delete(key);
      }
    }
    return dropped;
  }

  function invalidateTag(chainId: string, safeAddress: string, tag: SafeInfoTag): number {
    return invalidateKinds(TAG_INVALIDATES[tag], { chainId, safe: safeAddress });
  }

  /**
   * Compares the Safe's tags with the ones seen last time and invalidates the reads of every tag that
   * changed (a Safe seen for the first time counts as changed). Returns the changed tags.
   */
  function applySafeInfoTags(info: {
    chainId: string;
    address: { value: string };
    txQueuedTag: string | null;
    txHistoryTag: string | null;
    collectiblesTag: string | null;
    messagesTag: string | null;
  }): SafeInfoTag[] {
    const id = `${info.chainId}:${info.address.value.toLowerCase()}`;
    const previous = lastTags.get(id);
    const changed = SAFE_INFO_TAGS.filter((tag) => previous === undefined || previous[tag] !== info[tag]);
    touch(
      lastTags,
      id,
      { txQueuedTag: info.txQueuedTag, txHistoryTag: info.txHistoryTag, collectiblesTag: info.collectiblesTag, messagesTag: info.messagesTag },
      MAX_TAGGED_SAFES,
    );
    for (const tag of changed) invalidateTag(info.chainId, info.address.value, tag);
    return changed;
  }

  function clear(): void {
    entries.clear();
    for (const flight of inFlight.values()) flight.stale = true;
    inFlight.clear();
    lastTags.clear();
  }

  return { read, invalidateKinds, invalidateTag, applySafeInfoTags, clear, size: () => entries.size };
}

export type ReadCache = ReturnType<typeof createReadCache>;
