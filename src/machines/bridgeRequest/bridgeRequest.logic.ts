/**
 * Pure rules of the bridge host: what apps see of the Safe and chain, the permission model (A.3), when a
 * message may be signed off-chain (A.2.7), and which requests are refused with which text.
 */
import {
  BridgeErrors,
  compareVersions,
  isRpcReadCall,
  OFFCHAIN_SIGNING_MIN_SDK_VERSION,
  RESTRICTED_METHODS,
  USER_RESTRICTED_CAVEAT,
} from './bridgeRequest.protocol.ts';
import type {
  AppChainInfo,
  AppSafeInfo,
  BridgeReply,
  BridgeRequest,
  BridgeSessionFacts,
  BridgeSessionInfo,
  JsonValue,
  Permission,
  PermissionRequest,
  SafeAppSettings,
} from './bridgeRequest.types.ts';

// ───────────────────────────── answers from the session ─────────────────────────────

const LEGACY_NETWORK_NAMES: Record<string, string> = { '1': 'MAINNET', '100': 'XDAI' };

/** `getSafeInfo` (A.2.4), including the legacy upper-cased `network`. */
export function toAppSafeInfo(session: Pick<BridgeSessionFacts, 'safe' | 'chain' | 'isReadOnly'>): AppSafeInfo {
  const { safe, chain } = session;
  return {
    safeAddress: safe.address.value,
    chainId: parseInt(safe.chainId, 10),
    owners: safe.owners.map((owner) => owner.value),
    threshold: safe.threshold,
    isReadOnly: session.isReadOnly,
    nonce: safe.nonce,
    implementation: safe.implementation.value,
    modules: safe.modules ? safe.modules.map((module) => module.value) : null,
    fallbackHandler: safe.fallbackHandler?.value ?? null,
    guard: safe.guard?.value ?? null,
    version: safe.version,
    network: LEGACY_NETWORK_NAMES[chain.chainId] ?? chain.chainName.toUpperCase(),
  };
}

/** `getChainInfo` (A.2.3): the gateway values copied verbatim; chainId stays a decimal string. */
export function toAppChainInfo(session: Pick<BridgeSessionFacts, 'chain'>): AppChainInfo {
  const { chainName, chainId, shortName, nativeCurrency, blockExplorerUriTemplate } = session.chain;
  return {
    chainName,
    chainId,
    shortName,
    nativeCurrency: { ...nativeCurrency },
    blockExplorerUriTemplate: { ...blockExplorerUriTemplate },
  };
}

// ───────────────────────────── permissions (A.3) ─────────────────────────────

const isRestricted = (permission: Permission): boolean =>
  (permission.caveats ?? []).some((caveat) => caveat.type === USER_RESTRICTED_CAVEAT);

/** Granted: an entry for the method without the `userRestricted` caveat. */
export const hasPermission = (permissions: readonly Permission[], method: string): boolean =>
  permissions.some((permission) => permission.parentCapability === method && !isRestricted(permission));

/** Refused earlier: an entry for the method that carries the `userRestricted` caveat. */
export const isPermissionRefused = (permissions: readonly Permission[], method: string): boolean =>
  permissions.some((permission) => permission.parentCapability === method && isRestricted(permission));

/** A request is valid only if it is a non-empty list whose every entry names only restricted methods. */
export function isPermissionRequestValid(requests: readonly PermissionRequest[]): boolean {
  if (requests.length === 0) return false;
  return requests.every((request) => {
    const keys = Object.keys(request);
    return keys.length > 0 && keys.every((key) => (RESTRICTED_METHODS as readonly string[]).includes(key));
  });
}

/** The capabilities named by a (valid) request, in order, without duplicates. */
export const requestedCapabilities = (requests: readonly PermissionRequest[]): string[] => [
  ...new Set(requests.flatMap((request) => Object.keys(request))),
];

/**
 * The host's grant logic (A.3.2): a new capability is appended (granted, or with the `userRestricted` caveat
 * when refused); an existing one loses the caveat when granted and gains it when refused.
 */
export function decidePermissions(
  existing: readonly Permission[],
  origin: string,
  capabilities: readonly string[],
  granted: boolean,
  at: number,
): Permission[] {
  const next = existing.map((permission) => ({ ...permission, caveats: [...(permission.caveats ?? [])] }));
  for (const capability of capabilities) {
    const found = next.find((permission) => permission.parentCapability === capability);
    if (!found) {
      next.push({
        invoker: origin,
        parentCapability: capability,
        date: at,
        caveats: granted ? [] : [{ type: USER_RESTRICTED_CAVEAT, value: true }],
      });
    } else if (granted) {
      found.caveats = found.caveats.filter((caveat) => caveat.type !== USER_RESTRICTED_CAVEAT);
    } else if (!isRestricted(found)) {
      found.caveats.push({ type: USER_RESTRICTED_CAVEAT, value: true });
    }
  }
  return next;
}

// ───────────────────────────── messages (A.2.7) ─────────────────────────────

/**
 * Off-chain signing iff the chain has EIP1271, the Safe's version is known (≥ 1.3.0 also needs a fallback
 * handler), the app's SDK is ≥ 7.11.0 and the app session's `offChainSigning` setting is on.
 */
export function canSignOffChain(session: BridgeSessionInfo, sdkVersion: string): boolean {
  const { safe, chain, settings } = session;
  if (!chain.features.includes('EIP1271')) return false;
  if (!safe.version) return false;
  if (compareVersions(safe.version, '1.0.0') < 0) return false;
  if (compareVersions(safe.version, '1.3.0') >= 0 && !safe.fallbackHandler) return false;
  if (compareVersions(sdkVersion, OFFCHAIN_SIGNING_MIN_SDK_VERSION) < 0) return false;
  return settings.offChainSigning;
}

