/**
 * Pure rules of the allowanceTransfer flow: the compose form's checks, the refusal texts of the check step (said
 * in words before the wallet is asked), and the review's sentence, derived from the calldata the wallet will send.
 */
import { formatUnits, getAddress, isAddress, isAddressEqual, parseUnits, type Address, type Hex } from 'viem';
import { MAX_ALLOWANCE_AMOUNT, decodeExecuteAllowanceTransfer, resetPeriodText, utcMinuteText, type DecodedAllowanceTransfer } from '../../domain/safe/allowance.ts';
import type { AllowanceReading, PreparedTransfer, SpendDraft, SpendDraftErrors, SpendSafe, SpendToken } from './allowanceTransfer.types.ts';

export const SPEND_TEXTS = {
  recipient: 'Enter the recipient’s address: 0x followed by 40 hexadecimal characters.',
  recipientIsSafe: 'The recipient cannot be the Safe itself.',
  amount: 'Enter an amount, e.g. 60 or 12.5.',
  amountZero: 'The amount must be more than 0.',
  amountTooLarge: 'The amount is larger than a spending limit can hold.',
  nothingSent: 'Nothing was sent.',
} as const;

/** `value` base units of the token, in its units with its symbol: "60 dUSD". */
export const tokenAmountText = (value: bigint | string, token: Pick<SpendToken, 'symbol' | 'decimals'>): string => `${formatUnits(BigInt(value), token.decimals)} ${token.symbol}`;

/** The amount typed, in base units; null when it is not a number of the token's units. */
export function parseSpendAmount(amount: string, decimals: number): bigint | null {
  const text = amount.trim();
  // More decimals than the token has would be rounded by parseUnits: refused instead.
  const match = /^\d+(?:\.(\d+))?$/.exec(text);
  if (!match || (match[1]?.length ?? 0) > decimals) return null;
  try {
    return parseUnits(text, decimals);
  } catch {
    return null;
  }
}

/** What is wrong with the compose form, or null when it can be checked on chain. */
export function validateSpendDraft(draft: SpendDraft, token: SpendToken, safe: Pick<SpendSafe, 'address'>): SpendDraftErrors | null {
  const recipient = draft.recipient.trim();
  const recipientError = !isAddress(recipient, { strict: false }) ? SPEND_TEXTS.recipient : isAddressEqual(recipient, safe.address) ? SPEND_TEXTS.recipientIsSafe : null;
  const base = parseSpendAmount(draft.amount, token.decimals);
  const amountError = base === null ? SPEND_TEXTS.amount : base <= 0n ? SPEND_TEXTS.amountZero : base > MAX_ALLOWANCE_AMOUNT ? SPEND_TEXTS.amountTooLarge : null;
  return recipientError || amountError ? { recipient: recipientError, amount: amountError } : null;
}

/** The draft as the check's input: the checksummed recipient and the amount in base units (call after validateSpendDraft). */
export function transferOf(draft: SpendDraft, token: SpendToken): { to: Address; amount: string } {
  return { to: getAddress(draft.recipient.trim()), amount: (parseSpendAmount(draft.amount, token.decimals) ?? 0n).toString() };
}

/** What is left of the limit now (never below 0). */
export function leftOf(allowance: Pick<AllowanceReading, 'amount' | 'spent'>): bigint {
  const amount = BigInt(allowance.amount);
  const spent = BigInt(allowance.spent);
  return amount > spent ? amount - spent : 0n;
}

/** "100 dUSD per day (resets 2026-12-01 05:20 UTC)"; "100 dUSD one time". */
export function limitText(allowance: AllowanceReading, token: SpendToken): string {
  const reset = allowance.resetTimeMin === 0 ? null : (allowance.lastResetMin + allowance.resetTimeMin) * 60_000;
  return `${tokenAmountText(allowance.amount, token)} ${resetPeriodText(allowance.resetTimeMin)}${reset === null ? '' : ` (resets ${utcMinuteText(reset)})`}`;
}

/**
 * Why the transfer cannot go through, in words, or null: the limit is gone (amount 0 or no allowance), the amount is
 * more than what is left of it, or more than the Safe holds. Checked just before the review and again before sending.
 */
export function spendRefusal(p: { amount: bigint; allowance: AllowanceReading | null; safeBalance: bigint; token: SpendToken }): string | null {
  const { amount, allowance, safeBalance, token } = p;
  if (!allowance || BigInt(allowance.amount) === 0n) return `You have no spending limit for ${token.symbol} on this Safe (any more). ${SPEND_TEXTS.nothingSent}`;
  const left = leftOf(allowance);
  if (amount > left) {
    return `${tokenAmountText(amount, token)} is more than what is left of your spending limit: ${tokenAmountText(left, token)} of ${limitText(allowance, token)}. ${SPEND_TEXTS.nothingSent}`;
  }
  if (amount > safeBalance) return `${tokenAmountText(amount, token)} is more than the Safe holds: ${tokenAmountText(safeBalance, token)}. ${SPEND_TEXTS.nothingSent}`;
  return null;
}

/** The module would refuse the exact transaction (eth_call reverted). */
export const revertRefusal = (reason: string): string => `The Allowance module would refuse this transfer: ${reason}. ${SPEND_TEXTS.nothingSent}`;

/**
 * The calldata the wallet will send, decoded here, when it is exactly the transfer the user asked for (this Safe,
 * token, recipient and amount, the connected wallet as delegate, no payment, an empty signature); else a text that
 * says what differs. The review shows only what this decoding says.
 */
export function checkCalldata(
  data: Hex,
  expected: { safe: Address; token: Address; to: Address; amount: string; delegate: Address },
): { decoded: DecodedAllowanceTransfer; mismatch: null } | { decoded: DecodedAllowanceTransfer | null; mismatch: string } {
  const decoded = decodeExecuteAllowanceTransfer(data);
  if (!decoded) return { decoded: null, mismatch: 'The prepared calldata is not an executeAllowanceTransfer call.' };
  const differs: string[] = [];
  if (!isAddressEqual(decoded.safe, expected.safe)) differs.push(`the Safe (${decoded.safe})`);
  if (!isAddressEqual(decoded.token, expected.token)) differs.push(`the token (${decoded.token})`);
  if (!isAddressEqual(decoded.to, expected.to)) differs.push(`the recipient (${decoded.to})`);
  if (decoded.amount.toString() !== expected.amount) differs.push(`the amount (${decoded.amount})`);
  if (!isAddressEqual(decoded.delegate, expected.delegate)) differs.push(`the delegate (${decoded.delegate})`);
  if (decoded.payment !== 0n || !isAddressEqual(decoded.paymentToken, '0x0000000000000000000000000000000000000000')) differs.push('a payment');
  if (decoded.signature !== '0x') differs.push('the signature');
  return differs.length === 0 ? { decoded, mismatch: null } : { decoded, mismatch: `The prepared calldata differs from your transfer in ${differs.join(', ')}. Nothing was sent.` };
}

/** The review's sentence: "Send 60 dUSD from <Safe> to <recipient> with your spending limit". */
export function spendSentence(decoded: Pick<DecodedAllowanceTransfer, 'safe' | 'to' | 'amount'>, token: SpendToken): string {
  return `Send ${tokenAmountText(decoded.amount, token)} from ${decoded.safe} to ${decoded.to} with your spending limit`;
}

/** What is left of the limit once `prepared` went through. */
export function leftAfter(prepared: PreparedTransfer, amount: string): bigint {
  const left = leftOf(prepared.allowance) - BigInt(amount);
  return left > 0n ? left : 0n;
}
