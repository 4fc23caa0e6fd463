/** Two hex values (addresses, hashes) are the same when they are equal ignoring case; a missing one is never the same. */
export const sameHex = (a: string | null | undefined, b: string | null | undefined): boolean => Boolean(a && b && a.toLowerCase() === b.toLowerCase());
