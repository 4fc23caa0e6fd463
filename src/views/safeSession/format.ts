/** Pure formatting helpers of the Safe screens (amounts, fiat, dates, transaction labels). */
import { formatUnits } from 'viem';
import type { NativeCurrency, SettingsInfo, TransactionStatus, TransactionSummary, TxInfo } from './viewTypes.ts';

/** A raw integer amount with `decimals` as a human number, at most `maxFraction` fraction digits (trimmed). */
export function formatTokenAmount(raw: string | null | undefined, decimals: number | null | undefined, maxFraction = 6): string {
  if (raw === null || raw === undefined || raw === '') return '0';
  let value: bigint;
  try {
    value = BigInt(raw);
  } catch {
    return raw;
  }
  const text = formatUnits(value, decimals ?? 0);
  const [whole = '0', fraction = ''] = text.split('.');
  const cut = fraction.slice(0, maxFraction).replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return cut ? `${grouped}.${cut}` : grouped;
}

/** A decimal fiat string in a currency, e.g. ("1234.5", "usd") → "$1,234.50"; unknown codes as "1,234.50 XYZ". */
export function formatFiat(value: string | null | undefined, currency: string): string {
  const amount = Number(value ?? '0');
  const safe = Number.isFinite(amount) ? amount : 0;
  const code = currency.toUpperCase();
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code, maximumFractionDigits: 2 }).format(safe);
  } catch {
    return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(safe)} ${code}`;
  }
}

/** A date label of the lists: `MMM d, yyyy` (e.g. "Mar 5, 2026"), in the browser's time zone. */
export function formatDateLabel(timestamp: number): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(timestamp));
}

/** Date and time of an item, e.g. "Mar 5, 2026, 2:07 PM". */
export function formatDateTime(timestamp: number): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(timestamp));
}

export const STATUS_LABELS: Record<TransactionStatus, string> = {
  AWAITING_CONFIRMATIONS: 'Awaiting confirmations',
  AWAITING_EXECUTION: 'Awaiting execution',
  CANCELLED: 'Cancelled',
  FAILED: 'Failed',
  SUCCESS: 'Success',
};

const SETTINGS_LABELS: Record<SettingsInfo['type'], string> = {
  ADD_OWNER: 'Add owner',
  REMOVE_OWNER: 'Remove owner',
  SWAP_OWNER: 'Swap owner',
  CHANGE_THRESHOLD: 'Change required confirmations',
  CHANGE_MASTER_COPY: 'Change Safe base contract',
  CHANGE_IMPLEMENTATION: 'Change Safe base contract',
  ENABLE_MODULE: 'Enable module',
  DISABLE_MODULE: 'Disable module',
  SET_FALLBACK_HANDLER: 'Set fallback handler',
  SET_GUARD: 'Set transaction guard',
  DELETE_GUARD: 'Remove transaction guard',
};

/** The type column of a transaction: "Received", "Sent", "Add owner", "On-chain rejection", a method name… */
export function txTypeLabel(info: TxInfo): string {
  switch (info.type) {
    case 'Transfer':
      return info.direction === 'INCOMING' ? 'Received' : info.direction === 'OUTGOING' ? 'Sent' : 'Transfer';
    case 'SettingsChange':
      return info.settingsInfo ? SETTINGS_LABELS[info.settingsInfo.type] : info.dataDecoded.method;
    case 'Custom':
      if (info.isCancellation) return 'On-chain rejection';
      if (info.actionCount !== null && info.actionCount > 0) return `Batch (${info.actionCount} actions)`;
      return info.methodName ?? 'Contract interaction';
    case 'Creation':
      return 'Safe account created';
    case 'SwapOrder':
      return 'Swap order';
    default:
      return info.type;
  }
}

/** The info column: the amount moved, the new threshold, the target… Empty when there is nothing to add. */
export function txInfoText(info: TxInfo, native: NativeCurrency | null): string {
  switch (info.type) {
    case 'Transfer': {
      const t = info.transferInfo;
      const sign = info.direction === 'INCOMING' ? '+' : info.direction === 'OUTGOING' ? '−' : '';
      if (t.type === 'NATIVE_COIN') return `${sign}${formatTokenAmount(t.value, native?.decimals ?? 18)} ${native?.symbol ?? 'ETH'}`;
      if (t.type === 'ERC20') return `${sign}${formatTokenAmount(t.value, t.decimals ?? 0)} ${t.tokenSymbol ?? 'tokens'}`;
      return `${sign}${t.tokenSymbol ?? t.tokenName ?? 'NFT'} #${t.tokenId}`;
    }
    case 'SettingsChange': {
      const s = info.settingsInfo;
      if (!s) return '';
      if (s.type === 'CHANGE_THRESHOLD') return `Threshold: ${s.threshold}`;
      if (s.type === 'ADD_OWNER' || s.type === 'REMOVE_OWNER') return `${s.owner.name ?? s.owner.value} (threshold ${s.threshold})`;
      if (s.type === 'SWAP_OWNER') return `${s.oldOwner.value} → ${s.newOwner.value}`;
      return '';
    }
    case 'Custom':
      return info.to.name ?? info.to.value;
    default:
      return '';
  }
}

