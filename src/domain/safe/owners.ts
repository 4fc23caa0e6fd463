import { sameHex } from '../hex.ts';

/** The owner rule, once: an address is an owner when it equals one of the Safe's owners, ignoring checksum case. */
export function isOwner(owners: readonly string[], address: string | null | undefined): boolean {
  const wanted = address?.trim();
  return owners.some((owner) => sameHex(owner, wanted));
}
