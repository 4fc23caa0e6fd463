/**
 * Which actions a queued transaction offers the connected wallet (anchor-features §2.4, the buttons of a
 * queued transaction). Pure: the views call these to decide which buttons to show; every flow re-checks on
 * its own (e.g. the transaction flow refuses a signature from a non-owner).
 */
import type { TransactionDetails, TransactionSummary } from '../../domain/gateway/types.ts';
import { isOwner } from '../../domain/safe/owners.ts';
import { sameHex } from '../../domain/hex.ts';

export interface TxActions {
  /** Add this owner's signature (also offered when it is the last one: sign and execute in one go). */
  confirm: boolean;
  /** The threshold is met and this is the Safe's next nonce. */
  execute: boolean;
  /**
   * An on-chain rejection at the same nonce: not for a rejection itself, nor where one is already queued
   * (anchor: "Transaction with nonce n already has a reject transaction"; confirm that one instead).
   */
  reject: boolean;
  /** The proposer may delete it from the queue (chain feature DELETE_TX). */
  delete: boolean;
}

export interface Viewer {
  /** The connected wallet's address, or null. */
  wallet: string | null;
  owners: readonly string[];
  /** The Safe's current on-chain nonce. */
  safeNonce: number;
  /** The chain's features (`DELETE_TX`). */
  features: readonly string[];
  /** Nonces at which the queue already holds an on-chain rejection. */
  rejectedNonces?: readonly number[];
}

const NONE: TxActions = { confirm: false, execute: false, reject: false, delete: false };

/**
 * `verifiedSigners`: the signers whose confirmations were verified here (decision 0025) — they alone count toward
 * the threshold; null: not verified (yet), so Execute is not offered and Confirm follows the gateway's list.
 */
export function txActionsOf(details: TransactionDetails, viewer: Viewer, verifiedSigners: readonly string[] | null): TxActions {
  const exec = details.detailedExecutionInfo;
  if (exec?.type !== 'MULTISIG') return NONE;
  if (details.txStatus !== 'AWAITING_CONFIRMATIONS' && details.txStatus !== 'AWAITING_EXECUTION') return NONE;
  if (exec.nonce < viewer.safeNonce) return NONE;
  if (!isOwner(viewer.owners, viewer.wallet)) return NONE;
  const signers = verifiedSigners ?? exec.confirmations.map((c) => c.signer.value);
  const signed = signers.some((s) => sameHex(s, viewer.wallet));
  // Only current owners' signatures count toward the threshold (the flows' own rule, validConfirmations): a
  // removed owner's signature must not hide Confirm nor offer an Execute the flow would refuse.
  const count = signers.filter((s) => isOwner(viewer.owners, s)).length;
  const isNext = exec.nonce === viewer.safeNonce;
  const isRejection = details.txInfo.type === 'Custom' && details.txInfo.isCancellation === true;
  return {
    confirm: !signed && count < exec.confirmationsRequired,
    execute: verifiedSigners !== null && isNext && count >= exec.confirmationsRequired,
    reject: !isRejection && !(viewer.rejectedNonces ?? []).includes(exec.nonce),
    delete: viewer.features.includes('DELETE_TX') && sameHex(exec.proposer?.value, viewer.wallet),
  };
}

/** Nonces at which the queue holds an on-chain rejection (a cancellation transaction). */
export function rejectedNoncesOf(queue: readonly TransactionSummary[]): number[] {
  return queue.flatMap((tx) => (tx.executionInfo?.type === 'MULTISIG' && tx.txInfo.type === 'Custom' && tx.txInfo.isCancellation === true ? [tx.executionInfo.nonce] : []));
}

/** Gateway ids of the fully signed queued transactions from the Safe's next nonce on, one per nonce, in order. */
export function bulkExecutableOf(queue: readonly TransactionSummary[], safeNonce: number): string[] {
  const ids: string[] = [];
  let nonce = safeNonce;
  for (;;) {
    const atNonce = queue.filter((tx) => tx.executionInfo?.type === 'MULTISIG' && tx.executionInfo.nonce === nonce);
    // A conflict at a nonce needs a choice: bulk execution stops before it.
    if (atNonce.length !== 1) break;
    const info = atNonce[0]!.executionInfo;
    if (info?.type !== 'MULTISIG' || info.confirmationsSubmitted < info.confirmationsRequired) break;
    ids.push(atNonce[0]!.id);
    nonce++;
  }
  return ids;
}
