// Balances with fixed devnet prices: ETH 3000 USD, stablecoins (symbol containing "USD") 1 USD, DVT 2.5 USD,
// other tokens 0 unless configured (`tokenPrices`); fiat conversion through fixed rates.
import { formatUnits, getAddress, zeroAddress, type Address } from 'viem';
import { DEFAULT_SYMBOL_PRICES, FIAT_RATES, NATIVE_PRICE_USD } from './config.ts';
import type { GatewayContext } from './context.ts';
import { httpError } from './errors.ts';
import type { Balances, BalanceItem } from './types.ts';

export function fiatRate(currency: string): number {
  const rate = FIAT_RATES[currency.toUpperCase()];
  if (rate === undefined) throw httpError(400, `Unsupported fiat code: ${currency}`);
  return rate;
}

function tokenPriceUsd(ctx: GatewayContext, address: Address, symbol: string): number {
  const configured = ctx.opts.tokenPrices?.[address] ?? ctx.opts.tokenPrices?.[address.toLowerCase()];
  if (configured !== undefined) return configured;
  if (/USD|DAI/i.test(symbol)) return 1;
  return DEFAULT_SYMBOL_PRICES[symbol] ?? 0;
}

/** Plain decimal string (no exponent, no grouping), up to 2 fraction digits for money. */
export function money(n: number): string {
  if (!Number.isFinite(n) || n === 0) return '0';
  const s = n.toFixed(2);
  return s.replace(/\.?0+$/, '') || '0';
}

function priceString(n: number): string {
  if (n === 0) return '0';
  return String(Number(n.toFixed(8)));
}

export async function balancesOf(ctx: GatewayContext, safe: Address, currency: string): Promise<Balances> {
  const rate = fiatRate(currency);
  await ctx.sync();
  const items: Array<BalanceItem & { fiat: number }> = [];
  const native = await ctx.reader.client.getBalance({ address: safe });
  const nativePrice = NATIVE_PRICE_USD * rate;
  const nativeFiat = Number(formatUnits(native, 18)) * nativePrice;
  const nc = ctx.chain().nativeCurrency;
  items.push({
    tokenInfo: { type: 'NATIVE_TOKEN', address: zeroAddress, decimals: nc.decimals, symbol: nc.symbol, name: nc.name, logoUri: nc.logoUri },
    balance: native.toString(),
    fiatBalance: money(nativeFiat),
    fiatConversion: priceString(nativePrice),
    fiat: nativeFiat,
  });
  const tokens = new Set<Address>();
  for (const t of ctx.indexer.transfersOf(safe)) if (t.kind === 'ERC20' && t.token) tokens.add(getAddress(t.token));
  for (const token of tokens) {
    const meta = await ctx.reader.tokenMeta(token, 'ERC20');
    if (!meta) continue;
    const balance = await ctx.reader.erc20Balance(token, safe);
    if (balance === 0n) continue;
    const price = tokenPriceUsd(ctx, token, meta.symbol) * rate;
    const fiat = Number(formatUnits(balance, meta.decimals)) * price;
    items.push({
      tokenInfo: { type: 'ERC20', address: token, decimals: meta.decimals, symbol: meta.symbol, name: meta.name, logoUri: ctx.tokenLogo(meta.symbol) },
      balance: balance.toString(),
      fiatBalance: money(fiat),
      fiatConversion: priceString(price),
      fiat,
    });
  }
  // a large-Safe fixture's generated tokens (devnet/gateway/generated.ts)
  for (const { fiatUsd, fiatBalance: _usd, fiatConversion, ...rest } of ctx.generated.get(safe)?.balances ?? []) {
    const fiat = fiatUsd * rate;
    items.push({ ...rest, fiatBalance: money(fiat), fiatConversion: priceString(Number(fiatConversion) * rate), fiat });
  }
  items.sort((a, b) => b.fiat - a.fiat);
  const total = items.reduce((s, i) => s + i.fiat, 0);
  return { fiatTotal: money(total), items: items.map(({ fiat: _fiat, ...rest }) => rest) };
}
