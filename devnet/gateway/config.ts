// Gateway options, the devnet chain config and fixed devnet constants (prices, fiat rates, Safe apps).
import { getAddress, type Address, type Hex } from 'viem';
import type { ChainInfo, SafeApp } from './types.ts';

export type GatewayOptions = {
  rpcUrl: string;
  chainId: number;
  shortName: string;
  dbFile?: string;
  port?: number;
  corsOrigins?: string[];
  relayerPrivateKey: Hex;
  relayLimit?: number;
  /** Extra Safe apps (defaults to a small local list). */
  safeApps?: SafeApp[];
  /** USD price per whole token, by token address (overrides the devnet defaults). */
  tokenPrices?: Record<string, number>;
  /** Base URL the gateway is reachable at (used for `transactionService`); filled in by startGateway. */
  publicUrl?: string;
  /** Verification-code lifetime for e-mails, ms (default 10 min). */
  emailCodeTtlMs?: number;
  /** Chain `features[]` (default DEFAULT_FEATURES: DOMAIN_LOOKUP and TX_SIMULATION off). */
  features?: string[];
  /**
   * Answer like Safe's production gateway of 2026: the endpoints it no longer serves (NOT_OFFERED_BY_REAL_GATEWAY)
   * answer 404 as its router does (decision 0051).
   */
  likeRealGateway?: boolean;
};

export const DEFAULT_FEATURES = ['SAFE_APPS', 'ERC721', 'EIP1271', 'CONTRACT_INTERACTION', 'EIP1559', 'SAFE_TX_GAS_OPTIONAL', 'RELAYING', 'DELETE_TX'] as const;

export const CHAIN_NAME = 'Countersign Devnet';
export const RECOMMENDED_VERSION = '1.4.1';

/** Canonical Safe 1.4.1 deployments (CREATE2 through the Safe singleton factory, salt 0). */
export const SAFE_141 = {
  safeL2: getAddress('0x29fcB43b46531BcA003ddC8FCB67FFE91900C762'),
  safe: getAddress('0x41675C099F32341bf84BFc5382aF534df5C7461a'),
  proxyFactory: getAddress('0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67'),
  fallbackHandler: getAddress('0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99'),
  multiSend: getAddress('0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526'),
  multiSendCallOnly: getAddress('0x9641d764fc13c8B624c04430C7356C1C7C8102e2'),
  signMessageLib: getAddress('0xd53cd0aB83D845Ac265BE939c57F53AD838012c9'),
  createCall: getAddress('0x9b35Af71d77eaf8d7e40252370304687390A1A52'),
  simulateTxAccessor: getAddress('0x3d4BA2E0884aa488718476ca2FB8Efc291A46199'),
} as const satisfies Record<string, Address>;

export type KnownContract = {
  address: Address;
  name: string;
  displayName: string;
  artifact: string;
  trustedForDelegateCall: boolean;
};

