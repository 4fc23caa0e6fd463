/** How the app writes amounts (pure: unit-tested in tests/unit/safeSession/helpers.test.ts and transactionFlow/format.test.ts). */
import { formatUnits } from 'viem';

/** "1500.25" → "1,500.25" (the integer part only). */
export function groupThousands(amount: string): string {
  const [whole = '', fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

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
  return groupThousands(cut ? `${whole}.${cut}` : whole);
}

/** A decimal fiat string in a currency, e.g. ("1234.5", "usd") → "$1,234.50"; unknown codes as "1,234.50 XYZ". */
export function formatFiat(value: string | null | undefined, currency: string): string {
  const amount = Number(value ?? '0');
  const safe = Number.isFinite(amount) ? amount : 0;
  const code = currency.toUpperCase();
  const format = fiatFormatOf(code);
  return format ? format.format(safe) : `${(plainFiat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 })).format(safe)} ${code}`;
}

/** Formatters per currency code, made once (one per list row cost a millisecond each); null for a code Intl refuses. */
const fiatFormats = new Map<string, Intl.NumberFormat | null>();
let plainFiat: Intl.NumberFormat | undefined;

function fiatFormatOf(code: string): Intl.NumberFormat | null {
  let format = fiatFormats.get(code);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, maximumFractionDigits: 2 });
    } catch {
      format = null;
    }
    // Codes come from the gateway and the user's settings: a handful at most, but never an unbounded map.
    if (fiatFormats.size >= 64) fiatFormats.clear();
    fiatFormats.set(code, format);
  }
  return format;
}
