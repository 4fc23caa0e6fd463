/**
 * Effects of the wallet-side data machines (addressBook, loadSafe, myAccounts): the local store and the
 * gateway reads they need. The stores are structural, so the local store's `addressBook` and `safes`
 * sections (src/services/storage, `openLocalStore()`) can be passed as they are.
 */
import { getAddress } from 'viem';
import { fromPromise } from 'xstate';
import type { AddressBookMachine } from '../../machines/addressBook/addressBook.machine.ts';
import { csvFileName, upsertEntry } from '../../machines/addressBook/addressBook.csv.ts';
import type { AddressBookEntry } from '../../machines/addressBook/addressBook.types.ts';
import type { LoadSafeMachine } from '../../machines/loadSafe/loadSafe.machine.ts';
import type { AddedSafe, ChainOption, SafeSummary } from '../../machines/loadSafe/loadSafe.types.ts';
import type { MyAccountsMachine } from '../../machines/myAccounts/myAccounts.machine.ts';
import type { AccountRow, AccountsData } from '../../machines/myAccounts/myAccounts.types.ts';
import type { HexAddress } from '../../machines/walletConnection/walletConnection.types.ts';
import type { GatewayClient } from '../gateway/client.ts';
import type { ChainInfo } from '../../domain/gateway/types.ts';

export interface AddressBookStore {
  list(): Promise<readonly { chainId: string; address: string; name: string }[]>;
  upsert(entry: AddressBookEntry): Promise<unknown>;
  remove(chainId: string, address: string): Promise<void>;
}

export interface AddedSafesStore {
  list(): Promise<readonly { chainId: string; address: string; name?: string | null | undefined }[]>;
  add(safe: { chainId: string; address: HexAddress; name?: string | null }): Promise<unknown>;
}

export type WalletGateway = Pick<GatewayClient, 'getSafeInfo' | 'getAllOwnedSafes' | 'getOwnedSafes' | 'getSafeOverviews'>;

const toEntry = (e: { chainId: string; address: string; name: string }): AddressBookEntry => ({
  chainId: e.chainId,
  address: getAddress(e.address) as HexAddress,
  name: e.name,
});

async function listEntries(store: AddressBookStore): Promise<AddressBookEntry[]> {
  return (await store.list()).reduce<AddressBookEntry[]>((all, e) => upsertEntry(all, toEntry(e)), []);
}

/** Offers `text` as a CSV download (the browser's save dialog or downloads folder). */
export function downloadCsv(text: string, fileName: string = csvFileName(new Date())): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function provideAddressBookServices(machine: AddressBookMachine, deps: { store: AddressBookStore; download?: (text: string) => void }) {
  const { store } = deps;
  return machine.provide({
    actors: {
      loadEntries: fromPromise(() => listEntries(store)),
      saveEntry: fromPromise(async ({ input }) => {
        const { entry, previous } = input;
        if (previous && (previous.chainId !== entry.chainId || previous.address.toLowerCase() !== entry.address.toLowerCase())) {
          await store.remove(previous.chainId, previous.address);
        }
        await store.upsert(entry);
        return listEntries(store);
      }),
      removeEntry: fromPromise(async ({ input }) => {
        await store.remove(input.chainId, input.address);
        return listEntries(store);
      }),
      importEntries: fromPromise(async ({ input }) => {
        for (const entry of input.entries) await store.upsert(entry);
        return listEntries(store);
      }),
    },
    actions: {
      downloadCsv: (_, params) => (deps.download ?? downloadCsv)(params.text),
    },
  });
}

const toChainOption = (chain: ChainInfo): ChainOption => ({ chainId: chain.chainId, chainName: chain.chainName, shortName: chain.shortName });

async function listAdded(store: AddedSafesStore): Promise<AddedSafe[]> {
  return (await store.list()).map((s) => ({ chainId: s.chainId, address: getAddress(s.address) as HexAddress, name: s.name ?? '' }));
}

/** What checkSafe throws when the gateway has no Safe at the address (404). */
export class NotASafeError extends Error {
  readonly kind = 'notASafe';
}

