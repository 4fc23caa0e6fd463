/** TypeScript types of the gateway JSON, inferred from the valibot schemas (one source of truth). */
import type * as v from 'valibot';
import type * as s from './schemas.ts';

export type { AbiComponent, DataDecoded, DataDecodedParameter, ValueDecodedTx, ParamValue } from './schemas.ts';

export type Address = `0x${string}`;
export type Operation = v.InferOutput<typeof s.OperationSchema>;
export type AddressInfo = v.InferOutput<typeof s.AddressInfoSchema>;
export interface Page<T> {
  count: number | null;
  next: string | null;
  previous: string | null;
  results: T[];
}

export type TransactionStatus = v.InferOutput<typeof s.TransactionStatusSchema>;
export type TransferDirection = v.InferOutput<typeof s.TransferDirectionSchema>;
export type TokenType = v.InferOutput<typeof s.TokenTypeSchema>;
export type ConflictType = v.InferOutput<typeof s.ConflictTypeSchema>;
export type ImplementationVersionState = v.InferOutput<typeof s.ImplementationVersionStateSchema>;
export type MessageStatus = v.InferOutput<typeof s.MessageStatusSchema>;
export type DeviceType = v.InferOutput<typeof s.DeviceTypeSchema>;

export type SafeInfo = v.InferOutput<typeof s.SafeInfoSchema>;
export type RpcUri = v.InferOutput<typeof s.RpcUriSchema>;
export type GasPrice = v.InferOutput<typeof s.GasPriceSchema>;
export type ChainInfo = v.InferOutput<typeof s.ChainInfoSchema>;
export type MasterCopy = v.InferOutput<typeof s.MasterCopySchema>;

export type BalanceTokenInfo = v.InferOutput<typeof s.BalanceTokenInfoSchema>;
export type Balance = v.InferOutput<typeof s.BalanceSchema>;
export type SafeBalances = v.InferOutput<typeof s.SafeBalancesSchema>;
export type Collectible = v.InferOutput<typeof s.CollectibleSchema>;

export type TransferInfo = v.InferOutput<typeof s.TransferInfoSchema>;
export type SettingsInfo = v.InferOutput<typeof s.SettingsInfoSchema>;
export type TransferTxInfo = v.InferOutput<typeof s.TransferTxInfoSchema>;
export type SettingsChangeTxInfo = v.InferOutput<typeof s.SettingsChangeTxInfoSchema>;
export type CustomTxInfo = v.InferOutput<typeof s.CustomTxInfoSchema>;
export type CreationTxInfo = v.InferOutput<typeof s.CreationTxInfoSchema>;
export type SwapOrderTxInfo = v.InferOutput<typeof s.SwapOrderTxInfoSchema>;
export type OtherTxInfo = v.InferOutput<typeof s.OtherTxInfoSchema>;
export type TxInfo = v.InferOutput<typeof s.TxInfoSchema>;

export type SafeAppInfo = v.InferOutput<typeof s.SafeAppInfoSchema>;
export type ExecutionInfo = v.InferOutput<typeof s.ExecutionInfoSchema>;
export type TransactionSummary = v.InferOutput<typeof s.TransactionSummarySchema>;
export type TransactionListItem = v.InferOutput<typeof s.TransactionListItemSchema>;
export type DateLabel = v.InferOutput<typeof s.DateLabelSchema>;
export type Label = v.InferOutput<typeof s.LabelSchema>;
export type ConflictHeader = v.InferOutput<typeof s.ConflictHeaderSchema>;
export type TransactionItem = v.InferOutput<typeof s.TransactionItemSchema>;
export type TransactionItemPage = Page<TransactionItem>;