/** `safe_setSettings([{ offChainSigning }])`: the new full settings object (A.2.2). */
export function settingsFromRpc(params: readonly JsonValue[]): SafeAppSettings {
  const first = params[0];
  const value = first !== null && typeof first === 'object' && !Array.isArray(first) ? first.offChainSigning : undefined;
  return { offChainSigning: Boolean(value) };
}

// ───────────────────────────── refusals and texts ─────────────────────────────

const HASH_RE = /^0x[0-9a-fA-F]{64}$/;

/**
 * A request whose shape is valid but which is refused outright, with the text the app receives; null when the
 * request may proceed.
 */
export function refusalOf(request: BridgeRequest): string | null {
  switch (request.method) {
    case 'sendTransactions':
      if (request.params.txs.length === 0) return BridgeErrors.noTransactions;
      if (request.params.requestsDelegateCall) return BridgeErrors.delegateCallRefused;
      return null;
    case 'getTxBySafeTxHash':
      return HASH_RE.test(request.params.safeTxHash) ? null : BridgeErrors.invalidSafeTxHash;
    case 'rpcCall':
      return request.params.call === 'safe_setSettings' || isRpcReadCall(request.params.call)
        ? null
        : BridgeErrors.notImplemented(request.params.call);
    case 'signTypedMessage':
      if (!request.params.typedData) return BridgeErrors.invalidTypedData;
      if (!request.params.primaryType) return BridgeErrors.specifyPrimaryType;
      return null;
    case 'wallet_requestPermissions':
      return isPermissionRequestValid(request.params.requests) ? null : BridgeErrors.permissionsRequestInvalid;
    default:
      return null;
  }
}

/** A getOffChainSignature hash that cannot name a message: answered `''`, as a failed lookup is (A.2.9). */
export const isMessageHashMalformed = (request: BridgeRequest): boolean =>
  request.method === 'getOffChainSignature' && !HASH_RE.test(request.params.messageHash);

/** The text a request ends with when the user or the app session cancels it. */
export function rejectionText(request: BridgeRequest): string {
  switch (request.method) {
    case 'sendTransactions':
    case 'signMessage':
    case 'signTypedMessage':
      return BridgeErrors.transactionRejected;
    case 'requestAddressBook':
      return BridgeErrors.permissionsRejected;
    case 'wallet_requestPermissions':
      return BridgeErrors.permissionsWereRejected;
    default:
      return BridgeErrors.requestFailed;
  }
}

const MAX_ERROR_TEXT = 300;

/** An effect's failure as a bounded plain string (provider and gateway texts are passed on, trimmed). */
export function effectErrorText(error: unknown): string {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (!text) return BridgeErrors.requestFailed;
  return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)}…` : text;
}

export const success = (data: JsonValue): BridgeReply => ({ success: true, data });
export const failure = (error: string): BridgeReply => ({ success: false, error });

/** The reads answered from the session facts alone (no storage, gateway or chain), in the message's own task (A.6.6). */
export const SESSION_READ_METHODS = ['getSafeInfo', 'getChainInfo', 'getEnvironmentInfo', 'getCurrentTheme'] as const satisfies readonly BridgeRequest['method'][];

/**
 * The last getSafeInfo answer per Safe info object (the gateway client hands out the same object while the Safe is
 * unchanged, decision 0085), with the chain and read-only flag it was built for: an app that asks again and again
 * gets the same data without building it anew. The reply is copied by postMessage, never changed in place.
 */
const safeInfoAnswers = new WeakMap<BridgeSessionFacts['safe'], { chain: BridgeSessionFacts['chain']; isReadOnly: boolean; data: JsonValue }>();

function appSafeInfoOf(facts: BridgeSessionFacts): JsonValue {
  const known = safeInfoAnswers.get(facts.safe);
  if (known && known.chain === facts.chain && known.isReadOnly === facts.isReadOnly) return known.data;
  const data = toAppSafeInfo(facts) as unknown as JsonValue;
  safeInfoAnswers.set(facts.safe, { chain: facts.chain, isReadOnly: facts.isReadOnly, data });
  return data;
}

/** The answer to a session read (`SESSION_READ_METHODS`) from the facts, or null for any other request. */
export function sessionReadAnswer(request: BridgeRequest, facts: BridgeSessionFacts): BridgeReply | null {
  switch (request.method) {
    case 'getSafeInfo':
      return success(appSafeInfoOf(facts));
    case 'getChainInfo':
      return success(toAppChainInfo(facts) as unknown as JsonValue);
    case 'getEnvironmentInfo':
      return success({ origin: facts.hostOrigin });
    case 'getCurrentTheme':
      return success({ darkMode: facts.darkMode });
    default:
      return null;
  }
}

/** The answer to a request that needs nothing but the session snapshot, or null when it needs more. */
export function immediateAnswer(request: BridgeRequest, session: BridgeSessionInfo): BridgeReply | null {
  switch (request.method) {
    case 'wallet_getPermissions':
      return success(session.permissions as unknown as JsonValue);
    case 'rpcCall':
      return request.params.call === 'safe_setSettings'
        ? success(settingsFromRpc(request.params.params) as unknown as JsonValue)
        : null;
    default:
      return sessionReadAnswer(request, session);
  }
}
