/** The gateway's wire model: transaction details (B.7.7). Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';
import { AddressInfoSchema, AddressSchema, Bytes32Schema, DecimalStringSchema, HexSchema, OperationSchema } from './primitives.ts';
import { TokenTypeSchema, TransactionStatusSchema } from './enums.ts';
import { DataDecodedSchema } from './dataDecoded.ts';
import { TxInfoSchema } from './txInfo.ts';
import { SafeAppInfoSchema } from './transactionLists.ts';

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
