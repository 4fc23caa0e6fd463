/**
 * A payout list as CSV: one payment a line, `address,token,amount`. The token is a token address or symbol the Safe
 * holds, or empty for the native coin; the amount is decimal in the token's units ("1.5"). Every line is checked
 * on its own: good lines are kept and every problem is reported with its line number, so the caller can show all
 * of them at once (and refuses to go on while any remain).
 */
import { getAddress, isAddress, parseUnits, zeroAddress, type Address } from 'viem';

export interface PayoutToken {
  /** null = native coin */
  address: Address | null;
  symbol: string;
  decimals: number;
  /** base units, decimal string */
  balance: string;
}
export interface PayoutLine {
  /** 1-based line in the file */
  line: number;
  recipient: Address;
  token: PayoutToken;
  /** as written, e.g. "1.5" */
  amount: string;
  baseUnits: bigint;
}
export interface PayoutProblem {
  line: number;
  message: string;
}
export interface PayoutTotal {
  token: PayoutToken;
  baseUnits: bigint;
  exceedsBalance: boolean;
}
export interface PayoutRead {
  lines: PayoutLine[];
  problems: PayoutProblem[];
  totals: PayoutTotal[];
}

export const MAX_PAYOUT_LINES = 500;

const AMOUNT_SHAPE = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

function cellsOf(line: string): string[] {
  const separator = line.includes(',') ? ',' : line.includes(';') ? ';' : ',';
  return line.split(separator).map((cell) => {
    const trimmed = cell.trim();
    return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1).trim() : trimmed;
  });
}

/** A cell read: its value, or the problem with it. */
type Read<T> = { ok: true; value: T } | { ok: false; problem: string };
const good = <T>(value: T): Read<T> => ({ ok: true, value });
const bad = <T>(problem: string): Read<T> => ({ ok: false, problem });

function recipientOf(cell: string, n: number): Read<Address> {
  if (!isAddress(cell, { strict: false })) return bad(`Line ${n}: "${cell}" is not an address.`);
  if (!isAddress(cell)) return bad(`Line ${n}: "${cell}" is not an address (its checksum is wrong).`);
  const address = getAddress(cell);
  if (address === zeroAddress) return bad(`Line ${n}: the recipient is the zero address; anything sent there is lost.`);
  return good(address);
}

function tokenOf(cell: string, tokens: readonly PayoutToken[], n: number): Read<PayoutToken> {
  if (cell === '') {
    const native = tokens.find((token) => token.address === null);
    return native ? good(native) : bad(`Line ${n}: no token is named, and this Safe holds no native coin.`);
  }
  const wanted = cell.toLowerCase();
  if (isAddress(cell, { strict: false })) {
    const byAddress = tokens.find((token) => token.address !== null && token.address.toLowerCase() === wanted);
    if (byAddress) return good(byAddress);
  }
  const bySymbol = tokens.filter((token) => token.symbol.toLowerCase() === wanted);
  if (bySymbol.length > 1) return bad(`Line ${n}: more than one token is called ${cell}; use its address.`);
  return bySymbol[0] ? good(bySymbol[0]) : bad(`Line ${n}: this Safe holds no token "${cell}".`);
}

function amountOf(cell: string, token: PayoutToken, n: number): Read<bigint> {
  if (!AMOUNT_SHAPE.test(cell)) return bad(`Line ${n}: "${cell}" is not a valid amount of ${token.symbol}.`);
  const fraction = (cell.split('.')[1] ?? '').replace(/0+$/, '');
  if (fraction.length > token.decimals) return bad(`Line ${n}: "${cell}" has more than ${token.decimals} decimals.`);
  const baseUnits = parseUnits(cell, token.decimals);
  if (baseUnits === 0n) return bad(`Line ${n}: the amount must be more than 0.`);
  return good(baseUnits);
}

function balanceOf(token: PayoutToken): bigint {
  return /^\d+$/.test(token.balance) ? BigInt(token.balance) : 0n;
}

/** The longest list read (characters): 500 payments fit in far less; a larger file is refused before it is split. */
export const MAX_PAYOUT_CHARS = 1_000_000;

export function readPayoutCsv(text: string, tokens: readonly PayoutToken[]): PayoutRead {
  if (text.length > MAX_PAYOUT_CHARS) {
    return { lines: [], problems: [{ line: 0, message: `The list is larger than 1 MB; at most ${MAX_PAYOUT_LINES} payments fit in one batch.` }], totals: [] };
  }
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .map((raw, index) => ({ line: index + 1, raw }))
    .filter((row) => row.raw.trim() !== '');
  const first = rows[0];
  if (first && (cellsOf(first.raw)[0] ?? '').toLowerCase() === 'address') rows.shift();

  if (rows.length > MAX_PAYOUT_LINES) {
    return { lines: [], problems: [{ line: 0, message: `The file has ${rows.length} payments; at most ${MAX_PAYOUT_LINES} fit in one batch.` }], totals: [] };
  }

  const lines: PayoutLine[] = [];
  const problems: PayoutProblem[] = [];
  for (const { line, raw } of rows) {
    const cells = cellsOf(raw);
    if (cells.length !== 3) {
      problems.push({ line, message: `Line ${line}: expected 3 columns (address, token, amount), found ${cells.length}.` });
      continue;
    }
    const [recipientCell, tokenCell, amountCell] = cells as [string, string, string];
    const recipient = recipientOf(recipientCell, line);
    const token = tokenOf(tokenCell, tokens, line);
    // The amount's decimals depend on the token, so it is checked only once the token is known.
    const baseUnits = token.ok ? amountOf(amountCell, token.value, line) : null;
    if (recipient.ok && token.ok && baseUnits?.ok) {
      lines.push({ line, recipient: recipient.value, token: token.value, amount: amountCell, baseUnits: baseUnits.value });
      continue;
    }
    for (const part of [recipient, token, baseUnits]) if (part && !part.ok) problems.push({ line, message: part.problem });
  }

  const totals: PayoutTotal[] = [];
  for (const payment of lines) {
    const total = totals.find((entry) => entry.token === payment.token);
    if (total) total.baseUnits += payment.baseUnits;
    else totals.push({ token: payment.token, baseUnits: payment.baseUnits, exceedsBalance: false });
  }
  for (const total of totals) total.exceedsBalance = total.baseUnits > balanceOf(total.token);

  return { lines, problems, totals };
}
