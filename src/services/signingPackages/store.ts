/**
 * Signing packages kept in this browser (issue 20, decision 0055): one IndexedDB database of its own, so the local
 * data's database (src/services/storage) keeps its version. A record holds the package's text as the file carries
 * it and the keys it is found by; reading a record parses and validates the text again (src/domain/safe/signingPackage.ts),
 * so a record changed by hand is dropped from the lists, never shown.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { encodeSigningPackage, parseSigningPackage, type SigningPackage } from '../../domain/safe/signingPackage.ts';

export const PACKAGES_DB_NAME = 'countersign-signing-packages';
const PACKAGES_DB_VERSION = 1;

interface PackageRecord {
  chainId: string;
  /** Lower-case. */
  safe: string;
  /** Lower-case. */
  safeTxHash: string;
  nonce: number;
  text: string;
}

interface PackagesSchema extends DBSchema {
  packages: { key: [string, string, string]; value: PackageRecord; indexes: { bySafe: [string, string] } };
}

export interface PackageStore {
  /** Every valid package of one Safe, lowest nonce first. */
  list(chainId: string, safe: string): Promise<SigningPackage[]>;
  get(chainId: string, safe: string, safeTxHash: string): Promise<SigningPackage | null>;
  /** Finds a package by its safeTxHash among the Safes of a chain. */
  find(chainId: string, safeTxHash: string): Promise<SigningPackage | null>;
  put(pkg: SigningPackage): Promise<void>;
  remove(chainId: string, safe: string, safeTxHash: string): Promise<void>;
}

const parsed = (record: PackageRecord | undefined): SigningPackage | null => {
  if (!record) return null;
  const result = parseSigningPackage(record.text);
  return result.ok ? result.pkg : null;
};

export async function openPackageStore(options: { name?: string } = {}): Promise<PackageStore> {
  let db: IDBPDatabase<PackagesSchema>;
  try {
    db = await openDB<PackagesSchema>(options.name ?? PACKAGES_DB_NAME, PACKAGES_DB_VERSION, {
      upgrade(database, oldVersion) {
        if (oldVersion < 1) {
          const store = database.createObjectStore('packages', { keyPath: ['chainId', 'safe', 'safeTxHash'] });
          store.createIndex('bySafe', ['chainId', 'safe']);
        }
      },
    });
  } catch (error) {
    throw new Error('Signing packages cannot be kept: this browser’s storage (IndexedDB) is not available here. Open the app in a normal (not private) window.', { cause: error });
  }
  const key = (chainId: string, safe: string, safeTxHash: string): [string, string, string] => [chainId, safe.toLowerCase(), safeTxHash.toLowerCase()];
  return {
    async list(chainId, safe) {
      const records = await db.getAllFromIndex('packages', 'bySafe', [chainId, safe.toLowerCase()]);
      return records
        .map(parsed)
        .filter((p): p is SigningPackage => p !== null)
        .sort((a, b) => Number(BigInt(a.safeTx.nonce) - BigInt(b.safeTx.nonce)));
    },
    get: async (chainId, safe, safeTxHash) => parsed(await db.get('packages', key(chainId, safe, safeTxHash))),
    async find(chainId, safeTxHash) {
      const wanted = safeTxHash.toLowerCase();
      for (const record of await db.getAll('packages')) if (record.chainId === chainId && record.safeTxHash === wanted) return parsed(record);
      return null;
    },
    async put(pkg) {
      const [chainId, safe, safeTxHash] = key(pkg.chainId, pkg.safe, pkg.hashes.safeTxHash);
      await db.put('packages', { chainId, safe, safeTxHash, nonce: Number(pkg.safeTx.nonce), text: encodeSigningPackage(pkg) });
    },
    remove: async (chainId, safe, safeTxHash) => db.delete('packages', key(chainId, safe, safeTxHash)),
  };
}

/** Opens the store on first use, once; a failed open is tried again on the next use (e.g. "Try again"). */
export function lazyPackageStore(): () => Promise<PackageStore> {
  let opened: Promise<PackageStore> | null = null;
  return () => (opened ??= openPackageStore().catch((error: unknown) => ((opened = null), Promise.reject(error))));
}
