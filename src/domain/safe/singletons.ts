/**
 * The canonical Safe L2 singletons (and the 1.3.0 CompatibilityFallbackHandler), per release and deployment
 * variant, from @safe-global/safe-deployments (a unit test compares them). Which variants a chain has comes from
 * deployments.ts. Used to check what a SafeToL2Migration call would switch a Safe to (risks.ts, decision 0023).
 */
import { getAddress, isAddressEqual, type Address } from 'viem';
import { addressesOn, type DeploymentVariant, type SafeRelease } from './deployments.ts';
import { parseSafeVersion } from './version.ts';

export const SAFE_L2_SINGLETONS: Readonly<Partial<Record<SafeRelease, Partial<Record<DeploymentVariant, Address>>>>> = {
  '1.3.0': {
    canonical: '0x3E5c63644E683549055b9Be8653de26E0B4CD36E',
    eip155: '0xfb1bffC9d739B8D520DaF37dF666da4C687191EA',
    zksync: '0x1727c2c531cf966f902E5927b98490fDFb3b2b70',
  },
  '1.4.1': {
    canonical: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
    zksync: '0x610fcA2e0279Fa1F8C00c8c2F71dF522AD469380',
  },
};

export const COMPATIBILITY_FALLBACK_HANDLERS_130: Readonly<Partial<Record<DeploymentVariant, Address>>> = {
  canonical: '0xf48f2B2d2a534e402487b3ee7C18c33Aec0Fe5e4',
  eip155: '0x017062a1dE2FE6b99BE3d9d37841FeD19F573804',
  zksync: '0x2f870a80647BbC554F3a0EBD093f11B4d2a7492A',
};

/** "1.4.1+L2" → "1.4.1"; null for a version that is not a release we know. */
export function safeRelease(version: string): SafeRelease | null {
  try {
    const { major, minor, patch } = parseSafeVersion(version);
    const release = `${major}.${minor}.${patch}`;
    return release === '1.1.1' || release === '1.3.0' || release === '1.4.1' ? release : null;
  } catch {
    return null;
  }
}

/** The canonical Safe L2 singletons of a release on a chain (empty when none is deployed there). */
export function canonicalSafeL2Singletons(chainId: number | bigint | string, release: SafeRelease): Address[] {
  const byVariant = SAFE_L2_SINGLETONS[release];
  return byVariant ? addressesOn(chainId, release, byVariant).map((a) => getAddress(a)) : [];
}

export function isCanonicalSafeL2Singleton(chainId: number | bigint | string, release: SafeRelease, address: Address): boolean {
  return canonicalSafeL2Singletons(chainId, release).some((a) => isAddressEqual(a, address));
}

export function isCanonicalFallbackHandler130(chainId: number | bigint | string, address: Address): boolean {
  return addressesOn(chainId, '1.3.0', COMPATIBILITY_FALLBACK_HANDLERS_130).some((a) => isAddressEqual(getAddress(a), address));
}
