/**
 * Which Safe deployments exist on which chain — a small local table, never read from the gateway. Each Safe
 * release was deployed at up to three addresses per contract ("variants", as @safe-global/safe-deployments names
 * them): `canonical` and `eip155` (CREATE2 through a deterministic deployer, so the same code wherever the address
 * holds any), and `zksync` (zkSync's own CREATE2 rules, meaningful only on zkSync chains). The listed chains are
 * copied from safe-deployments' `networkAddresses` (a unit test compares them); the devnet (31337) lists what
 * devnet/chain/safeContracts.ts deploys there: the Safe 1.4.1 contracts at their canonical addresses.
 */

export type DeploymentVariant = 'canonical' | 'eip155' | 'zksync';
/** Safe releases whose contracts the app knows (1.1.1 only for MultiSend and CreateCall). */
export type SafeRelease = '1.1.1' | '1.3.0' | '1.4.1';

export interface ChainDeployments {
  name: string;
  /** The variants of each release deployed on this chain; a release not listed is not deployed. */
  releases: Partial<Record<SafeRelease, readonly DeploymentVariant[]>>;
  /** SafeMigration and SafeToL2Migration (1.4.1) are deployed (not on the devnet). */
  migrations: boolean;
}

const EVM: ChainDeployments['releases'] = { '1.3.0': ['canonical', 'eip155'], '1.4.1': ['canonical'] };
const ZKSYNC: ChainDeployments['releases'] = { '1.3.0': ['canonical', 'eip155', 'zksync'], '1.4.1': ['canonical', 'zksync'] };
const evm = (name: string, extra: ChainDeployments['releases'] = {}): ChainDeployments => ({ name, releases: { ...extra, ...EVM }, migrations: true });

/** The chains we know, by chain id. */
export const SAFE_CHAINS: Readonly<Record<string, ChainDeployments>> = {
  '1': evm('Ethereum', { '1.1.1': ['canonical'] }),
  '10': evm('OP Mainnet'),
  '56': evm('BNB Smart Chain'),
  '100': evm('Gnosis', { '1.1.1': ['canonical'] }),
  '137': evm('Polygon'),
  '300': { name: 'zkSync Sepolia', releases: ZKSYNC, migrations: true },
  '324': { name: 'zkSync Era', releases: ZKSYNC, migrations: true },
  '1101': evm('Polygon zkEVM'),
  '8453': evm('Base'),
  '42161': evm('Arbitrum One'),
  '42220': evm('Celo'),
  '43114': evm('Avalanche C-Chain'),
  '59144': evm('Linea'),
  '84532': evm('Base Sepolia'),
  '534352': evm('Scroll'),
  '11155111': evm('Sepolia'),
  '31337': { name: 'Countersign devnet', releases: { '1.4.1': ['canonical'] }, migrations: false },
};

/**
 * Any other chain: only the CREATE2-bound variants (canonical and eip155 of 1.3.0, canonical of 1.4.1). Not the
 * zkSync addresses, and not the 1.1.1 libraries, which were deployed with CREATE (their address says nothing of
 * their code on a chain not listed).
 */
export const OTHER_CHAIN: ChainDeployments = { name: 'another chain', releases: EVM, migrations: true };

export function chainDeployments(chainId: number | bigint | string): ChainDeployments {
  return SAFE_CHAINS[String(chainId)] ?? OTHER_CHAIN;
}

/** The addresses of one contract of one release on a chain, from its per-variant addresses. */
export function addressesOn(chainId: number | bigint | string, release: SafeRelease, byVariant: Partial<Record<DeploymentVariant, string>>): string[] {
  return (chainDeployments(chainId).releases[release] ?? []).flatMap((variant) => (byVariant[variant] ? [byVariant[variant]] : []));
}
