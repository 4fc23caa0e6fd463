/** The gateway's wire model: Delegates (B.7.15). Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';
import { AddressSchema, HexSchema, pageSchema } from './primitives.ts';

export const DelegateSchema = v.object({
  safe: v.nullable(AddressSchema),
  delegate: AddressSchema,
  delegator: AddressSchema,
  label: v.string(),
});
export const DelegatesPageSchema = pageSchema(DelegateSchema);
/** POST /v2/chains/{chainId}/delegates: add a delegate, or rename it (the same safe, delegate and delegator again). */
export const AddDelegateBodySchema = v.object({
  safe: v.nullable(AddressSchema),
  delegate: AddressSchema,
  delegator: AddressSchema,
  signature: HexSchema,
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(50)),
});
/** DELETE /v2/chains/{chainId}/delegates/{delegate}: one of delegator and safe is required. */
export const DeleteDelegateBodySchema = v.object({
  delegator: v.nullable(AddressSchema),
  safe: v.nullable(AddressSchema),
  signature: HexSchema,
});
