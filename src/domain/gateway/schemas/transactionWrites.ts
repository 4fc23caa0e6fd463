/** The gateway's wire model: transaction writes, estimations, nonces, decoder (B.7.9, B.7.10). Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';
import { AddressSchema, Bytes32Schema, DecimalStringSchema, HexSchema, OperationSchema } from './primitives.ts';
import { DataDecodedParameterSchema } from './dataDecoded.ts';

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