export function provideLoadSafeServices(
  machine: LoadSafeMachine,
  deps: { loadChains: () => Promise<ChainInfo[]>; gateway: Pick<GatewayClient, 'getSafeInfo'>; safes: AddedSafesStore },
) {
  return machine.provide({
    actors: {
      loadSetup: fromPromise(async () => {
        const [chains, added] = await Promise.all([deps.loadChains(), listAdded(deps.safes)]);
        return { chains: chains.map(toChainOption), added };
      }),
      checkSafe: fromPromise(async ({ input }): Promise<SafeSummary> => {
        try {
          const info = await deps.gateway.getSafeInfo(input.chainId, input.address);
          return {
            address: getAddress(info.address.value) as HexAddress,
            threshold: info.threshold,
            owners: info.owners.map((o) => getAddress(o.value) as HexAddress),
            version: info.version ?? null,
          };
        } catch (error) {
          const status = (error as { status?: unknown }).status;
          if (status === 404 || status === 422) throw new NotASafeError('No Safe at this address');
          throw error;
        }
      }),
      addSafe: fromPromise(async ({ input }) => {
        await deps.safes.add({ chainId: input.chainId, address: input.address, name: input.name || null });
      }),
    },
  });
}

const OVERVIEW_BATCH = 10;

/** Builds the rows of /welcome/accounts: owned (every chain) + added, with their overviews. */
export async function loadAccounts(
  owner: HexAddress | null,
  deps: { loadChains: () => Promise<ChainInfo[]>; gateway: WalletGateway; safes: AddedSafesStore; currency?: string },
): Promise<AccountsData> {
  const currency = deps.currency ?? 'usd';
  const [chains, added] = await Promise.all([deps.loadChains(), listAdded(deps.safes)]);
  const byId = new Map(chains.map((c) => [c.chainId, c]));
  const rows = new Map<string, AccountRow>();
  const failedChains: string[] = [];
  const put = (chainId: string, address: string, patch: Partial<AccountRow>) => {
    const chain = byId.get(chainId);
    if (!chain) return; // a chain the gateway no longer lists cannot be opened
    const checksummed = getAddress(address) as HexAddress;
    const key = `${chainId}:${checksummed.toLowerCase()}`;
    const row = rows.get(key) ?? {
      chainId,
      chainName: chain.chainName,
      shortName: chain.shortName,
      address: checksummed,
      owned: false,
      added: false,
      name: null,
      overview: null,
    };
    rows.set(key, { ...row, ...patch });
  };

  if (owner) {
    let owned: Record<string, readonly string[] | null>;
    try {
      owned = await deps.gateway.getAllOwnedSafes(owner);
    } catch {
      // Fall back to one lookup per chain, so one failing chain does not hide the others.
      const results = await Promise.allSettled(chains.map((c) => deps.gateway.getOwnedSafes(c.chainId, owner)));
      owned = Object.fromEntries(chains.map((c, i) => [c.chainId, results[i]!.status === 'fulfilled' ? (results[i] as PromiseFulfilledResult<{ safes: string[] }>).value.safes : null]));
    }
    for (const [chainId, safes] of Object.entries(owned)) {
      if (safes === null) {
        if (byId.has(chainId)) failedChains.push(byId.get(chainId)!.chainName);
        continue;
      }
      for (const address of safes) put(chainId, address, { owned: true });
    }
  }
  for (const safe of added) put(safe.chainId, safe.address, { added: true, name: safe.name || null });

  const list = [...rows.values()];
  for (let i = 0; i < list.length; i += OVERVIEW_BATCH) {
    const batch = list.slice(i, i + OVERVIEW_BATCH);
    try {
      const overviews = await deps.gateway.getSafeOverviews(
        batch.map((r) => `${r.chainId}:${r.address}`),
        { currency, trusted: false, exclude_spam: true },
      );
      for (const o of overviews) {
        const key = `${o.chainId}:${o.address.value.toLowerCase()}`;
        const row = rows.get(key);
        if (row) {
          rows.set(key, { ...row, overview: { fiatTotal: o.fiatTotal, currency, threshold: o.threshold, owners: o.owners.length, queued: o.queued } });
        }
      }
    } catch {
      // Overviews are decoration: the Safes still list without them.
    }
  }
  return { rows: [...rows.values()], failedChains };
}

export function provideMyAccountsServices(
  machine: MyAccountsMachine,
  deps: { loadChains: () => Promise<ChainInfo[]>; gateway: WalletGateway; safes: AddedSafesStore; currency?: string },
) {
  return machine.provide({
    actors: {
      loadAccounts: fromPromise(({ input }) => loadAccounts(input.owner, deps)),
    },
  });
}
