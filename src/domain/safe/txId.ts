/** The gateway's id of a multisig transaction, as its lists and details name it. */
import { getAddress } from 'viem';

/** `multisig_<checksummed Safe address>_<safeTxHash>`: the id the gateway lists a multisig transaction under. */
export function multisigTxId(safeAddress: string, safeTxHash: string): string {
  return `multisig_${getAddress(safeAddress)}_${safeTxHash}`;
}
