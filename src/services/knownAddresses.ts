/**
 * The addresses a signer knows on a chain, from this browser's own storage: address-book entries, added Safes (those
 * pinned as trusted named so) and, for one Safe, the recipients it paid in transactions this browser's flows executed.
 * The look-alike check (S17, src/domain/safe/lookAlike.ts) compares a transaction's counterparties with them. The
 * gateway is no source here: a gateway that listed an attacker's address as "known" would exempt it.
 */
import { getAddress } from 'viem';
import type { KnownAddress } from '../domain/safe/lookAlike.ts';
import type { LocalStore } from './storage/index.ts';
import type { PastRecipientsStore } from './pastRecipients.ts';

export interface KnownAddressStores {
  addressBook: Pick<LocalStore['addressBook'], 'list'>;
  safes: Pick<LocalStore['safes'], 'list'>;
  /** Past recipients per Safe (decision 0064; `add` is what executed flows call); without it none are known. */
  pastRecipients?: PastRecipientsStore;
}

/** The known addresses on `chainId`; with `safe`, also the recipients that Safe paid through this browser. */
export function knownAddressesOf(stores: KnownAddressStores): (chainId: string, safe?: string) => Promise<KnownAddress[]> {
  return async (chainId, safe) => {
    const [book, safes, paid] = await Promise.all([
      stores.addressBook.list(chainId),
      stores.safes.list(chainId),
      safe && stores.pastRecipients ? stores.pastRecipients.list(chainId, safe) : [],
    ]);
    return [
      ...book.map((e): KnownAddress => ({ address: getAddress(e.address), name: e.name, source: 'addressBook' })),
      ...safes.map((s): KnownAddress => ({ address: getAddress(s.address), name: s.name ?? null, source: s.trusted ? 'trustedSafe' : 'addedSafe' })),
      ...paid.map((address): KnownAddress => ({ address: getAddress(address), name: null, source: 'pastRecipient' })),
    ];
  };
}
