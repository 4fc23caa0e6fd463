/**
 * JSON helpers for the event log: conversion of arbitrary event payloads to plain JSON, secret redaction and
 * canonical serialization (sorted keys, no whitespace) so that hashes are reproducible byte for byte. The personal
 * data a machine declares is redacted by its registry entry's `redactor` (src/machines/privateFields.ts, decision 0048).
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
