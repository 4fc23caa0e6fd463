/**
 * Which queued transactions this page showed were executed elsewhere (decision 0043): a pure function fed by the
 * session's context (the polled Safe nonce) and its children's (the queue's and the history's loaded items), step
 * by step. The view that shows the notices (safeSession/ExecutionNotices.tsx) only feeds it and shows what it says.
 *
 * - While the queue shows a multisig transaction at or above the Safe's nonce, it is remembered as shown.
 * - When a poll moves the Safe's nonce from p to n, each remembered nonce in [p, n) waits for the history.
 * - The history's executed entry (SUCCESS or FAILED) at that nonce settles it: when it is one the page showed and
 *   not one this page executed (`own`), it is announced once. Another transaction at that nonce (a rejection or
 *   one proposed elsewhere) replaced what the page showed: nothing is announced.
 *
 * What it knows is what the gateway reports (the Safe's nonce, the history's entry and its hashes): the notice says so.
 */
import type { TransactionItem, TransactionSummary } from '../../domain/gateway/types.ts';

export interface ExecutionWatch {
  /** The Safe nonce last seen; null before the first. */
  nonce: number | null;
  /** Queued transactions the page showed: id → nonce. */
  shown: Readonly<Record<string, number>>;
  /** Nonces passed by the Safe whose executed entry the history has not shown yet, with the ids shown at each. */
  pending: Readonly<Record<string, readonly string[]>>;
}

export const NOTHING_WATCHED: ExecutionWatch = { nonce: null, shown: {}, pending: {} };

export interface ExecutionFacts {
  /** The Safe's nonce as last polled; null while unknown. */
  nonce: number | null;
  /** The queue's loaded items (empty while not loaded). */
  queue: readonly TransactionItem[];
  /** The history's loaded items (empty while not loaded). */
  history: readonly TransactionItem[];
  /** Whether a transaction id was executed by this page's own flows. */
  own: (txId: string) => boolean;
}

/** A queued transaction this page showed, executed elsewhere, as the gateway's history lists it. */
export interface ExecutedElsewhere {
  nonce: number;
  txId: string;
  /** The execution's transaction hash, as the history gives it. */
  txHash: string | null;
  failed: boolean;
}

const multisigNonce = (tx: TransactionSummary): number | null => (tx.executionInfo?.type === 'MULTISIG' ? tx.executionInfo.nonce : null);

function transactions(items: readonly TransactionItem[]): TransactionSummary[] {
  return items.flatMap((item) => (item.type === 'TRANSACTION' ? [item.transaction] : []));
}

/** Whether the watch has nonces waiting for the history (the view then starts the history list). */
export const awaitsHistory = (watch: ExecutionWatch): boolean => Object.keys(watch.pending).length > 0;

export function watchExecutions(watch: ExecutionWatch, facts: ExecutionFacts): { watch: ExecutionWatch; executed: ExecutedElsewhere[] } {
  const shown: Record<string, number> = { ...watch.shown };
  const pending: Record<string, readonly string[]> = { ...watch.pending };
  const nonce = facts.nonce ?? watch.nonce;

  // The Safe moved on: what the page showed below the new nonce left the queue, executed or replaced.
  if (watch.nonce !== null && nonce !== null && nonce > watch.nonce) {
    for (const [id, n] of Object.entries(shown)) {
      if (n >= nonce) continue;
      if (n >= watch.nonce) pending[n] = [...(pending[n] ?? []), id];
      delete shown[id];
    }
  }
  // Remember what the queue shows now (only what still waits for its nonce).
  if (nonce !== null) {
    for (const tx of transactions(facts.queue)) {
      const n = multisigNonce(tx);
      if (n !== null && n >= nonce) shown[tx.id] = n;
    }
  }
  // The history's executed entries settle the nonces that wait.
  const executed: ExecutedElsewhere[] = [];
  if (Object.keys(pending).length > 0) {
    for (const tx of transactions(facts.history)) {
      const n = multisigNonce(tx);
      if (n === null || !(String(n) in pending) || (tx.txStatus !== 'SUCCESS' && tx.txStatus !== 'FAILED')) continue;
      const ids = pending[n] ?? [];
      delete pending[n];
      if (ids.includes(tx.id) && !facts.own(tx.id)) executed.push({ nonce: n, txId: tx.id, txHash: tx.txHash ?? null, failed: tx.txStatus === 'FAILED' });
    }
  }
  return { watch: { nonce, shown, pending }, executed: executed.sort((a, b) => a.nonce - b.nonce) };
}
