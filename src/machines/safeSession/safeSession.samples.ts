/**
 * Sample input and events of the Safe session and its children (the paged lists, the details openers) for the
 * registry (QA paths, diagrams, event-log tools) and their tests: gateway JSON in the real gateway's 2025 shape
 * (protocol.md Part B) for a 2-of-2 Safe 1.4.1 on the devnet chain. Errors are `{ name, message, kind? }`
 * (the model tests turn them into the `Error` instances the real effects reject with).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { DEVNET_OWNERS, DEVNET_STRANGER, SAMPLE_CHAIN, SAMPLE_CHAIN_ID, SAMPLE_FALLBACK_HANDLER, SAMPLE_SAFE_SINGLETON, ZERO_ADDRESS } from '../shared/samples.ts';
import type { Message, SafeBalances, TransactionDetails, TransactionItem, TransactionItemPage } from '../../domain/gateway/types.ts';
import type { ListPage, PagedListContext, PagedListInput } from '../pagedList/pagedList.types.ts';
import type { DetailsContext, DetailsInput, HashCheck, TxHashes } from './details.types.ts';
import type { ChainInfo, CollectibleItem, OpenedSafeInfo, SafeInfo, SafeSessionContext, SafeSessionInput } from './safeSession.types.ts';

export const SAFE = '0x1234567890123456789012345678901234567890';
export const OWNER_A = DEVNET_OWNERS[0];
export const OWNER_B = DEVNET_OWNERS[1];
export const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const ZERO = ZERO_ADDRESS;
const info = (value: string) => ({ value, name: null, logoUri: null });
const hash = (byte: string) => `0x${byte.repeat(32)}`;

// ───────────── Gateway data ─────────────

export const sampleSafeInfo: SafeInfo = {
  address: info(SAFE),
  chainId: SAMPLE_CHAIN_ID,
  nonce: 3,
  threshold: 2,
  owners: [info(OWNER_A), info(OWNER_B)],
  implementation: { value: SAMPLE_SAFE_SINGLETON, name: 'SafeL2 1.4.1', logoUri: null },
  implementationVersionState: 'UP_TO_DATE',
  collectiblesTag: '1711968000',
  txQueuedTag: '1711968001',
  txHistoryTag: '1711968002',
  messagesTag: null,
  modules: null,
  fallbackHandler: info(SAMPLE_FALLBACK_HANDLER),
  guard: null,
  version: '1.4.1',
};

/** The same Safe after a poll in which every tag changed (one more transaction executed). */
export const safeInfoChanged: SafeInfo = {
  ...sampleSafeInfo,
  nonce: sampleSafeInfo.nonce + 1,
  txQueuedTag: '1711969001',
  txHistoryTag: '1711969002',
  messagesTag: '1711969003',
  collectiblesTag: '1711969004',
};

export const sampleTxDetails: TransactionDetails = {
  safeAddress: SAFE,
  txId: `multisig_${SAFE}_${hash('ab')}`,
  executedAt: null,
  txStatus: 'AWAITING_CONFIRMATIONS',
  txInfo: {
    type: 'Transfer',
    humanDescription: null,
    sender: info(SAFE),
    recipient: info(OWNER_A),
    direction: 'OUTGOING',
    transferInfo: { type: 'NATIVE_COIN', value: '1000000000000000000' },
  },
  txData: {
    hexData: null,
    dataDecoded: null,
    to: info(OWNER_A),
    value: '1000000000000000000',
    operation: 0,
    trustedDelegateCallTarget: null,
    addressInfoIndex: null,
  },
  txHash: null,
  detailedExecutionInfo: {
    type: 'MULTISIG',
    submittedAt: 1711968000000,
    nonce: 3,
    safeTxGas: '0',
    baseGas: '0',
    gasPrice: '0',
    gasToken: ZERO,
    refundReceiver: info(ZERO),
    safeTxHash: hash('ab'),
    executor: null,
    signers: [info(OWNER_A), info(OWNER_B)],
    confirmationsRequired: 2,
    confirmations: [{ signer: info(OWNER_A), signature: `0x${'11'.repeat(65)}`, submittedAt: 1711968000000 }],
    rejectors: [],
    gasTokenInfo: null,
    trusted: true,
    proposer: info(OWNER_A),
    proposedByDelegate: null,
  },
  safeAppInfo: null,
  note: null,
};

