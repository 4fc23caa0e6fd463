/**
 * Local allow-list of contracts a Safe may DELEGATECALL (security property S4), keyed by chain and Safe version.
 * It never comes from the gateway. Addresses are the Safe deployments (canonical, eip155 and zkSync variants) from
 * @safe-global/safe-deployments; which of them a chain gets is deployments.ts (a unit test cross-checks both).
 */
import { getAddress, type Address } from 'viem';
import { addressesOn, chainDeployments, type DeploymentVariant, type SafeRelease } from './deployments.ts';
import { versionAtLeast } from './version.ts';

export type LibraryKind = 'MultiSend' | 'MultiSendCallOnly' | 'SignMessageLib' | 'CreateCall' | 'SafeMigration' | 'SafeToL2Migration';

export interface KnownLibrary {
  kind: LibraryKind;
  /** Release of the library contract. */
  release: string;
  address: Address;
}

interface LibraryRelease {
  kind: LibraryKind;
  release: SafeRelease;
  addresses: Partial<Record<DeploymentVariant, string>>;
}

/** Libraries usable by Safes before 1.3.0 (deployed on Ethereum and Gnosis; deployments.ts). */
const LEGACY_LIBRARIES: LibraryRelease[] = [
  { kind: 'MultiSend', release: '1.1.1', addresses: { canonical: '0x8D29bE29923b68abfDD21e541b9374737B49cdAD' } },
  { kind: 'CreateCall', release: '1.1.1', addresses: { canonical: '0x8538FcBccba7f5303d2C679Fa5d7A629A8c9bf4A' } },
];

