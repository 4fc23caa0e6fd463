import { connectWalletConnection } from '../../machines/walletConnection/walletConnection.connect.ts';
import { useWallet } from './walletContext.tsx';
import { isOwner } from '../../domain/safe/owners.ts';

/** The connected wallet's address, or null. */
export function useWalletAddress(): `0x${string}` | null {
  return useWallet((s) => connectWalletConnection(s).address);
}

/** Whether the connected wallet is one of `owners` (case-insensitive). False when no wallet is connected. */
export function useIsOwner(owners: readonly string[]): boolean {
  const address = useWalletAddress();
  return isOwner(owners, address);
}

/**
 * "Read-only" next to the Safe when the connected wallet cannot sign for it (not connected, or not an
 * owner). Nothing when it can.
 */
export function ReadOnlyBadge({ owners }: { owners: readonly string[] }) {
  const address = useWalletAddress();
  const owner = useIsOwner(owners);
  if (owner) return null;
  const reason = address ? 'Your connected wallet is not a signer of this Safe account' : 'Please connect your wallet';
  return (
    <span className="chip chip-readonly" role="note" title={reason} aria-label={`Read-only: ${reason}`}>
      Read-only
    </span>
  );
}
