/** The gateway's wire model: Relay. Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';
import { AddressSchema, DecimalStringSchema, HexSchema } from './primitives.ts';

export const RelayRequestSchema = v.object({
  to: AddressSchema,
  data: HexSchema,
  version: v.string(),
  gasLimit: v.optional(DecimalStringSchema),
});
export const RelayResponseSchema = v.object({ taskId: v.string() });
export const RelayCountSchema = v.object({ remaining: v.number(), limit: v.number() });
