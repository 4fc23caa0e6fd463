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

/**
 * The history's filters: which kinds to show (none ticked: all), a day range (`yyyy-mm-dd`, inclusive), a token
 * (`''`: any; `native`, or a token's lower-case address, as `historyTokens` lists them) and an inclusive amount
 * range written in that token's units (`''`: no bound).
 */
export interface HistoryFilter {
  incoming: boolean;
  outgoing: boolean;
  module: boolean;
  from: string;
  to: string;
  token: string;
  min: string;
  max: string;
}

export const NO_HISTORY_FILTER: HistoryFilter = { incoming: false, outgoing: false, module: false, from: '', to: '', token: '', min: '', max: '' };

/** A token the loaded history's transfers move: the chain's coin (`key` `native`) or an ERC20 / ERC721 contract. */
export interface HistoryToken {
  key: string;
  kind: 'native' | 'erc20' | 'erc721';
  symbol: string;
  /** Null for an NFT collection (its transfers have no amount). */
  decimals: number | null;
}

/** The token a transfer moves, as a `HistoryToken` key; null for what is not a transfer. */
export function transferTokenKey(tx: TransactionSummary): string | null {
  if (tx.txInfo.type !== 'Transfer') return null;
  const t = tx.txInfo.transferInfo;
  return t.type === 'NATIVE_COIN' ? 'native' : t.tokenAddress.toLowerCase();
}

/** The tokens to filter by: the native coin first, then each token the loaded transfers move (by symbol). */
export function historyTokens(txs: readonly TransactionSummary[], native: { symbol: string; decimals: number } | null): HistoryToken[] {
  const tokens = new Map<string, HistoryToken>();
  for (const tx of txs) {
    if (tx.txInfo.type !== 'Transfer') continue;
    const t = tx.txInfo.transferInfo;
    if (t.type === 'NATIVE_COIN') continue;
    const key = t.tokenAddress.toLowerCase();
    if (tokens.has(key)) continue;
    const symbol = t.tokenSymbol ?? t.tokenName ?? `${t.tokenAddress.slice(0, 6)}…${t.tokenAddress.slice(-4)}`;
    tokens.set(key, t.type === 'ERC20' ? { key, kind: 'erc20', symbol, decimals: t.decimals ?? 0 } : { key, kind: 'erc721', symbol: `${symbol} (NFT)`, decimals: null });
  }
  // Case-insensitive code-point order: the same in every browser and locale.
  const order = (t: HistoryToken) => t.symbol.toLowerCase();
  const sorted = [...tokens.values()].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  return [{ key: 'native', kind: 'native', symbol: native?.symbol ?? 'ETH', decimals: native?.decimals ?? 18 }, ...sorted];
}

/** The amount range in base units, with a message per bad field (a bad bound does not filter). */
export interface AmountBounds {
  min: bigint | null;
  max: bigint | null;
  errors: { min?: string; max?: string };
}

export const NO_AMOUNT_BOUNDS: AmountBounds = { min: null, max: null, errors: {} };

function parseBound(text: string, token: HistoryToken | null): { units: bigint | null; error?: string } {
  const value = text.trim();
  if (value === '') return { units: null };
  if (!token) return { units: null, error: 'Choose a token first: the amount is in its units' };
  if (token.decimals === null) return { units: null, error: 'An NFT transfer has no amount' };
  if (!/^\d+(\.\d+)?$/.test(value)) return { units: null, error: 'Enter a number such as 1.5' };
  const [whole = '0', fraction = ''] = value.split('.');
  if (fraction.length > token.decimals) return { units: null, error: token.decimals === 0 ? `${token.symbol} has no decimals` : `${token.symbol} has at most ${token.decimals} decimals` };
  return { units: BigInt(whole) * 10n ** BigInt(token.decimals) + BigInt(fraction.padEnd(token.decimals, '0') || '0') };
}

/** Checks the filter's amount fields against the chosen token: its bounds in base units, and what is wrong. */
export function amountBounds(filter: HistoryFilter, tokens: readonly HistoryToken[]): AmountBounds {
  const token = tokens.find((t) => t.key === filter.token) ?? null;
  const min = parseBound(filter.min, token);
  const max = parseBound(filter.max, token);
  const errors: AmountBounds['errors'] = {};
  if (min.error) errors.min = min.error;
  if (max.error) errors.max = max.error;
  if (min.units !== null && max.units !== null && min.units > max.units) {
    errors.max = 'The maximum is below the minimum';
    return { min: min.units, max: null, errors };
  }
  return { min: min.units, max: max.units, errors };
}

function dayOf(timestamp: number): string {
  const d = new Date(timestamp);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A transfer's amount in base units (null: an NFT, or an amount the gateway did not give as an integer). */
function transferUnits(tx: TransactionSummary): bigint | null {
  if (tx.txInfo.type !== 'Transfer') return null;
  const t = tx.txInfo.transferInfo;
  if (t.type === 'ERC721') return null;
  try {
    return BigInt(t.value ?? '0');
  } catch {
    return null;
  }
}

/**
 * Whether a history transaction passes the filter (incoming transfers, outgoing multisig ones, module ones; the
 * day; transfers of the chosen token; their amount within `bounds`, from `amountBounds`).
 */
export function matchesHistoryFilter(tx: TransactionSummary, filter: HistoryFilter, bounds: AmountBounds = NO_AMOUNT_BOUNDS): boolean {
  const kinds = filter.incoming || filter.outgoing || filter.module;
  if (kinds) {
    const incoming = tx.txInfo.type === 'Transfer' && tx.txInfo.direction === 'INCOMING';
    const viaModule = tx.executionInfo?.type === 'MODULE';
    const outgoing = !incoming && !viaModule;
    if (!((filter.incoming && incoming) || (filter.module && viaModule) || (filter.outgoing && outgoing))) return false;
  }
  const day = dayOf(tx.timestamp);
  if (filter.from && day < filter.from) return false;
  if (filter.to && day > filter.to) return false;
  if (filter.token && transferTokenKey(tx) !== filter.token) return false;
  if (bounds.min !== null || bounds.max !== null) {
    const units = transferUnits(tx);
    if (units === null) return false;
    if (bounds.min !== null && units < bounds.min) return false;
    if (bounds.max !== null && units > bounds.max) return false;
  }
  return true;
}

/** The rows that pass the filter, with the day headings that still head a transaction. */
export function filterTxRows(rows: readonly TxRow[], filter: HistoryFilter, bounds: AmountBounds = NO_AMOUNT_BOUNDS): TxRow[] {
  const kept = rows.filter((row) => row.kind !== 'tx' || matchesHistoryFilter(row.tx, filter, bounds));
  return kept.filter((row, i) => row.kind !== 'date' || kept[i + 1]?.kind === 'tx');
}
