/**
 * Sample inputs and events of bridgeRequest and bridgeSession for the registry (QA paths, diagrams, event-log
 * tools) and their tests: gateway-shaped session facts for a 2-of-3 Safe 1.4.1 on the devnet chain, one request
 * per kind of answer (each request's method chooses its branch, so QA paths explore every one), and the effect
 * results. Plain JSON; errors are `{ name, message }` (the model tests turn them into `Error` instances).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { SAMPLE_CHAIN, SAMPLE_CHAIN_ID, SAMPLE_FALLBACK_HANDLER, SAMPLE_OWNERS, SAMPLE_SAFE_SINGLETON } from '../shared/samples.ts';
import type { ChainInfo, SafeInfo } from '../../domain/gateway/types.ts';
import type { BridgeRequest, BridgeRequestContext, BridgeRequestInput, BridgeSessionFacts, BridgeSessionInfo, Permission } from './bridgeRequest.types.ts';
import type { BridgeSessionInput } from './bridgeSession.machine.ts';

export const APP_ORIGIN = 'https://app.example';
export const HOST_ORIGIN = 'https://wallet.example';
export const SAFE_ADDRESS = '0x5AFE5AFE5aFe5afE5AfE5aFe5aFE5AfE5afE5aFE';
export const OWNERS: string[] = [...SAMPLE_OWNERS];
export const FALLBACK_HANDLER = SAMPLE_FALLBACK_HANDLER;
export const SAFE_TX_HASH = `0x${'ab'.repeat(32)}`;
export const MESSAGE_HASH = `0x${'cd'.repeat(32)}`;

const info = (value: string) => ({ value, name: null, logoUri: null });

export const safeInfo: SafeInfo = {
  address: info(SAFE_ADDRESS),
  chainId: SAMPLE_CHAIN_ID,
  nonce: 7,
  threshold: 2,
  owners: OWNERS.map(info),
  implementation: info(SAMPLE_SAFE_SINGLETON),
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
  chainId: SAMPLE_CHAIN_ID,
  chainName: SAMPLE_CHAIN.chainName,
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

/** The session facts `getSessionInfo` answers with: the sample Safe, chain and app settings. */
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

/** The facts the host listener answers session reads from: those of `session()`. */
export function sessionFacts(overrides: Partial<BridgeSessionFacts> = {}): BridgeSessionFacts {
  const { safe, chain, isReadOnly, hostOrigin, darkMode } = session(overrides);
  return { safe, chain, isReadOnly, hostOrigin, darkMode };
}

type RequestOf<M extends BridgeRequest['method']> = BridgeRequest extends infer R ? (R extends { method: infer X } ? (M extends X ? R : never) : never) : never;

/** A validated request (what the host hands the machine). */
export function sampleRequest<M extends BridgeRequest['method']>(id: string, method: M, params: RequestOf<M>['params'], sdkVersion = '9.1.0'): RequestOf<M> {
  return { id, method, sdkVersion, params } as RequestOf<M>;
}

// ───────────── bridgeRequest ─────────────

const tx = { to: SAFE_ADDRESS, value: '1', data: '0x' };

/** One request per way through the machine: answered from the session, refused, asking permission, fetching, handed over. */
export const bridgeRequestScenarios = {
  getSafeInfo: sampleRequest('req0000001', 'getSafeInfo', null),
  setSettings: sampleRequest('req0000002', 'rpcCall', { call: 'safe_setSettings', params: [{ offChainSigning: false }] }),
  refusedRpc: sampleRequest('req0000003', 'rpcCall', { call: 'eth_sendRawTransaction', params: ['0x00'] }),
  malformedMessageHash: sampleRequest('req0000004', 'getOffChainSignature', { messageHash: 'nope' }),
  requestAddressBook: sampleRequest('req0000005', 'requestAddressBook', null),
  requestPermissions: sampleRequest('req0000006', 'wallet_requestPermissions', { requests: [{ requestAddressBook: {} }] }),
  getSafeBalances: sampleRequest('req0000007', 'getSafeBalances', { currency: 'eur' }),
  getTxBySafeTxHash: sampleRequest('req0000008', 'getTxBySafeTxHash', { safeTxHash: SAFE_TX_HASH }),
  rpcRead: sampleRequest('req0000009', 'rpcCall', { call: 'eth_getBalance', params: [SAFE_ADDRESS, 'latest'] }),
  getOffChainSignature: sampleRequest('req000000a', 'getOffChainSignature', { messageHash: MESSAGE_HASH }),
  sendTransactions: sampleRequest('req000000b', 'sendTransactions', { txs: [tx], safeTxGas: null, requestsDelegateCall: false }),
  signMessage: sampleRequest('req000000c', 'signMessage', { message: 'hello' }),
} satisfies Record<string, BridgeRequest>;

