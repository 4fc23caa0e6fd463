import { useCallback, useSyncExternalStore } from 'react';
import { safeLibraryName } from '../../domain/safe/contracts.ts';
import { lookupName } from '../../machines/addressBook/addressBook.csv.ts';
import { useOptionalAddressBookRef } from '../walletConnection/walletContext.tsx';

type Entries = Parameters<typeof lookupName>[0];

/** The address book's entries, or null without an address-book actor; re-renders when they change. */
export function useAddressBookEntries(): Entries | null {
  const ref = useOptionalAddressBookRef();
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!ref) return () => {};
      const subscription = ref.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [ref],
  );
  const read = () => (ref ? ref.getSnapshot().context.entries : null);
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * The address-book name of `address` on `chainId` (any chain when `chainId` is null), or null. Works without
 * an address-book actor too (returns null), so any view can call it.
 */
export function useAddressName(address: string | null | undefined, chainId: string | null | undefined): string | null {
  const entries = useAddressBookEntries();
  return entries && address ? lookupName(entries, address, chainId ?? null) : null;
}

/**
 * A resolver from address to the address-book name on `chainId` (or null), for sentences that name several
 * addresses ("Send 0.5 ETH to Alice (0x90F7…b906)"). It changes when the address book changes.
 */
export function useAddressNameResolver(chainId: string | null | undefined): (address: string) => string | null {
  const entries = useAddressBookEntries();
  return useCallback((address: string) => (entries ? lookupName(entries, address, chainId ?? null) : null), [entries, chainId]);
}

/**
 * As useAddressNameResolver, and where the address book has no name, the name of one of Safe's own libraries on
 * that chain from the local deployment list ("SignMessageLib 1.4.1"): both are known here, neither comes from the
 * gateway.
 */
export function useKnownNameResolver(chainId: string | null | undefined): (address: string) => string | null {
  const nameOf = useAddressNameResolver(chainId);
  return useCallback((address: string) => nameOf(address) ?? (chainId ? safeLibraryName(chainId, address) : null), [nameOf, chainId]);
}
