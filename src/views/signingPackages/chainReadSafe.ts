import { useSelector } from '@xstate/react';
import { useSafeSessionRef } from '../safeSession/safeSessionContext.tsx';

/** The open Safe when it is read from the chain (signatures are then kept in signing packages, decision 0055), else null. */
export function useChainReadSafe(): { chainId: string; address: string } | null {
  const ref = useSafeSessionRef();
  const chainId = useSelector(ref ?? undefined, (s) => (s?.context.safeInfo?.readFromChain ? (s.context.chain?.chainId ?? null) : null));
  const address = useSelector(ref ?? undefined, (s) => s?.context.safe.address ?? null);
  return chainId && address ? { chainId, address } : null;
}
