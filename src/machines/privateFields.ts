/**
 * The redaction of the personal data and credentials a machine declares private (`privateFields` of its registry
 * entry; decision 0048). The registry gives each such entry its `redactor` (src/machines/registry.ts), and the event
 * log's stream writer applies it before anything is stored. It lives with the registry, not in the event log, so it
 * loads with the registry (the screens and flows that need it) and never with the first load: no boot machine
 * declares private fields. Plain JSON in, plain JSON out; no imports.
 */

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
type JsonObject = { [key: string]: JsonValue };

/**
 * Where a machine's personal data and credentials are (an e-mail address, a one-time code, an authorisation
 * signature and its timestamp, a device token): the event log replaces them at capture time, before anything is
 * stored, in the record's payload, in the context its `stateAfter.digest` covers and in cached snapshots (decision
 * 0048). A path is dot-separated keys into the event minus `type` (`xstate.init` carries `input`) or into the
 * context; arrays on the way are entered item by item, and a path to an object or array covers every value under it.
 * Signatures over Safe transactions and messages are not private: they are the audit trail's anchors.
 */
export interface PrivateFields {
  /** Per event type, the payload paths, e.g. `{ 'user.submitEmail': ['email'], 'xstate.done.actor.sign': ['output.signature'] }`. */
  events?: Readonly<Record<string, readonly string[]>>;
  /** Context paths, e.g. `['request.email', 'auth']`. */
  context?: readonly string[];
}

/** Redacts a machine's private fields from the JSON the event log builds of its events and context. */
export interface Redactor {
  payload(type: string, payload: JsonObject): JsonObject;
  context(context: JsonValue): JsonValue;
}

/** The event log's mark for a value it does not keep (canonical.ts REDACTED). */
export const REDACTED = '[redacted]';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const REDACTED_EMAIL = '[redacted]@redacted.invalid';
export const REDACTED_UUID = '00000000-0000-0000-0000-000000000000';
const URL_SHAPE = /^(https?):\/\//i;
/** An RPC URL may carry an API key in its host, path or query: only its scheme is kept (http or https). */
const redactedUrl = (scheme: string): string => `${scheme.toLowerCase()}://redacted.invalid/`;

/**
 * What a private value is stored as: every string under it replaced by a placeholder that keeps what the machines'
 * checks read of it, so a replay of the redacted log takes the same branches. A blank string stays (it holds
 * nothing, and "enter the code" still sees it blank); an e-mail address becomes "[redacted]@redacted.invalid", a
 * uuid the nil uuid, an http(s) URL "<scheme>://redacted.invalid/", any other string (and a number) "[redacted]". A placeholder maps to itself and has nothing to
 * trim, so the context a replay derives from redacted payloads is the redacted context that was recorded.
 */
export function redactedValue(value: JsonValue): JsonValue {
  if (value === null || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(redactedValue);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactedValue(item)]));
  if (typeof value === 'number') return REDACTED;
  const trimmed = value.trim();
  if (!trimmed) return value;
  const url = URL_SHAPE.exec(trimmed);
  return url ? redactedUrl(url[1]!) : EMAIL_SHAPE.test(trimmed) ? REDACTED_EMAIL : UUID_SHAPE.test(trimmed) ? REDACTED_UUID : REDACTED;
}

function redactAt(value: JsonValue, keys: readonly string[]): JsonValue {
  if (keys.length === 0) return redactedValue(value);
  if (Array.isArray(value)) return value.map((item) => redactAt(item, keys));
  const [key, ...rest] = keys as [string, ...string[]];
  if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return value;
  return { ...value, [key]: redactAt(value[key] as JsonValue, rest) };
}

/** `value` with what each dotted path leads to redacted (arrays on the way are entered item by item). */
export function redactPaths(value: JsonValue, paths: readonly string[] = []): JsonValue {
  return paths.reduce((current, path) => redactAt(current, path.split('.')), value);
}

/** The redaction of one machine's private fields: its payloads by event type, and its context. */
export function redactorFor(fields: PrivateFields): Redactor {
  return {
    payload: (type, payload) => redactPaths(payload, fields.events?.[type]) as JsonObject,
    context: (context) => redactPaths(context, fields.context),
  };
}
