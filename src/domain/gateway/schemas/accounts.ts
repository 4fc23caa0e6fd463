/** The gateway's wire model: Owners, overviews, contracts (B.7.16). Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';
import { AddressInfoSchema, AddressSchema } from './primitives.ts';

export const OwnedSafesSchema = v.object({ safes: v.array(AddressSchema) });
/** v1 values are always arrays; v2 may hold null for chains that failed. */
export const AllOwnedSafesSchema = v.record(v.string(), v.nullable(v.array(AddressSchema)));

export const SafeOverviewSchema = v.object({
  address: AddressInfoSchema,
  chainId: v.string(),
  threshold: v.number(),
  owners: v.array(AddressInfoSchema),
  fiatTotal: v.string(),
  queued: v.number(),
  awaitingConfirmation: v.nullable(v.number()),
});
export const SafeOverviewsSchema = v.array(SafeOverviewSchema);

export const ContractInfoSchema = v.object({
  address: AddressSchema,
  name: v.string(),
  displayName: v.string(),
  logoUri: v.nullable(v.string()),
  contractAbi: v.nullable(v.record(v.string(), v.unknown())),
  trustedForDelegateCall: v.boolean(),
});
