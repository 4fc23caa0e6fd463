/**
 * Valibot schemas of the Safe Client Gateway JSON the app consumes (protocol.md Part B, 2025 field set).
 *
 * Rules followed throughout:
 * - Nullable keys are `v.nullable` (the key must be present, value may be null), as the real gateway
 *   emits explicit nulls. Keys documented as optional (drift between versions) are `v.optional`.
 * - Objects are `v.object`: unknown extra keys are accepted and dropped (adding keys is the gateway's
 *   normal drift; dropping keys is not and fails validation).
 * - Numbers that are amounts are decimal strings; timestamps are numbers (ms) unless noted.
 */
import * as v from 'valibot';

// ───────────────────────────── primitives ─────────────────────────────

const HEX_RE = /^0x[0-9a-fA-F]*$/;
const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
const HASH_RE = /^0x[0-9a-fA-F]{64}$/;
const DECIMAL_RE = /^-?[0-9]+$/;

export const HexSchema = v.pipe(v.string(), v.regex(HEX_RE, 'Expected a 0x-prefixed hex string'));
export const AddressSchema = v.pipe(v.string(), v.regex(ADDRESS_RE, 'Expected a 20-byte hex address'));
export const Bytes32Schema = v.pipe(v.string(), v.regex(HASH_RE, 'Expected a 32-byte hex value'));
/** Base-10 integer as a string (wei amounts, gas values, token ids). */
export const DecimalStringSchema = v.pipe(v.string(), v.regex(DECIMAL_RE, 'Expected a decimal integer string'));
/**
 * A fiat amount or rate as a string: a finite decimal number ("1234.56", "0", "1.5e-7"). A value that is not a
 * number is refused rather than shown as 0.
 */
export const FiatStringSchema = v.pipe(
  v.string(),
  v.check((value) => /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value) && Number.isFinite(Number(value)), 'Expected a finite decimal number'),
);

export const OperationSchema = v.picklist([0, 1]);

export const AddressInfoSchema = v.object({
  value: AddressSchema,
  name: v.nullable(v.string()),
  logoUri: v.nullable(v.string()),
});

export const pageSchema = <T extends v.GenericSchema>(item: T) =>
  v.object({
    count: v.nullable(v.number()),
    next: v.nullable(v.string()),
    previous: v.nullable(v.string()),
    results: v.array(item),
  });

// ───────────────────────────── enums ─────────────────────────────

export const TransactionStatusSchema = v.picklist([
  'AWAITING_CONFIRMATIONS',
  'AWAITING_EXECUTION',
  'CANCELLED',
  'FAILED',
  'SUCCESS',
]);
export const TransferDirectionSchema = v.picklist(['INCOMING', 'OUTGOING', 'UNKNOWN']);
export const TokenTypeSchema = v.picklist(['ERC20', 'ERC721', 'NATIVE_TOKEN']);
export const ConflictTypeSchema = v.picklist(['None', 'HasNext', 'End']);
export const ImplementationVersionStateSchema = v.picklist(['UP_TO_DATE', 'OUTDATED', 'UNKNOWN']);
export const MessageStatusSchema = v.picklist(['NEEDS_CONFIRMATION', 'CONFIRMED']);
export const DeviceTypeSchema = v.picklist(['ANDROID', 'IOS', 'WEB']);
export const RpcAuthenticationSchema = v.picklist(['API_KEY_PATH', 'NO_AUTHENTICATION', 'UNKNOWN']);

// ───────────────────────────── Safe info (B.7.1) ─────────────────────────────

export const SafeInfoSchema = v.object({
  address: AddressInfoSchema,
  chainId: v.string(),
  nonce: v.number(),
  threshold: v.number(),
  owners: v.array(AddressInfoSchema),
  implementation: AddressInfoSchema,
  implementationVersionState: ImplementationVersionStateSchema,
  collectiblesTag: v.nullable(v.string()),
  txQueuedTag: v.nullable(v.string()),
  txHistoryTag: v.nullable(v.string()),
  messagesTag: v.nullable(v.string()),
  modules: v.nullable(v.array(AddressInfoSchema)),
  fallbackHandler: v.nullable(AddressInfoSchema),
  guard: v.nullable(AddressInfoSchema),
  version: v.nullable(v.string()),
});

