/**
 * A token's symbol and decimals, read from the token contract on chain (never from the gateway): the signing
 * screens show amounts in token units with these. Bounded: a few tokens per transaction, each read once; a
 * contract that does not answer like an ERC-20 is left out (the amount is then shown in base units).
 */
import { parseAbi, type Address, type PublicClient } from 'viem';
import type { TokenMeta } from '../../domain/safe/txDescription.ts';

const metaAbi = parseAbi(['function symbol() view returns (string)', 'function decimals() view returns (uint8)']);

/** At most this many tokens are read for one transaction. */
export const MAX_TOKENS_READ = 16;

export async function readTokenMeta(chain: Pick<PublicClient, 'readContract'> | null, tokens: readonly Address[]): Promise<Record<string, TokenMeta>> {
  if (!chain) return {};
  const out: Record<string, TokenMeta> = {};
  await Promise.all(
    tokens.slice(0, MAX_TOKENS_READ).map(async (token) => {
      try {
        const [symbol, decimals] = await Promise.all([
          chain.readContract({ address: token, abi: metaAbi, functionName: 'symbol' }),
          chain.readContract({ address: token, abi: metaAbi, functionName: 'decimals' }),
        ]);
        const clean = symbol.replace(/[^\p{L}\p{N} ._-]/gu, '').trim().slice(0, 16);
        if (clean && decimals <= 77) out[token.toLowerCase()] = { symbol: clean, decimals };
      } catch {
        // not an ERC-20 (or the read failed): shown in base units
      }
    }),
  );
  return out;
}
