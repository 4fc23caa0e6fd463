// Wire shapes of the Safe Client Gateway, as the real gateway serialises them (protocol.md Part B):
// every nullable key is present with an explicit null. The ts-sdk types are looser (optional instead of
// null), so these are written from protocol.md and checked for assignability where they agree.
import type { Hex } from 'viem';

export type AddressInfo = { value: string; name: string | null; logoUri: string | null };

export type Page<T> = { count: number | null; next: string | null; previous: string | null; results: T[] };

export type TokenInfo = {
  type: 'NATIVE_TOKEN' | 'ERC20' | 'ERC721';
  address: string;
  decimals: number;
  symbol: string;
  name: string;
  logoUri: string;
};

export type BalanceItem = { tokenInfo: TokenInfo; balance: string; fiatBalance: string; fiatConversion: string };
export type Balances = { fiatTotal: string; items: BalanceItem[] };

export type Collectible = {
  address: string;
  tokenName: string;
  tokenSymbol: string;
  logoUri: string;
  id: string;
  uri: string | null;
  name: string | null;
  description: string | null;
  imageUri: string | null;
  metadata: Record<string, unknown> | null;
};

export type SafeState = {
  address: AddressInfo;
  chainId: string;
  nonce: number;
  threshold: number;
  owners: AddressInfo[];
  implementation: AddressInfo;
  implementationVersionState: 'UP_TO_DATE' | 'OUTDATED' | 'UNKNOWN';
  collectiblesTag: string | null;
  txQueuedTag: string | null;
  txHistoryTag: string | null;
  messagesTag: string | null;
  modules: AddressInfo[] | null;
  fallbackHandler: AddressInfo | null;
  guard: AddressInfo | null;
  version: string | null;
};

export type RpcUri = { authentication: 'API_KEY_PATH' | 'NO_AUTHENTICATION' | 'UNKNOWN'; value: string };

export type ChainInfo = {
  chainId: string;
  chainName: string;
  description: string;
  chainLogoUri: string | null;
  l2: boolean;
  isTestnet: boolean;
  shortName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number; logoUri: string };
  transactionService: string;
  blockExplorerUriTemplate: { address: string; txHash: string; api: string };
  beaconChainExplorerUriTemplate: { publicKey: string | null };
  disabledWallets: string[];
  ensRegistryAddress: string | null;
  balancesProvider: { chainName: string | null; enabled: boolean };
  contractAddresses: {
    safeSingletonAddress: string | null;
    safeProxyFactoryAddress: string | null;
    multiSendAddress: string | null;
    multiSendCallOnlyAddress: string | null;
    fallbackHandlerAddress: string | null;
    signMessageLibAddress: string | null;
    createCallAddress: string | null;
    simulateTxAccessorAddress: string | null;
    safeWebAuthnSignerFactoryAddress: string | null;
  };
  features: string[];
  gasPrice: Array<
    | { type: 'oracle'; uri: string; gasParameter: string; gweiFactor: string }
    | { type: 'fixed'; weiValue: string }
    | { type: 'fixed1559'; maxFeePerGas: string; maxPriorityFeePerGas: string }
  >;
  publicRpcUri: RpcUri;
  rpcUri: RpcUri;
  safeAppsRpcUri: RpcUri;
  theme: { textColor: string; backgroundColor: string };
  recommendedMasterCopyVersion: string | null;
  zk: boolean;
  relayer: {
    type: 'GTF' | 'RELAY_FEE' | 'DAILY_LIMIT' | 'NO_FEE_CAMPAIGN' | null;
    safeCreationSponsored: boolean;
    safeTransactionSponsored: boolean;
    enableTenderlySimulationBeforeRelay: boolean;
  } | null;
};

