/**
 * Address book CSV (columns `address,name,chainId`, the format Safe{Wallet} exports). Import validates every
 * row and reports all bad lines; export quotes fields when needed and defuses spreadsheet formulas.
 */
import * as v from 'valibot';
import { AddressBookEntrySchema, describeIssue, type AddressBookEntry } from './schema.ts';

export const CSV_HEADER = ['address', 'name', 'chainId'] as const;

/** RFC 4180 parsing: quoted fields, doubled quotes, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const input = text.replace(/^\uFEFF/, '');
  while (i < input.length) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
    i += 1;
  }
  if (quoted) throw new Error('Invalid CSV: unterminated quoted field');
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0]!.trim() === ''));
}

const FORMULA_START = /^[=+\-@\t\r]/;

const escapeField = (value: string): string => {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const unescapeName = (value: string): string => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

export function addressBookToCsv(entries: readonly AddressBookEntry[]): string {
  const lines = [CSV_HEADER.join(','), ...entries.map((e) => [e.address, e.name, e.chainId].map(escapeField).join(','))];
  return `${lines.join('\n')}\n`;
}

/** Parses and validates the whole file; throws one Error listing every bad line, or returns all entries. */
export function addressBookFromCsv(text: string): AddressBookEntry[] {
  let rows: string[][];
  try {
    rows = parseCsv(text);
  } catch (error) {
    throw new Error(`Invalid address book file: ${(error as Error).message}`, { cause: error });
  }
  const [header, ...body] = rows;
  if (!header || header.map((h) => h.trim().toLowerCase()).join(',') !== CSV_HEADER.join(',').toLowerCase()) {
    throw new Error(`Invalid address book file: the first line must be "${CSV_HEADER.join(',')}"`);
  }
  if (body.length === 0) throw new Error('Invalid address book file: no entries');
  const errors: string[] = [];
  const entries: AddressBookEntry[] = [];
  const seen = new Set<string>();
  body.forEach((row, index) => {
    const line = index + 2;
    if (row.length !== 3) {
      errors.push(`line ${line}: expected 3 columns, found ${row.length}`);
      return;
    }
    const result = v.safeParse(AddressBookEntrySchema, { address: row[0]!.trim(), name: unescapeName(row[1]!), chainId: row[2]!.trim() });
    if (!result.success) {
      errors.push(`line ${line}: ${describeIssue(result.issues)}`);
      return;
    }
    const key = `${result.output.chainId}:${result.output.address}`;
    if (seen.has(key)) {
      errors.push(`line ${line}: duplicate entry for ${result.output.address} on chain ${result.output.chainId}`);
      return;
    }
    seen.add(key);
    entries.push(result.output);
  });
  if (errors.length) throw new Error(`Invalid address book file: ${errors.join('; ')}`);
  return entries;
}