// ───────────────────────────── Chain info (B.7.2) ─────────────────────────────

export const RpcUriSchema = v.object({ authentication: RpcAuthenticationSchema, value: v.string() });

export const NativeCurrencySchema = v.object({
  name: v.string(),
  symbol: v.string(),
  decimals: v.number(),
  logoUri: v.string(),
});

export const BlockExplorerUriTemplateSchema = v.object({
  address: v.string(),
  txHash: v.string(),
  api: v.string(),
});

/** Wire values are lower-case; the ts-sdk's upper-case spelling is accepted too. */
export const GasPriceSchema = v.variant('type', [
  v.object({
    type: v.picklist(['oracle', 'ORACLE']),
    uri: v.string(),
    gasParameter: v.string(),
    gweiFactor: v.string(),
  }),
  v.object({ type: v.picklist(['fixed', 'FIXED']), weiValue: v.string() }),
  v.object({
    type: v.picklist(['fixed1559', 'FIXED1559']),
    maxFeePerGas: v.string(),
    maxPriorityFeePerGas: v.string(),
  }),
  v.object({ type: v.picklist(['unknown', 'UNKNOWN']) }),
]);

export const ContractAddressesSchema = v.object({
  safeSingletonAddress: v.nullable(v.string()),
  safeProxyFactoryAddress: v.nullable(v.string()),
  multiSendAddress: v.nullable(v.string()),
  multiSendCallOnlyAddress: v.nullable(v.string()),
  fallbackHandlerAddress: v.nullable(v.string()),
  signMessageLibAddress: v.nullable(v.string()),
  createCallAddress: v.nullable(v.string()),
  simulateTxAccessorAddress: v.nullable(v.string()),
  safeWebAuthnSignerFactoryAddress: v.nullable(v.string()),
});

export const ChainInfoSchema = v.object({
  chainId: v.string(),
  chainName: v.string(),
  description: v.string(),
  chainLogoUri: v.nullable(v.string()),
  l2: v.boolean(),
  isTestnet: v.boolean(),
  shortName: v.string(),
  nativeCurrency: NativeCurrencySchema,
  transactionService: v.string(),
  blockExplorerUriTemplate: BlockExplorerUriTemplateSchema,
  beaconChainExplorerUriTemplate: v.object({ publicKey: v.nullable(v.string()) }),
  disabledWallets: v.array(v.string()),
  ensRegistryAddress: v.nullable(v.string()),
  balancesProvider: v.object({ chainName: v.nullable(v.string()), enabled: v.boolean() }),
  /** Dropped by the 2026 gateway (B.12), hence optional. */
  contractAddresses: v.optional(ContractAddressesSchema),
  features: v.array(v.string()),
  gasPrice: v.array(GasPriceSchema),
  publicRpcUri: RpcUriSchema,
  rpcUri: RpcUriSchema,
  safeAppsRpcUri: RpcUriSchema,
  theme: v.object({ textColor: v.string(), backgroundColor: v.string() }),
  recommendedMasterCopyVersion: v.nullable(v.string()),
});

export const MasterCopySchema = v.object({ address: AddressSchema, version: v.string() });
export const MasterCopiesSchema = v.array(MasterCopySchema);

// ───────────────────────────── balances, collectibles (B.7.3, B.7.4) ─────────────────────────────

export const BalanceTokenInfoSchema = v.object({
  type: TokenTypeSchema,
  address: AddressSchema,
  decimals: v.number(),
  symbol: v.string(),
  name: v.string(),
  logoUri: v.string(),
});

export const BalanceSchema = v.object({
  tokenInfo: BalanceTokenInfoSchema,
  balance: DecimalStringSchema,
  fiatBalance: FiatStringSchema,
  fiatConversion: FiatStringSchema,
});

export const SafeBalancesSchema = v.object({ fiatTotal: FiatStringSchema, items: v.array(BalanceSchema) });
export const FiatCurrenciesSchema = v.array(v.string());

