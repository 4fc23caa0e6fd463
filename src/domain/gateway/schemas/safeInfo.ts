/** The gateway's wire model: Safe info (B.7.1). Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';
import { AddressInfoSchema } from './primitives.ts';
import { ImplementationVersionStateSchema } from './enums.ts';

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