export const sampleQueuePage: TransactionItemPage = {
  count: 4,
  next: null,
  previous: null,
  results: [
    { type: 'LABEL', label: 'Next' },
    { type: 'CONFLICT_HEADER', nonce: 3 },
    {
      type: 'TRANSACTION',
      conflictType: 'HasNext',
      transaction: {
        id: sampleTxDetails.txId,
        timestamp: 1711968000000,
        txStatus: 'AWAITING_CONFIRMATIONS',
        txInfo: sampleTxDetails.txInfo,
        executionInfo: { type: 'MULTISIG', nonce: 3, confirmationsRequired: 2, confirmationsSubmitted: 1, missingSigners: [info(OWNER_B)] },
        safeAppInfo: null,
        txHash: null,
      },
    },
    {
      type: 'TRANSACTION',
      conflictType: 'End',
      transaction: {
        id: `multisig_${SAFE}_${hash('cd')}`,
        timestamp: 1711968000001,
        txStatus: 'AWAITING_CONFIRMATIONS',
        txInfo: {
          type: 'SettingsChange',
          humanDescription: null,
          dataDecoded: { method: 'changeThreshold', parameters: [{ name: '_threshold', type: 'uint256', value: '1' }] },
          settingsInfo: { type: 'CHANGE_THRESHOLD', threshold: 1 },
        },
        executionInfo: { type: 'MULTISIG', nonce: 3, confirmationsRequired: 2, confirmationsSubmitted: 1, missingSigners: null },
        safeAppInfo: null,
        txHash: null,
      },
    },
  ],
};
export const queueItems: TransactionItem[] = sampleQueuePage.results;

export const sampleChainInfo: ChainInfo = {
  chainId: SAMPLE_CHAIN_ID,
  chainName: SAMPLE_CHAIN.chainName,
  description: 'Local anvil',
  chainLogoUri: null,
  l2: true,
  isTestnet: true,
  shortName: 'dev',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' },
  transactionService: 'http://127.0.0.1:1',
  blockExplorerUriTemplate: { address: '{{address}}', txHash: '{{txHash}}', api: '' },
  beaconChainExplorerUriTemplate: { publicKey: null },
  disabledWallets: [],
  ensRegistryAddress: null,
  balancesProvider: { chainName: null, enabled: false },
  contractAddresses: {
    safeSingletonAddress: SAMPLE_SAFE_SINGLETON,
    safeProxyFactoryAddress: null,
    multiSendAddress: null,
    multiSendCallOnlyAddress: null,
    fallbackHandlerAddress: null,
    signMessageLibAddress: null,
    createCallAddress: null,
    simulateTxAccessorAddress: null,
    safeWebAuthnSignerFactoryAddress: null,
  },
  features: ['EIP1271', 'SAFE_APPS'],
  gasPrice: [{ type: 'fixed', weiValue: '1000000000' }],
  publicRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://127.0.0.1:8545' },
  rpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://127.0.0.1:8545' },
  safeAppsRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://127.0.0.1:8545' },
  theme: { textColor: '#fff', backgroundColor: '#000' },
  recommendedMasterCopyVersion: '1.4.1',
};

/** The devnet chain as the Safe session sees it: every list enabled (ERC721 and EIP1271). */
export const chain: ChainInfo = {
  ...sampleChainInfo,
  shortName: 'devnet',
  chainName: 'Countersign Devnet',
  features: ['ERC721', 'EIP1271', 'SAFE_APPS'],
  blockExplorerUriTemplate: { address: 'https://explorer.test/address/{{address}}', txHash: 'https://explorer.test/tx/{{txHash}}', api: '' },
};
export const otherChain: ChainInfo = { ...chain, chainId: '1', shortName: 'eth', chainName: 'Ethereum' };