export const CollectibleSchema = v.object({
  address: AddressSchema,
  tokenName: v.string(),
  tokenSymbol: v.string(),
  logoUri: v.string(),
  id: v.string(),
  uri: v.nullable(v.string()),
  name: v.nullable(v.string()),
  description: v.nullable(v.string()),
  imageUri: v.nullable(v.string()),
  metadata: v.nullable(v.record(v.string(), v.unknown())),
});
export const CollectiblesSchema = v.array(CollectibleSchema);
export const CollectiblesPageSchema = pageSchema(CollectibleSchema);

// ───────────────────────────── data decoded (B.7.8) ─────────────────────────────

export const DecodingAccuracySchema = v.picklist(['FULL_MATCH', 'PARTIAL_MATCH', 'ONLY_FUNCTION_MATCH', 'NO_MATCH', 'UNKNOWN']);

/** A decoded parameter value: a string, or (for arrays/tuples) nested arrays of strings. */
export type ParamValue = string | ParamValue[];
export const ParamValueSchema: v.GenericSchema<ParamValue> = v.union([v.string(), v.array(v.lazy(() => ParamValueSchema))]);

export interface ValueDecodedTx {
  operation: 0 | 1;
  to: string;
  value: string;
  data: string | null;
  dataDecoded?: DataDecoded | null | undefined;
}

/** A tuple component as the ABI JSON spells it. */
export interface AbiComponent {
  name?: string | undefined;
  type: string;
  components?: AbiComponent[] | undefined;
}

export interface DataDecodedParameter {
  name: string;
  /** A Solidity type as the decoder spells it; tuples come as `tuple`, `tuple[]`, … (or canonically, `(address,uint256)`). */
  type: string;
  value: ParamValue;
  valueDecoded?: ValueDecodedTx[] | DataDecoded | null | undefined;
  /**
   * The components of a `tuple` type. Not in the CGW OpenAPI (its tuples carry none), read when a decoder sends
   * them; everything is verified against the call bytes either way (src/domain/safe/crossCheck.ts).
   */
  components?: AbiComponent[] | undefined;
}

export interface DataDecoded {
  method: string;
  parameters: DataDecodedParameter[] | null;
  accuracy?: 'FULL_MATCH' | 'PARTIAL_MATCH' | 'ONLY_FUNCTION_MATCH' | 'NO_MATCH' | 'UNKNOWN' | undefined;
}

export const ValueDecodedTxSchema: v.GenericSchema<ValueDecodedTx> = v.object({
  operation: OperationSchema,
  to: AddressSchema,
  value: v.string(),
  data: v.nullable(HexSchema),
  dataDecoded: v.optional(v.nullable(v.lazy(() => DataDecodedSchema))),
});

export const AbiComponentSchema: v.GenericSchema<AbiComponent> = v.object({
  name: v.optional(v.string()),
  type: v.string(),
  components: v.optional(v.array(v.lazy(() => AbiComponentSchema))),
});

export const DataDecodedParameterSchema: v.GenericSchema<DataDecodedParameter> = v.object({
  name: v.string(),
  type: v.string(),
  value: ParamValueSchema,
  valueDecoded: v.optional(
    v.nullable(v.union([v.array(v.lazy(() => ValueDecodedTxSchema)), v.lazy(() => DataDecodedSchema)])),
  ),
  components: v.optional(v.array(AbiComponentSchema)),
});

export const DataDecodedSchema: v.GenericSchema<DataDecoded> = v.object({
  method: v.string(),
  parameters: v.nullable(v.array(DataDecodedParameterSchema)),
  accuracy: v.optional(DecodingAccuracySchema),
});

// ───────────────────────────── TxInfo (B.7.8) ─────────────────────────────

const humanDescription = v.optional(v.nullable(v.string()));

export const TransferInfoSchema = v.variant('type', [
  v.object({ type: v.literal('NATIVE_COIN'), value: v.nullable(v.string()) }),
  v.object({
    type: v.literal('ERC20'),
    tokenAddress: AddressSchema,
    value: v.string(),
    tokenName: v.nullable(v.string()),
    tokenSymbol: v.nullable(v.string()),
    logoUri: v.nullable(v.string()),
    decimals: v.nullable(v.number()),
    trusted: v.nullable(v.boolean()),
    imitation: v.optional(v.boolean()),
  }),
  v.object({
    type: v.literal('ERC721'),
    tokenAddress: AddressSchema,
    tokenId: v.string(),
    tokenName: v.nullable(v.string()),
    tokenSymbol: v.nullable(v.string()),
    logoUri: v.nullable(v.string()),
    trusted: v.nullable(v.boolean()),
  }),
]);

