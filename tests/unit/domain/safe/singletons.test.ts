import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { SAFE_141 } from '../../../../devnet/chain/safeContracts.ts';
import { SAFE_CHAINS } from '../../../../src/domain/safe/deployments.ts';
import {
  COMPATIBILITY_FALLBACK_HANDLERS_130,
  SAFE_L2_SINGLETONS,
  canonicalSafeL2Singletons,
  isCanonicalFallbackHandler130,
  isCanonicalSafeL2Singleton,
  safeRelease,
} from '../../../../src/domain/safe/singletons.ts';

const require = createRequire(import.meta.url);
interface Asset {
  deployments: Record<string, { address: string }>;
  networkAddresses: Record<string, string | string[]>;
}
const asset = (version: string, name: string) => require(`@safe-global/safe-deployments/dist/assets/v${version}/${name}.json`) as Asset;
const onChain = (json: Asset, chainId: string) => {
  const v = json.networkAddresses[chainId];
  return (v === undefined ? [] : Array.isArray(v) ? v : [v]).map((variant) => json.deployments[variant]!.address.toLowerCase()).sort();
};

describe('canonical Safe L2 singletons', () => {
  it('the table is safe-deployments’ SafeL2 1.3.0 and 1.4.1 and CompatibilityFallbackHandler 1.3.0, variant by variant', () => {
    const byVariant = (json: Asset) => Object.fromEntries(Object.entries(json.deployments).map(([v, d]) => [v, d.address]));
    expect(SAFE_L2_SINGLETONS['1.3.0']).toEqual(byVariant(asset('1.3.0', 'gnosis_safe_l2')));
    expect(SAFE_L2_SINGLETONS['1.4.1']).toEqual(byVariant(asset('1.4.1', 'safe_l2')));
    expect(COMPATIBILITY_FALLBACK_HANDLERS_130).toEqual(byVariant(asset('1.3.0', 'compatibility_fallback_handler')));
  });

  it.each(Object.keys(SAFE_CHAINS).filter((id) => id !== '31337'))('chain %s: the singletons are those safe-deployments lists there', (chainId) => {
    expect(canonicalSafeL2Singletons(chainId, '1.3.0').map((a) => a.toLowerCase()).sort()).toEqual(onChain(asset('1.3.0', 'gnosis_safe_l2'), chainId));
    expect(canonicalSafeL2Singletons(chainId, '1.4.1').map((a) => a.toLowerCase()).sort()).toEqual(onChain(asset('1.4.1', 'safe_l2'), chainId));
  });

  it('the devnet has the 1.4.1 SafeL2 it deploys, and no 1.3.0', () => {
    expect(canonicalSafeL2Singletons(31337, '1.4.1')).toEqual([SAFE_141.safeL2]);
    expect(canonicalSafeL2Singletons(31337, '1.3.0')).toEqual([]);
  });

  it('answers per chain and release', () => {
    expect(isCanonicalSafeL2Singleton(1, '1.4.1', '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762')).toBe(true);
    expect(isCanonicalSafeL2Singleton(1, '1.3.0', '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762')).toBe(false);
    expect(isCanonicalSafeL2Singleton(1, '1.4.1', '0x610fcA2e0279Fa1F8C00c8c2F71dF522AD469380')).toBe(false);
    expect(isCanonicalSafeL2Singleton(324, '1.4.1', '0x610fcA2e0279Fa1F8C00c8c2F71dF522AD469380')).toBe(true);
    expect(isCanonicalFallbackHandler130(1, '0x017062a1dE2FE6b99BE3d9d37841FeD19F573804')).toBe(true);
    expect(isCanonicalFallbackHandler130(31337, '0xf48f2B2d2a534e402487b3ee7C18c33Aec0Fe5e4')).toBe(false);
    expect([safeRelease('1.4.1+L2'), safeRelease('v1.3.0'), safeRelease('1.5.0'), safeRelease('junk')]).toEqual(['1.4.1', '1.3.0', null, null]);
  });
});
