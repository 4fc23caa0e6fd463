/** Gateway JSON samples in the real gateway's 2025 shape (protocol.md Part B). */
import type { ChainInfo, SafeInfo, TransactionDetails, TransactionItemPage } from '../../../../src/services/gateway/types.ts';

const SAFE = '0x1234567890123456789012345678901234567890';
const OWNER_A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OWNER_B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const ZERO = '0x0000000000000000000000000000000000000000';
const info = (value: string) => ({ value, name: null, logoUri: null });

export const sampleSafeInfo: SafeInfo = {
  address: info(SAFE),
  chainId: '31337',
  nonce: 3,
  threshold: 2,
  owners: [info(OWNER_A), info(OWNER_B)],
  implementation: { value: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762', name: 'SafeL2 1.4.1', logoUri: null },
  implementationVersionState: 'UP_TO_DATE',
  collectiblesTag: '1711968000',
  txQueuedTag: '1711968001',
  txHistoryTag: '1711968002',
  messagesTag: null,
  modules: null,
  fallbackHandler: info('0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99'),
  guard: null,
  version: '1.4.1',
};

export const sampleTxDetails: TransactionDetails = {
  safeAddress: SAFE,
  txId: `multisig_${SAFE}_0x${'ab'.repeat(32)}`,
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
    safeTxHash: `0x${'ab'.repeat(32)}`,
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
        id: `multisig_${SAFE}_0x${'cd'.repeat(32)}`,
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

export const sampleChainInfo: ChainInfo = {
  chainId: '31337',
  chainName: 'Devnet',
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
    safeSingletonAddress: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
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
