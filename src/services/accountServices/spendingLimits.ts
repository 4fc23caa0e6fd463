/**
 * The spendingLimits machine's effect: Safe's Allowance module state for one Safe, read on chain (never from the
 * gateway). Whether the Safe enabled the module (isModuleEnabled), the module's delegates for the Safe
 * (getDelegates, page by page), each delegate's tokens (getTokens) and each token's allowance (getTokenAllowance),
 * with the token's symbol and decimals from the token contract (the chain's native coin for the zero address).
 */
import { getAddress, isAddressEqual, parseAbi, type Address } from 'viem';
import { NATIVE_TOKEN, allowanceModuleAbi, allowanceModuleAddress, decodeTokenAllowance, type Beneficiary, type SpendingLimit, type SpendingLimitsState } from '../../domain/safe/allowance.ts';
import type { SpendingLimitsMachine } from '../../machines/accountServices/spendingLimits.machine.ts';
import type { SpendingLimitsEffects } from '../../machines/accountServices/accountServices.types.ts';
import { effectActors } from '../../machines/shared/effects.ts';
import type { ChainClient } from '../chain/client.ts';
import { readTokenMeta } from '../chain/tokens.ts';

const BLOCK = { blockTag: 'latest' } as const;
const moduleManagerAbi = parseAbi(['function isModuleEnabled(address module) view returns (bool)']);
/** The module's getDelegates pages; a Safe with more beneficiaries than this is refused rather than cut short. */
const PAGE_SIZE = 50;
const MAX_PAGES = 20;

export interface SpendingLimitsDeps {
  chainClient: (chainId: string) => Promise<Pick<ChainClient, 'readContract' | 'chain'>>;
}

async function readDelegates(client: Pick<ChainClient, 'readContract'>, module: Address, safe: Address): Promise<Address[]> {
  const out: Address[] = [];
  let start = 0;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const [results, next] = await client.readContract({ address: module, abi: allowanceModuleAbi, functionName: 'getDelegates', args: [safe, start, PAGE_SIZE], ...BLOCK });
    out.push(...results.map((a) => getAddress(a)));
    if (next === 0 || results.length === 0) return out;
    start = next;
  }
  throw new Error('The Safe has too many spending-limit beneficiaries to list.');
}

export async function readSpendingLimits(client: Pick<ChainClient, 'readContract' | 'chain'>, chainId: string, safeAddress: string): Promise<SpendingLimitsState> {
  const safe = getAddress(safeAddress);
  const module = allowanceModuleAddress(chainId);
  if (!module) return { module: null, enabled: false, beneficiaries: [] };
  const [enabled, delegates] = await Promise.all([
    client.readContract({ address: safe, abi: moduleManagerAbi, functionName: 'isModuleEnabled', args: [module], ...BLOCK }),
    readDelegates(client, module, safe),
  ]);
  const rows = await Promise.all(
    delegates.map(async (delegate) => {
      const tokens = (await client.readContract({ address: module, abi: allowanceModuleAbi, functionName: 'getTokens', args: [safe, delegate], ...BLOCK })).map((t) => getAddress(t));
      const allowances = await Promise.all(
        tokens.map(async (token) => ({ token, allowance: decodeTokenAllowance(await client.readContract({ address: module, abi: allowanceModuleAbi, functionName: 'getTokenAllowance', args: [safe, delegate, token], ...BLOCK })) })),
      );
      return { delegate, allowances };
    }),
  );
  const erc20s = [...new Set(rows.flatMap((r) => r.allowances.map((a) => a.token)).filter((t) => !isAddressEqual(t, NATIVE_TOKEN)))];
  const meta = await readTokenMeta(client, erc20s);
  const native = client.chain?.nativeCurrency;
  const beneficiaries: Beneficiary[] = rows.map(({ delegate, allowances }) => ({
    address: delegate,
    limits: allowances
      // deleteAllowance zeroes the allowance but leaves the token in getTokens: such a token has no limit
      .filter(({ allowance }) => allowance.amount > 0n)
      .map(({ token, allowance }): SpendingLimit => {
        const m = isAddressEqual(token, NATIVE_TOKEN) ? (native ? { symbol: native.symbol, decimals: native.decimals } : undefined) : meta[token.toLowerCase()];
        return {
          token,
          symbol: m?.symbol ?? null,
          decimals: m?.decimals ?? null,
          amount: allowance.amount.toString(),
          spent: allowance.spent.toString(),
          resetTimeMin: allowance.resetTimeMin,
          lastResetMin: allowance.lastResetMin,
          nonce: allowance.nonce,
        };
      }),
  }));
  return { module, enabled, beneficiaries };
}

export function createSpendingLimitsEffects(deps: SpendingLimitsDeps): SpendingLimitsEffects {
  return {
    loadSpendingLimits: async (input) => readSpendingLimits(await deps.chainClient(input.chainId), input.chainId, input.safe),
  };
}

export function provideSpendingLimitsServices(machine: SpendingLimitsMachine, deps: SpendingLimitsDeps): SpendingLimitsMachine {
  return machine.provide({ actors: effectActors(createSpendingLimitsEffects(deps)) });
}
