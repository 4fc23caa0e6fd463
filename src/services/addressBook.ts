/**
 * Effects of the addressBook machine: the local store's `addressBook` section (src/services/storage,
 * `openLocalStore()`, structural, so it can be passed as it is) and the CSV download.
 */
import { downloadFile } from './download.ts';
import { getAddress } from 'viem';
import type { AddressBookMachine } from '../machines/addressBook/addressBook.machine.ts';
import { csvFileName, lookupName, upsertEntry } from '../machines/addressBook/addressBook.csv.ts';
import type { AddressBookEffects, AddressBookEntry } from '../machines/addressBook/addressBook.types.ts';
import { effectActors } from '../machines/shared/effects.ts';
import type { HexAddress } from '../machines/walletConnection/walletConnection.types.ts';

export interface AddressBookStore {
  list(): Promise<readonly { chainId: string; address: string; name: string }[]>;
  upsert(entry: AddressBookEntry): Promise<unknown>;
  remove(chainId: string, address: string): Promise<void>;
}

const toEntry = (e: { chainId: string; address: string; name: string }): AddressBookEntry => ({
  chainId: e.chainId,
  address: getAddress(e.address) as HexAddress,
  name: e.name,
});

/** The stored entries, checksummed, one per chain and address. */
export async function listEntries(store: Pick<AddressBookStore, 'list'>): Promise<AddressBookEntry[]> {
  return (await store.list()).reduce<AddressBookEntry[]>((all, e) => upsertEntry(all, toEntry(e)), []);
}

/**
 * A name the user gave a Safe (adding it, or creating it) becomes its address-book entry, where the header, the
 * Safe's card and the lists read names, unless the book already names that address on that chain. Returns
 * whether it wrote one (then the caller tells the addressBook machine to reload).
 */
export async function nameSafeInBook(store: Pick<AddressBookStore, 'list' | 'upsert'>, safe: { chainId: string; address: HexAddress; name: string }): Promise<boolean> {
  const name = safe.name.trim();
  if (!name) return false;
  if (lookupName(await listEntries(store), safe.address, safe.chainId) !== null) return false;
  await store.upsert({ chainId: safe.chainId, address: safe.address, name });
  return true;
}

/** Offers `text` as a CSV download (the browser's save dialog or downloads folder). */
export function downloadCsv(text: string, fileName: string = csvFileName(new Date())): void {
  downloadFile(fileName, text, 'text/csv;charset=utf-8');
}

/** The addressBook machine's effects over the local store. */
export function createAddressBookEffects(store: AddressBookStore): AddressBookEffects {
  return {
    loadEntries: () => listEntries(store),
    saveEntry: async ({ entry, previous }) => {
      if (previous && (previous.chainId !== entry.chainId || previous.address.toLowerCase() !== entry.address.toLowerCase())) {
        await store.remove(previous.chainId, previous.address);
      }
      await store.upsert(entry);
      return listEntries(store);
    },
    removeEntry: async (input) => {
      await store.remove(input.chainId, input.address);
      return listEntries(store);
    },
    importEntries: async (input) => {
      for (const entry of input.entries) await store.upsert(entry);
      return listEntries(store);
    },
  };
}

export function provideAddressBookServices(machine: AddressBookMachine, deps: { store: AddressBookStore; download?: (text: string) => void }) {
  return machine.provide({
    actors: effectActors(createAddressBookEffects(deps.store)),
    actions: {
      downloadCsv: (_, params) => (deps.download ?? downloadCsv)(params.text),
    },
  });
}

