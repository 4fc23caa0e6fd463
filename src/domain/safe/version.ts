/**
 * Safe contract versions. Hashing rules (protocol.md B.8.1): the EIP-712 domain carries chainId only from
 * 1.3.0 on; before 1.0.0 the 6th SafeTx field is called `dataGas` instead of `baseGas`.
 */
export interface SemVer {
  major: number;
  minor: number;
  patch: number;
}

/** Parses "1.4.1", "1.4.1+L2", "v1.3.0-rc1" into numbers; throws on anything else. */
export function parseSafeVersion(version: string): SemVer {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version.trim());
  if (!match) throw new Error(`Invalid Safe version: ${version}`);
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

export function compareVersions(a: string, b: string): number {
  const x = parseSafeVersion(a);
  const y = parseSafeVersion(b);
  return x.major - y.major || x.minor - y.minor || x.patch - y.patch;
}

export const versionAtLeast = (version: string, minimum: string): boolean => compareVersions(version, minimum) >= 0;

/** Safe ≥ 1.3.0 puts chainId into the EIP-712 domain. */
export const domainHasChainId = (version: string): boolean => versionAtLeast(version, '1.3.0');

/** Safe < 1.0.0 names the SafeTx gas field `dataGas`. */
export const usesDataGas = (version: string): boolean => !versionAtLeast(version, '1.0.0');

/** Versions whose hashing this module supports and tests against vectors. */
export const SUPPORTED_SAFE_VERSIONS = ['1.0.0', '1.1.1', '1.2.0', '1.3.0', '1.4.1'] as const;
