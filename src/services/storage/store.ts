/**
 * Local data API over IndexedDB: address book, settings, pinned and custom Safe Apps, Safe App permissions
 * per origin, added Safes; plus a JSON export/import of everything. Every write is validated first; an
 * import is validated completely and written in one transaction, so a bad file changes nothing.
 */
import * as v from 'valibot';
import { openLocalDb, STORE_NAMES, type LocalDb, type OpenOptions } from './db.ts';
import {
  AddedSafeSchema,
  AddressBookEntrySchema,
  AppPermissionsSchema,
  CustomAppSchema,
  DEFAULT_SETTINGS,
  describeIssue,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  ExportFileSchema,
  PermissionSchema,
  PinnedAppsSchema,
  SettingsSchema,
  StoredAddressSchema,
  type AddedSafe,
  type AddressBookEntry,
  type CustomApp,
  type ExportFile,
  type Permission,
  type Settings,
} from './schema.ts';

function validate<T>(schema: v.GenericSchema<unknown, T>, value: unknown, what: string): T {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new Error(`Invalid ${what}: ${describeIssue(result.issues)}`);
  return result.output;
}

const addressKey = (value: string) => validate(StoredAddressSchema, value, 'address');
const stripId = ({ id: _id, ...settings }: Settings & { id: 'app' }): Settings => settings;

export interface ImportSummary {
  addressBook: number;
  pinnedApps: number;
  customApps: number;
  permissions: number;
  safes: number;
}

