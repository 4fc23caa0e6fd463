/** SHA-256 through WebCrypto (browser and Node 20 alike) over canonical JSON. */
import { canonicalJson } from './canonical.ts';
import type { JsonObject, JsonValue, LogRecord } from './types.ts';

export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The hash of a record: SHA-256 of the canonical JSON of every field except `hash`. */
export function recordHash(record: Omit<LogRecord, 'hash'> | LogRecord): Promise<string> {
  const { hash: _hash, ...rest } = record as LogRecord;
  return sha256Hex(canonicalJson(rest as unknown as JsonObject));
}

/** The hash of any JSON object without its own `hash` field (used for export header and footer lines). */
export function objectHash(value: JsonObject): Promise<string> {
  const { hash: _hash, ...rest } = value;
  return sha256Hex(canonicalJson(rest as JsonValue));
}

/** A short digest of a (redacted, JSON) context, kept in `stateAfter`. */
export function contextDigest(context: JsonValue): Promise<string> {
  return canonicalContextDigest(canonicalJson(context));
}

/** `contextDigest` of a context given as its canonical JSON text. */
export async function canonicalContextDigest(canonical: string): Promise<string> {
  return (await sha256Hex(canonical)).slice(0, 32);
}
