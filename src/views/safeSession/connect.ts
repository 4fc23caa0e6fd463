/** Pure view-model helpers of the Safe screens (no React, no effects). */
import type { Balance, SafeInfo, TransactionItem, TransactionSummary } from './viewTypes.ts';
import { isOwner } from '../../domain/safe/owners.ts';

export function isOwnerOf(info: SafeInfo | null, wallet: string | null): boolean {
  return info !== null && isOwner(info.owners.map((owner) => owner.value), wallet);
}

/** Below this fiat value a balance counts as "small" (Safe{Wallet}'s hide-dust rule). */
export const SMALL_BALANCE_FIAT = 0.01;

export interface BalancePreferences {
  hiddenTokens: readonly string[];
  showHiddenTokens: boolean;
  hideSmallBalances: boolean;
}

export interface VisibleBalance {
  balance: Balance;
  hidden: boolean;
}

/** Balances to show: hidden tokens only when "show hidden" is on; small ones dropped when "hide small" is on. */
export function visibleBalances(items: readonly Balance[], prefs: BalancePreferences): VisibleBalance[] {
  return items
    .map((balance) => ({ balance, hidden: prefs.hiddenTokens.includes(balance.tokenInfo.address.toLowerCase()) }))
    .filter(({ balance, hidden }) => {
      if (hidden && !prefs.showHiddenTokens) return false;
      if (prefs.hideSmallBalances && Number(balance.fiatBalance) < SMALL_BALANCE_FIAT) return false;
      return true;
    });
}

/** A row of a transaction list, flat so a windowed list can render it at a fixed height. */
export type TxRow =
  | { kind: 'label'; key: string; label: 'Next' | 'Queued' }
  | { kind: 'date'; key: string; timestamp: number }
  | { kind: 'conflict'; key: string; nonce: number }
  | { kind: 'tx'; key: string; tx: TransactionSummary; conflict: 'None' | 'HasNext' | 'End' };

/**
 * Gateway list items → rows. A CONFLICT_HEADER opens a group; the following transactions with conflictType
 * HasNext stay in it and the one with End closes it. Pages are concatenated, so a label, date or conflict
 * header that a later page repeats (a group or a day continuing across pages) and duplicate transactions
 * are dropped.
 */
export function toTxRows(items: readonly TransactionItem[]): TxRow[] {
  const rows: TxRow[] = [];
  const seen = new Set<string>();
  const once = (key: string) => (seen.has(key) ? false : (seen.add(key), true));
  items.forEach((item) => {
    switch (item.type) {
      case 'LABEL':
        if (once(`label-${item.label}`)) rows.push({ kind: 'label', key: `label-${item.label}`, label: item.label });
        break;
      case 'DATE_LABEL':
        if (once(`date-${item.timestamp}`)) rows.push({ kind: 'date', key: `date-${item.timestamp}`, timestamp: item.timestamp });
        break;
      case 'CONFLICT_HEADER':
        if (once(`conflict-${item.nonce}`)) rows.push({ kind: 'conflict', key: `conflict-${item.nonce}`, nonce: item.nonce });
        break;
      case 'TRANSACTION':
        if (once(item.transaction.id)) rows.push({ kind: 'tx', key: item.transaction.id, tx: item.transaction, conflict: item.conflictType });
        break;
    }
  });
  return rows;
}

/** Transactions of a list, without labels (the dashboard's "Pending transactions"). */
export function transactionsOf(items: readonly TransactionItem[]): TransactionSummary[] {
  return items.flatMap((item) => (item.type === 'TRANSACTION' ? [item.transaction] : []));
}

/** Owners that have not confirmed: the Safe's signers minus the confirmations' signers. */
export function missingSigners<T extends { value: string }>(signers: readonly T[], confirmed: readonly { value: string }[]): T[] {
  const done = new Set(confirmed.map((c) => c.value.toLowerCase()));
  return signers.filter((s) => !done.has(s.value.toLowerCase()));
}

/**
 * The fiat total of the balances without the hidden tokens (a hidden token is neither listed nor counted), as a
 * decimal string; the gateway's own total when nothing is hidden.
 */
export function visibleFiatTotal(items: readonly Balance[], fiatTotal: string, hiddenTokens: readonly string[]): string {
  if (hiddenTokens.length === 0) return fiatTotal;
  const shown = items.filter((b) => !hiddenTokens.includes(b.tokenInfo.address.toLowerCase()));
  return String(shown.reduce((sum, b) => sum + (Number.isFinite(Number(b.fiatBalance)) ? Number(b.fiatBalance) : 0), 0));
}
