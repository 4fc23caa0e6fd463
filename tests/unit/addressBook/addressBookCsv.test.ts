import { describe, expect, it } from 'vitest';
import {
  ADDRESS_BOOK_TEXTS,
  lookupName,
  parseAddressBookCsv,
  parseCsvRows,
  toCsv,
  toCsvText,
  upsertEntry,
  validateEntry,
} from '../../../src/machines/addressBook/addressBook.csv.ts';
import type { AddressBookEntry } from '../../../src/machines/addressBook/addressBook.types.ts';
import { DEVNET_OWNERS } from '../../../src/machines/shared/samples.ts';

const [A, B] = DEVNET_OWNERS;

describe('address book CSV', () => {
  it('round-trips names with commas, quotes and spaces', () => {
    const entries: AddressBookEntry[] = [
      { chainId: '1', address: A, name: 'Alice, "the" signer' },
      { chainId: '100', address: B, name: ' Bob ' },
    ];
    const csv = toCsv(entries);
    expect(csv.split('\n')[0]).toBe('address,name,chainId');
    const back = parseAddressBookCsv('book.csv', csv);
    expect(back.errors).toEqual([]);
    expect(back.entries).toEqual([entries[0], { ...entries[1], name: 'Bob' }]);
  });

  it('guards formula-like fields for spreadsheets and reads them back as they were; plain numbers stay numbers', () => {
    const entries: AddressBookEntry[] = [
      { chainId: '1', address: A, name: '=HYPERLINK("x")' },
      { chainId: '1', address: B, name: '@SUM(1)' },
    ];
    const csv = toCsv(entries);
    expect(csv).toContain(`${A},"'=HYPERLINK(""x"")",1`);
    expect(csv).toContain(`${B},'@SUM(1),1`);
    expect(parseAddressBookCsv('book.csv', csv).entries).toEqual(entries);
    expect(toCsvText([['-1.5', '+2', '-x']])).toBe("-1.5,+2,'-x\n");
  });

  it('reads CRLF files, a BOM, lower-case addresses and columns in any order', () => {
    const text = `\uFEFFchainId,name,address\r\n1,Alice,${A.toLowerCase()}\r\n`;
    expect(parseAddressBookCsv('x.csv', text)).toEqual({ fileName: 'x.csv', entries: [{ chainId: '1', address: A, name: 'Alice' }], errors: [] });
  });

  it('says which line is wrong and why, and still imports the good ones', () => {
    const text = ['address,name,chainId', `${A},Alice,1`, '0x1234,Eve,1', `${B},,1`, `${B},Bob,mainnet`].join('\n');
    const preview = parseAddressBookCsv('book.csv', text);
    expect(preview.entries).toEqual([{ chainId: '1', address: A, name: 'Alice' }]);
    expect(preview.errors).toEqual([
      'Line 3: "0x1234" is not a valid address.',
      'Line 4: the name is empty.',
      'Line 5: "mainnet" is not a chain id.',
    ]);
  });

  it('rejects an empty file, a missing header and a header-only file', () => {
    expect(parseAddressBookCsv('e.csv', '\n\n').errors).toEqual([ADDRESS_BOOK_TEXTS.emptyFile]);
    expect(parseAddressBookCsv('h.csv', `${A},Alice,1\n`).errors).toEqual([ADDRESS_BOOK_TEXTS.badHeader]);
    expect(parseAddressBookCsv('o.csv', 'address,name,chainId\n').errors).toEqual([ADDRESS_BOOK_TEXTS.noEntries]);
  });

  it('lets a later line for the same chain and address win', () => {
    const text = `address,name,chainId\n${A},Old,1\n${A.toLowerCase()},New,1\n${A},Other chain,5\n`;
    expect(parseAddressBookCsv('d.csv', text).entries.map((e) => `${e.chainId}:${e.name}`)).toEqual(['1:New', '5:Other chain']);
  });

  it('splits quoted fields with embedded newlines', () => {
    expect(parseCsvRows('a,"b\nc",d\n')).toEqual([['a', 'b\nc', 'd']]);
  });
});

describe('address book entries', () => {
  it('validates chain, address and name in that order', () => {
    expect(validateEntry({ chainId: '', address: A, name: 'x' })).toBe(ADDRESS_BOOK_TEXTS.noChain);
    expect(validateEntry({ chainId: '1', address: '0xabc', name: 'x' })).toBe(ADDRESS_BOOK_TEXTS.invalidAddress);
    expect(validateEntry({ chainId: '1', address: A, name: '  ' })).toBe(ADDRESS_BOOK_TEXTS.emptyName);
    expect(validateEntry({ chainId: '1', address: A, name: 'x'.repeat(51) })).toBe(ADDRESS_BOOK_TEXTS.longName);
    expect(validateEntry({ chainId: '1', address: A.toLowerCase(), name: 'Alice' })).toBeNull();
  });

  it('replaces an edited entry in place, also when its address changed', () => {
    const list: AddressBookEntry[] = [
      { chainId: '1', address: A, name: 'Alice' },
      { chainId: '1', address: B, name: 'Bob' },
    ];
    const moved = upsertEntry(list, { chainId: '5', address: A, name: 'Alice on 5' }, { chainId: '1', address: A });
    expect(moved).toEqual([{ chainId: '5', address: A, name: 'Alice on 5' }, list[1]]);
  });

  it('finds names per chain, or on any chain', () => {
    const list: AddressBookEntry[] = [{ chainId: '5', address: A, name: 'Alice' }];
    expect(lookupName(list, A.toLowerCase(), '5')).toBe('Alice');
    expect(lookupName(list, A, '1')).toBeNull();
    expect(lookupName(list, A, null)).toBe('Alice');
  });
});