export type ValueDecoded = {
  operation: 0 | 1;
  to: string;
  value: string;
  data: string | null;
  dataDecoded: DataDecoded | null;
};
export type ParamValue = string | ParamValue[];
export type DecodedParameter = {
  name: string;
  type: string;
  value: ParamValue;
  valueDecoded?: ValueDecoded[] | null;
};
export type DataDecoded = { method: string; parameters: DecodedParameter[] | null; accuracy?: string };

export type SettingsInfo =
  | { type: 'ADD_OWNER'; owner: AddressInfo; threshold: number }
  | { type: 'REMOVE_OWNER'; owner: AddressInfo; threshold: number }
  | { type: 'SWAP_OWNER'; oldOwner: AddressInfo; newOwner: AddressInfo }
  | { type: 'CHANGE_THRESHOLD'; threshold: number }
  | { type: 'CHANGE_MASTER_COPY'; implementation: AddressInfo }
  | { type: 'ENABLE_MODULE'; module: AddressInfo }
  | { type: 'DISABLE_MODULE'; module: AddressInfo }
  | { type: 'SET_FALLBACK_HANDLER'; handler: AddressInfo }
  | { type: 'SET_GUARD'; guard: AddressInfo }
  | { type: 'DELETE_GUARD' };

export type TransferInfo =
  | { type: 'NATIVE_COIN'; value: string | null }
  | {
      type: 'ERC20';
      tokenAddress: string;
      value: string;
      tokenName: string | null;
      tokenSymbol: string | null;
      logoUri: string | null;
      decimals: number | null;
      trusted: boolean | null;
      imitation: boolean;
    }
  | {
      type: 'ERC721';
      tokenAddress: string;
      tokenId: string;
      tokenName: string | null;
      tokenSymbol: string | null;
      logoUri: string | null;
      trusted: boolean | null;
    };

export type TxInfo =
  | {
      type: 'Transfer';
      sender: AddressInfo;
      recipient: AddressInfo;
      direction: 'INCOMING' | 'OUTGOING' | 'UNKNOWN';
      transferInfo: TransferInfo;
      humanDescription: string | null;
    }
  | { type: 'SettingsChange'; dataDecoded: DataDecoded; settingsInfo: SettingsInfo | null; humanDescription: string | null }
  | {
      type: 'Custom';
      to: AddressInfo;
      dataSize: string;
      value: string | null;
      methodName: string | null;
      actionCount: number | null;
      isCancellation: boolean;
      humanDescription: string | null;
    }
  | {
      type: 'Creation';
      creator: AddressInfo;
      transactionHash: string;
      implementation: AddressInfo | null;
      factory: AddressInfo;
      saltNonce: string | null;
      humanDescription: string | null;
    };

export type TxStatus = 'SUCCESS' | 'FAILED' | 'CANCELLED' | 'AWAITING_CONFIRMATIONS' | 'AWAITING_EXECUTION';

export type ExecutionInfo =
  | {
      type: 'MULTISIG';
      nonce: number;
      confirmationsRequired: number;
      confirmationsSubmitted: number;
      missingSigners: AddressInfo[] | null;
    }
  | { type: 'MODULE'; address: AddressInfo };

export type SafeAppInfo = { name: string; url: string; logoUri: string | null };

export type TransactionSummary = {
  id: string;
  timestamp: number;
  txStatus: TxStatus;
  txInfo: TxInfo;
  executionInfo: ExecutionInfo | null;
  safeAppInfo: SafeAppInfo | null;
  txHash: string | null;
};

export type ConflictType = 'None' | 'HasNext' | 'End';
export type TransactionItem = { type: 'TRANSACTION'; transaction: TransactionSummary; conflictType: ConflictType };
export type DateLabelItem = { type: 'DATE_LABEL'; timestamp: number };
export type LabelItem = { type: 'LABEL'; label: 'Next' | 'Queued' };
export type ConflictHeaderItem = { type: 'CONFLICT_HEADER'; nonce: number };
export type HistoryItem = TransactionItem | DateLabelItem;
export type QueueItem = TransactionItem | LabelItem | ConflictHeaderItem;

