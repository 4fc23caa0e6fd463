/**
 * JSON helpers for the event log: conversion of arbitrary event payloads to plain JSON, secret redaction, the
 * redaction of the personal data a machine declares (decision 0048) and canonical serialization (sorted keys, no
 * whitespace) so that hashes are reproducible byte for byte.
 */
import type { JsonObject, JsonValue } from './types.ts';

/** Field names whose values are never written to the log. */
const SECRET_KEY = /^(private[-_]?key|privkey|secret[-_]?key|secret|mnemonic|seed[-_]?phrase|seed|password|passphrase|api[-_]?key)$/i;
export const REDACTED = '[redacted]';

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/**
 * Converts a value to JSON the way the log stores it: Errors become `{name, message}`, bigints decimal strings,
 * Dates ISO strings, Maps/Sets arrays; functions, symbols and `undefined` are dropped; secret fields are
 * replaced by "[redacted]". Cycles are cut.
 */
export function toLogJson(value: unknown, seen: WeakSet<object> = new WeakSet()): JsonValue {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return null;
  }
  const object = value as object;
  if (seen.has(object)) return '[cycle]';
  seen.add(object);
  try {
    if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
    if (object instanceof Error) return { name: object.name, message: object.message };
    if (Array.isArray(object)) return object.map((item) => toLogJson(item, seen));
    if (object instanceof Map) return [...object.entries()].map(([k, v]) => [toLogJson(k, seen), toLogJson(v, seen)]);
    if (object instanceof Set) return [...object].map((item) => toLogJson(item, seen));
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(object)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      out[key] = isSecretKey(key) ? REDACTED : toLogJson(item, seen);
    }
    return out;
  } finally {
    seen.delete(object);
  }
}

/** What a stream's machine declares private: `PrivateFields` of src/machines/machineVersion.ts. */
export interface PrivatePaths {
  events?: Readonly<Record<string, readonly string[]>>;
  context?: readonly string[];
}

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

/** Canonical JSON: object keys sorted by code unit, no insignificant whitespace. */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] as JsonValue)}`).join(',')}}`;
}

/** Whether the text contains a field a secret would be stored under with a value other than "[redacted]". */
export function findSecretField(value: JsonValue, path = '$'): string | null {
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findSecretField(item, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isSecretKey(key) && item !== REDACTED) return `${path}.${key}`;
    const found = findSecretField(item, `${path}.${key}`);
    if (found) return found;
  }
  return null;
}
