/** The owner rule, once: an address is an owner when it equals one of the Safe's owners, ignoring checksum case. */
export function isOwner(owners: readonly string[], address: string | null | undefined): boolean {
  if (!address) return false;
  const wanted = address.trim().toLowerCase();
  return owners.some((owner) => owner.toLowerCase() === wanted);
}