export const KNOWN_CONTRACTS: KnownContract[] = [
  { address: SAFE_141.safeL2, name: 'SafeL2', displayName: 'Safe: Singleton L2 1.4.1', artifact: 'SafeL2.sol/SafeL2.json', trustedForDelegateCall: false },
  { address: SAFE_141.safe, name: 'Safe', displayName: 'Safe: Singleton 1.4.1', artifact: 'Safe.sol/Safe.json', trustedForDelegateCall: false },
  { address: SAFE_141.proxyFactory, name: 'SafeProxyFactory', displayName: 'Safe: Proxy Factory 1.4.1', artifact: 'proxies/SafeProxyFactory.sol/SafeProxyFactory.json', trustedForDelegateCall: false },
  { address: SAFE_141.fallbackHandler, name: 'CompatibilityFallbackHandler', displayName: 'Safe: Compatibility Fallback Handler 1.4.1', artifact: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json', trustedForDelegateCall: false },
  { address: SAFE_141.multiSend, name: 'MultiSend', displayName: 'Safe: MultiSend 1.4.1', artifact: 'libraries/MultiSend.sol/MultiSend.json', trustedForDelegateCall: true },
  { address: SAFE_141.multiSendCallOnly, name: 'MultiSendCallOnly', displayName: 'Safe: MultiSendCallOnly 1.4.1', artifact: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json', trustedForDelegateCall: true },
  { address: SAFE_141.signMessageLib, name: 'SignMessageLib', displayName: 'Safe: SignMessageLib 1.4.1', artifact: 'libraries/SignMessageLib.sol/SignMessageLib.json', trustedForDelegateCall: true },
  { address: SAFE_141.createCall, name: 'CreateCall', displayName: 'Safe: CreateCall 1.4.1', artifact: 'libraries/CreateCall.sol/CreateCall.json', trustedForDelegateCall: true },
  { address: SAFE_141.simulateTxAccessor, name: 'SimulateTxAccessor', displayName: 'Safe: SimulateTxAccessor 1.4.1', artifact: 'accessors/SimulateTxAccessor.sol/SimulateTxAccessor.json', trustedForDelegateCall: false },
];

export const MASTER_COPIES: Array<{ address: Address; version: string }> = [
  { address: SAFE_141.safeL2, version: '1.4.1+L2' },
  { address: SAFE_141.safe, version: '1.4.1' },
];

export const SUPPORTED_SINGLETONS = new Set<string>([SAFE_141.safeL2, SAFE_141.safe]);

/** Fixed devnet prices (USD per whole token) and fiat rates (per 1 USD). */
export const NATIVE_PRICE_USD = 3000;
/** Default USD prices of tokens without a configured price, by symbol (stablecoins are 1 USD). */
export const DEFAULT_SYMBOL_PRICES: Record<string, number> = { DVT: 2.5 };
export const FIAT_RATES: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, CHF: 0.88, JPY: 150 };

export const DEVNET_LOGO = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PGNpcmNsZSBjeD0iMTYiIGN5PSIxNiIgcj0iMTYiIGZpbGw9IiMxMjhlN2EiLz48L3N2Zz4=';

export function chainInfo(opts: GatewayOptions): ChainInfo {
  const base = opts.publicUrl ?? 'http://127.0.0.1';
  const rpc = { authentication: 'NO_AUTHENTICATION' as const, value: opts.rpcUrl };
  return {
    chainId: String(opts.chainId),
    chainName: CHAIN_NAME,
    description: 'Local anvil devnet with the canonical Safe 1.4.1 contracts',
    chainLogoUri: DEVNET_LOGO,
    l2: true,
    isTestnet: true,
    shortName: opts.shortName,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: DEVNET_LOGO },
    transactionService: base,
    // anvil has no explorer: the gateway serves a minimal one (routes/explorer.ts), so Explorer links lead somewhere.
    blockExplorerUriTemplate: {
      address: `${base}/devnet/explorer/address/{{address}}`,
      txHash: `${base}/devnet/explorer/tx/{{txHash}}`,
      api: `${base}/devnet/explorer/api?module={{module}}&action={{action}}&address={{address}}&apiKey={{apiKey}}`,
    },
    beaconChainExplorerUriTemplate: { publicKey: null },
    disabledWallets: [],
    ensRegistryAddress: null,
    balancesProvider: { chainName: null, enabled: false },
    contractAddresses: {
      safeSingletonAddress: SAFE_141.safeL2,
      safeProxyFactoryAddress: SAFE_141.proxyFactory,
      multiSendAddress: SAFE_141.multiSend,
      multiSendCallOnlyAddress: SAFE_141.multiSendCallOnly,
      fallbackHandlerAddress: SAFE_141.fallbackHandler,
      signMessageLibAddress: SAFE_141.signMessageLib,
      createCallAddress: SAFE_141.createCall,
      simulateTxAccessorAddress: SAFE_141.simulateTxAccessor,
      safeWebAuthnSignerFactoryAddress: null,
    },
    features: opts.features ?? [...DEFAULT_FEATURES],
    gasPrice: [{ type: 'fixed1559', maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000' }],
    publicRpcUri: rpc,
    rpcUri: rpc,
    safeAppsRpcUri: rpc,
    theme: { textColor: '#ffffff', backgroundColor: '#128e7a' },
    recommendedMasterCopyVersion: RECOMMENDED_VERSION,
    zk: false,
    // the devnet relays through its own relayer account, free within the quota (routes/relay.ts)
    relayer: { type: 'DAILY_LIMIT', safeCreationSponsored: true, safeTransactionSponsored: true, enableTenderlySimulationBeforeRelay: false },
  };
}

export function defaultSafeApps(opts: GatewayOptions): SafeApp[] {
  const base = opts.publicUrl ?? 'http://127.0.0.1';
  const chainIds = [String(opts.chainId)];
  return [
    {
      id: 1,
      url: `${base}/devnet/apps/hello`,
      name: 'Devnet Hello App',
      iconUrl: `${base}/devnet/apps/hello/icon.svg`,
      description: 'A minimal local Safe App served by the devnet gateway (sends a 0-value transaction, signs a message).',
      chainIds,
      provider: { url: base, name: 'Countersign Devnet' },
      accessControl: { type: 'NO_RESTRICTIONS', value: null },
      tags: ['Devnet', 'Infrastructure'],
      features: ['BATCHED_TRANSACTIONS'],
      developerWebsite: base,
      socialProfiles: [],
      featured: true,
    },
    {
      id: 3,
      url: `${base}/devnet/apps/probe`,
      name: 'Devnet SDK Probe',
      iconUrl: `${base}/devnet/apps/probe/icon.svg`,
      description: 'A local Safe App built with the published @safe-global/safe-apps-sdk (interop proof in the full app).',
      chainIds,
      provider: { url: base, name: 'Countersign Devnet' },
      accessControl: { type: 'NO_RESTRICTIONS', value: null },
      tags: ['Devnet'],
      features: [],
      developerWebsite: base,
      socialProfiles: [],
      featured: false,
    },
    {
      id: 2,
      url: 'http://127.0.0.1:4174/tx-builder',
      name: 'Transaction Builder (local)',
      iconUrl: null,
      description: 'Compose custom contract interactions and batch them into a single transaction.',
      chainIds,
      provider: null,
      accessControl: { type: 'DOMAIN_ALLOWLIST', value: ['http://127.0.0.1', 'http://localhost'] },
      tags: ['Infrastructure'],
      features: ['BATCHED_TRANSACTIONS'],
      developerWebsite: null,
      socialProfiles: [{ platform: 'GITHUB', url: 'https://github.com/safe-global/safe-react-apps' }],
      featured: false,
    },
  ];
}