const [firstRequest, ...otherRequests] = Object.values(bridgeRequestScenarios).map((request): BridgeRequestInput => ({ request, appOrigin: APP_ORIGIN }));
export const bridgeRequestSampleInput: BridgeRequestInput = firstRequest!;
export const bridgeRequestExtraInputs: BridgeRequestInput[] = otherRequests;

/** The time of the user's permission decision (the views put `Date.now()` in the event). */
export const DECISION_AT = 1_700_000_000_000;
const fail = (message: string) => ({ name: 'Error', message });

export const bridgeRequestSampleEvents: AnyEventObject[] = [
  ...[session(), session({ permissions: grantedAddressBook }), session({ permissions: refusedAddressBook }), session({ chain: { ...chainInfo, features: ['SAFE_APPS'] } })].map(
    (output) => ({ type: 'xstate.done.actor.getSessionInfo', output }),
  ),
  { type: 'xstate.error.actor.getSessionInfo', error: fail('No Safe is open') },
  { type: 'xstate.done.actor.getBalances', output: { fiatTotal: '1', items: [] } },
  { type: 'xstate.error.actor.getBalances', error: fail('500: gateway down') },
  { type: 'xstate.done.actor.getTx', output: { txId: 'multisig_x', txStatus: 'SUCCESS' } },
  { type: 'xstate.error.actor.getTx', error: fail('404: Not found') },
  { type: 'xstate.done.actor.rpcRead', output: '0x1' },
  { type: 'xstate.error.actor.rpcRead', error: fail('execution reverted') },
  { type: 'xstate.done.actor.getOffChainSignature', output: '0xsig' },
  { type: 'xstate.error.actor.getOffChainSignature', error: fail('404') },
  { type: 'xstate.done.actor.getAddressBook', output: [{ address: SAFE_ADDRESS, name: 'Team', chainId: SAMPLE_CHAIN_ID }] },
  { type: 'xstate.error.actor.getAddressBook', error: fail('storage unavailable') },
  { type: 'xstate.done.actor.startTransactionFlow', output: { status: 'proposed', safeTxHash: SAFE_TX_HASH } },
  { type: 'xstate.done.actor.startTransactionFlow', output: { status: 'rejected' } },
  { type: 'xstate.error.actor.startTransactionFlow', error: fail('flow crashed') },
  { type: 'xstate.done.actor.startMessageFlow', output: { status: 'signed', messageHash: MESSAGE_HASH, signature: '0x11' } },
  { type: 'xstate.done.actor.startMessageFlow', output: { status: 'proposed', safeTxHash: SAFE_TX_HASH } },
  { type: 'xstate.done.actor.startMessageFlow', output: { status: 'rejected' } },
  { type: 'xstate.error.actor.startMessageFlow', error: fail('flow crashed') },
  { type: 'user.grantPermission', at: DECISION_AT },
  { type: 'user.denyPermission', at: DECISION_AT },
  { type: 'user.cancel' },
  { type: 'bridge.cancel' },
];

/** Vertex identity: the state plus what decides later guards and the reply. */
export function serializeBridgeRequestState(s: AnyMachineSnapshot): string {
  const c = s.context as BridgeRequestContext;
  return JSON.stringify([s.value, c.session?.permissions.length ?? null, c.session?.chain.features.length ?? null, c.reply, c.permissions]);
}

// ───────────── bridgeSession ─────────────

export const bridgeSessionSampleInput: BridgeSessionInput = { appOrigin: APP_ORIGIN };

export const bridgeSessionSampleEvents: AnyEventObject[] = [
  { type: 'bridge.request', request: bridgeRequestScenarios.getSafeInfo },
  { type: 'bridge.reply', id: bridgeRequestScenarios.getSafeInfo.id, reply: { success: true, data: null } },
  { type: 'bridge.theme', darkMode: true },
  { type: 'user.closeApp' },
];
