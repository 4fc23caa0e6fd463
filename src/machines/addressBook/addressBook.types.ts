import type { HexAddress } from '../walletConnection/walletConnection.types.ts';

/** One address-book entry: a name for an address on one chain (decimal chain id). */
export interface AddressBookEntry {
  chainId: string;
  address: HexAddress;
  name: string;
}

export interface EntryKey {
  chainId: string;
  address: string;
}

/** A CSV file read for import: the entries it holds and what was wrong with the rest. */
export interface ImportPreview {
  fileName: string;
  entries: AddressBookEntry[];
  /** Problems, one per rejected row or one for the whole file ("The file is empty."). */
  errors: string[];
}

/** The add/edit form as submitted. */
export interface EntryForm {
  chainId: string;
  address: string;
  name: string;
}

export interface SaveEntryInput {
  entry: AddressBookEntry;
  /** The entry being edited, when its chain or address changed (it is replaced). */
  previous: EntryKey | null;
}

/** The machine's effects, implemented once by src/services/addressBook.ts; each resolves with the full, updated list. */
export interface AddressBookEffects {
  loadEntries(): Promise<AddressBookEntry[]>;
  /** Stores the entry, replacing `previous` when its chain or address changed. */
  saveEntry(input: SaveEntryInput): Promise<AddressBookEntry[]>;
  removeEntry(input: EntryKey): Promise<AddressBookEntry[]>;
  importEntries(input: { entries: AddressBookEntry[] }): Promise<AddressBookEntry[]>;
}

export interface AddressBookContext {
  entries: AddressBookEntry[];
  /** The entry being edited (null when adding). */
  editing: EntryKey | null;
  /** The validated entry being saved. */
  draft: AddressBookEntry | null;
  /** The entry awaiting delete confirmation. */
  deleting: EntryKey | null;
  importPreview: ImportPreview | null;
  /** A problem with the form or the last effect, shown to the user. */
  error: string | null;
  /** A short confirmation of the last change ("Imported 3 entries."). */
  notice: string | null;
}

export type AddressBookEvent =
  | { type: 'user.retry' }
  /** Sent by the composition root when an import of local data rewrote the stored entries. */
  | { type: 'system.storageChanged' }
  | { type: 'user.add' }
  | { type: 'user.edit'; chainId: string; address: string }
  | { type: 'user.save'; chainId: string; address: string; name: string }
  | { type: 'user.cancel' }
  | { type: 'user.delete'; chainId: string; address: string }
  | { type: 'user.confirm' }
  | { type: 'user.importFile'; fileName: string; text: string }
  | { type: 'user.export' };
