/**
 * The localData machine's effects: custom RPC URLs per chain (checked with `eth_chainId`, saved in the settings
 * store, applied to every chain client through the Runtime), tokens added per chain (checked on the chain as ERC-20
 * tokens, read by RPC-only balances: decision 0056) and the JSON export / import of all local data,
 * validated item by item with the storage schemas.
 */
import * as v from 'valibot';
import { erc20Abi, type Address } from 'viem';
import { localDataMachine } from '../machines/localData/localData.machine.ts';
import type { AddedToken, ImportChange, ImportMode, ImportPreview, LocalDataEffects, LocalDataSetup } from '../machines/localData/localData.types.ts';
import { effectActors } from '../machines/shared/effects.ts';
import type { ChainClient } from './chain/client.ts';
import { downloadFile } from './download.ts';
import type { ChainInfo } from './gateway/index.ts';
import { erc20Answer } from './rpcOnly/balances.ts';
import { BUNDLED_TOKENS, MAX_ADDED_TOKENS } from './rpcOnly/tokenList.ts';
import type { Runtime } from './runtime.ts';
import type { LocalStore } from './storage/store.ts';
import {
  AddedSafeSchema,
  AddressBookEntrySchema,
  AppPermissionsSchema,
  StoredAddressSchema,
  CustomAppSchema,
  describeIssue,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  PinnedAppsSchema,
  SettingsSchema,
  type ExportFile,
  type Settings,
} from './storage/schema.ts';

type Data = ExportFile['data'];
type ListKind = Exclude<keyof Data, 'settings'>;

const LISTS: { kind: ListKind; label: string; schema: v.GenericSchema; key: (item: never) => string }[] = [
  { kind: 'addressBook', label: 'Address book entries', schema: AddressBookEntrySchema, key: (e: { chainId: string; address: string }) => `${e.chainId}:${e.address.toLowerCase()}` },
  { kind: 'safes', label: 'Added Safes', schema: AddedSafeSchema, key: (e: { chainId: string; address: string }) => `${e.chainId}:${e.address.toLowerCase()}` },
  { kind: 'customApps', label: 'Custom Safe Apps', schema: CustomAppSchema, key: (e: { url: string }) => e.url },
  { kind: 'pinnedApps', label: 'Pinned Safe Apps (per chain)', schema: PinnedAppsSchema, key: (e: { chainId: string }) => e.chainId },
  { kind: 'permissions', label: 'Safe App permissions (per origin)', schema: AppPermissionsSchema, key: (e: { origin: string }) => e.origin },
];

/** Stable JSON for comparing items (keys sorted). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

export interface ParsedImport {
  exportedAt: string | null;
  /** The file's valid items; settings null when they were invalid. */
  data: Omit<Data, 'settings'> & { settings: Settings | null };
  errors: string[];
}

/**
 * Reads an export file: the file as a whole must be ours (JSON, format, a version this app knows) or this throws
 * with a text; each item is then validated on its own, so one bad entry is reported and skipped, not fatal.
 */
export function parseImportFile(text: string): ParsedImport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('This file is not JSON. Choose a file exported from Settings › Data.');
  }
  if (typeof json !== 'object' || json === null || (json as { format?: unknown }).format !== EXPORT_FORMAT) {
    throw new Error('This is not a Countersign export file. Choose a file exported from Settings › Data.');
  }
  const file = json as { version?: unknown; exportedAt?: unknown; data?: unknown };
  if (file.version !== EXPORT_VERSION) {
    throw new Error(typeof file.version === 'number' && file.version > EXPORT_VERSION ? `The file's version ${file.version} is newer than this app supports (${EXPORT_VERSION}).` : 'The file has no version this app knows.');
  }
  if (typeof file.data !== 'object' || file.data === null) throw new Error('The file holds no data.');
  const raw = file.data as Record<string, unknown>;
  const errors: string[] = [];
  const data = { settings: null } as ParsedImport['data'];
  for (const list of LISTS) {
    const items = raw[list.kind] ?? [];
    const valid: unknown[] = [];
    const seen = new Set<string>();
    if (!Array.isArray(items)) {
      errors.push(`${list.label}: not a list`);
    } else {
      items.forEach((item, i) => {
        const result = v.safeParse(list.schema, item);
        if (!result.success) {
          errors.push(`${list.label}, item ${i + 1}: ${describeIssue(result.issues)}`);
          return;
        }
        const key = list.key(result.output as never);
        if (seen.has(key)) {
          errors.push(`${list.label}, item ${i + 1}: a duplicate of an earlier item`);
          return;
        }
        seen.add(key);
        valid.push(result.output);
      });
    }
    (data as Record<string, unknown>)[list.kind] = valid;
  }
  if (raw.settings !== undefined) {
    const result = v.safeParse(SettingsSchema, raw.settings);
    if (result.success) data.settings = result.output;
    else errors.push(`Settings: ${describeIssue(result.issues)}`);
  }
  return { exportedAt: typeof file.exportedAt === 'string' ? file.exportedAt : null, data, errors };
}

