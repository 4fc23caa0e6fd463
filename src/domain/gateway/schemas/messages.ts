/** The gateway's wire model: Messages (B.7.11). Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';
import { AddressInfoSchema, Bytes32Schema, HexSchema, pageSchema } from './primitives.ts';
import { MessageStatusSchema } from './enums.ts';
import { DateLabelSchema } from './transactionLists.ts';

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
