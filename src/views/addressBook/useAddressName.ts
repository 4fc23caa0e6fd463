import { useCallback, useSyncExternalStore } from 'react';
import { lookupName } from '../../machines/addressBook/addressBook.csv.ts';
import { useOptionalAddressBookRef } from '../wallet/walletContext.tsx';

/**
 * The address-book name of `address` on `chainId` (any chain when `chainId` is null), or null. Works without
 * an address-book actor too (returns null), so any view can call it.
 */
export function useAddressName(address: string | null | undefined, chainId: string | null | undefined): string | null {
  const ref = useOptionalAddressBookRef();
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!ref) return () => {};
      const subscription = ref.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [ref],
  );
  const read = () => (ref && address ? lookupName(ref.getSnapshot().context.entries, address, chainId ?? null) : null);
  return useSyncExternalStore(subscribe, read, read);
}
