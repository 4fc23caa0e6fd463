/**
 * Pure helpers of the address book: entry validation, lookup and the CSV format (the same columns as
 * Safe{Wallet}'s export: `address,name,chainId`).
 */
import { getAddress, isAddress } from 'viem';
import type { AddressBookEntry, EntryKey, ImportPreview } from './addressBook.types.ts';
import type { HexAddress } from '../walletConnection/walletConnection.types.ts';

export const CSV_HEADER = ['address', 'name', 'chainId'] as const;
export const MAX_NAME_LENGTH = 50;

export const ADDRESS_BOOK_TEXTS = {
  invalidAddress: 'Invalid address format',
  emptyName: 'Enter a name',
  longName: `The name must be at most ${MAX_NAME_LENGTH} characters`,
  noChain: 'Choose a network',
  emptyFile: 'The file is empty.',
  badHeader: 'The first line must be the header "address,name,chainId".',
  noEntries: 'The file has no entries to import.',
} as const;

export const sameKey = (a: EntryKey, b: EntryKey): boolean => a.chainId === b.chainId && a.address.toLowerCase() === b.address.toLowerCase();

export function findEntry(entries: readonly AddressBookEntry[], key: EntryKey): AddressBookEntry | undefined {
  return entries.find((entry) => sameKey(entry, key));
}

/** The first problem with an entry the user typed, or null when it can be saved. */
export function validateEntry(input: { chainId: string; address: string; name: string }): string | null {
  if (!/^[1-9][0-9]*$/.test(input.chainId.trim())) return ADDRESS_BOOK_TEXTS.noChain;
  if (!isAddress(input.address.trim(), { strict: false })) return ADDRESS_BOOK_TEXTS.invalidAddress;
  const name = input.name.trim();
  if (!name) return ADDRESS_BOOK_TEXTS.emptyName;
  if (name.length > MAX_NAME_LENGTH) return ADDRESS_BOOK_TEXTS.longName;
  return null;
}

export function normalizeEntry(input: { chainId: string; address: string; name: string }): AddressBookEntry {
  return { chainId: input.chainId.trim(), address: getAddress(input.address.trim()) as HexAddress, name: input.name.trim() };
}

/** Inserts or replaces (by chain + address, and `previous` when the key changed); keeps a stable order. */
export function upsertEntry(entries: readonly AddressBookEntry[], entry: AddressBookEntry, previous: EntryKey | null = null): AddressBookEntry[] {
  const rest = entries.filter((e) => !sameKey(e, entry) && !(previous && sameKey(e, previous)));
  const index = entries.findIndex((e) => sameKey(e, previous ?? entry));
  if (index < 0) return [...rest, entry];
  const out = [...rest];
  out.splice(Math.min(index, out.length), 0, entry);
  return out;
}

export function removeEntry(entries: readonly AddressBookEntry[], key: EntryKey): AddressBookEntry[] {
  return entries.filter((e) => !sameKey(e, key));
}

/** A field a spreadsheet would run as a formula (=, +, -, @, tab, CR first); a plain signed number is data. */
const FORMULA_START = /^[=+\-@\t\r]/;
const isFormulaLike = (value: string): boolean => FORMULA_START.test(value) && !/^[+-]?\d+(\.\d+)?$/.test(value);

/** Quotes a field when needed; a formula-like field gets a leading `'` so a spreadsheet shows it as text (CSV injection). */
function quote(value: string): string {
  const safe = isFormulaLike(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || /^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A name exported with the formula guard reads back as it was. */
const unguard = (value: string): string => (value.startsWith("'") && isFormulaLike(value.slice(1)) ? value.slice(1) : value);

/** Rows of fields as CSV text (`\n` line ends, fields quoted when needed); the first row is the header. */
export function toCsvText(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(quote).join(',')).join('\n')}\n`;
}

/** The address book as CSV text (header line, CRLF-free `\n` line ends, fields quoted when needed). */
export function toCsv(entries: readonly AddressBookEntry[]): string {
  return toCsvText([[...CSV_HEADER], ...entries.map((entry) => [entry.address, entry.name, entry.chainId])]);
}

/** Splits CSV text into rows of fields (RFC 4180: quoted fields, doubled quotes, CRLF or LF). */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const source = text.replace(/^\uFEFF/, '');
  while (i < source.length) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') {
        quoted = false;
        i += 1;
        continue;
      }
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
    } else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (ch === '\r' && source[i + 1] === '\n') i += 1;
    } else {
      field += ch;
    }
    i += 1;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0]!.trim() === ''));
}

/**
 * Reads an address-book CSV for import. Rows that cannot be imported are reported by their line number; a
 * later row for the same chain + address wins.
 */
export function parseAddressBookCsv(fileName: string, text: string): ImportPreview {
  const rows = parseCsvRows(text);
  if (rows.length === 0) return { fileName, entries: [], errors: [ADDRESS_BOOK_TEXTS.emptyFile] };
  const header = rows[0]!.map((h) => h.trim().toLowerCase());
  const col = { address: header.indexOf('address'), name: header.indexOf('name'), chainId: header.indexOf('chainid') };
  if (col.address < 0 || col.name < 0 || col.chainId < 0) return { fileName, entries: [], errors: [ADDRESS_BOOK_TEXTS.badHeader] };
  let entries: AddressBookEntry[] = [];
  const errors: string[] = [];
  rows.slice(1).forEach((row, index) => {
    const line = index + 2;
    const input = { address: row[col.address] ?? '', name: unguard(row[col.name] ?? ''), chainId: row[col.chainId] ?? '' };
    const problem = validateEntry(input);
    if (problem === ADDRESS_BOOK_TEXTS.noChain) errors.push(`Line ${line}: "${input.chainId.trim()}" is not a chain id.`);
    else if (problem === ADDRESS_BOOK_TEXTS.invalidAddress) errors.push(`Line ${line}: "${input.address.trim()}" is not a valid address.`);
    else if (problem === ADDRESS_BOOK_TEXTS.emptyName) errors.push(`Line ${line}: the name is empty.`);
    else if (problem) errors.push(`Line ${line}: ${problem}.`);
    else entries = upsertEntry(entries, normalizeEntry(input));
  });
  if (entries.length === 0 && errors.length === 0) errors.push(ADDRESS_BOOK_TEXTS.noEntries);
  return { fileName, entries, errors };
}

export function csvFileName(date: Date): string {
  return `countersign-address-book-${date.toISOString().slice(0, 10)}.csv`;
}

/** The name of `address` on `chainId` (or on any chain when null), or null. */
export function lookupName(entries: readonly AddressBookEntry[], address: string, chainId: string | null): string | null {
  const lower = address.toLowerCase();
  const hit = entries.find((e) => e.address.toLowerCase() === lower && (chainId === null || e.chainId === chainId));
  return hit?.name ?? null;
}
