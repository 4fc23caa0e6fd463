/**
 * An amount as the app writes one: the value in token units (grouped, at most 6 decimals), its symbol, and
 * optionally its fiat value. Fiat figures wait for the chosen currency: a loading mark, never the old figure with
 * the new symbol.
 */
import { formatFiat, formatTokenAmount } from './amounts.ts';
import './ui.css';

export interface FiatProps {
  /** A decimal string in `currency`; null reads as 0. */
  value: string | null | undefined;
  currency: string;
  /** The currency is changing: its figure is not known yet. */
  updating?: boolean;
}

/** A fiat figure ("$1,234.50"), or a loading mark named "Updating to EUR" while the currency changes. */
export function Fiat({ value, currency, updating = false }: FiatProps) {
  if (updating) {
    return (
      <span className="figure-loading" aria-label={`Updating to ${currency.toUpperCase()}`}>
        …
      </span>
    );
  }
  return <>{formatFiat(value, currency)}</>;
}

export interface AmountProps {
  /** Base units (an integer as a decimal string): the value shown is `value / 10^decimals`. */
  value: string | null | undefined;
  decimals: number | null | undefined;
  symbol: string;
  /** "+" for incoming, "−" for outgoing. */
  sign?: '+' | '−';
  /** Its fiat value, written after it (muted). */
  fiat?: FiatProps | null;
}

/** "1,500.25 USDC", "−0.5 ETH", "2 DAI $2.00". */
export function Amount({ value, decimals, symbol, sign, fiat = null }: AmountProps) {
  return (
    <span className="ui-amount">
      <span className="ui-amount-value">
        {sign ?? ''}
        {formatTokenAmount(value, decimals)}
      </span>{' '}
      <span className="ui-amount-symbol">{symbol}</span>
      {fiat ? (
        <>
          {' '}
          <span className="ui-amount-fiat">
            <Fiat {...fiat} />
          </span>
        </>
      ) : null}
    </span>
  );
}