/** Libraries usable by Safes 1.3.0 and later (1.3.0 and 1.4.1 releases work with both). */
const MODERN_LIBRARIES: LibraryRelease[] = [
  { kind: 'MultiSend', release: '1.3.0', addresses: { canonical: '0xA238CBeb142c10Ef7Ad8442C6D1f9E89e07e7761', eip155: '0x998739BFdAAdde7C933B942a68053933098f9EDa', zksync: '0x0dFcccB95225ffB03c6FBB2559B530C2B7C8A912' } },
  { kind: 'MultiSendCallOnly', release: '1.3.0', addresses: { canonical: '0x40A2aCCbd92BCA938b02010E17A5b8929b49130D', eip155: '0xA1dabEF33b3B82c7814B6D82A79e50F4AC44102B', zksync: '0xf220D3b4DFb23C4ade8C88E526C1353AbAcbC38F' } },
  { kind: 'SignMessageLib', release: '1.3.0', addresses: { canonical: '0xA65387F16B013cf2Af4605Ad8aA5ec25a2cbA3a2', eip155: '0x98FFBBF51bb33A056B08ddf711f289936AafF717', zksync: '0x357147caf9C0cCa67DfA0CF5369318d8193c8407' } },
  { kind: 'CreateCall', release: '1.3.0', addresses: { canonical: '0x7cbB62EaA69F79e6873cD1ecB2392971036cFAa4', eip155: '0xB19D6FFc2182150F8Eb585b79D4ABcd7C5640A9d', zksync: '0xcB8e5E438c5c2b45FbE17B02Ca9aF91509a8ad56' } },
  { kind: 'MultiSend', release: '1.4.1', addresses: { canonical: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526', zksync: '0x309D0B190FeCCa8e1D5D8309a16F7e3CB133E885' } },
  { kind: 'MultiSendCallOnly', release: '1.4.1', addresses: { canonical: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2', zksync: '0x0408EF011960d02349d50286D20531229BCef773' } },
  { kind: 'SignMessageLib', release: '1.4.1', addresses: { canonical: '0xd53cd0aB83D845Ac265BE939c57F53AD838012c9', zksync: '0xAca1ec0a1A575CDCCF1DC3d5d296202Eb6061888' } },
  { kind: 'CreateCall', release: '1.4.1', addresses: { canonical: '0x9b35Af71d77eaf8d7e40252370304687390A1A52', zksync: '0xAAA566Fe7978bB0fb0B5362B7ba23038f4428D8f' } },
  { kind: 'SafeMigration', release: '1.4.1', addresses: { canonical: '0x526643F69b81B008F46d95CD5ced5eC0edFFDaC6', zksync: '0x817756C6c555A94BCEE39eB5a102AbC1678b09A7' } },
  // Its argument (the singleton a Safe switches to) is checked against the canonical Safe L2 singletons (risks.ts).
  { kind: 'SafeToL2Migration', release: '1.4.1', addresses: { canonical: '0xfF83F6335d8930cBad1c0D439A841f01888D9f69', zksync: '0xa26620d1f8f1a2433F0D25027F141aaCAFB3E590' } },
];

/** Where a Safe runs: its chain and its contract version (e.g. "1.4.1+L2"). */
export interface SafeDeployment {
  chainId: number | bigint | string;
  version: string;
}

const isMigration = (kind: LibraryKind) => kind === 'SafeMigration' || kind === 'SafeToL2Migration';
const allowLists = new Map<string, readonly KnownLibrary[]>();

/** Contracts a Safe of this version on this chain may DELEGATECALL: the libraries deployed on that chain. */
export function delegateCallAllowList(where: SafeDeployment): readonly KnownLibrary[] {
  const legacy = !versionAtLeast(where.version, '1.3.0');
  const key = `${String(where.chainId)}|${legacy ? 'legacy' : 'modern'}`;
  const cached = allowLists.get(key);
  if (cached) return cached;
  const deployments = chainDeployments(where.chainId);
  const list = (legacy ? LEGACY_LIBRARIES : MODERN_LIBRARIES)
    .filter((library) => deployments.migrations || !isMigration(library.kind))
    .flatMap((library) => addressesOn(where.chainId, library.release, library.addresses).map((address) => ({ kind: library.kind, release: library.release, address: getAddress(address) })));
  allowLists.set(key, list);
  return list;
}

export function findTrustedLibrary(where: SafeDeployment, address: string): KnownLibrary | undefined {
  const target = address.toLowerCase();
  return delegateCallAllowList(where).find((entry) => entry.address.toLowerCase() === target);
}

/**
 * "SignMessageLib 1.4.1" when `address` is one of Safe's own libraries on this chain (from the local list, never
 * the gateway), else null. Any Safe version: a name for a row, not a permission (findTrustedLibrary is that).
 */
export function safeLibraryName(chainId: SafeDeployment['chainId'], address: string): string | null {
  const found = findTrustedLibrary({ chainId, version: '1.4.1' }, address) ?? findTrustedLibrary({ chainId, version: '1.1.1' }, address);
  return found ? `${found.kind} ${found.release}` : null;
}

/** The MultiSendCallOnly used to build batches for this Safe version (canonical address). */
export function defaultMultiSendCallOnly(safeVersion: string): Address {
  if (!versionAtLeast(safeVersion, '1.3.0')) {
    // MultiSendCallOnly does not exist before 1.3.0; older Safes batch through MultiSend 1.1.1.
    return getAddress('0x8D29bE29923b68abfDD21e541b9374737B49cdAD');
  }
  return versionAtLeast(safeVersion, '1.4.0') ? getAddress('0x9641d764fc13c8B624c04430C7356C1C7C8102e2') : getAddress('0x40A2aCCbd92BCA938b02010E17A5b8929b49130D');
}

/** Safe 1.4.1 canonical SafeMigration (1.3.0 → 1.4.1 singleton upgrade through DELEGATECALL). */
export const SAFE_MIGRATION_141: Address = getAddress('0x526643F69b81B008F46d95CD5ced5eC0edFFDaC6');

/**
 * The Safe 1.4.1 contracts a new Safe is created from (canonical deployments, the same on every chain deployed
 * through the Safe singleton factory; cross-checked against @safe-global/safe-deployments by a unit test).
 * See docs/decisions for why SafeL2 and the compatibility fallback handler.
 */
export const SAFE_141_CREATION = {
  version: '1.4.1',
  proxyFactory: getAddress('0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67'),
  safeL2Singleton: getAddress('0x29fcB43b46531BcA003ddC8FCB67FFE91900C762'),
  fallbackHandler: getAddress('0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99'),
} as const;
