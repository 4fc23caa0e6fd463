/**
 * A Safe's balances read from the chain (RPC-only mode, decision 0054): the native coin (eth_getBalance) and the
 * tokens of the bundled list, each token's balance, name, symbol and decimals in ONE multicall — viem's deployless
 * Multicall3 (one eth_call that runs Multicall3's code without it being deployed, so chains without the canonical
 * Multicall3, like a fresh anvil, answer too). No prices: fiat values are "0" and the views do not show them.
 */
import { erc20Abi, getAddress, zeroAddress, type Address } from 'viem';
import type { Balance, ChainInfo } from '../../domain/gateway/types.ts';
import type { SessionBalances } from '../../machines/safeSession/safeSession.types.ts';
import type { ChainClient } from '../chain/client.ts';

/** Texts from a token contract: printable, short. */
const cleanTokenText = (text: string, max: number): string => text.replace(/[^\p{L}\p{N} ._-]/gu, '').trim().slice(0, max);

type CallResult = { status: 'success'; result: unknown } | { status: 'failure' } | undefined;

/** A contract's symbol() and decimals() answers as an ERC-20 token's (symbol cleaned, at most 77 places), or null. */
export function erc20Answer(symbol: CallResult, decimals: CallResult): { symbol: string; decimals: number } | null {
  if (symbol?.status !== 'success' || decimals?.status !== 'success') return null;
  const shown = cleanTokenText(String(symbol.result), 16);
  const places = Number(decimals.result);
  return shown && !(places > 77) ? { symbol: shown, decimals: places } : null;
}

export async function readBalancesFromChain(client: ChainClient, chain: Pick<ChainInfo, 'nativeCurrency'>, safe: string, tokens: readonly Address[], reason: string): Promise<SessionBalances> {
  const account = getAddress(safe);
  const calls = tokens.flatMap((address) => [
    { address, abi: erc20Abi, functionName: 'balanceOf', args: [account] } as const,
    { address, abi: erc20Abi, functionName: 'name' } as const,
    { address, abi: erc20Abi, functionName: 'symbol' } as const,
    { address, abi: erc20Abi, functionName: 'decimals' } as const,
  ]);
  const [native, results] = await Promise.all([
    client.getBalance({ address: account }),
    calls.length > 0 ? client.multicall({ contracts: calls, allowFailure: true, deployless: true }) : Promise.resolve([]),
  ]);
  const items: Balance[] = [
    {
      tokenInfo: { type: 'NATIVE_TOKEN', address: zeroAddress, decimals: chain.nativeCurrency.decimals, symbol: chain.nativeCurrency.symbol, name: chain.nativeCurrency.name, logoUri: '' },
      balance: native.toString(),
      fiatBalance: '0',
      fiatConversion: '0',
    },
  ];
  tokens.forEach((address, index) => {
    const [balance, name, symbol, decimals] = results.slice(index * 4, index * 4 + 4);
    // A contract that does not answer like an ERC-20 (or holds nothing of this Safe) is left out.
    const token = erc20Answer(symbol, decimals);
    if (balance?.status !== 'success' || !token) return;
    const amount = balance.result as bigint;
    const { symbol: shownSymbol, decimals: places } = token;
    if (amount === 0n) return;
    items.push({
      tokenInfo: {
        type: 'ERC20',
        address: getAddress(address),
        decimals: places,
        symbol: shownSymbol,
        name: name?.status === 'success' ? cleanTokenText(String(name.result), 48) || shownSymbol : shownSymbol,
        logoUri: '',
      },
      balance: amount.toString(),
      fiatBalance: '0',
      fiatConversion: '0',
    });
  });
  return { fiatTotal: '0', items, readFromChain: reason };
}
