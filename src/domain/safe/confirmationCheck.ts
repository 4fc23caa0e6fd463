/**
 * The local verdict on one owner confirmation the gateway lists for a transaction (issue 15 hole 3, finding F9):
 * ECDSA and eth_sign signatures are recovered, approved hashes (v = 1) are looked up on chain
 * (`approvedHashes(owner, hash)`), contract signatures (v = 0) are asked of the owner contract (EIP-1271).
 * Only `valid` confirmations count toward the threshold and go into `execTransaction`.
 *
 * Produced by `verifyConfirmations` (src/domain/safe/confirmations.ts).
 */

export type Address = `0x${string}`;
export type Hex = `0x${string}`;

export type ConfirmationKind = 'ecdsa' | 'ethSign' | 'approvedHash' | 'contract' | 'malformed';

export interface ConfirmationCheck {
  signer: Address;
  signature: Hex;
  kind: ConfirmationKind;
  /**
   * valid: it signs this hash for this signer (recovered, approved on chain, or accepted by the owner contract).
   * invalid: it provably does not (recovers to someone else, not approved on chain, rejected by the contract, malformed).
   * unverifiable: it could not be checked (no chain access, the owner contract's call failed): shown, not counted.
   */
  status: 'valid' | 'invalid' | 'unverifiable';
  /** One sentence in plain words, e.g. "Approved on chain (approvedHashes)." */
  detail: string;
}