export const SettingsInfoSchema = v.variant('type', [
  v.object({ type: v.literal('ADD_OWNER'), owner: AddressInfoSchema, threshold: v.number() }),
  v.object({ type: v.literal('REMOVE_OWNER'), owner: AddressInfoSchema, threshold: v.number() }),
  v.object({ type: v.literal('SWAP_OWNER'), oldOwner: AddressInfoSchema, newOwner: AddressInfoSchema }),
  v.object({ type: v.literal('CHANGE_THRESHOLD'), threshold: v.number() }),
  /** Wire value; the ts-sdk spells it CHANGE_IMPLEMENTATION — both accepted. */
  v.object({ type: v.literal('CHANGE_MASTER_COPY'), implementation: AddressInfoSchema }),
  v.object({ type: v.literal('CHANGE_IMPLEMENTATION'), implementation: AddressInfoSchema }),
  v.object({ type: v.literal('ENABLE_MODULE'), module: AddressInfoSchema }),
  v.object({ type: v.literal('DISABLE_MODULE'), module: AddressInfoSchema }),
  v.object({ type: v.literal('SET_FALLBACK_HANDLER'), handler: AddressInfoSchema }),
  v.object({ type: v.literal('SET_GUARD'), guard: AddressInfoSchema }),
  v.object({ type: v.literal('DELETE_GUARD') }),
]);

export const SwapTokenSchema = v.object({
  address: AddressSchema,
  decimals: v.number(),
  logoUri: v.nullable(v.string()),
  name: v.string(),
  symbol: v.string(),
  trusted: v.boolean(),
});

export const TransferTxInfoSchema = v.object({
  type: v.literal('Transfer'),
  humanDescription,
  sender: AddressInfoSchema,
  recipient: AddressInfoSchema,
  direction: TransferDirectionSchema,
  transferInfo: TransferInfoSchema,
});

export const SettingsChangeTxInfoSchema = v.object({
  type: v.literal('SettingsChange'),
  humanDescription,
  dataDecoded: DataDecodedSchema,
  settingsInfo: v.nullable(SettingsInfoSchema),
});

export const CustomTxInfoSchema = v.object({
  type: v.literal('Custom'),
  humanDescription,
  to: AddressInfoSchema,
  dataSize: v.string(),
  value: v.nullable(v.string()),
  methodName: v.nullable(v.string()),
  actionCount: v.nullable(v.number()),
  isCancellation: v.boolean(),
});

export const CreationTxInfoSchema = v.object({
  type: v.literal('Creation'),
  humanDescription,
  creator: AddressInfoSchema,
  transactionHash: v.string(),
  implementation: v.nullable(AddressInfoSchema),
  factory: v.nullable(AddressInfoSchema),
  saltNonce: v.optional(v.nullable(v.string())),
});

export const SwapOrderTxInfoSchema = v.object({
  type: v.literal('SwapOrder'),
  humanDescription,
  uid: v.string(),
  status: v.picklist(['presignaturePending', 'open', 'fulfilled', 'cancelled', 'expired', 'unknown']),
  kind: v.picklist(['sell', 'buy', 'unknown']),
  orderClass: v.picklist(['market', 'limit', 'liquidity', 'unknown']),
  validUntil: v.number(),
  sellAmount: v.string(),
  buyAmount: v.string(),
  executedSellAmount: v.string(),
  executedBuyAmount: v.string(),
  sellToken: SwapTokenSchema,
  buyToken: SwapTokenSchema,
  explorerUrl: v.string(),
  executedFee: v.nullable(v.string()),
  executedFeeToken: v.optional(v.nullable(SwapTokenSchema)),
  receiver: v.nullable(v.string()),
  owner: v.string(),
  fullAppData: v.nullable(v.record(v.string(), v.unknown())),
});

