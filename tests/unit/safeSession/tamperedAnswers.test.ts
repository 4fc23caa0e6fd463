/**
 * Issue 11, tampered gateway answers found by the fault-injection browser tests (tests/e2e/faults.spec.ts):
 * Safe info for another Safe or chain than the one asked for is refused, and fiat amounts that are not finite
 * numbers fail validation instead of being shown as 0.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { GatewayClient } from '../../../src/services/gateway/index.ts';
import { FiatStringSchema, SafeBalancesSchema } from '../../../src/domain/gateway/schemas.ts';
import type { SafeInfo } from '../../../src/domain/gateway/types.ts';
import { SessionLoadError, loadSafeInfo } from '../../../src/services/safeSession.ts';

const SAFE = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';

const clientAnswering = (info: Partial<SafeInfo>) =>
  ({ getSafeInfo: async () => ({ chainId: '31337', address: { value: SAFE, name: null }, ...info }) as SafeInfo }) as unknown as GatewayClient;

describe('loadSafeInfo', () => {
  it('returns the Safe asked for (addresses compared case-insensitively)', async () => {
    const info = await loadSafeInfo(clientAnswering({}), { chainId: '31337', safeAddress: SAFE.toUpperCase().replace('0X', '0x') });
    expect(info.address.value).toBe(SAFE);
  });

  it('refuses the info of another Safe', async () => {
    const error = await loadSafeInfo(clientAnswering({ address: { value: OTHER, name: null, logoUri: null } as SafeInfo['address'] }), { chainId: '31337', safeAddress: SAFE }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionLoadError);
    expect(error).toMatchObject({ kind: 'unavailable', message: `The gateway answered with another Safe (${OTHER}) than the one asked for (${SAFE}).` });
  });

  it('refuses a Safe on another chain', async () => {
    await expect(loadSafeInfo(clientAnswering({ chainId: '1' }), { chainId: '31337', safeAddress: SAFE })).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'The gateway answered with a Safe on another chain (1) than the one asked for (31337).',
    });
  });
});

describe('fiat amounts', () => {
  it('accepts finite decimal numbers as the gateway writes them', () => {
    for (const value of ['0', '1234.56', '0.00001', '-3.5', '1.5e-7', '15000', '.5']) expect(v.is(FiatStringSchema, value), value).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of ['', 'NaN', 'Infinity', '1e999', 'lots', '1,234.56', '$12', '0x10', ' 1']) expect(v.is(FiatStringSchema, value), value).toBe(false);
  });

  it('a balances answer with a non-numeric fiat value names the field', () => {
    const result = v.safeParse(SafeBalancesSchema, { fiatTotal: 'NaN', items: [] });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.path?.map((p) => p.key)).toEqual(['fiatTotal']);
  });
});
