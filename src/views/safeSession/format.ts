/** Pure formatting helpers of the Safe screens (amounts, fiat, dates, transaction labels). */
import { formatTokenAmount } from '../ui/amounts.ts';
import type { StatusTone } from '../ui/StatusBadge.tsx';
import type { Message, NativeCurrency, SettingsInfo, TransactionStatus, TransactionSummary, TxInfo } from './viewTypes.ts';

type MessageStatus = Message['status'];

export { formatFiat, formatTokenAmount } from '../ui/amounts.ts';

/**
 * One formatter per style, made on first use: building an Intl.DateTimeFormat costs about a millisecond or more, once
 * per list row it was most of a long list's first frame (decision 0080).
 */
function cachedDateFormat(options: Intl.DateTimeFormatOptions): (timestamp: number) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (timestamp) => (format ??= new Intl.DateTimeFormat('en-US', options)).format(new Date(timestamp));
}

/** A date label of the lists: `MMM d, yyyy` (e.g. "Mar 5, 2026"), in the browser's time zone. */
export const formatDateLabel = cachedDateFormat({ month: 'short', day: 'numeric', year: 'numeric' });

/** Date and time of an item, e.g. "Mar 5, 2026, 2:07 PM". */
export const formatDateTime = cachedDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

export const STATUS_LABELS: Record<TransactionStatus, string> = {
  AWAITING_CONFIRMATIONS: 'Awaiting confirmations',
  AWAITING_EXECUTION: 'Awaiting execution',
  CANCELLED: 'Cancelled',
  FAILED: 'Failed',
  SUCCESS: 'Success',
};

/** The badge tone of a transaction status (ui/StatusBadge). */
export const STATUS_TONES: Record<TransactionStatus, StatusTone> = {
  AWAITING_CONFIRMATIONS: 'waiting',
  AWAITING_EXECUTION: 'waiting',
  CANCELLED: 'ended',
  FAILED: 'failed',
  SUCCESS: 'done',
};

/** A message's status, in words and as a badge tone. */
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = { NEEDS_CONFIRMATION: 'Needs confirmation', CONFIRMED: 'Confirmed' };
export const MESSAGE_STATUS_TONES: Record<MessageStatus, StatusTone> = { NEEDS_CONFIRMATION: 'waiting', CONFIRMED: 'done' };

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

/** An amount a row names, in base units: the row writes it with ui/Amount. */
export interface RowAmount {
  /** Base units; null reads as 0. */
  value: string | null;
  decimals: number;
  symbol: string;
}

/** A row's sentence with the amount it names apart: `before` + the amount + `after`. */
export interface TxRowParts {
  before: string;
  amount: RowAmount | null;
  after: string;
}

const nativeAmount = (value: string | null, native: NativeCurrency | null): RowAmount => ({ value, decimals: native?.decimals ?? 18, symbol: native?.symbol ?? 'ETH' });

/** A transfer's amount ("0.5 ETH", "100 DVT"), or its NFT in words ("NFT #2"). */
function transferParts(info: Extract<TxInfo, { type: 'Transfer' }>, native: NativeCurrency | null): RowAmount | string {
  const t = info.transferInfo;
  if (t.type === 'NATIVE_COIN') return nativeAmount(t.value, native);
  if (t.type === 'ERC20') return { value: t.value, decimals: t.decimals ?? 0, symbol: t.tokenSymbol ?? 'tokens' };
  return `${t.tokenSymbol ?? t.tokenName ?? 'NFT'} #${t.tokenId}`;
}

const words = (text: string): TxRowParts => ({ before: text, amount: null, after: '' });

/**
 * What a list row says a transaction does, with its counterparty: "Sent 0.5 ETH to 0x90F7…b906", "Received 100 DVT
 * from Alice", "On-chain rejection of nonce 4", with the amount apart. Names come from the address book, or Safe's own
 * libraries from the local deployment list (a gateway's label is unverified). As the gateway summarises it: the
 * details page describes the signed bytes themselves.
 */
export function txRowParts(tx: TransactionSummary, native: NativeCurrency | null, nameOf: (address: string) => string | null): TxRowParts {
  const info = tx.txInfo;
  switch (info.type) {
    case 'Transfer': {
      const moved = transferParts(info, native);
      const [verb, rest] =
        info.direction === 'INCOMING'
          ? ['Received ', ` from ${partyOf(info.sender.value, nameOf)}`]
          : info.direction === 'OUTGOING'
            ? ['Sent ', ` to ${partyOf(info.recipient.value, nameOf)}`]
            : ['Transfer of ', ` from ${partyOf(info.sender.value, nameOf)} to ${partyOf(info.recipient.value, nameOf)}`];
      return typeof moved === 'string' ? words(`${verb}${moved}${rest}`) : { before: verb, amount: moved, after: rest };
    }
    case 'SettingsChange': {
      const s = info.settingsInfo;
      const label = txTypeLabel(info);
      if (!s) return words(label);
      if (s.type === 'CHANGE_THRESHOLD') return words(`${label} to ${s.threshold}`);
      if (s.type === 'ADD_OWNER' || s.type === 'REMOVE_OWNER') return words(`${label} ${partyOf(s.owner.value, nameOf)} (threshold ${s.threshold})`);
      if (s.type === 'SWAP_OWNER') return words(`${label} ${partyOf(s.oldOwner.value, nameOf)} → ${partyOf(s.newOwner.value, nameOf)}`);
      return words(label);
    }
    case 'Custom': {
      if (info.isCancellation) {
        const nonce = nonceOf(tx);
        return words(nonce === null ? 'On-chain rejection' : `On-chain rejection of nonce ${nonce}`);
      }
      const call = `${txTypeLabel(info)} on ${partyOf(info.to.value, nameOf)}`;
      return info.value && info.value !== '0' ? { before: `${call} with `, amount: nativeAmount(info.value, native), after: '' } : words(call);
    }
    default:
      return words(txTypeLabel(info));
  }
}

/** A row's sentence as one text (the CSV, the row link's name). */
export function txRowSentence(tx: TransactionSummary, native: NativeCurrency | null, nameOf: (address: string) => string | null): string {
  const { before, amount, after } = txRowParts(tx, native, nameOf);
  return `${before}${amount ? `${formatTokenAmount(amount.value, amount.decimals)} ${amount.symbol}` : ''}${after}`;
}

/** Time of day only, e.g. "2:07 PM" (the history's rows sit under their day's heading). */
export const formatTime = cachedDateFormat({ timeStyle: 'short' });

/** The history's loaded transactions as CSV rows (header first): what, when, nonce, status, hashes. */
export function historyCsvRows(txs: readonly TransactionSummary[], native: NativeCurrency | null, nameOf: (address: string) => string | null): string[][] {
  const rows = [['date', 'nonce', 'transaction', 'status', 'executionType', 'transactionHash', 'id']];
  for (const tx of txs) {
    const nonce = nonceOf(tx);
    rows.push([new Date(tx.timestamp).toISOString(), nonce === null ? '' : String(nonce), txRowSentence(tx, native, nameOf), STATUS_LABELS[tx.txStatus], tx.executionInfo?.type ?? '', tx.txHash ?? '', tx.id]);
  }
  return rows;
}
