/**
 * The redaction of the personal data and credentials a machine declares private (`privateFields` of its registry
 * entry; decision 0048), applied by the stream writer before anything is stored. Loaded on demand: none of the boot
 * machines declares any.
 */
import { REDACTED, type PrivatePaths, type Redactor } from './canonical.ts';
import type { JsonObject, JsonValue } from './types.ts';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const REDACTED_EMAIL = '[redacted]@redacted.invalid';
export const REDACTED_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * What a private value is stored as: every string under it replaced by a placeholder that keeps what the machines'
 * checks read of it, so a replay of the redacted log takes the same branches. A blank string stays (it holds
 * nothing, and "enter the code" still sees it blank); an e-mail address becomes "[redacted]@redacted.invalid", a
 * uuid the nil uuid, any other string (and a number) "[redacted]". A placeholder maps to itself and has nothing to
 * trim, so the context a replay derives from redacted payloads is the redacted context that was recorded.
 */
export function redactedValue(value: JsonValue): JsonValue {
  if (value === null || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(redactedValue);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactedValue(item)]));
  if (typeof value === 'number') return REDACTED;
  const trimmed = value.trim();
  return !trimmed ? value : EMAIL_SHAPE.test(trimmed) ? REDACTED_EMAIL : UUID_SHAPE.test(trimmed) ? REDACTED_UUID : REDACTED;
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
export function redactorFor(fields: PrivatePaths): Redactor {
  return {
    payload: (type, payload) => redactPaths(payload, fields.events?.[type]) as JsonObject,
    context: (context) => redactPaths(context, fields.context),
  };
}
