/**
 * Which actions a queued transaction offers the connected wallet (anchor-features §2.4, the buttons of a
 * queued transaction). Pure: the views call these to decide which buttons to show; every flow re-checks on
 * its own (e.g. the transaction flow refuses a signature from a non-owner).
 */
import type { TransactionDetails, TransactionItem, TransactionSummary } from '../../domain/gateway/types.ts';
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

/** What a queue row marks and offers the connected wallet (the row's Confirm / Execute open the same flows). */
export interface QueuedRowActions {
  /** The connected owner has not signed and signatures are still missing: "Needs your signature". */
  needsYourSignature: boolean;
  /** The threshold is met and this is the Safe's next nonce: "Ready to execute". */
  readyToExecute: boolean;
  confirm: boolean;
  execute: boolean;
}

const NO_ROW_ACTIONS: QueuedRowActions = { needsYourSignature: false, readyToExecute: false, confirm: false, execute: false };

/**
 * A queued transaction's row, from the gateway's summary (its `missingSigners` and counts). The marks are a
 * pointer, not a verdict: the details and the flows verify every signature before one counts (decision 0025).
 * Without `missingSigners` in the summary, "Needs your signature" is not claimed.
 */
export function queuedRowActionsOf(tx: TransactionSummary, viewer: Pick<Viewer, 'wallet' | 'owners' | 'safeNonce'>): QueuedRowActions {
  const exec = tx.executionInfo;
  if (exec?.type !== 'MULTISIG') return NO_ROW_ACTIONS;
  if (tx.txStatus !== 'AWAITING_CONFIRMATIONS' && tx.txStatus !== 'AWAITING_EXECUTION') return NO_ROW_ACTIONS;
  if (exec.nonce < viewer.safeNonce) return NO_ROW_ACTIONS;
  const owner = isOwner(viewer.owners, viewer.wallet);
  const missing = exec.missingSigners ?? [];
  const needsYourSignature = owner && exec.confirmationsSubmitted < exec.confirmationsRequired && missing.some((s) => sameHex(s.value, viewer.wallet));
  const readyToExecute = exec.confirmationsSubmitted >= exec.confirmationsRequired && exec.nonce === viewer.safeNonce;
  return { needsYourSignature, readyToExecute, confirm: needsYourSignature, execute: owner && readyToExecute };
}

/**
 * The Safe's next nonce as the freshest of two sources: Safe info's nonce and the queue's "Next" group (the
 * gateway files there the transactions at the Safe's nonce). Right after an execution the queue may have
 * reloaded before Safe info: the queue's "Next" then already names the new nonce, and the "must be executed
 * first" label and bulk execution must not wait for the next poll.
 */
export function nextNonceOf(items: readonly TransactionItem[], safeNonce: number): number {
  let afterNext = false;
  for (const item of items) {
    if (item.type === 'LABEL') afterNext = item.label === 'Next';
    else if (afterNext && item.type === 'TRANSACTION' && item.transaction.executionInfo?.type === 'MULTISIG') {
      return Math.max(safeNonce, item.transaction.executionInfo.nonce);
    }
  }
  return safeNonce;
}
