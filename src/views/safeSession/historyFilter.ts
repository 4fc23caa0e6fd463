/**
 * The history screen's filter (direction, module, dates, token and amount): pure, and loaded with that screen, not
 * with a Safe's home.
 */
import { parseUnits } from 'viem';
import type { TransactionSummary } from './viewTypes.ts';
import type { TxRow } from './connect.ts';

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
  const fraction = value.split('.')[1] ?? '';
  if (fraction.length > token.decimals) return { units: null, error: token.decimals === 0 ? `${token.symbol} has no decimals` : `${token.symbol} has at most ${token.decimals} decimals` };
  return { units: parseUnits(value, token.decimals) };
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