export const balances: SafeBalances = {
  fiatTotal: '1234.5',
  items: [
    {
      tokenInfo: { type: 'NATIVE_TOKEN', address: ZERO, decimals: 18, symbol: 'ETH', name: 'Ether', logoUri: '' },
      balance: '500000000000000000',
      fiatBalance: '1234.499',
      fiatConversion: '2468.998',
    },
    {
      tokenInfo: { type: 'ERC20', address: DAI, decimals: 18, symbol: 'DAI', name: 'Dai Stablecoin', logoUri: '' },
      balance: '1000000000000000',
      fiatBalance: '0.001',
      fiatConversion: '1',
    },
  ],
};

export const fiatCodes = ['USD', 'EUR', 'GBP'];

export const message: Message = {
  messageHash: hash('5a'),
  status: 'NEEDS_CONFIRMATION',
  logoUri: null,
  name: null,
  message: 'Hello Safe devnet',
  creationTimestamp: 1711968000000,
  modifiedTimestamp: 1711968000000,
  confirmationsSubmitted: 1,
  confirmationsRequired: 2,
  proposedBy: { value: OWNER_A, name: null, logoUri: null },
  confirmations: [{ owner: { value: OWNER_A, name: null, logoUri: null }, signature: `0x${'22'.repeat(65)}` }],
  preparedSignature: null,
  origin: null,
};

// ───────────── safeSession ─────────────

/** The 15 s wait after a failed poll (decision 0090). */
export const AFTER_FAILED_POLL = 'xstate.after.pollInterval.safeSession.ready.info.retrying';

const unavailable = { name: 'Error', message: 'The gateway could not be reached (fetch failed).', kind: 'unavailable' };
const notFound = { name: 'Error', message: '404: Not Found', kind: 'notFound' };

/**
 * The Safe a look-alike sample imitates: a Safe pinned as trusted that shares SAFE's first 9 and last 4 hex digits
 * (decision 0064). The services set `lookAlike` on an opening's Safe info; the gateway never can.
 */
export const TRUSTED_SAFE = '0x1234567899999999999999999999999999997890';
export const lookAlikeSafeInfo: OpenedSafeInfo = { ...sampleSafeInfo, lookAlike: { resembles: { address: TRUSTED_SAFE, name: 'Treasury', source: 'trustedSafe' } } };

export const safeSessionSampleInput: SafeSessionInput = { safe: { shortName: 'devnet', address: SAFE } };
/** A checksum error in the address: the only way into `invalidAddress`. */
export const safeSessionInvalidInput: SafeSessionInput = { safe: { shortName: 'devnet', address: SAFE.replace('12', 'Ab') } };
/** Someone who owns nothing in the sample Safe (read-only). */
export const STRANGER = DEVNET_STRANGER;

