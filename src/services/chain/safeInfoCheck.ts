/**
 * The two-source check's reads (decision 0053): the Safe's state read once from the chain (readSafeState) and
 * compared with the Safe info a signing flow was given (compareSafeInfo). A chain that cannot be read gives the
 * verdict `unchecked`, which blocks signing like a difference does: nothing is passed silently.
 */
import { getAddress, type Address } from 'viem';
import { safeInfoVerdict, uncheckedVerdict, type SafeInfoClaim, type SafeInfoVerdict } from '../../domain/safe/safeInfoCheck.ts';
import { readSafeState, type SafeStateReader } from './reads.ts';

/** A flow's Safe: its address and what the gateway said about it. */
export type CheckedSafe = SafeInfoClaim & { address: string };

/**
 * The verdict of the Safe info against the chain, once. `txNonce`: the SafeTx's own nonce, when the flow signs
 * one (a nonce the chain has already used is a difference). A missing client or any failed read is `unchecked`.
 */
export async function checkSafeAgainstChain(chain: Partial<SafeStateReader> | null, safe: CheckedSafe, txNonce?: bigint | number | string | null): Promise<SafeInfoVerdict> {
  if (!chain?.readContract || !chain.getStorageAt) return uncheckedVerdict('No chain client for this network.');
  let state;
  try {
    state = await readSafeState(chain as SafeStateReader, getAddress(safe.address) as Address);
  } catch (error) {
    return uncheckedVerdict(error);
  }
  return safeInfoVerdict(safe, state, txNonce);
}