/** Variants the app does not render in detail; their extra keys are kept. */
export const OtherTxInfoSchema = v.looseObject({
  type: v.picklist(['SwapTransfer', 'TwapOrder', 'NativeStakingDeposit', 'NativeStakingValidatorsExit', 'NativeStakingWithdraw']),
  humanDescription,
});

export const TxInfoSchema = v.variant('type', [
  TransferTxInfoSchema,
  SettingsChangeTxInfoSchema,
  CustomTxInfoSchema,
  CreationTxInfoSchema,
  SwapOrderTxInfoSchema,
  OtherTxInfoSchema,
]);

// ───────────────────────────── transaction lists (B.7.5) ─────────────────────────────

export const SafeAppInfoSchema = v.object({ name: v.string(), url: v.string(), logoUri: v.nullable(v.string()) });

export const ExecutionInfoSchema = v.variant('type', [
  v.object({
    type: v.literal('MULTISIG'),
    nonce: v.number(),
    confirmationsRequired: v.number(),
    confirmationsSubmitted: v.number(),
    missingSigners: v.optional(v.nullable(v.array(AddressInfoSchema))),
  }),
  v.object({ type: v.literal('MODULE'), address: AddressInfoSchema }),
]);

export const TransactionSummarySchema = v.object({
  id: v.string(),
  timestamp: v.number(),
  txStatus: TransactionStatusSchema,
  txInfo: TxInfoSchema,
  executionInfo: v.nullable(ExecutionInfoSchema),
  safeAppInfo: v.nullable(SafeAppInfoSchema),
  txHash: v.optional(v.nullable(v.string())),
});

export const TransactionListItemSchema = v.object({
  type: v.literal('TRANSACTION'),
  transaction: TransactionSummarySchema,
  conflictType: ConflictTypeSchema,
});
export const DateLabelSchema = v.object({ type: v.literal('DATE_LABEL'), timestamp: v.number() });
export const LabelSchema = v.object({ type: v.literal('LABEL'), label: v.picklist(['Next', 'Queued']) });
export const ConflictHeaderSchema = v.object({ type: v.literal('CONFLICT_HEADER'), nonce: v.number() });

export const TransactionItemSchema = v.variant('type', [TransactionListItemSchema, DateLabelSchema, LabelSchema, ConflictHeaderSchema]);
export const TransactionItemPageSchema = pageSchema(TransactionItemSchema);

// ───────────────────────────── transaction details (B.7.7) ─────────────────────────────

export const TokenInfoSchema = v.object({
  type: TokenTypeSchema,
  address: AddressSchema,
  decimals: v.optional(v.nullable(v.number())),
  symbol: v.string(),
  name: v.string(),
  logoUri: v.nullable(v.string()),
});

export const TransactionDataSchema = v.object({
  hexData: v.nullable(HexSchema),
  dataDecoded: v.nullable(DataDecodedSchema),
  to: AddressInfoSchema,
  value: v.nullable(v.string()),
  operation: OperationSchema,
  trustedDelegateCallTarget: v.optional(v.nullable(v.boolean())),
  addressInfoIndex: v.optional(v.nullable(v.record(v.string(), AddressInfoSchema))),
});

export const MultisigConfirmationSchema = v.object({
  signer: AddressInfoSchema,
  signature: v.nullable(HexSchema),
  submittedAt: v.number(),
});

export const MultisigExecutionDetailsSchema = v.object({
  type: v.literal('MULTISIG'),
  submittedAt: v.number(),
  nonce: v.number(),
  safeTxGas: DecimalStringSchema,
  baseGas: DecimalStringSchema,
  gasPrice: DecimalStringSchema,
  gasToken: AddressSchema,
  refundReceiver: AddressInfoSchema,
  safeTxHash: Bytes32Schema,
  executor: v.nullable(AddressInfoSchema),
  signers: v.array(AddressInfoSchema),
  confirmationsRequired: v.number(),
  confirmations: v.array(MultisigConfirmationSchema),
  rejectors: v.array(AddressInfoSchema),
  gasTokenInfo: v.nullable(TokenInfoSchema),
  trusted: v.boolean(),
  proposer: v.optional(v.nullable(AddressInfoSchema)),
  proposedByDelegate: v.optional(v.nullable(AddressInfoSchema)),
});

