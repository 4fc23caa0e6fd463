/**
 * Effects of the myAccounts machine: the rows of /welcome/accounts from the gateway (owned Safes on every chain,
 * their overviews) and the Safes added locally.
 */
import { getAddress } from 'viem';
import type { ChainInfo } from '../domain/gateway/types.ts';
import type { MyAccountsMachine } from '../machines/myAccounts/myAccounts.machine.ts';
import type { AccountRow, AccountsData, MyAccountsEffects } from '../machines/myAccounts/myAccounts.types.ts';
import { effectActors } from '../machines/shared/effects.ts';
import type { HexAddress } from '../machines/walletConnection/walletConnection.types.ts';
import type { GatewayClient } from './gateway/client.ts';
import { listAdded, type AddedSafesStore } from './loadSafe.ts';

export type WalletGateway = Pick<GatewayClient, 'getSafeInfo' | 'getAllOwnedSafes' | 'getOwnedSafes' | 'getSafeOverviews'>;

const OVERVIEW_BATCH = 10;

/** Builds the rows of /welcome/accounts: owned (every chain) + added, with their overviews. */
export async function loadAccounts(
  owner: HexAddress | null,
  deps: { loadChains: () => Promise<ChainInfo[]>; gateway: WalletGateway; safes: AddedSafesStore; currency?: string },
): Promise<AccountsData> {
  const currency = deps.currency ?? 'usd';
  const [chains, stored] = await Promise.all([deps.loadChains(), deps.safes.list()]);
  const added = await listAdded({ ...deps.safes, list: async () => stored });
  const trusted = new Set(stored.filter((s) => s.trusted).map((s) => `${s.chainId}:${s.address.toLowerCase()}`));
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
      // /v3, /v2 or /v1, whichever this gateway serves (decision 0051); loaded with this screen only
      owned = await (await import('./gateway/ownedSafes.ts')).readAllOwnedSafes(deps.gateway, owner);
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
  for (const safe of added) put(safe.chainId, safe.address, { added: true, name: safe.name || null, trusted: trusted.has(`${safe.chainId}:${safe.address.toLowerCase()}`) });

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

/** The myAccounts machine's effects over the gateway and the local store. */
export function createMyAccountsEffects(deps: {
  loadChains: () => Promise<ChainInfo[]>;
  gateway: WalletGateway;
  safes: AddedSafesStore;
  currency?: string;
}): MyAccountsEffects {
  return {
    loadAccounts: (input) => loadAccounts(input.owner, deps),
    // Pinning keeps what was stored (name, when added); pinning a Safe only owned adds it.
    setTrusted: async (change) => {
      const stored = (await deps.safes.list()).find((s) => s.chainId === change.chainId && s.address.toLowerCase() === change.address.toLowerCase());
      await deps.safes.add({ ...(stored?.name ? { name: stored.name } : {}), ...(stored?.addedAt ? { addedAt: stored.addedAt } : {}), chainId: change.chainId, address: change.address, trusted: change.trusted });
      return change;
    },
  };
}

export function provideMyAccountsServices(machine: MyAccountsMachine, deps: Parameters<typeof createMyAccountsEffects>[0]) {
  return machine.provide({ actors: effectActors(createMyAccountsEffects(deps)) });
}