/** "x/y" confirmations of a multisig summary, or null for module/other transactions. */
export function confirmationsText(tx: TransactionSummary): string | null {
  const exec = tx.executionInfo;
  if (exec?.type !== 'MULTISIG') return null;
  return `${exec.confirmationsSubmitted}/${exec.confirmationsRequired}`;
}

export function nonceOf(tx: TransactionSummary): number | null {
  return tx.executionInfo?.type === 'MULTISIG' ? tx.executionInfo.nonce : null;
}

/** `0x1234…abcd`, or the address-book name when there is one. */
function partyOf(address: string, nameOf: (address: string) => string | null): string {
  return nameOf(address) ?? (address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address);
}

/** A transfer's amount without a sign: "0.5 ETH", "100 DVT", "NFT #2". */
export function transferAmountText(info: Extract<TxInfo, { type: 'Transfer' }>, native: NativeCurrency | null): string {
  const t = info.transferInfo;
  if (t.type === 'NATIVE_COIN') return `${formatTokenAmount(t.value, native?.decimals ?? 18)} ${native?.symbol ?? 'ETH'}`;
  if (t.type === 'ERC20') return `${formatTokenAmount(t.value, t.decimals ?? 0)} ${t.tokenSymbol ?? 'tokens'}`;
  return `${t.tokenSymbol ?? t.tokenName ?? 'NFT'} #${t.tokenId}`;
}

/**
 * What a list row says a transaction does, with its counterparty: "Sent 0.5 ETH to 0x90F7…b906", "Received 100 DVT
 * from Alice", "On-chain rejection of nonce 4". Names come from the address book, or Safe's own libraries from the local deployment list (a gateway's label is
 * unverified). As the gateway summarises it: the details page describes the signed bytes themselves.
 */
export function txRowSentence(tx: TransactionSummary, native: NativeCurrency | null, nameOf: (address: string) => string | null): string {
  const info = tx.txInfo;
  switch (info.type) {
    case 'Transfer': {
      const amount = transferAmountText(info, native);
      if (info.direction === 'INCOMING') return `Received ${amount} from ${partyOf(info.sender.value, nameOf)}`;
      if (info.direction === 'OUTGOING') return `Sent ${amount} to ${partyOf(info.recipient.value, nameOf)}`;
      return `Transfer of ${amount} from ${partyOf(info.sender.value, nameOf)} to ${partyOf(info.recipient.value, nameOf)}`;
    }
    case 'SettingsChange': {
      const s = info.settingsInfo;
      const label = txTypeLabel(info);
      if (!s) return label;
      if (s.type === 'CHANGE_THRESHOLD') return `${label} to ${s.threshold}`;
      if (s.type === 'ADD_OWNER' || s.type === 'REMOVE_OWNER') return `${label} ${partyOf(s.owner.value, nameOf)} (threshold ${s.threshold})`;
      if (s.type === 'SWAP_OWNER') return `${label} ${partyOf(s.oldOwner.value, nameOf)} → ${partyOf(s.newOwner.value, nameOf)}`;
      return label;
    }
    case 'Custom': {
      if (info.isCancellation) {
        const nonce = nonceOf(tx);
        return nonce === null ? 'On-chain rejection' : `On-chain rejection of nonce ${nonce}`;
      }
      const label = txTypeLabel(info);
      const value = info.value && info.value !== '0' ? ` with ${formatTokenAmount(info.value, native?.decimals ?? 18)} ${native?.symbol ?? 'ETH'}` : '';
      return `${label} on ${partyOf(info.to.value, nameOf)}${value}`;
    }
    default:
      return txTypeLabel(info);
  }
}

/** Time of day only, e.g. "2:07 PM" (the history's rows sit under their day's heading). */
export function formatTime(timestamp: number): string {
  return new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }).format(new Date(timestamp));
}

/** The history's loaded transactions as CSV rows (header first): what, when, nonce, status, hashes. */
export function historyCsvRows(txs: readonly TransactionSummary[], native: NativeCurrency | null, nameOf: (address: string) => string | null): string[][] {
  const rows = [['date', 'nonce', 'transaction', 'status', 'executionType', 'transactionHash', 'id']];
  for (const tx of txs) {
    const nonce = nonceOf(tx);
    rows.push([new Date(tx.timestamp).toISOString(), nonce === null ? '' : String(nonce), txRowSentence(tx, native, nameOf), STATUS_LABELS[tx.txStatus], tx.executionInfo?.type ?? '', tx.txHash ?? '', tx.id]);
  }
  return rows;
}
