/**
 * The context digest of `stateAfter`, computed without serialising and hashing the whole context again when nothing
 * in it has changed (decision 0077). Decision 0049's elision asks for it at every timer and effect event — two per
 * Safe info poll — and a large Safe's session context (1,500 balances) is several hundred kB of JSON: 80–90 ms of the
 * main thread per digest, every 15 s, all day.
 *
 * The value is the defined one, `contextDigest(contextJson(context, redactor))` (SHA-256 of the canonical JSON of the
 * redacted log JSON); only the work changes. It relies on two facts:
 *
 * - A machine's context is immutable (XState's contract; our machines only `assign`): an object or array reached from
 *   a context is never changed in place, so the same object always gives the same JSON.
 * - Redaction is by dotted path (`redactorFor`, src/machines/privateFields.ts): a top-level field's redacted JSON
 *   depends on that field alone, so each field is redacted on its own (`redactor.context({ [key]: json })`).
 *
 * The canonical text of a context is `{`, its fields' `"key":value` texts in key order joined by `,`, and `}`. Each
 * field is known by a fingerprint: for an object, the SHA-256 of its text, kept per object (a WeakMap: it goes with the
 * object); for a primitive, its text. When every field's fingerprint equals one of the last digests', that digest is
 * the answer; otherwise the whole text is built and hashed as before.
 */
import type { Redactor } from '../../machines/privateFields.ts';
import { canonicalJson, isSecretKey, REDACTED, toLogJson } from './canonical.ts';
import { canonicalContextDigest, contextDigest, sha256Hex } from './hash.ts';
import type { JsonObject, JsonValue } from './types.ts';

const NO_REDACTOR = {};
/** Per redactor (or none): per object, per field name, the SHA-256 of the field's `"key":value` text. */
const fingerprints = new WeakMap<object, WeakMap<object, Map<string, string>>>();
/** Per redactor (or none): per context object, its digest. */
const byContext = new WeakMap<object, WeakMap<object, string>>();
/** Per redactor (or none): the last digests with their fields' fingerprints. */
const recent = new WeakMap<object, { prints: readonly string[]; digest: string }[]>();
const RECENT = 8;

function cacheOf<V>(map: WeakMap<object, WeakMap<object, V>>, owner: object): WeakMap<object, V> {
  let cache = map.get(owner);
  if (!cache) map.set(owner, (cache = new WeakMap()));
  return cache;
}

/** A field's `"key":value` text, as `contextJson` then `canonicalJson` write it for the whole context. */
function pieceOf(key: string, item: unknown, context: object, redactor: Redactor | null | undefined): string {
  // as toLogJson(context) does for one field: the context itself is on the path (a field that holds it is a cycle)
  const json: JsonValue = isSecretKey(key) ? REDACTED : toLogJson(item, new WeakSet([context]));
  const redacted = redactor ? ((redactor.context({ [key]: json }) as JsonObject)[key] as JsonValue) : json;
  return `${JSON.stringify(key)}:${canonicalJson(redacted)}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** `contextDigest(contextJson(context, redactor))`: the same value, from what changed since the last digests. */
export async function memoContextDigest(context: unknown, redactor?: Redactor | null): Promise<string> {
  // Anything but a plain record (a primitive, an array, a Date…) takes the defining path.
  if (!isRecord(context)) {
    const json = toLogJson(context);
    return contextDigest(redactor ? redactor.context(json) : json);
  }
  const owner = redactor ?? NO_REDACTOR;
  const known = cacheOf(byContext, owner).get(context);
  if (known !== undefined) return known;
  const keys = Object.keys(context)
    .filter((key) => {
      const item = context[key];
      return item !== undefined && typeof item !== 'function' && typeof item !== 'symbol';
    })
    .sort();
  const objects = cacheOf(fingerprints, owner);
  const pieces = new Map<string, string>();
  const prints: string[] = [];
  for (const key of keys) {
    const item = context[key];
    if (item === null || typeof item !== 'object') {
      const piece = pieceOf(key, item, context, redactor);
      pieces.set(key, piece);
      prints.push(`=${piece}`);
      continue;
    }
    let byKey = objects.get(item);
    let print = byKey?.get(key);
    if (print === undefined) {
      const piece = pieceOf(key, item, context, redactor);
      pieces.set(key, piece);
      print = `#${JSON.stringify(key)}:${await sha256Hex(piece)}`;
      if (!byKey) objects.set(item, (byKey = new Map()));
      byKey.set(key, print);
    }
    prints.push(print);
  }
  const last = recent.get(owner) ?? [];
  let digest = last.find((entry) => entry.prints.length === prints.length && entry.prints.every((print, i) => print === prints[i]))?.digest;
  if (digest === undefined) {
    const text = `{${keys.map((key) => pieces.get(key) ?? pieceOf(key, context[key], context, redactor)).join(',')}}`;
    digest = await canonicalContextDigest(text);
    recent.set(owner, [{ prints, digest }, ...last].slice(0, RECENT));
  }
  cacheOf(byContext, owner).set(context, digest);
  return digest;
}