/** What importing `parsed` would change against `here` (the current export). */
export function previewImport(fileName: string, parsed: ParsedImport, here: Data): ImportPreview {
  const changes: ImportChange[] = LISTS.map((list) => {
    const ours = new Map((here[list.kind] as unknown[]).map((item) => [list.key(item as never), canonical(item)]));
    const theirs = parsed.data[list.kind] as unknown[];
    let added = 0;
    let changed = 0;
    let unchanged = 0;
    const keys = new Set<string>();
    for (const item of theirs) {
      const key = list.key(item as never);
      keys.add(key);
      const existing = ours.get(key);
      if (existing === undefined) added++;
      else if (existing === canonical(item)) unchanged++;
      else changed++;
    }
    const removedByReplace = [...ours.keys()].filter((k) => !keys.has(k)).length;
    return { kind: list.kind, label: list.label, inFile: theirs.length, added, changed, unchanged, removedByReplace };
  });
  if (parsed.data.settings) {
    const same = canonical(parsed.data.settings) === canonical(here.settings);
    changes.push({ kind: 'settings', label: 'Settings (theme, currency, RPC URLs…)', inFile: 1, added: 0, changed: same ? 0 : 1, unchanged: same ? 1 : 0, removedByReplace: 0 });
  }
  return { fileName, exportedAt: parsed.exportedAt, changes, errors: parsed.errors };
}

/** `eth_chainId` of `url`, as a decimal string; a user-facing text when it does not answer like an RPC. */
export async function rpcChainId(fetchFn: typeof fetch, url: string, signal?: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(10_000)]) : AbortSignal.timeout(10_000),
    });
  } catch {
    throw new Error(`This RPC is unreachable: ${url} did not answer (or this deployment's Content-Security-Policy does not allow it).`);
  }
  if (!response.ok) throw new Error(`This RPC answered with HTTP ${response.status}.`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error('This URL did not answer like an RPC (no JSON).');
  }
  const result = (body as { result?: unknown }).result;
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(result)) throw new Error('This URL did not answer eth_chainId like an RPC.');
  return BigInt(result).toString();
}

/**
 * What a contract answers as an ERC-20 token on its chain: its symbol (cleaned, as the balances show it), or a
 * user-facing text when there is no contract there or it has no symbol() or decimals().
 */
export async function readAddedToken(client: ChainClient, chainName: string, address: Address): Promise<AddedToken> {
  const code = await client.getCode({ address });
  if (!code || code === '0x') throw new Error(`There is no contract at ${address} on ${chainName}.`);
  const [symbol, decimals] = await client.multicall({
    contracts: [
      { address, abi: erc20Abi, functionName: 'symbol' },
      { address, abi: erc20Abi, functionName: 'decimals' },
    ],
    allowFailure: true,
    deployless: true,
  });
  const token = erc20Answer(symbol, decimals);
  if (!token) throw new Error(`The contract at ${address} does not answer like an ERC-20 token on ${chainName}: it has no readable symbol() or decimals().`);
  return { address, symbol: token.symbol };
}

export interface LocalDataDeps {
  store: Pick<LocalStore, 'settings' | 'exportAll' | 'importAll'>;
  loadChains: () => Promise<ChainInfo[]>;
  /** A chain client for a chain of `loadChains` (the user's RPC, else the default). */
  chainClient: (chainId: string) => Promise<ChainClient>;
  /** Added or removed tokens reach the Safe's balances now (they reload when read from the chain). */
  onTokensSaved: () => void;
  /** The RPC the app uses for a chain when the user set none (config.json's override, else the gateway's). */
  defaultRpc: (chain: ChainInfo) => string;
  /** Makes the chain clients use the user's RPC URLs from now on. */
  applyCustomRpc: (customRpc: Record<string, string>) => void;
  /** Imported settings reach the parts of the app that hold them in memory (appearance, address book). */
  onImported: (settings: Settings) => void;
  fetch: typeof fetch;
  download: (fileName: string, text: string) => void;
  now?: () => Date;
}

