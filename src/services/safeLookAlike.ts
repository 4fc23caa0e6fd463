/**
 * Whether a Safe being opened imitates one the signer knows (S17, decision 0064): it begins and ends like a Safe
 * added in this browser (one pinned as trusted is named first) or an address-book entry on the same chain, and
 * differs inside. Read from this browser's storage only; loaded when a Safe is first opened, not with the first page.
 */
import type { SafeLookAlike } from '../machines/safeSession/safeSession.types.ts';
import { safeLookAlikeOf } from '../domain/safe/lookAlike.ts';
import { knownAddressesOf, type KnownAddressStores } from './knownAddresses.ts';

export async function findSafeLookAlike(stores: KnownAddressStores, chainId: string, address: string): Promise<SafeLookAlike | null> {
  const known = await knownAddressesOf(stores)(chainId);
  const resembles = safeLookAlikeOf(address, known);
  return resembles ? { resembles } : null;
}
