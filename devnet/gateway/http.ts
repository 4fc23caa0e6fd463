// Small request helpers shared by the route modules.
import type { Context } from 'hono';
import * as v from 'valibot';
import { isAddress } from 'viem';
import { httpError, validationError } from './errors.ts';

/** Parses the JSON body and validates it (422 with the first issue, like the real gateway's zod pipe). */
export async function readBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw httpError(400, 'Invalid JSON body');
  }
  const result = v.safeParse(schema, raw);
  if (!result.success) {
    const issue = result.issues[0];
    const path = (issue.path ?? []).map((p) => (typeof p.key === 'number' ? p.key : String(p.key)));
    throw validationError(issue.message, path, issue.kind === 'schema' && issue.type !== 'custom' ? 'invalid_type' : 'custom');
  }
  return result.output;
}

export const AddressSchema = v.pipe(
  v.string('Invalid address'),
  v.check((s) => isAddress(s, { strict: false }), 'Invalid address'),
);
export const HexSchema = v.pipe(v.string('Invalid hex'), v.regex(/^0x([0-9a-fA-F]{2})*$/, 'Invalid hex'));
export const SignatureSchema = v.pipe(
  v.string('Invalid signature'),
  v.regex(/^0x([0-9a-fA-F]{2})*$/, 'Invalid signature'),
  v.check((s) => (s.length - 2) % 130 === 0 && s.length > 2, 'Invalid signature'),
);
export const NumericStringSchema = v.pipe(
  v.union([v.string(), v.number()], 'Expected a numeric string'),
  v.transform((x) => String(x)),
  v.regex(/^\d+$/, 'Expected a non-negative integer string'),
);
export const Bytes32Schema = v.pipe(v.string('Invalid hash'), v.regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid hash'));

export function requestUrl(c: Context): URL {
  return new URL(c.req.url);
}

export function boolQuery(c: Context, name: string, dflt: boolean): boolean {
  const raw = c.req.query(name);
  if (raw === undefined) return dflt;
  return raw === 'true' || raw === '1';
}
