/** The gateway's wire model: Safe apps (B.7.14). Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';

export const SafeAppSchema = v.object({
  id: v.number(),
  url: v.string(),
  name: v.string(),
  iconUrl: v.nullable(v.string()),
  description: v.string(),
  chainIds: v.array(v.string()),
  provider: v.nullable(v.object({ url: v.string(), name: v.string() })),
  accessControl: v.object({
    type: v.picklist(['NO_RESTRICTIONS', 'DOMAIN_ALLOWLIST', 'UNKNOWN']),
    value: v.optional(v.nullable(v.array(v.string()))),
  }),
  tags: v.array(v.string()),
  features: v.array(v.string()),
  developerWebsite: v.nullable(v.string()),
  socialProfiles: v.array(v.object({ platform: v.picklist(['TWITTER', 'GITHUB', 'DISCORD', 'TELEGRAM', 'UNKNOWN']), url: v.string() })),
  featured: v.optional(v.boolean()),
});
export const SafeAppsSchema = v.array(SafeAppSchema);