export type TokenInfo = v.InferOutput<typeof s.TokenInfoSchema>;
export type TransactionData = v.InferOutput<typeof s.TransactionDataSchema>;
export type MultisigConfirmation = v.InferOutput<typeof s.MultisigConfirmationSchema>;
export type MultisigExecutionDetails = v.InferOutput<typeof s.MultisigExecutionDetailsSchema>;
export type ModuleExecutionDetails = v.InferOutput<typeof s.ModuleExecutionDetailsSchema>;
export type DetailedExecutionInfo = v.InferOutput<typeof s.DetailedExecutionInfoSchema>;
export type TransactionDetails = v.InferOutput<typeof s.TransactionDetailsSchema>;

export type ProposeTransactionBody = v.InferOutput<typeof s.ProposeTransactionBodySchema>;
export type DeleteTransactionBody = v.InferOutput<typeof s.DeleteTransactionBodySchema>;
export type ConfirmTransactionBody = v.InferOutput<typeof s.ConfirmTransactionBodySchema>;
export type EstimationRequest = v.InferOutput<typeof s.EstimationRequestSchema>;
export type EstimationResponse = v.InferOutput<typeof s.EstimationResponseSchema>;
export type SafeNonces = v.InferOutput<typeof s.SafeNoncesSchema>;
export type DecoderRequest = v.InferOutput<typeof s.DecoderRequestSchema>;
export type ConfirmationView = v.InferOutput<typeof s.ConfirmationViewSchema>;

export type RelayRequest = v.InferOutput<typeof s.RelayRequestSchema>;
export type RelayResponse = v.InferOutput<typeof s.RelayResponseSchema>;
export type RelayCount = v.InferOutput<typeof s.RelayCountSchema>;

export type TypedDataDomain = v.InferOutput<typeof s.TypedDataDomainSchema>;
export type GatewayTypedData = v.InferOutput<typeof s.TypedDataSchema>;
export type MessageConfirmation = v.InferOutput<typeof s.MessageConfirmationSchema>;
export type Message = v.InferOutput<typeof s.MessageSchema>;
export type MessageItem = v.InferOutput<typeof s.MessageItemSchema>;
export type MessageListItem = v.InferOutput<typeof s.MessageListItemSchema>;
export type MessagePage = Page<MessageListItem>;
export type ProposeMessageBody = v.InferOutput<typeof s.ProposeMessageBodySchema>;
export type MessageSignatureBody = v.InferOutput<typeof s.MessageSignatureBodySchema>;

export type SafeApp = v.InferOutput<typeof s.SafeAppSchema>;
export type Delegate = v.InferOutput<typeof s.DelegateSchema>;
export type AddDelegateBody = v.InferOutput<typeof s.AddDelegateBodySchema>;
export type DeleteDelegateBody = v.InferOutput<typeof s.DeleteDelegateBodySchema>;
export type OwnedSafes = v.InferOutput<typeof s.OwnedSafesSchema>;
export type AllOwnedSafes = v.InferOutput<typeof s.AllOwnedSafesSchema>;
export type SafeOverview = v.InferOutput<typeof s.SafeOverviewSchema>;
export type ContractInfo = v.InferOutput<typeof s.ContractInfoSchema>;

export type SafeRegistration = v.InferOutput<typeof s.SafeRegistrationSchema>;
export type RegisterNotificationsBody = v.InferOutput<typeof s.RegisterNotificationsBodySchema>;
export type RegisterEmailBody = v.InferOutput<typeof s.RegisterEmailBodySchema>;
export type ChangeEmailBody = v.InferOutput<typeof s.ChangeEmailBodySchema>;
export type VerifyEmailBody = v.InferOutput<typeof s.VerifyEmailBodySchema>;
export type EmailInfo = v.InferOutput<typeof s.EmailInfoSchema>;
export type RegisterRecoveryModuleBody = v.InferOutput<typeof s.RegisterRecoveryModuleBodySchema>;

/** The four Safe info tags that mark cached gateway reads stale. */
export type SafeInfoTag = 'txQueuedTag' | 'txHistoryTag' | 'collectiblesTag' | 'messagesTag';

/** Query values; `null`/`undefined` keys are omitted from the query string. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;
