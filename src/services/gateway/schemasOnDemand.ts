/**
 * The gateway schemas a Safe's home never reads, in one chunk the client loads with the first answer that needs
 * one of them (decision 0045).
 */
export { RelayResponseSchema, RelayCountSchema } from '../../domain/gateway/schemas/relay.ts';
export { OwnedSafesSchema, AllOwnedSafesSchema, ContractInfoSchema, SafeOverviewsSchema } from '../../domain/gateway/schemas/accounts.ts';
export { TransactionDetailsSchema } from '../../domain/gateway/schemas/transactionDetails.ts';
export { EstimationResponseSchema, SafeNoncesSchema, ConfirmationViewSchema } from '../../domain/gateway/schemas/transactionWrites.ts';
export { SafeAppsSchema } from '../../domain/gateway/schemas/safeApps.ts';
export { MessagePageSchema, MessageSchema } from '../../domain/gateway/schemas/messages.ts';
export { DelegatesPageSchema } from '../../domain/gateway/schemas/delegates.ts';
export { EmailInfoSchema } from '../../domain/gateway/schemas/accountServices.ts';
