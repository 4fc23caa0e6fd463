/** Gateway-shaped fixtures for the bridge tests: a 2-of-3 Safe 1.4.1 on the devnet chain. */
import type { ChainInfo, SafeInfo } from '../../../src/services/gateway/types.ts';
import type { BridgeRequest, BridgeSessionInfo, Permission } from '../../../src/machines/bridgeRequest/bridgeRequest.types.ts';

export const APP_ORIGIN = 'https://app.example';
export const HOST_ORIGIN = 'https://wallet.example';
export const SAFE_ADDRESS = '0x5AFE5AFE5aFe5afE5AfE5aFe5aFE5AfE5afE5aFE';
export const OWNERS = ['0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222', '0x3333333333333333333333333333333333333333'];
export const FALLBACK_HANDLER = '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99';
export const SAFE_TX_HASH = `0x${'ab'.repeat(32)}`;
export const MESSAGE_HASH = `0x${'cd'.repeat(32)}`;

const info = (value: string) => ({ value, name: null, logoUri: null });

export const safeInfo: SafeInfo = {
  address: info(SAFE_ADDRESS),
  chainId: '31337',
  nonce: 7,
  threshold: 2,
  owners: OWNERS.map(info),
  implementation: info('0x29fcB43b46531BcA003ddC8FCB67FFE91900C762'),
  implementationVersionState: 'UP_TO_DATE',
  collectiblesTag: null,
  txQueuedTag: '1',
  txHistoryTag: '1',
  messagesTag: null,
  modules: null,
  fallbackHandler: info(FALLBACK_HANDLER),
  guard: null,
  version: '1.4.1+L2',
};

const rpc = (value: string) => ({ authentication: 'NO_AUTHENTICATION' as const, value });

export const chainInfo: ChainInfo = {
  chainId: '31337',
  chainName: 'Devnet',
  description: 'Local anvil chain',
  chainLogoUri: null,
  l2: true,
  isTestnet: true,
  shortName: 'devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: 'https://wallet.example/eth.svg' },
  transactionService: 'http://127.0.0.1:0',
  blockExplorerUriTemplate: { address: 'https://explorer.example/address/{{address}}', txHash: 'https://explorer.example/tx/{{txHash}}', api: 'https://explorer.example/api' },
  beaconChainExplorerUriTemplate: { publicKey: null },
  disabledWallets: [],
  ensRegistryAddress: null,
  balancesProvider: { chainName: null, enabled: false },
  features: ['SAFE_APPS', 'EIP1271', 'EIP1559'],
  gasPrice: [],
  publicRpcUri: rpc('http://127.0.0.1:8545'),
  rpcUri: rpc('http://127.0.0.1:8545'),
  safeAppsRpcUri: rpc('http://127.0.0.1:8545'),
  theme: { textColor: '#ffffff', backgroundColor: '#000000' },
  recommendedMasterCopyVersion: '1.4.1',
} as ChainInfo;

export const grantedAddressBook: Permission[] = [{ invoker: APP_ORIGIN, parentCapability: 'requestAddressBook', date: 1, caveats: [] }];
export const refusedAddressBook: Permission[] = [
  { invoker: APP_ORIGIN, parentCapability: 'requestAddressBook', date: 1, caveats: [{ type: 'userRestricted', value: true }] },
];

export function session(overrides: Partial<BridgeSessionInfo> = {}): BridgeSessionInfo {
  return {
    safe: safeInfo,
    chain: chainInfo,
    isReadOnly: false,
    hostOrigin: HOST_ORIGIN,
    darkMode: false,
    permissions: [],
    settings: { offChainSigning: true },
    ...overrides,
  };
}

let counter = 0;
type RequestOf<M extends BridgeRequest['method']> = BridgeRequest extends infer R ? (R extends { method: infer X } ? (M extends X ? R : never) : never) : never;

/** A validated request for the machine tests, with a fresh id. */
export function request<M extends BridgeRequest['method']>(method: M, params: RequestOf<M>['params'], sdkVersion = '9.1.0'): RequestOf<M> {
  counter += 1;
  return { id: `req${counter.toString(16).padStart(7, '0')}`, method, sdkVersion, params } as RequestOf<M>;
}
