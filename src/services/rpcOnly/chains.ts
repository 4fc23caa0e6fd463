/**
 * The chains RPC-only mode knows without a gateway (decision 0054): the devnet of config.json and the chains its
 * `rpcOverrides` name. A chain the table below does not know is still usable through its override, under a plain
 * name ("Chain 8453 ") and the short name `chain<id>` — the URL's `?safe=` names it that way.
 *
 * Loaded only when the fallback triggers (src/services/rpcOnly/session.ts).
 */
import type { ChainInfo } from '../../domain/gateway/types.ts';
import type { GatewayProbe, RuntimeConfig } from '../../machines/appSession/appSession.types.ts';

interface KnownChain {
  name: string;
  shortName: string;
  currency: [name: string, symbol: string];
  testnet: boolean;
  explorer: string | null;
}

/** A few chains Safe serves, with the short names Safe{Wallet} uses in `?safe=`. The native coin has 18 decimals on all. */
const KNOWN: Record<string, KnownChain> = {
  '1': { name: 'Ethereum', shortName: 'eth', currency: ['Ether', 'ETH'], testnet: false, explorer: 'https://etherscan.io' },
  '10': { name: 'Optimism', shortName: 'oeth', currency: ['Ether', 'ETH'], testnet: false, explorer: 'https://optimistic.etherscan.io' },
  '100': { name: 'Gnosis Chain', shortName: 'gno', currency: ['xDai', 'XDAI'], testnet: false, explorer: 'https://gnosisscan.io' },
  '137': { name: 'Polygon', shortName: 'matic', currency: ['POL', 'POL'], testnet: false, explorer: 'https://polygonscan.com' },
  '8453': { name: 'Base', shortName: 'base', currency: ['Ether', 'ETH'], testnet: false, explorer: 'https://basescan.org' },
  '42161': { name: 'Arbitrum', shortName: 'arb1', currency: ['Ether', 'ETH'], testnet: false, explorer: 'https://arbiscan.io' },
  '11155111': { name: 'Sepolia', shortName: 'sep', currency: ['Sepolia Ether', 'ETH'], testnet: true, explorer: 'https://sepolia.etherscan.io' },
};

/** The devnet's chain: the short name the devnet gateway lists (devnet/index.ts DEVNET_SHORT_NAME). */
const DEVNET: KnownChain = { name: 'Devnet', shortName: 'devnet', currency: ['Ether', 'ETH'], testnet: true, explorer: null };

const rpc = (value: string) => ({ authentication: 'NO_AUTHENTICATION' as const, value });

/** A ChainInfo built here (never from a gateway): only what chain reads need; every gateway feature off. */
export function localChainInfo(chainId: string, rpcUrl: string, known: KnownChain | undefined): ChainInfo {
  const chain = known ?? { name: `Chain ${chainId}`, shortName: `chain${chainId}`, currency: ['Native coin', 'ETH'], testnet: false, explorer: null };
  const explorer = chain.explorer;
  return {
    chainId,
    chainName: chain.name,
    description: '',
    chainLogoUri: null,
    l2: false,
    isTestnet: chain.testnet,
    shortName: chain.shortName,
    nativeCurrency: { name: chain.currency[0], symbol: chain.currency[1], decimals: 18, logoUri: '' },
    transactionService: '',
    blockExplorerUriTemplate: explorer
      ? { address: `${explorer}/address/{{address}}`, txHash: `${explorer}/tx/{{txHash}}`, api: '' }
      : { address: '', txHash: '', api: '' },
    beaconChainExplorerUriTemplate: { publicKey: null },
    disabledWallets: [],
    ensRegistryAddress: null,
    balancesProvider: { chainName: null, enabled: false },
    // The features the views key on: none that needs the gateway (messages, NFT lists, Safe Apps).
    features: [],
    gasPrice: [],
    publicRpcUri: rpc(rpcUrl),
    rpcUri: rpc(rpcUrl),
    safeAppsRpcUri: rpc(rpcUrl),
    theme: { textColor: '#ffffff', backgroundColor: '#000000' },
    recommendedMasterCopyVersion: null,
  };
}

/** The chain ids config.json gives an RPC for (the devnet's and the overrides'), in that order, once each. */
export function localChainIds(config: Pick<RuntimeConfig, 'rpcOverrides' | 'devnet'>): string[] {
  return [...new Set([...(config.devnet ? [String(config.devnet.chainId)] : []), ...Object.keys(config.rpcOverrides)])];
}

/** The chains RPC-only mode can read: those config.json gives an RPC for. */
export function localChains(config: Pick<RuntimeConfig, 'rpcOverrides' | 'devnet'>): ChainInfo[] {
  return localChainIds(config).map((chainId) => {
    const devnet = config.devnet && String(config.devnet.chainId) === chainId ? config.devnet : null;
    const rpcUrl = config.rpcOverrides[chainId] ?? devnet?.rpcUrl ?? '';
    return localChainInfo(chainId, rpcUrl, devnet ? DEVNET : KNOWN[chainId]);
  });
}

/** The root's probe without a gateway: the chains config.json gives an RPC for. */
export function probeOf(config: Pick<RuntimeConfig, 'rpcOverrides' | 'devnet'>): GatewayProbe {
  const chains = localChains(config);
  return { chainCount: chains.length, chains: chains.map((c) => ({ chainId: c.chainId, chainName: c.chainName })) };
}