export function createLocalDataEffects(deps: LocalDataDeps): LocalDataEffects {
  const setup = async (): Promise<LocalDataSetup> => {
    const [chains, settings] = await Promise.all([deps.loadChains(), deps.store.settings.get()]);
    return {
      chains: chains.map((c) => ({ chainId: c.chainId, chainName: c.chainName, defaultRpc: deps.defaultRpc(c) })),
      customRpc: settings.customRpc,
      addedTokens: settings.addedTokens,
    };
  };
  return {
    loadSetup: setup,
    async checkRpc({ chainId, url }) {
      const served = await rpcChainId(deps.fetch, url);
      if (served !== chainId) throw new Error(`This RPC serves chain ${served}, not ${chainId}.`);
    },
    async saveRpc({ chainId, url }) {
      const settings = await deps.store.settings.get();
      const customRpc = { ...settings.customRpc };
      if (url) customRpc[chainId] = url;
      else delete customRpc[chainId];
      const saved = await deps.store.settings.update({ customRpc });
      deps.applyCustomRpc(saved.customRpc);
      return saved.customRpc;
    },
    async checkToken({ chainId, address }) {
      const parsed = v.safeParse(StoredAddressSchema, address.trim());
      if (!parsed.success) throw new Error('This address’s mixed-case checksum (EIP-55) is wrong: check it was copied whole.');
      const token = parsed.output;
      const chain = (await deps.loadChains()).find((c) => c.chainId === chainId);
      if (!chain) throw new Error(`Chain ${chainId} is not among the chains this app knows.`);
      const same = (a: string) => a.toLowerCase() === token.toLowerCase();
      if ((BUNDLED_TOKENS[chainId] ?? []).some(same)) throw new Error(`This token is read on ${chain.chainName} without adding it.`);
      const added = (await deps.store.settings.get()).addedTokens[chainId] ?? [];
      if (added.some((t) => same(t.address))) throw new Error(`This token is already added for ${chain.chainName}.`);
      if (added.length >= MAX_ADDED_TOKENS) throw new Error(`${chain.chainName} already has ${MAX_ADDED_TOKENS} added tokens: remove one first.`);
      return readAddedToken(await deps.chainClient(chainId), chain.chainName, token);
    },
    async saveTokens({ chainId, add, remove }) {
      const { addedTokens } = await deps.store.settings.get();
      const kept = (addedTokens[chainId] ?? []).filter((t) => t.address.toLowerCase() !== (remove ?? add?.address ?? '').toLowerCase());
      const list = add ? [...kept, { address: add.address as Address, symbol: add.symbol }] : kept;
      const next = { ...addedTokens };
      if (list.length > 0) next[chainId] = list;
      else delete next[chainId];
      const saved = await deps.store.settings.update({ addedTokens: next });
      deps.onTokensSaved();
      return saved.addedTokens;
    },
    async exportData() {
      const file = await deps.store.exportAll();
      const stamp = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
      const fileName = `countersign-local-data-${stamp}.json`;
      deps.download(fileName, `${JSON.stringify(file, null, 2)}\n`);
      const { settings: _settings, ...lists } = file.data;
      return { fileName, items: Object.values(lists).reduce((n, list) => n + list.length, 0) };
    },
    async readImport({ fileName, text }) {
      const parsed = parseImportFile(text);
      return previewImport(fileName, parsed, (await deps.store.exportAll()).data);
    },
    async applyImport({ text, mode }: { text: string; mode: ImportMode }) {
      const parsed = parseImportFile(text);
      if (mode === 'replace' && parsed.errors.length > 0) throw new Error('A replace needs a file without errors; nothing was changed.');
      const here = await deps.store.exportAll();
      const settings = parsed.data.settings ?? here.data.settings;
      await deps.store.importAll({ format: EXPORT_FORMAT, version: EXPORT_VERSION, data: { ...parsed.data, settings } }, { mode });
      const now = await deps.store.settings.get();
      deps.applyCustomRpc(now.customRpc);
      deps.onImported(now);
      const written = (Object.keys(parsed.data) as (keyof Data)[]).reduce((n, k) => n + (k === 'settings' ? (parsed.data.settings ? 1 : 0) : parsed.data[k].length), 0);
      return { summary: { mode, written, skipped: parsed.errors.length }, setup: await setup() };
    },
  };
}

export function provideLocalDataServices(deps: LocalDataDeps) {
  return localDataMachine.provide({ actors: effectActors(createLocalDataEffects(deps)) });
}

/** The app session as Settings › Data and Environment reach it: imported appearance, and its children to tell. */
export interface LocalDataApp {
  send(event: { type: 'system.appearanceImported'; preference: Settings['theme']; tokenLogos: boolean }): void;
  getSnapshot(): { children: { addressBook?: { send(event: { type: 'system.storageChanged' }): void }; safeSession?: { send(event: { type: 'system.tokensChanged' }): void } } };
}

/** The localData machine as the app runs it (the composition root hands in the runtime, the store and the app session). */
export function provideAppLocalData(runtime: Pick<Runtime, 'knownChains' | 'chainClient' | 'defaultRpc' | 'setUserRpc'>, store: LocalDataDeps['store'], app: LocalDataApp) {
  return provideLocalDataServices({
    store,
    // The gateway's chains, or config.json's when the gateway cannot list them: the RPCs and tokens of a chain read
    // from the chain can be set with the gateway down.
    loadChains: runtime.knownChains,
    chainClient: runtime.chainClient,
    defaultRpc: runtime.defaultRpc,
    applyCustomRpc: runtime.setUserRpc,
    onTokensSaved: () => app.getSnapshot().children.safeSession?.send({ type: 'system.tokensChanged' }),
    onImported: (settings) => {
      app.send({ type: 'system.appearanceImported', preference: settings.theme, tokenLogos: settings.tokenLogos });
      app.getSnapshot().children.addressBook?.send({ type: 'system.storageChanged' });
    },
    fetch: (input, init) => fetch(input, init),
    download: (fileName, text) => downloadFile(fileName, text, 'application/json'),
  });
}
