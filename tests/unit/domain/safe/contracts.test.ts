import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { getAddress } from 'viem';
import { SAFE_141 } from '../../../../devnet/chain/safeContracts.ts';
import { delegateCallAllowList, findTrustedLibrary, safeLibraryName } from '../../../../src/domain/safe/index.ts';
import { OTHER_CHAIN, SAFE_CHAINS, chainDeployments, type DeploymentVariant } from '../../../../src/domain/safe/deployments.ts';

const require = createRequire(import.meta.url);
interface Asset {
  deployments?: Record<string, { address: string }>;
  networkAddresses: Record<string, string | string[]>;
}
const asset = (version: string, name: string) => require(`@safe-global/safe-deployments/dist/assets/v${version}/${name}.json`) as Asset;
/** The addresses safe-deployments lists for a contract on a chain. */
const packageAddresses = (version: string, name: string, chainId: string): string[] => {
  const json = asset(version, name);
  const variants = json.networkAddresses[chainId];
  return (variants === undefined ? [] : Array.isArray(variants) ? variants : [variants]).map((v) => json.deployments![v]!.address.toLowerCase());
};

const LIBRARIES = [
  ['1.3.0', 'multi_send', 'MultiSend'],
  ['1.3.0', 'multi_send_call_only', 'MultiSendCallOnly'],
  ['1.3.0', 'sign_message_lib', 'SignMessageLib'],
  ['1.3.0', 'create_call', 'CreateCall'],
  ['1.4.1', 'multi_send', 'MultiSend'],
  ['1.4.1', 'multi_send_call_only', 'MultiSendCallOnly'],
  ['1.4.1', 'sign_message_lib', 'SignMessageLib'],
  ['1.4.1', 'create_call', 'CreateCall'],
  ['1.4.1', 'safe_migration', 'SafeMigration'],
  ['1.4.1', 'safe_to_l2_migration', 'SafeToL2Migration'],
] as const;

const listed = (chainId: string, version: string, kind: string, release: string) =>
  delegateCallAllowList({ chainId, version })
    .filter((l) => l.kind === kind && l.release === release)
    .map((l) => l.address.toLowerCase())
    .sort();

describe('delegatecall allow-list, keyed by chain and version', () => {
  const chains = Object.keys(SAFE_CHAINS).filter((id) => id !== '31337');

  it.each(chains)('chain %s: each library is exactly what @safe-global/safe-deployments lists there', (chainId) => {
    for (const [release, name, kind] of LIBRARIES) {
      expect(listed(chainId, '1.4.1', kind, release), `${kind} ${release}`).toEqual(packageAddresses(release, name, chainId).sort());
    }
    expect(listed(chainId, '1.1.1', 'MultiSend', '1.1.1')).toEqual(packageAddresses('1.1.1', 'multi_send', chainId).sort());
  });

  it('the devnet (31337) allows what devnet/chain/safeContracts.ts deploys there, and nothing else', () => {
    const devnet = delegateCallAllowList({ chainId: 31337, version: '1.4.1' });
    expect(devnet.map((l) => `${l.kind} ${l.release} ${l.address}`)).toEqual([
      `MultiSend 1.4.1 ${SAFE_141.multiSend}`,
      `MultiSendCallOnly 1.4.1 ${SAFE_141.multiSendCallOnly}`,
      `SignMessageLib 1.4.1 ${SAFE_141.signMessageLib}`,
      `CreateCall 1.4.1 ${SAFE_141.createCall}`,
    ]);
    expect(delegateCallAllowList({ chainId: '31337', version: '1.1.1' })).toEqual([]);
  });

  it('zkSync addresses count only on zkSync chains; 1.1.1 libraries only where they were deployed', () => {
    const zkMultiSend = '0x309D0B190FeCCa8e1D5D8309a16F7e3CB133E885';
    expect(findTrustedLibrary({ chainId: 1, version: '1.4.1' }, zkMultiSend)).toBeUndefined();
    expect(findTrustedLibrary({ chainId: 324, version: '1.4.1' }, zkMultiSend)).toMatchObject({ kind: 'MultiSend', release: '1.4.1' });
    expect(findTrustedLibrary({ chainId: 1, version: '1.1.1' }, '0x8D29bE29923b68abfDD21e541b9374737B49cdAD')).toMatchObject({ kind: 'MultiSend' });
    expect(findTrustedLibrary({ chainId: 8453, version: '1.1.1' }, '0x8D29bE29923b68abfDD21e541b9374737B49cdAD')).toBeUndefined();
  });

  it('a chain not in the table gets the CREATE2-bound canonical and eip155 deployments only', () => {
    expect(chainDeployments(999_999)).toBe(OTHER_CHAIN);
    const other = delegateCallAllowList({ chainId: 999_999, version: '1.4.1' });
    const variantsOf = (release: '1.3.0' | '1.4.1', name: string): DeploymentVariant[] => (release === '1.3.0' ? ['canonical', 'eip155'] : ['canonical']).filter((v) => asset(release, name).deployments![v]) as DeploymentVariant[];
    for (const [release, name, kind] of LIBRARIES) {
      const expected = variantsOf(release, name).map((v) => asset(release, name).deployments![v]!.address.toLowerCase()).sort();
      expect(listed('999999', '1.4.1', kind, release), `${kind} ${release}`).toEqual(expected);
    }
    expect(other.every((l) => getAddress(l.address) === l.address)).toBe(true);
  });

  it('one list per chain for every Safe ≥ 1.3.0', () => {
    expect(delegateCallAllowList({ chainId: 1, version: '1.3.0' })).toBe(delegateCallAllowList({ chainId: 1, version: '1.4.1+L2' }));
    expect(delegateCallAllowList({ chainId: 1, version: '1.4.1' })).not.toBe(delegateCallAllowList({ chainId: 10, version: '1.4.1' }));
  });
});

describe('safeLibraryName', () => {
  it('names Safe’s own libraries from the local list, on any Safe version, and nothing else', () => {
    expect(safeLibraryName(1, '0xd53cd0aB83D845Ac265BE939c57F53AD838012c9')).toBe('SignMessageLib 1.4.1');
    expect(safeLibraryName('1', '0xa65387f16b013cf2af4605ad8aa5ec25a2cba3a2')).toBe('SignMessageLib 1.3.0');
    expect(safeLibraryName(1, '0x8D29bE29923b68abfDD21e541b9374737B49cdAD')).toBe('MultiSend 1.1.1');
    expect(safeLibraryName(1, '0x90F79bf6EB2c4f870365E785982E1f101E93b906')).toBeNull();
  });
});
