/**
 * Wire facts of the Safe Apps bridge (protocol.md Part A), shared by the host (src/bridge/host), the app-side
 * SDK (src/bridge/sdk) and the bridgeRequest machine. Pure constants and string helpers: no imports.
 */

/** The SDK `Methods` enum (A.2); string values equal the names. */
export const BRIDGE_METHODS = [
  'sendTransactions',
  'rpcCall',
  'getChainInfo',
  'getSafeInfo',
  'getTxBySafeTxHash',
  'getSafeBalances',
  'signMessage',
  'signTypedMessage',
  'getEnvironmentInfo',
  'getOffChainSignature',
  'requestAddressBook',
  'wallet_getPermissions',
  'wallet_requestPermissions',
] as const;
export type BridgeMethod = (typeof BRIDGE_METHODS)[number];

/** The host also answers the non-SDK `getCurrentTheme` (A.1.4), as safe-wallet-web does. */
export const HOST_METHODS = [...BRIDGE_METHODS, 'getCurrentTheme'] as const;
export type HostMethod = (typeof HOST_METHODS)[number];

export const isHostMethod = (value: unknown): value is HostMethod =>
  typeof value === 'string' && (HOST_METHODS as readonly string[]).includes(value);

/** `RestrictedMethods`: the only method an app needs a permission for. */
export const RESTRICTED_METHODS = ['requestAddressBook'] as const;
export type RestrictedMethod = (typeof RESTRICTED_METHODS)[number];

/** The chain reads an app may make through `rpcCall` (product-spec §7); enforced host-side (S12). */
export const RPC_READ_CALLS = [
  'eth_call',
  'eth_gasPrice',
  'eth_getLogs',
  'eth_getBalance',
  'eth_getCode',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getTransactionCount',
  'eth_estimateGas',
] as const;
export type RpcReadCall = (typeof RPC_READ_CALLS)[number];

/** `RPC_CALLS` of the SDK: the reads plus the host-handled `safe_setSettings`. */
export const RPC_CALLS = [...RPC_READ_CALLS, 'safe_setSettings'] as const;
export type RpcCall = (typeof RPC_CALLS)[number];

export const isRpcReadCall = (value: string): value is RpcReadCall => (RPC_READ_CALLS as readonly string[]).includes(value);

/**
 * The protocol version both sides speak: the host sends it as `version` in every reply, and our SDK sends it as
 * `env.sdkVersion`. It is the safe-apps-sdk release whose wire format we implement.
 */
export const BRIDGE_PROTOCOL_VERSION = '9.1.0';

/** Off-chain (EIP-1271) message signing needs an app SDK at least this new (A.2.7). */
export const OFFCHAIN_SIGNING_MIN_SDK_VERSION = '7.11.0';

/** `PERMISSIONS_REQUEST_REJECTED` (A.3.3, product-spec §9). */
export const PERMISSIONS_REQUEST_REJECTED = 4001;

/** Caveat that marks a capability the user refused (A.3.1). */
export const USER_RESTRICTED_CAVEAT = 'userRestricted';

/** Magic values of EIP-1271 `isValidSignature` (hash form / legacy bytes form), product-spec §5. */
export const MAGIC_VALUE = '0x1626ba7e';
export const MAGIC_VALUE_BYTES = '0x20c13b0b';

/** Every error text of the bridge. Texts from product-spec §5/§6/§8 and protocol.md are used verbatim. */
export const BridgeErrors = {
  noTransactions: 'No transactions were passed',
  invalidSafeTxHash: 'Invalid safeTxHash',
  invalidTypedData: 'Invalid typed data',
  specifyPrimaryType: 'Please specify primaryType',
  invalidAddressOrMessageHash: 'The address or message hash is invalid',
  invalidAddress: 'The address is invalid',
  notImplemented: (method: string) => `${method} not implemented`,
  permissionsRequestInvalid: 'Permissions request is invalid',
  permissionsRejected: 'Permissions rejected',
  /** The host's reply when the user refuses a `wallet_requestPermissions` prompt (A.2.12). */
  permissionsWereRejected: 'Permissions were rejected',
  transactionRejected: 'Transaction was rejected',
  /** Generic, sanitised failure (safe-wallet-web's `makeErrorResponse(id, 'Request failed')`). */
  requestFailed: 'Request failed',
  invalidMessageType: 'Invalid message type',
  /** Not in the Safe protocol: an app asked for operation=1. Apps can never request a DELEGATECALL. */
  delegateCallRefused: 'Apps cannot request DELEGATECALL transactions',
  /** Not in the Safe protocol: our SDK's request timeout. */
  timedOut: (method: string, ms: number) => `${method} timed out after ${ms} ms`,
  noWindow: "Window doesn't exist",
} as const;

// ───────────────────────────── envelopes (A.1.1, A.1.2) ─────────────────────────────

export interface RequestEnvelope<P = unknown> {
  id: string;
  method: string;
  params: P;
  env: { sdkVersion: string };
}

export interface SuccessEnvelope<T = unknown> {
  id: string;
  success: true;
  version: string;
  data: T;
}

export interface ErrorEnvelope {
  id: string;
  success: false;
  error: string;
  version: string;
}

export type ResponseEnvelope<T = unknown> = SuccessEnvelope<T> | ErrorEnvelope;

// ───────────────────────────── versions ─────────────────────────────

/**
 * The major number of a version string the way the SDK reads it: `parseInt(version.split('.')[0])`.
 * Returns NaN for anything that is not a string or has no leading digits.
 */
export function versionMajor(version: unknown): number {
  if (typeof version !== 'string') return Number.NaN;
  return parseInt(version.split('.')[0] ?? '', 10);
}

/** True when the version's major number is at least 1 (NaN fails). */
export const hasSupportedMajor = (version: unknown): boolean => versionMajor(version) >= 1;

/** Parses `x`, `x.y` or `x.y.z`, with an optional `-pre`/`+build` suffix, into three numbers; null otherwise. */
export function parseVersion(version: string): [number, number, number] | null {
  const match = /^(\d{1,6})(?:\.(\d{1,6}))?(?:\.(\d{1,6}))?(?:[-+][0-9A-Za-z.+-]*)?$/.exec(version);
  if (!match) return null;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/** Semver comparison of the numeric parts; an unparsable version sorts below every valid one. */
export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) return x ? 1 : y ? -1 : 0;
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}