export const safeSessionSampleEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadChains', output: [otherChain, chain] },
  { type: 'xstate.done.actor.loadChains', output: [otherChain] },
  { type: 'xstate.error.actor.loadChains', error: unavailable },
  { type: 'xstate.done.actor.loadSafeInfo', output: sampleSafeInfo },
  { type: 'xstate.done.actor.loadSafeInfo', output: lookAlikeSafeInfo },
  { type: 'user.acknowledgeLookAlike', acknowledged: true },
  { type: 'user.acknowledgeLookAlike', acknowledged: false },
  { type: 'user.openLookAlike' },
  { type: 'xstate.error.actor.loadSafeInfo', error: notFound },
  { type: 'xstate.error.actor.loadSafeInfo', error: unavailable },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.watchSafeInfo', output: safeInfoChanged },
  { type: 'xstate.error.actor.watchSafeInfo', error: unavailable },
  { type: AFTER_FAILED_POLL },
  { type: 'xstate.done.actor.pollSafeInfo', output: sampleSafeInfo },
  { type: 'xstate.done.actor.pollSafeInfo', output: safeInfoChanged },
  { type: 'xstate.error.actor.pollSafeInfo', error: unavailable },
  { type: 'system.visibilityChanged', visible: false },
  { type: 'system.visibilityChanged', visible: true },
  { type: 'gateway.tagsChanged', tags: ['txHistoryTag'] },
  { type: 'system.flowSettled' },
  { type: 'xstate.done.actor.loadBalances', output: balances },
  { type: 'xstate.error.actor.loadBalances', error: { name: 'Error', message: '503: Service unavailable' } },
  { type: 'user.retryBalances' },
  { type: 'user.setCurrency', currency: 'EUR' },
  { type: 'user.listOpened', list: 'fiatCodes' },
  { type: 'user.listOpened', list: 'history' },
  { type: 'xstate.done.actor.loadFiatCodes', output: fiatCodes },
  { type: 'xstate.error.actor.loadFiatCodes', error: { name: 'Error', message: '500: Internal server error' } },
  { type: 'user.retryFiatCodes' },
  { type: 'user.toggleTokenHidden', tokenAddress: DAI },
  { type: 'user.toggleShowHiddenTokens' },
  { type: 'system.tokensChanged' },
  { type: 'user.toggleHideSmallBalances' },
  { type: 'wallet.accountChanged', address: OWNER_A },
  { type: 'wallet.accountChanged', address: STRANGER },
];

/** Vertex identity: the state plus what guards and views read (visibility, currency, chain and balances known, lists opened). */
export function serializeSafeSessionState(s: AnyMachineSnapshot): string {
  const c = s.context as SafeSessionContext;
  return JSON.stringify([s.value, c.visible, c.currency, c.chain !== null, c.balances !== null, c.openLists, s.matches('lookAlike') && c.lookAlikeAcknowledged === true]);
}

// ───────────── pagedList (the queue as the example) ─────────────

export const firstQueuePage: ListPage<TransactionItem> = { results: queueItems, next: 'http://gateway.test/page-2', count: 6 };
const secondTx = queueItems[2] as Extract<TransactionItem, { type: 'TRANSACTION' }>;
export const lastQueuePage: ListPage<TransactionItem> = {
  results: [
    { type: 'LABEL', label: 'Queued' },
    {
      type: 'TRANSACTION',
      conflictType: 'None',
      transaction: {
        ...secondTx.transaction,
        id: `${secondTx.transaction.id}-n4`,
        executionInfo: { type: 'MULTISIG', nonce: 4, confirmationsRequired: 2, confirmationsSubmitted: 0, missingSigners: null },
      },
    },
  ],
  next: null,
  count: 6,
};

export const pagedListSampleInput: PagedListInput = { chainId: chain.chainId, safeAddress: SAFE, enabled: true };
/** A list the chain does not support (e.g. NFTs without ERC721): the only way into `disabled`. */
export const pagedListDisabledInput: PagedListInput = { ...pagedListSampleInput, enabled: false };



/** The NFT list: annotated, so its cards are shown before their queued marks (decision 0072). */
export const annotatedListSampleInput: PagedListInput = { ...pagedListSampleInput, annotated: true };
const sampleNft = (id: string): CollectibleItem => ({
  address: '0x2222222222222222222222222222222222222222',
  tokenName: 'Devnet Collectibles',
  tokenSymbol: 'DNFT',
  logoUri: '',
  id,
  uri: null,
  name: null,
  description: null,
  imageUri: null,
  metadata: null,
});
export const nftPage: ListPage<CollectibleItem> = { results: [sampleNft('2'), sampleNft('9')], next: null, count: 2 };
export const annotatedListSampleEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadPage', output: nftPage },
  { type: 'xstate.done.actor.annotateItems', output: [{ ...sampleNft('2'), queuedIn: [{ txId: `multisig_${SAFE}_${hash('cd')}`, nonce: 4 }] }, { ...sampleNft('9'), queuedIn: [] }] },
  { type: 'xstate.error.actor.annotateItems', error: { name: 'Error', message: 'the marks could not be computed' } },
  { type: 'system.refresh' },
];

