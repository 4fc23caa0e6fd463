/** The gateway's wire model: Delegates (B.7.15). Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';
import { AddressSchema, pageSchema } from './primitives.ts';

export const DelegateSchema = v.object({
  safe: v.nullable(AddressSchema),
  delegate: AddressSchema,
  delegator: AddressSchema,
  label: v.string(),
});
export const DelegatesPageSchema = pageSchema(DelegateSchema);
