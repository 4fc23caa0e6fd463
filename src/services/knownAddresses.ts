/**
 * The addresses a signer knows on a chain, from this browser's own storage: address-book entries and added Safes.
 * The look-alike check (S17, src/domain/safe/lookAlike.ts) compares a transaction's counterparties with them. The
 * gateway is no source here: a gateway that listed an attacker's address as "known" would exempt it.
 */
import { getAddress } from 'viem';
import type { KnownAddress } from '../domain/safe/lookAlike.ts';
import type { LocalStore } from './storage/index.ts';

export interface KnownAddressStores {
  addressBook: Pick<LocalStore['addressBook'], 'list'>;
  safes: Pick<LocalStore['safes'], 'list'>;
}

export function knownAddressesOf(stores: KnownAddressStores): (chainId: string) => Promise<KnownAddress[]> {
  return async (chainId) => {
    const [book, safes] = await Promise.all([stores.addressBook.list(chainId), stores.safes.list(chainId)]);
    return [
      ...book.map((e): KnownAddress => ({ address: getAddress(e.address), name: e.name, source: 'addressBook' })),
      ...safes.map((s): KnownAddress => ({ address: getAddress(s.address), name: s.name ?? null, source: 'addedSafe' })),
    ];
  };
}
