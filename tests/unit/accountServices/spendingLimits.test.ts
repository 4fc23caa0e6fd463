// Spending limits read on chain (src/services/accountServices/spendingLimits.ts) with a stand-in client, and the
// sentence the settings section shows (src/domain/safe/allowance.ts).
import { describe, expect, it } from 'vitest';
import { getAddress, zeroAddress, type Address } from 'viem';
import { ALLOWANCE_MODULE_ADDRESS, spendingLimitText, type SpendingLimit } from '../../../src/domain/safe/allowance.ts';
import { readSpendingLimits } from '../../../src/services/accountServices/spendingLimits.ts';

const SAFE = getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3');
const ALICE = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906');
const BOB = getAddress('0x15d34aaf54267db7d7c367839aaf71a00a2c6a65');
const DUSD = getAddress('0xa513e6e4b8f2a923d98304ec87f64353c4d5c853');

type Call = { address: Address; functionName: string; args?: readonly unknown[] };

function fakeClient(enabled: boolean) {
  const calls: Call[] = [];
  const client = {
    chain: { nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    readContract: async (c: Call) => {
      calls.push(c);
      switch (c.functionName) {
        case 'isModuleEnabled':
          expect(c.address).toBe(SAFE);
          return enabled;
        case 'getDelegates':
          // two pages of one
          return c.args?.[1] === 0 ? [[ALICE], 7] : [[BOB], 0];
        case 'getTokens':
          return c.args?.[1] === ALICE ? [DUSD, zeroAddress] : [DUSD];
        case 'getTokenAllowance': {
          const [, delegate, token] = c.args as [Address, Address, Address];
          if (delegate === BOB) return [0n, 0n, 0n, 0n, 3n]; // deleted
          return token === DUSD ? [100_000_000n, 60_000_000n, 1440n, 29_933_280n, 2n] : [10n ** 18n, 0n, 0n, 0n, 1n];
        }
        case 'symbol':
          return 'dUSD';
        case 'decimals':
          return 6;
        default:
          throw new Error(`unexpected ${c.functionName}`);
      }
    },
  };
  return { client: client as unknown as Parameters<typeof readSpendingLimits>[0], calls };
}

describe('readSpendingLimits', () => {
  it('reads the module, every page of delegates, their tokens and allowances, with symbols from the chain', async () => {
    const { client, calls } = fakeClient(true);
    const state = await readSpendingLimits(client, '31337', SAFE.toLowerCase());
    expect(state.module).toBe(ALLOWANCE_MODULE_ADDRESS);
    expect(state.enabled).toBe(true);
    expect(state.beneficiaries.map((b) => b.address)).toEqual([ALICE, BOB]);
    expect(state.beneficiaries[0]!.limits).toEqual([
      { token: DUSD, symbol: 'dUSD', decimals: 6, amount: '100000000', spent: '60000000', resetTimeMin: 1440, lastResetMin: 29_933_280, nonce: 2 },
      { token: zeroAddress, symbol: 'ETH', decimals: 18, amount: '1000000000000000000', spent: '0', resetTimeMin: 0, lastResetMin: 0, nonce: 1 },
    ]);
    // a deleted allowance (amount 0) is no limit
    expect(state.beneficiaries[1]!.limits).toEqual([]);
    expect(calls.filter((c) => c.functionName === 'getDelegates').map((c) => c.args?.[1])).toEqual([0, 7]);
    expect(calls.filter((c) => c.functionName !== 'isModuleEnabled' && c.functionName !== 'symbol' && c.functionName !== 'decimals').every((c) => c.address === ALLOWANCE_MODULE_ADDRESS)).toBe(true);
  });

  it('on a chain without the module reads nothing', async () => {
    const { client, calls } = fakeClient(false);
    expect(await readSpendingLimits(client, '1', SAFE)).toEqual({ module: null, enabled: false, beneficiaries: [] });
    expect(calls).toEqual([]);
  });
});

describe('spendingLimitText', () => {
  const limit: SpendingLimit = { token: DUSD, symbol: 'dUSD', decimals: 6, amount: '100000000', spent: '60000000', resetTimeMin: 1440, lastResetMin: 29_933_280, nonce: 2 };
  it('says amount, period, spent, left and the next reset', () => {
    expect(spendingLimitText(limit)).toBe('100 dUSD per day, 60 spent, 40 left, resets 2026-12-01 00:00 UTC');
    expect(spendingLimitText({ ...limit, resetTimeMin: 10_080, lastResetMin: 29_933_280 - 10_080 + 1440 })).toBe('100 dUSD per week, 60 spent, 40 left, resets 2026-12-01 00:00 UTC');
    expect(spendingLimitText({ ...limit, resetTimeMin: 43_200 })).toMatch(/^100 dUSD per 30 days,/);
  });
  it('a one-time limit has no reset; an unreadable token is in base units', () => {
    expect(spendingLimitText({ ...limit, resetTimeMin: 0 })).toBe('100 dUSD one time, 60 spent, 40 left');
    expect(spendingLimitText({ ...limit, symbol: null, decimals: null, resetTimeMin: 0 })).toBe(`100000000 base units of token ${DUSD} one time, 60000000 base units spent, 40000000 base units left`);
  });
});