export const pagedListSampleEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadPage', output: firstQueuePage },
  { type: 'xstate.done.actor.loadPage', output: lastQueuePage },
  { type: 'xstate.error.actor.loadPage', error: { name: 'Error', message: '503: Service unavailable' } },
  { type: 'user.loadMore' },
  { type: 'user.retry' },
  { type: 'system.refresh' },
  // An annotated list's effect (the NFTs' marks): entered only with PagedListInput.annotated.
  annotatedListSampleEvents[1]!,
  annotatedListSampleEvents[2]!,
];

export function serializePagedListState(s: AnyMachineSnapshot): string {
  const c = s.context as PagedListContext<unknown>;
  return JSON.stringify([s.value, c.next !== null, c.hasLoaded]);
}

// ───────────── details (a transaction as the example) ─────────────

export const detailsSampleInput: DetailsInput = { chainId: chain.chainId, safeAddress: SAFE, version: sampleSafeInfo.version };
export const txHashes: TxHashes = { domainHash: hash('d1'), messageHash: hash('e2'), safeTxHash: hash('ab') };
/** Two transactions to open: the sample one and another one of the queue. */
export const txKeys: [string, string] = [sampleTxDetails.txId, `multisig_${SAFE}_${hash('cd')}`];
export const txVerified: HashCheck<TxHashes> = {
  hashes: txHashes,
  computed: txHashes.safeTxHash,
  expected: hash('ab'),
  // What the chain said: owner A's confirmation recovered, the transaction simulated without findings.
  onChain: {
    owners: [OWNER_A, OWNER_B],
    threshold: 2,
    confirmationChecks: [{ signer: OWNER_A, signature: `0x${'11'.repeat(65)}`, kind: 'ecdsa', status: 'valid', detail: 'Recovered from the signature.' }],
    counted: [OWNER_A],
    simulation: {
      status: 'simulated',
      method: 'eth_simulateV1: the exact execTransaction',
      blockNumber: '1',
      success: true,
      revertReason: null,
      configChanges: [],
      balanceChanges: [],
      assumptions: [],
    },
    findings: [],
    error: null,
  },
};
export const txMismatch: HashCheck<TxHashes> = { hashes: { ...txHashes, safeTxHash: hash('ef') }, computed: hash('ef'), expected: hash('ab') };
export const unhashedCheck: HashCheck<never> = { hashes: null, computed: null, expected: null };

/** The events of one details opener, for any kind of item (transactions here; the message tests pass theirs). */
export function detailsEvents(keys: [string, string], details: unknown, verified: HashCheck<unknown>, mismatch: HashCheck<unknown>): AnyEventObject[] {
  return [
    { type: 'user.open', key: keys[0] },
    { type: 'user.open', key: keys[1] },
    { type: 'xstate.done.actor.loadDetails', output: details },
    { type: 'xstate.error.actor.loadDetails', error: { name: 'Error', message: '404: Not found' } },
    { type: 'xstate.done.actor.computeHashes', output: verified },
    { type: 'xstate.done.actor.computeHashes', output: mismatch },
    { type: 'xstate.done.actor.computeHashes', output: unhashedCheck },
    { type: 'xstate.error.actor.computeHashes', error: { name: 'Error', message: 'The Safe’s contract version is unknown.' } },
    { type: 'user.retry' },
    { type: 'system.refresh' },
  ];
}

export const detailsSampleEvents: AnyEventObject[] = detailsEvents(txKeys, sampleTxDetails, txVerified, txMismatch);

export function serializeDetailsState(s: AnyMachineSnapshot): string {
  return JSON.stringify([s.value, (s.context as DetailsContext<unknown, unknown>).key]);
}
