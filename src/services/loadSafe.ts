/**
 * Effects of the loadSafe machine: the chains, the Safes already added (the local store's `safes` section,
 * structural), the gateway's check that an address is a Safe, and adding it.
 */
import { getAddress } from 'viem';
import type { ChainInfo } from '../domain/gateway/types.ts';
import type { LoadSafeMachine } from '../machines/loadSafe/loadSafe.machine.ts';
import type { AddedSafe, ChainOption, LoadSafeEffects } from '../machines/loadSafe/loadSafe.types.ts';
import { effectActors } from '../machines/shared/effects.ts';
import type { HexAddress } from '../machines/walletConnection/walletConnection.types.ts';
import { nameSafeInBook, type AddressBookStore } from './addressBook.ts';
import type { GatewayClient } from './gateway/client.ts';

export interface AddedSafesStore {
  list(): Promise<readonly { chainId: string; address: string; name?: string | null | undefined; trusted?: boolean | undefined; addedAt?: number | undefined }[]>;
  /** Adds a Safe, or replaces the one at the same chain and address (`trusted`: pinned, S17). */
  add(safe: { chainId: string; address: HexAddress; name?: string | null; trusted?: boolean; addedAt?: number }): Promise<unknown>;
}

const toChainOption = (chain: ChainInfo): ChainOption => ({ chainId: chain.chainId, chainName: chain.chainName, shortName: chain.shortName });

export async function listAdded(store: AddedSafesStore): Promise<AddedSafe[]> {
  return (await store.list()).map((s) => ({ chainId: s.chainId, address: getAddress(s.address) as HexAddress, name: s.name ?? '' }));
}

/** What checkSafe throws when the gateway has no Safe at the address (404). */
export class NotASafeError extends Error {
  readonly kind = 'notASafe';
}

/** The loadSafe machine's effects over the gateway and the local store. */
export function createLoadSafeEffects(deps: {
  loadChains: () => Promise<ChainInfo[]>;
  gateway: Pick<GatewayClient, 'getSafeInfo'>;
  safes: AddedSafesStore;
  /**
   * The address book: a name given when adding becomes the Safe's address-book entry (where the header and the
   * Safe's card read names), unless the book already names that address; `onNamed` tells the book to reload.
   */
  names?: Pick<AddressBookStore, 'list' | 'upsert'>;
  onNamed?: () => void;
}): LoadSafeEffects {
  return {
    loadSetup: async () => {
      const [chains, added] = await Promise.all([deps.loadChains(), listAdded(deps.safes)]);
      return { chains: chains.map(toChainOption), added };
    },
    checkSafe: async (input) => {
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
    },
    addSafe: async (input) => {
      await deps.safes.add({ chainId: input.chainId, address: input.address, name: input.name || null });
      if (deps.names && (await nameSafeInBook(deps.names, input))) deps.onNamed?.();
    },
  };
}

export function provideLoadSafeServices(machine: LoadSafeMachine, deps: Parameters<typeof createLoadSafeEffects>[0]) {
  return machine.provide({ actors: effectActors(createLoadSafeEffects(deps)) });
}
