/** Shapes of the locally stored data and of the JSON export file, with their validation. */
import * as v from 'valibot';
import { getAddress, isAddress, type Address } from 'viem';

/** An address in any case that is valid (mixed case must carry a correct EIP-55 checksum); stored checksummed. */
export const StoredAddressSchema = v.pipe(
  v.string(),
  v.check((value) => isAddress(value, { strict: true }) || (isAddress(value, { strict: false }) && (value === value.toLowerCase() || value.slice(2) === value.slice(2).toUpperCase())), 'invalid address'),
  v.transform((value) => getAddress(value) as Address),
);
export const ChainIdSchema = v.pipe(v.string(), v.regex(/^[1-9]\d{0,18}$/, 'invalid chain id'));
const HttpUrlSchema = v.pipe(v.string(), v.url('invalid URL'), v.regex(/^https?:\/\//, 'must be an http(s) URL'));
const NameSchema = v.pipe(v.string(), v.trim(), v.minLength(1, 'name is empty'), v.maxLength(50, 'name is longer than 50 characters'));

export const AddressBookEntrySchema = v.object({ chainId: ChainIdSchema, address: StoredAddressSchema, name: NameSchema });
export type AddressBookEntry = v.InferOutput<typeof AddressBookEntrySchema>;

export const ThemeSchema = v.picklist(['light', 'dark', 'system']);
export const SettingsSchema = v.object({
  currency: v.pipe(v.string(), v.regex(/^[a-zA-Z]{3,5}$/, 'invalid currency code'), v.toLowerCase()),
  theme: ThemeSchema,
  /** Token addresses hidden per chain. */
  hiddenTokens: v.record(ChainIdSchema, v.array(StoredAddressSchema)),
  /** Tokens the user added per chain, read when a Safe's balances come from the chain (decision 0056). */
  addedTokens: v.optional(v.record(ChainIdSchema, v.array(v.object({ address: StoredAddressSchema, symbol: v.pipe(v.string(), v.maxLength(16)) }))), {}),
  hideSmallBalances: v.boolean(),
  /** User RPC per chain. */
  customRpc: v.record(ChainIdSchema, HttpUrlSchema),
  /** Always propose messages as on-chain transactions instead of off-chain signatures. */
  onChainSigning: v.optional(v.boolean(), false),
  /** Load token logos from their (third-party) hosts. */
  tokenLogos: v.optional(v.boolean(), true),
  /**
   * Recipients each Safe paid in transactions this browser's flows executed, by `chainId:safeAddress` (lower-case):
   * known addresses for the look-alike check (S17, decision 0064). Only this browser writes them; no gateway answer does.
   */
  pastRecipients: v.optional(v.record(v.string(), v.array(StoredAddressSchema)), {}),
});
export type Settings = v.InferOutput<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  currency: 'usd',
  theme: 'system',
  hiddenTokens: {},
  addedTokens: {},
  hideSmallBalances: false,
  customRpc: {},
  onChainSigning: false,
  tokenLogos: true,
  pastRecipients: {},
};

export const PinnedAppsSchema = v.object({ chainId: ChainIdSchema, appIds: v.array(v.pipe(v.number(), v.integer(), v.minValue(0))) });
export type PinnedApps = v.InferOutput<typeof PinnedAppsSchema>;

export const CustomAppSchema = v.object({
  url: HttpUrlSchema,
  name: NameSchema,
  description: v.optional(v.string(), ''),
  iconUrl: v.optional(v.nullable(v.string()), null),
  chainIds: v.array(ChainIdSchema),
});
export type CustomApp = v.InferOutput<typeof CustomAppSchema>;

/** Safe Apps permission as the bridge stores it (protocol.md A.3.1). */
export const PermissionSchema = v.object({
  invoker: v.string(),
  parentCapability: v.string(),
  date: v.optional(v.number()),
  caveats: v.optional(v.array(v.object({ type: v.string(), value: v.optional(v.unknown()), name: v.optional(v.string()) }))),
});
export type Permission = v.InferOutput<typeof PermissionSchema>;
export const AppPermissionsSchema = v.object({ origin: v.pipe(v.string(), v.regex(/^https?:\/\/[^/]+$/, 'invalid origin')), permissions: v.array(PermissionSchema) });
export type AppPermissions = v.InferOutput<typeof AppPermissionsSchema>;

export const AddedSafeSchema = v.object({
  chainId: ChainIdSchema,
  address: StoredAddressSchema,
  name: v.optional(v.nullable(NameSchema), null),
  /** Pinned as trusted by the user (security property S17). */
  trusted: v.optional(v.boolean(), false),
  addedAt: v.optional(v.number()),
});
export type AddedSafe = v.InferOutput<typeof AddedSafeSchema>;

export const EXPORT_FORMAT = 'countersign-local-data';
export const EXPORT_VERSION = 1;

export const ExportFileSchema = v.object({
  format: v.literal(EXPORT_FORMAT),
  version: v.literal(EXPORT_VERSION),
  exportedAt: v.optional(v.string()),
  data: v.object({
    addressBook: v.array(AddressBookEntrySchema),
    settings: SettingsSchema,
    pinnedApps: v.array(PinnedAppsSchema),
    customApps: v.array(CustomAppSchema),
    permissions: v.array(AppPermissionsSchema),
    safes: v.array(AddedSafeSchema),
  }),
});
export type ExportFile = v.InferOutput<typeof ExportFileSchema>;

/** "path: message" of the first issue, for error texts. */
export function describeIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return 'invalid';
  const path = issue.path?.map((item) => String(item.key)).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
