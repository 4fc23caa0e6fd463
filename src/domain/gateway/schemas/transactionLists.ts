/** The gateway's wire model: transaction lists (B.7.5). Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';
import { AddressInfoSchema, pageSchema } from './primitives.ts';
import { ConflictTypeSchema, TransactionStatusSchema } from './enums.ts';
import { TxInfoSchema } from './txInfo.ts';

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
