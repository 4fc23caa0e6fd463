/** The gateway's id of a multisig transaction, as its lists and details name it. */
import { getAddress } from 'viem';

/** `multisig_<checksummed Safe address>_<safeTxHash>`: the id the gateway lists a multisig transaction under. */
export function multisigTxId(safeAddress: string, safeTxHash: string): string {
  return `multisig_${getAddress(safeAddress)}_${safeTxHash}`;
}

/** The Safe and safeTxHash a multisig id names (as written, not checksummed), or null when it is not one. */
export function parseMultisigTxId(txId: string): { safeAddress: `0x${string}`; safeTxHash: `0x${string}` } | null {
  const match = /^multisig_(0x[0-9a-fA-F]{40})_(0x[0-9a-fA-F]{64})$/.exec(txId);
  return match ? { safeAddress: match[1] as `0x${string}`, safeTxHash: match[2] as `0x${string}` } : null;
}
