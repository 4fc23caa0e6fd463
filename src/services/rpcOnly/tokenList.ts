/**
 * The tokens RPC-only mode reads the balance of, per chain (decision 0054): addresses only — name, symbol and
 * decimals are read from each token's contract. Kept small on purpose: one multicall reads them all. Loaded only in
 * RPC-only mode.
 */
import type { Address } from 'viem';

export const BUNDLED_TOKENS: Readonly<Record<string, readonly Address[]>> = {
  // The devnet's seeded ERC-20s (devnet/chain/tokens.ts: deployer nonces 0 and 1): dUSD and DVT.
  '31337': ['0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35', '0xA15BB66138824a1c7167f5E85b957d04Dd34E468'],
  // Ethereum: USDC, USDT, DAI, WETH.
  '1': [
    '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    '0x6B175474E89094C44Da98b954EedeAC495271d0F',
    '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  ],
  // Sepolia: WETH.
  '11155111': ['0xfFf9976782d46CC05630D1f6eBAb18b2324d6B14'],
};

/** At most this many tokens are read per Safe (bundled first, then the user's). */
export const MAX_TOKENS = 50;
/** At most this many tokens a user adds per chain (Settings › Environment, decision 0056). */
export const MAX_ADDED_TOKENS = 40;

export function tokensFor(chainId: string, userTokens: readonly Address[] = []): Address[] {
  const seen = new Set<string>();
  const out: Address[] = [];
  for (const token of [...(BUNDLED_TOKENS[chainId] ?? []), ...userTokens]) {
    if (seen.has(token.toLowerCase())) continue;
    seen.add(token.toLowerCase());
    out.push(token);
  }
  return out.slice(0, MAX_TOKENS);
}
