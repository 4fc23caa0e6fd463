/** Small display helpers of the transaction flow views (pure: unit-tested in tests/unit/transactionFlow/format.test.ts). */
import { draftLabel } from '../../machines/transactionFlow/draft.ts';
import type { CallDraft, TxDraft } from '../../machines/transactionFlow/transactionFlow.types.ts';
import { formatAmount, txSentence, type SentenceFacts } from '../../machines/shared/txSentence.ts';
import type { TokenMeta, TxDescription } from '../../domain/safe/txDescription.ts';
import { groupThousands } from '../ui/amounts.ts';

export const describeCall = (call: CallDraft): string => draftLabel(call);

export const operationText = (operation: 0 | 1): string => (operation === 0 ? '0 (call)' : '1 (delegate call)');

/** A wei amount in the native coin's units: "0.1 ETH" (the raw wei stays shown beside it on the review). */
export const nativeValueText = (wei: string, native: TokenMeta): string => `${formatAmount(wei, native.decimals)} ${native.symbol}`;

/** The origin of calls imported from a Transaction Builder file: this prefix, then the file's name. */
export const TX_BUILDER_ORIGIN = 'Transaction Builder file: ';

/** The calls of a draft handed over ready-made (a Safe App, an on-chain message signature, an imported file), or null. */
export function handedOverCalls(draft: TxDraft | null): Extract<CallDraft, { kind: 'rawCall' }>[] | null {
  if (draft?.kind === 'rawCall') return [draft];
  if (draft?.kind === 'batch' && draft.calls.length > 0 && draft.calls.every((c) => c.kind === 'rawCall')) {
    return draft.calls as Extract<CallDraft, { kind: 'rawCall' }>[];
  }
  return null;
}

/** The origin of a ready-made draft's calls (a Safe App's origin, an imported file), or null for a draft composed here. */
const handedOverOrigin = (draft: TxDraft | null): string | null => handedOverCalls(draft)?.[0]?.origin ?? null;

/** Who handed a ready-made draft over (a Safe App's origin), or null for a draft composed or imported here. */
export function requestOriginOf(draft: TxDraft | null): string | null {
  const origin = handedOverOrigin(draft);
  return origin === null || origin.startsWith(TX_BUILDER_ORIGIN) ? null : origin;
}

/** The name of the Transaction Builder file a draft was imported from, or null. */
export function importedFileOf(draft: TxDraft | null): string | null {
  const origin = handedOverOrigin(draft);
  return origin?.startsWith(TX_BUILDER_ORIGIN) ? origin.slice(TX_BUILDER_ORIGIN.length) : null;
}

/**
 * An app as the signer can check it: its origin's host ("app.example.org", "127.0.0.1:43169"). The origin is what
 * the browser vouches for (the iframe's postMessage origin); an app's listed name is the gateway's and unverified.
 */
export function appNameOf(origin: string): string {
  try {
    const url = new URL(origin);
    return url.host || origin;
  } catch {
    return origin;
  }
}

/**
 * The review's title, all from the bytes: the call's sentence ("Send 0.1 ETH to Alice (0x90F7…b906)"), "Reject
 * transaction #7" for an on-chain rejection, and for a Safe App's request the app first ("127.0.0.1:43169
 * requests: …"), never the Safe's own address as if it were the subject.
 */
export function reviewTitle(description: TxDescription | null, facts: Omit<SentenceFacts, 'native' | 'tokens'>, nonce: string, origin: string | null): string {
  if (!description) return `Transaction #${nonce}`;
  const sentence = txSentence(description, facts, nonce);
  return origin ? `${appNameOf(origin)} requests: ${sentence}` : sentence;
}

/** What an on-chain rejection costs and does, for its review (the anchor: "a separate rejection transaction …"). */
export function rejectionExplanation(nonce: string, threshold: number, ownerCount: number): string[] {
  return [
    `Rejecting on chain creates a separate rejection transaction with nonce ${nonce}: an empty transaction of the Safe to itself that replaces what is queued at nonce ${nonce}.`,
    `Like any transaction it needs ${threshold} of ${ownerCount} signer confirmations, and whoever executes it pays the gas.`,
    `Once it is executed, no transaction with nonce ${nonce} can be executed any more.`,
  ];
}

/** An address the compose form can offer for a recipient or signer field, with where it comes from. */
export interface AddressSuggestion {
  address: string;
  /** The signer's own name for it (their address book), or null. */
  name: string | null;
  source: 'Address book' | 'Signer of this Safe';
}

/**
 * The suggestions for an address field: the address-book entries of the Safe's chain and the Safe's signers,
 * once each, whose name or address contains the typed text (case-insensitive; all of them for an empty field),
 * address-book entries first, at most `limit`. Names come only from the signer's device.
 */
export function addressSuggestions(
  query: string,
  entries: readonly { chainId: string; address: string; name: string }[],
  owners: readonly string[],
  chainId: string,
  limit = 8,
): AddressSuggestion[] {
  const q = query.trim().toLowerCase();
  const out: AddressSuggestion[] = [];
  const seen = new Set<string>();
  const nameOf = (address: string) => entries.find((e) => e.chainId === chainId && e.address.toLowerCase() === address.toLowerCase())?.name ?? null;
  const add = (address: string, source: AddressSuggestion['source']) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return;
    const name = nameOf(address);
    if (q && !key.includes(q) && !(name ?? '').toLowerCase().includes(q)) return;
    seen.add(key);
    out.push({ address, name, source });
  };
  for (const e of entries) if (e.chainId === chainId) add(e.address, 'Address book');
  for (const o of owners) add(o, 'Signer of this Safe');
  return out.slice(0, limit);
}

/** A token as the compose form's select lists it: "USDC · 1,500.25 available" in token units. */
export function tokenOptionText(token: { symbol: string; decimals: number; balance: string }): string {
  return `${token.symbol} · ${groupThousands(formatAmount(token.balance, token.decimals))} available`;
}

export { groupThousands } from '../ui/amounts.ts';

/** The amount "Max" fills in: the whole balance in token units, exact (no rounding, no grouping). */
export const maxAmountOf = (token: { decimals: number; balance: string }): string => formatAmount(token.balance, token.decimals);

/** The thresholds a settings change may choose: 1 … the number of signers after the change. */
export function thresholdChoices(ownerCountAfter: number): number[] {
  return Array.from({ length: Math.max(0, ownerCountAfter) }, (_, i) => i + 1);
}

/** The signer picker's option text: "Alice (0x90F7…b906)" with an address-book name, else the full address. */
export function signerOptionText(address: string, name: string | null): string {
  return name ? `${name} (${address.slice(0, 6)}…${address.slice(-4)})` : address;
}