export const ModuleExecutionDetailsSchema = v.object({ type: v.literal('MODULE'), address: AddressInfoSchema });

export const DetailedExecutionInfoSchema = v.variant('type', [MultisigExecutionDetailsSchema, ModuleExecutionDetailsSchema]);

export const TransactionDetailsSchema = v.object({
  safeAddress: AddressSchema,
  txId: v.string(),
  executedAt: v.nullable(v.number()),
  txStatus: TransactionStatusSchema,
  txInfo: TxInfoSchema,
  txData: v.nullable(TransactionDataSchema),
  txHash: v.nullable(v.string()),
  detailedExecutionInfo: v.nullable(DetailedExecutionInfoSchema),
  safeAppInfo: v.nullable(SafeAppInfoSchema),
  note: v.optional(v.nullable(v.string())),
});

// ───────────────────────────── mutations: bodies (B.7.9 – B.7.17) ─────────────────────────────

export const ProposeTransactionBodySchema = v.object({
  to: AddressSchema,
  value: DecimalStringSchema,
  data: v.nullable(HexSchema),
  nonce: DecimalStringSchema,
  operation: OperationSchema,
  safeTxGas: DecimalStringSchema,
  baseGas: DecimalStringSchema,
  gasPrice: DecimalStringSchema,
  gasToken: AddressSchema,
  refundReceiver: v.nullable(AddressSchema),
  safeTxHash: Bytes32Schema,
  sender: AddressSchema,
  signature: v.nullable(HexSchema),
  origin: v.nullable(v.string()),
});

export const DeleteTransactionBodySchema = v.object({ signature: HexSchema });
export const ConfirmTransactionBodySchema = v.object({ signature: HexSchema });

export const EstimationRequestSchema = v.object({
  to: AddressSchema,
  value: DecimalStringSchema,
  data: v.nullable(HexSchema),
  operation: OperationSchema,
});
export const EstimationResponseSchema = v.object({
  currentNonce: v.number(),
  recommendedNonce: v.number(),
  safeTxGas: v.string(),
});
export const SafeNoncesSchema = v.object({ currentNonce: v.number(), recommendedNonce: v.number() });

export const DecoderRequestSchema = v.object({ data: HexSchema, to: v.optional(AddressSchema) });

/** Confirmation view: GENERIC plus specialised views (swap orders, staking...), whose extra keys are kept. */
export const ConfirmationViewSchema = v.looseObject({
  type: v.string(),
  method: v.optional(v.string()),
  parameters: v.optional(v.nullable(v.array(DataDecodedParameterSchema))),
});

// Relay
export const RelayRequestSchema = v.object({
  to: AddressSchema,
  data: HexSchema,
  version: v.string(),
  gasLimit: v.optional(DecimalStringSchema),
});
export const RelayResponseSchema = v.object({ taskId: v.string() });
export const RelayCountSchema = v.object({ remaining: v.number(), limit: v.number() });

// Messages (B.7.11)
export const TypedDataDomainSchema = v.object({
  name: v.optional(v.string()),
  version: v.optional(v.string()),
  chainId: v.optional(v.union([v.number(), v.string()])),
  verifyingContract: v.optional(v.string()),
  salt: v.optional(v.string()),
});
export const TypedDataSchema = v.object({
  domain: TypedDataDomainSchema,
  types: v.record(v.string(), v.array(v.object({ name: v.string(), type: v.string() }))),
  primaryType: v.string(),
  message: v.record(v.string(), v.unknown()),
});

export const MessageConfirmationSchema = v.object({ owner: AddressInfoSchema, signature: HexSchema });

const messageEntries = {
  messageHash: Bytes32Schema,
  status: MessageStatusSchema,
  logoUri: v.nullable(v.string()),
  name: v.nullable(v.string()),
  message: v.union([v.string(), TypedDataSchema]),
  creationTimestamp: v.number(),
  modifiedTimestamp: v.number(),
  confirmationsSubmitted: v.number(),
  confirmationsRequired: v.number(),
  proposedBy: AddressInfoSchema,
  confirmations: v.array(MessageConfirmationSchema),
  preparedSignature: v.nullable(HexSchema),
  origin: v.optional(v.nullable(v.string())),
};
export const MessageSchema = v.object(messageEntries);
export const MessageItemSchema = v.object({ type: v.literal('MESSAGE'), ...messageEntries });
export const MessageListItemSchema = v.variant('type', [MessageItemSchema, DateLabelSchema]);
export const MessagePageSchema = pageSchema(MessageListItemSchema);

