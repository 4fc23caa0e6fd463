/** The gateway's wire model: Notifications, e-mail, recovery (B.7.17). Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';
import { AddressSchema, HexSchema } from './primitives.ts';
import { DeviceTypeSchema } from './enums.ts';

export const SafeRegistrationSchema = v.object({
  chainId: v.string(),
  safes: v.array(AddressSchema),
  signatures: v.array(HexSchema),
});
export const RegisterNotificationsBodySchema = v.object({
  uuid: v.optional(v.string()),
  cloudMessagingToken: v.string(),
  buildNumber: v.string(),
  bundle: v.string(),
  deviceType: DeviceTypeSchema,
  version: v.string(),
  timestamp: v.optional(v.string()),
  safeRegistrations: v.array(SafeRegistrationSchema),
});

export const RegisterEmailBodySchema = v.object({ emailAddress: v.string(), signer: AddressSchema });
export const ChangeEmailBodySchema = v.object({ emailAddress: v.string() });
export const VerifyEmailBodySchema = v.object({ code: v.string() });
export const EmailInfoSchema = v.object({ email: v.string(), verified: v.boolean() });
export const RegisterRecoveryModuleBodySchema = v.object({ moduleAddress: AddressSchema, signer: v.optional(AddressSchema) });