export async function openLocalStore(options: OpenOptions & { now?: () => number } = {}) {
  const db: LocalDb = await openLocalDb(options);
  const now = options.now ?? Date.now;

  const settings = {
    async get(): Promise<Settings> {
      const stored = await db.get('settings', 'app');
      // Settings saved before a field existed get its default.
      return { ...DEFAULT_SETTINGS, ...(stored && stripId(stored)) };
    },
    async update(patch: Partial<Settings>): Promise<Settings> {
      const tx = db.transaction('settings', 'readwrite');
      const stored = await tx.store.get('app');
      const next = validate(SettingsSchema, { ...(stored ? stripId(stored) : DEFAULT_SETTINGS), ...patch }, 'settings');
      await tx.store.put({ ...next, id: 'app' });
      await tx.done;
      return next;
    },
  };

  const addressBook = {
    async list(chainId?: string): Promise<AddressBookEntry[]> {
      return chainId === undefined ? db.getAll('addressBook') : db.getAllFromIndex('addressBook', 'byChain', chainId);
    },
    async get(chainId: string, address: string): Promise<AddressBookEntry | undefined> {
      return db.get('addressBook', [chainId, addressKey(address)]);
    },
    async upsert(entry: AddressBookEntry): Promise<AddressBookEntry> {
      const valid = validate(AddressBookEntrySchema, entry, 'address book entry');
      await db.put('addressBook', valid);
      return valid;
    },
    async remove(chainId: string, address: string): Promise<void> {
      await db.delete('addressBook', [chainId, addressKey(address)]);
    },
  };

  const safeApps = {
    async pinned(chainId: string): Promise<number[]> {
      return (await db.get('pinnedApps', chainId))?.appIds ?? [];
    },
    async setPinned(chainId: string, appIds: number[]): Promise<void> {
      await db.put('pinnedApps', validate(PinnedAppsSchema, { chainId, appIds: [...new Set(appIds)] }, 'pinned apps'));
    },
    async customApps(chainId?: string): Promise<CustomApp[]> {
      const all = await db.getAll('customApps');
      return chainId === undefined ? all : all.filter((app) => app.chainIds.includes(chainId));
    },
    async addCustomApp(app: CustomApp): Promise<CustomApp> {
      const valid = validate(CustomAppSchema, app, 'custom Safe App');
      await db.put('customApps', valid);
      return valid;
    },
    async removeCustomApp(url: string): Promise<void> {
      await db.delete('customApps', url);
    },
  };

  const permissions = {
    async get(origin: string): Promise<Permission[]> {
      return (await db.get('permissions', origin))?.permissions ?? [];
    },
    async set(origin: string, list: Permission[]): Promise<void> {
      await db.put('permissions', validate(AppPermissionsSchema, { origin, permissions: list.map((p) => validate(PermissionSchema, p, 'permission')) }, 'permissions'));
    },
    async all(): Promise<Record<string, Permission[]>> {
      return Object.fromEntries((await db.getAll('permissions')).map((entry) => [entry.origin, entry.permissions]));
    },
    async remove(origin: string): Promise<void> {
      await db.delete('permissions', origin);
    },
  };

  const safes = {
    async list(chainId?: string): Promise<AddedSafe[]> {
      return chainId === undefined ? db.getAll('safes') : db.getAllFromIndex('safes', 'byChain', chainId);
    },
    async add(safe: Omit<AddedSafe, 'addedAt' | 'trusted' | 'name'> & Partial<Pick<AddedSafe, 'addedAt' | 'trusted' | 'name'>>): Promise<AddedSafe> {
      const valid = validate(AddedSafeSchema, { addedAt: now(), ...safe }, 'Safe');
      await db.put('safes', valid);
      return valid;
    },
    async remove(chainId: string, address: string): Promise<void> {
      await db.delete('safes', [chainId, addressKey(address)]);
    },
  };

  async function exportAll(): Promise<ExportFile> {
    const tx = db.transaction([...STORE_NAMES], 'readonly');
    const [book, stored, pinned, custom, perms, added] = await Promise.all([
      tx.objectStore('addressBook').getAll(),
      tx.objectStore('settings').get('app'),
      tx.objectStore('pinnedApps').getAll(),
      tx.objectStore('customApps').getAll(),
      tx.objectStore('permissions').getAll(),
      tx.objectStore('safes').getAll(),
    ]);
    await tx.done;
    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: new Date(now()).toISOString(),
      data: {
        addressBook: book,
        settings: stored ? stripId(stored) : { ...DEFAULT_SETTINGS },
        pinnedApps: pinned,
        customApps: custom,
        permissions: perms,
        safes: added,
      },
    };
  }

  /**
   * Replaces all local data with the file's content (`mode: 'merge'`: adds to it instead). The file (a JSON string or parsed value) is validated
   * in full first; any problem throws `Invalid import file: …` and nothing is changed.
   */
  async function importAll(file: unknown, options: { mode?: 'replace' | 'merge' } = {}): Promise<ImportSummary> {
    const merge = options.mode === 'merge';
    let json = file;
    if (typeof file === 'string') {
      try {
        json = JSON.parse(file);
      } catch {
        throw new Error('Invalid import file: not JSON');
      }
    }
    if (typeof json === 'object' && json !== null && 'version' in json && typeof json.version === 'number' && json.version > EXPORT_VERSION) {
      throw new Error(`Invalid import file: version ${json.version} is newer than this app supports (${EXPORT_VERSION})`);
    }
    const parsed = validate(ExportFileSchema, json, 'import file');
    const { data } = parsed;
    for (const [name, list, key] of [
      ['addressBook', data.addressBook, (e: { chainId: string; address: string }) => `${e.chainId}:${e.address}`],
      ['safes', data.safes, (e: { chainId: string; address: string }) => `${e.chainId}:${e.address}`],
    ] as const) {
      const keys = list.map(key);
      const dup = keys.find((k, i) => keys.indexOf(k) !== i);
      if (dup) throw new Error(`Invalid import file: data.${name}: duplicate entry ${dup}`);
    }

    const tx = db.transaction([...STORE_NAMES], 'readwrite');
    try {
      // Merge keeps what is here: the file's items are added or replace the ones with the same key, and its
      // settings apply over ours (RPC URLs, hidden and added tokens per chain are merged).
      const here = merge ? await tx.objectStore('settings').get('app') : undefined;
      const ours = here ? stripId(here) : null;
      const settings = ours
        ? { ...ours, ...data.settings, customRpc: { ...ours.customRpc, ...data.settings.customRpc }, hiddenTokens: { ...ours.hiddenTokens, ...data.settings.hiddenTokens }, addedTokens: { ...ours.addedTokens, ...data.settings.addedTokens }, pastRecipients: { ...ours.pastRecipients, ...data.settings.pastRecipients } }
        : data.settings;
      if (!merge) await Promise.all(STORE_NAMES.map((name) => tx.objectStore(name).clear()));
      await Promise.all([
        ...data.addressBook.map((e) => tx.objectStore('addressBook').put(e)),
        tx.objectStore('settings').put({ ...settings, id: 'app' }),
        ...data.pinnedApps.map((e) => tx.objectStore('pinnedApps').put(e)),
        ...data.customApps.map((e) => tx.objectStore('customApps').put(e)),
        ...data.permissions.map((e) => tx.objectStore('permissions').put(e)),
        ...data.safes.map((e) => tx.objectStore('safes').put(e)),
      ]);
      await tx.done;
    } catch (error) {
      try {
        tx.abort();
      } catch {
        // already finished or aborted
      }
      throw new Error(`Import failed, nothing was changed: ${(error as Error).message}`, { cause: error });
    }
    return {
      addressBook: data.addressBook.length,
      pinnedApps: data.pinnedApps.length,
      customApps: data.customApps.length,
      permissions: data.permissions.length,
      safes: data.safes.length,
    };
  }

  return { settings, addressBook, safeApps, permissions, safes, exportAll, importAll, close: () => db.close() };
}

export type LocalStore = Awaited<ReturnType<typeof openLocalStore>>;