export const ProposeMessageBodySchema = v.object({
  message: v.union([v.string(), TypedDataSchema]),
  safeAppId: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  signature: HexSchema,
  origin: v.nullable(v.string()),
});
export const MessageSignatureBodySchema = v.object({ signature: HexSchema });

// Safe apps (B.7.14)
export const SafeAppSchema = v.object({
  id: v.number(),
  url: v.string(),
  name: v.string(),
  iconUrl: v.nullable(v.string()),
  description: v.string(),
  chainIds: v.array(v.string()),
  provider: v.nullable(v.object({ url: v.string(), name: v.string() })),
  accessControl: v.object({
    type: v.picklist(['NO_RESTRICTIONS', 'DOMAIN_ALLOWLIST', 'UNKNOWN']),
    value: v.optional(v.nullable(v.array(v.string()))),
  }),
  tags: v.array(v.string()),
  features: v.array(v.string()),
  developerWebsite: v.nullable(v.string()),
  socialProfiles: v.array(v.object({ platform: v.picklist(['TWITTER', 'GITHUB', 'DISCORD', 'TELEGRAM', 'UNKNOWN']), url: v.string() })),
  featured: v.optional(v.boolean()),
});
export const SafeAppsSchema = v.array(SafeAppSchema);

// Delegates (B.7.15)
export const DelegateSchema = v.object({
  safe: v.nullable(AddressSchema),
  delegate: AddressSchema,
  delegator: AddressSchema,
  label: v.string(),
});
export const DelegatesPageSchema = pageSchema(DelegateSchema);

// Owners, overviews, contracts (B.7.16)
export const OwnedSafesSchema = v.object({ safes: v.array(AddressSchema) });
/** v1 values are always arrays; v2 may hold null for chains that failed. */
export const AllOwnedSafesSchema = v.record(v.string(), v.nullable(v.array(AddressSchema)));

export const SafeOverviewSchema = v.object({
  address: AddressInfoSchema,
  chainId: v.string(),
  threshold: v.number(),
  owners: v.array(AddressInfoSchema),
  fiatTotal: v.string(),
  queued: v.number(),
  awaitingConfirmation: v.nullable(v.number()),
});
export const SafeOverviewsSchema = v.array(SafeOverviewSchema);

export const ContractInfoSchema = v.object({
  address: AddressSchema,
  name: v.string(),
  displayName: v.string(),
  logoUri: v.nullable(v.string()),
  contractAbi: v.nullable(v.record(v.string(), v.unknown())),
  trustedForDelegateCall: v.boolean(),
});

// Notifications, e-mail, recovery (B.7.17)
export const SafeRegistrationSchema = v.object({
  chainId: v.string(),
  safes: v.array(AddressSchema),
  signatures: v.array(HexSchema),
});
export const RegisterNotificationsBodySchema = v.object({
  uuid: v.optional(v.string()),
  cloudMessagingToken: v.string(),
  buildNumber: v.string(),
  bundle: v.string(),
  deviceType: DeviceTypeSchema,
  version: v.string(),
  timestamp: v.optional(v.string()),
  safeRegistrations: v.array(SafeRegistrationSchema),
});

export const RegisterEmailBodySchema = v.object({ emailAddress: v.string(), signer: AddressSchema });
export const ChangeEmailBodySchema = v.object({ emailAddress: v.string() });
export const VerifyEmailBodySchema = v.object({ code: v.string() });
export const EmailInfoSchema = v.object({ email: v.string(), verified: v.boolean() });
export const RegisterRecoveryModuleBodySchema = v.object({ moduleAddress: AddressSchema, signer: v.optional(AddressSchema) });

/** Any JSON object (empty-bodied successes are read as `{}`). */
export const EmptyObjectSchema = v.record(v.string(), v.unknown());