export type TxData = {
  hexData: string | null;
  dataDecoded: DataDecoded | null;
  to: AddressInfo;
  value: string | null;
  operation: 0 | 1;
  trustedDelegateCallTarget: boolean | null;
  addressInfoIndex: Record<string, AddressInfo> | null;
};

export type MultisigConfirmation = { signer: AddressInfo; signature: string | null; submittedAt: number };

export type DetailedExecutionInfo =
  | {
      type: 'MULTISIG';
      submittedAt: number;
      nonce: number;
      safeTxGas: string;
      baseGas: string;
      gasPrice: string;
      gasToken: string;
      /** wei: the execution's transaction fee ('0' before execution) */
      fee: string;
      /** wei: the refund the Safe paid on execution ('0' before) */
      payment: string;
      refundReceiver: AddressInfo;
      safeTxHash: string;
      executor: AddressInfo | null;
      signers: AddressInfo[];
      confirmationsRequired: number;
      confirmations: MultisigConfirmation[];
      rejectors: AddressInfo[];
      gasTokenInfo: TokenInfo | null;
      trusted: boolean;
      proposer: AddressInfo | null;
      proposedByDelegate: AddressInfo | null;
    }
  | { type: 'MODULE'; address: AddressInfo };

export type TransactionDetails = {
  safeAddress: string;
  txId: string;
  executedAt: number | null;
  txStatus: TxStatus;
  txInfo: TxInfo;
  txData: TxData | null;
  txHash: string | null;
  detailedExecutionInfo: DetailedExecutionInfo | null;
  safeAppInfo: SafeAppInfo | null;
  note: string | null;
};

export type TypedDataMessage = {
  domain: Record<string, unknown>;
  types: Record<string, Array<{ name: string; type: string }>>;
  primaryType: string;
  message: Record<string, unknown>;
};

export type SafeMessage = {
  messageHash: string;
  status: 'NEEDS_CONFIRMATION' | 'CONFIRMED';
  logoUri: string | null;
  name: string | null;
  message: string | TypedDataMessage;
  creationTimestamp: number;
  modifiedTimestamp: number;
  confirmationsSubmitted: number;
  confirmationsRequired: number;
  proposedBy: AddressInfo;
  confirmations: Array<{ owner: AddressInfo; signature: string }>;
  preparedSignature: string | null;
  origin: string | null;
};
export type MessageItem = SafeMessage & { type: 'MESSAGE' };
export type MessageListItem = MessageItem | DateLabelItem;

export type SafeApp = {
  id: number;
  url: string;
  name: string;
  iconUrl: string | null;
  description: string;
  chainIds: string[];
  provider: { url: string; name: string } | null;
  accessControl: { type: 'NO_RESTRICTIONS' | 'DOMAIN_ALLOWLIST' | 'UNKNOWN'; value: string[] | null };
  tags: string[];
  features: string[];
  developerWebsite: string | null;
  socialProfiles: Array<{ platform: 'TWITTER' | 'GITHUB' | 'DISCORD' | 'TELEGRAM' | 'UNKNOWN'; url: string }>;
  featured: boolean;
};

export type Delegate = { safe: string | null; delegate: string; delegator: string; label: string };

export type SafeOverview = {
  address: AddressInfo;
  chainId: string;
  threshold: number;
  owners: AddressInfo[];
  fiatTotal: string;
  queued: number;
  awaitingConfirmation: number | null;
};

export type ContractInfo = {
  address: string;
  name: string;
  displayName: string;
  logoUri: string | null;
  contractAbi: { abi: readonly unknown[]; description: string; relevance: number } | null;
  trustedForDelegateCall: boolean;
};

export type ConfirmationView = { type: 'GENERIC'; method: string; parameters: DecodedParameter[] | null };

export type OutboxMail = { id: number; to: string; subject: string; body: string; code: string | null; createdAt: number };

export type HexString = Hex;
