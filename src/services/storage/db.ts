/** The IndexedDB database of local data, versioned with idb's upgrade callback. */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { AddedSafe, AddressBookEntry, AppPermissions, CustomApp, PinnedApps, Settings } from './schema.ts';

export const DB_NAME = 'countersign-local';
export const DB_VERSION = 1;

export interface LocalDataSchema extends DBSchema {
  addressBook: { key: [string, string]; value: AddressBookEntry; indexes: { byChain: string } };
  settings: { key: string; value: Settings & { id: 'app' } };
  pinnedApps: { key: string; value: PinnedApps };
  customApps: { key: string; value: CustomApp };
  permissions: { key: string; value: AppPermissions };
  safes: { key: [string, string]; value: AddedSafe; indexes: { byChain: string } };
}

export type LocalDb = IDBPDatabase<LocalDataSchema>;
export const STORE_NAMES = ['addressBook', 'settings', 'pinnedApps', 'customApps', 'permissions', 'safes'] as const;

export interface OpenOptions {
  /** Database name (tests use their own). */
  name?: string;
}

/** Opens (and creates or upgrades) the database through the global `indexedDB`. */
export function openLocalDb(options: OpenOptions = {}): Promise<LocalDb> {
  return openDB<LocalDataSchema>(options.name ?? DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const book = db.createObjectStore('addressBook', { keyPath: ['chainId', 'address'] });
        book.createIndex('byChain', 'chainId');
        db.createObjectStore('settings', { keyPath: 'id' });
        db.createObjectStore('pinnedApps', { keyPath: 'chainId' });
        db.createObjectStore('customApps', { keyPath: 'url' });
        db.createObjectStore('permissions', { keyPath: 'origin' });
        const safes = db.createObjectStore('safes', { keyPath: ['chainId', 'address'] });
        safes.createIndex('byChain', 'chainId');
      }
      // Later versions add `if (oldVersion < 2) { ... }` steps here; a released step is never edited.
    },
  });
}
