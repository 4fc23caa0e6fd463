/**
 * The host's message validator (security property S11, protocol.md A.1.3 hardened as in safe-wallet-web #7222):
 * a pure function from a `message` event and the open app to either a typed, JSON-only request or the reason
 * it was dropped. It never throws and never calls into the message (no getters, no prototypes, bounded work).
 *
 * Accepted only if ALL hold:
 * - `event.source` is the open app's iframe window and `event.origin` is the app's exact origin;
 * - `event.data` is a plain object within the size bound (characters, nodes, depth) holding only JSON values
 *   (bigint becomes a decimal string; functions, class instances, non-finite numbers, accessors are refused);
 * - `method` is known, `id` is a non-empty string, `env.sdkVersion` has a major version ≥ 1;
 * - `params` has the shape of its method.
 * Shape only: requests that are well-formed but refused (unknown rpc call, empty tx list, DELEGATECALL…) are
 * valid here and answered with their error text by the bridgeRequest machine.
 */
import { getAddress, isAddress } from 'viem';
import { inferPrimaryType } from '../../domain/safe/messages.ts';
import { hasSupportedMajor, isHostMethod, type HostMethod } from '../../machines/bridgeRequest/bridgeRequest.protocol.ts';
import type {
  AppTx,
  AppTypedData,
  BridgeRequest,
  JsonValue,
  PermissionRequest,
  TypedDataFieldJson,
} from '../../machines/bridgeRequest/bridgeRequest.types.ts';

/** What the validator reads of a `message` event. */
export interface MessageEventLike {
  data: unknown;
  origin: string;
  source: unknown;
}

/** The open app: its iframe's window (`iframe.contentWindow`) and its exact origin. */
export interface AppFrame {
  window: unknown;
  origin: string;
}

export const BRIDGE_LIMITS = {
  /** Total characters of all strings and keys in one message (about 1 MB of calldata). */
  maxChars: 2_000_000,
  /** Values (objects, arrays, leaves) in one message. */
  maxNodes: 50_000,
  maxDepth: 32,
  maxIdLength: 128,
  maxVersionLength: 32,
  maxRpcMethodLength: 64,
} as const;

export type RejectReason =
  | 'wrongSource'
  | 'wrongOrigin'
  | 'notAnObject'
  | 'tooLarge'
  | 'unsupportedValue'
  | 'unknownMethod'
  | 'badId'
  | 'badVersion'
  | 'badParams'
  | 'malformed';

export type ValidationResult = { ok: true; request: BridgeRequest } | { ok: false; reason: RejectReason };

// ───────────────────────────── bounded JSON copy ─────────────────────────────

class Rejected extends Error {
  constructor(readonly reason: RejectReason) {
    super(reason);
  }
}

interface Budget {
  chars: number;
  nodes: number;
  sawBigint: boolean;
}

const isPlainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** A deep JSON-only copy of `value` that reads only own data properties and stops at the bound. */
function copyJson(value: unknown, budget: Budget, depth: number): JsonValue | undefined {
  if (--budget.nodes < 0) throw new Rejected('tooLarge');
  if (depth > BRIDGE_LIMITS.maxDepth) throw new Rejected('tooLarge');
  switch (typeof value) {
    case 'undefined':
      return undefined;
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new Rejected('unsupportedValue');
      return value;
    case 'string':
      budget.chars -= value.length;
      if (budget.chars < 0) throw new Rejected('tooLarge');
      return value;
    case 'bigint': {
      budget.sawBigint = true;
      const text = value.toString(10);
      budget.chars -= text.length;
      if (budget.chars < 0) throw new Rejected('tooLarge');
      return text;
    }
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) {
        if (Object.getPrototypeOf(value) !== Array.prototype) throw new Rejected('unsupportedValue');
        const length = value.length;
        if (length > budget.nodes) throw new Rejected('tooLarge');
        const out: JsonValue[] = [];
        for (let i = 0; i < length; i++) {
          const descriptor = Object.getOwnPropertyDescriptor(value, i);
          if (descriptor && !('value' in descriptor)) throw new Rejected('unsupportedValue');
          const item = copyJson(descriptor?.value, budget, depth + 1);
          out.push(item === undefined ? null : item);
        }
        return out;
      }
      if (!isPlainObject(value)) throw new Rejected('unsupportedValue');
      const keys = Object.keys(value);
      if (keys.length > budget.nodes) throw new Rejected('tooLarge');
      const out: { [key: string]: JsonValue } = {};
      for (const key of keys) {
        budget.chars -= key.length;
        if (budget.chars < 0) throw new Rejected('tooLarge');
        const descriptor = Object.getOwnPropertyDescriptor(value, key);
        if (!descriptor || !('value' in descriptor)) throw new Rejected('unsupportedValue');
        const item = copyJson(descriptor.value, budget, depth + 1);
        if (item === undefined) continue;
        // A key named "__proto__" must stay an ordinary property: assigning it would set the prototype.
        if (key === '__proto__') Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
        else out[key] = item;
      }
      return out;
    }
    default:
      // function, symbol
      throw new Rejected('unsupportedValue');
  }
}

// ───────────────────────────── per-method params ─────────────────────────────

type JsonObject = { [key: string]: JsonValue };

const isObject = (value: JsonValue | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const bad = (): never => {
  throw new Rejected('badParams');
};

const DECIMAL_RE = /^[0-9]{1,78}$/;
const HEX_QUANTITY_RE = /^0x[0-9a-fA-F]{1,64}$/;
const HEX_DATA_RE = /^0x(?:[0-9a-fA-F]{2})*$/;
const CURRENCY_RE = /^[A-Za-z]{2,10}$/;
const MAX_UINT256 = (1n << 256n) - 1n;

/** A uint256 given as a decimal string, 0x-hex string or safe integer, as a decimal string; throws otherwise. */
function uint(value: JsonValue | undefined): string {
  let result: bigint;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) return bad();
    result = BigInt(value);
  } else if (typeof value === 'string' && (DECIMAL_RE.test(value) || HEX_QUANTITY_RE.test(value))) {
    result = BigInt(value);
  } else {
    return bad();
  }
  return result > MAX_UINT256 ? bad() : result.toString(10);
}

const isEmpty = (value: JsonValue | undefined): boolean => value === undefined || value === null || value === '';

const isCallOperation = (operation: JsonValue | undefined): boolean =>
  operation === undefined || operation === null || operation === 0 || operation === '0';

function parseTx(raw: JsonValue | undefined): { tx: AppTx; delegateCall: boolean } {
  if (!isObject(raw)) return bad();
  const to = raw.to;
  if (typeof to !== 'string' || !isAddress(to, { strict: false })) return bad();
  const value = isEmpty(raw.value) || raw.value === 0 ? '0' : uint(raw.value);
  const data = isEmpty(raw.data) ? '0x' : typeof raw.data === 'string' && HEX_DATA_RE.test(raw.data) ? raw.data : bad();
  const tx: AppTx = { to: getAddress(to), value, data };
  if (!isEmpty(raw.gas)) tx.gas = uint(raw.gas);
  return { tx, delegateCall: !isCallOperation(raw.operation) };
}

const FIELD_NAME_RE = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Well-formed EIP-712 typed data (domain, types, message objects; every field a `{name, type}` of strings), or null. */
function parseTypedData(raw: JsonValue | undefined): AppTypedData | null {
  if (!isObject(raw) || !isObject(raw.domain) || !isObject(raw.types) || !isObject(raw.message)) return null;
  const types: Record<string, TypedDataFieldJson[]> = {};
  for (const [name, fields] of Object.entries(raw.types)) {
    if (!FIELD_NAME_RE.test(name) || !Array.isArray(fields)) return null;
    const parsed: TypedDataFieldJson[] = [];
    for (const field of fields) {
      if (!isObject(field) || typeof field.name !== 'string' || typeof field.type !== 'string') return null;
      parsed.push({ name: field.name, type: field.type });
    }
    Object.defineProperty(types, name, { value: parsed, enumerable: true, writable: true, configurable: true });
  }
  if (raw.primaryType !== undefined && (typeof raw.primaryType !== 'string' || !Object.hasOwn(types, raw.primaryType))) return null;
  const typed: AppTypedData = { domain: raw.domain, types, message: raw.message };
  if (typeof raw.primaryType === 'string') typed.primaryType = raw.primaryType;
  return typed;
}

/** `primaryType` when given, else the single root type (EIP712Domain is not a candidate), else null. */
function primaryTypeOf(typed: AppTypedData): string | null {
  if (typed.primaryType) return typed.primaryType;
  const { EIP712Domain: _domain, ...types } = typed.types;
  try {
    return inferPrimaryType(types);
  } catch {
    return null;
  }
}

function parsePermissionRequests(raw: JsonValue | undefined): PermissionRequest[] {
  if (!Array.isArray(raw)) return bad();
  return raw.map((entry) => {
    if (!isObject(entry)) return bad();
    for (const value of Object.values(entry)) if (!isObject(value)) bad();
    return entry as PermissionRequest;
  });
}

function parseRequest(method: HostMethod, id: string, sdkVersion: string, params: JsonValue | undefined, sawBigint: boolean): BridgeRequest {
  // Each request is spelled out rather than spread from a shared base: object spread is measurably slower
  // here, and every message pays it.
  switch (method) {
    case 'getSafeInfo':
    case 'getChainInfo':
    case 'getEnvironmentInfo':
    case 'wallet_getPermissions':
    case 'requestAddressBook':
    case 'getCurrentTheme':
      if (params !== undefined && params !== null) return bad();
      return { id, sdkVersion, method, params: null };
    case 'getSafeBalances': {
      if (params !== undefined && params !== null && !isObject(params)) return bad();
      const currency = isObject(params) && params.currency !== undefined ? params.currency : 'usd';
      if (typeof currency !== 'string' || !CURRENCY_RE.test(currency)) return bad();
      return { id, sdkVersion, method, params: { currency } };
    }
    case 'getTxBySafeTxHash':
      if (!isObject(params) || typeof params.safeTxHash !== 'string') return bad();
      return { id, sdkVersion, method, params: { safeTxHash: params.safeTxHash } };
    case 'rpcCall': {
      if (!isObject(params) || sawBigint) return bad();
      const { call } = params;
      if (typeof call !== 'string' || call.length === 0 || call.length > BRIDGE_LIMITS.maxRpcMethodLength) return bad();
      const rpcParams = params.params === undefined || params.params === null ? [] : params.params;
      if (!Array.isArray(rpcParams)) return bad();
      return { id, sdkVersion, method, params: { call, params: rpcParams } };
    }
    case 'sendTransactions': {
      if (!isObject(params) || !Array.isArray(params.txs)) return bad();
      const parsed = params.txs.map(parseTx);
      const extra = params.params;
      if (extra !== undefined && extra !== null && !isObject(extra)) return bad();
      const safeTxGas = isObject(extra) && !isEmpty(extra.safeTxGas) ? uint(extra.safeTxGas) : null;
      return {
        id,
        sdkVersion,
        method,
        params: { txs: parsed.map((p) => p.tx), safeTxGas, requestsDelegateCall: parsed.some((p) => p.delegateCall) },
      };
    }
    case 'signMessage':
      if (!isObject(params) || typeof params.message !== 'string') return bad();
      return { id, sdkVersion, method, params: { message: params.message } };
    case 'signTypedMessage': {
      if (!isObject(params) || !('typedData' in params)) return bad();
      const typedData = parseTypedData(params.typedData);
      return { id, sdkVersion, method, params: { typedData, primaryType: typedData ? primaryTypeOf(typedData) : null } };
    }
    case 'getOffChainSignature':
      if (typeof params !== 'string') return bad();
      return { id, sdkVersion, method, params: { messageHash: params } };
    case 'wallet_requestPermissions':
      return { id, sdkVersion, method, params: { requests: parsePermissionRequests(params) } };
  }
}

// ───────────────────────────── the validator ─────────────────────────────

/** Validates one `message` event against the open app. Pure; never throws. */
export function validateMessage(event: MessageEventLike, app: AppFrame): ValidationResult {
  try {
    if (app.window === null || app.window === undefined || event.source !== app.window) return { ok: false, reason: 'wrongSource' };
    if (typeof event.origin !== 'string' || event.origin !== app.origin) return { ok: false, reason: 'wrongOrigin' };
    const raw = event.data;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, reason: 'notAnObject' };
    const budget: Budget = { chars: BRIDGE_LIMITS.maxChars, nodes: BRIDGE_LIMITS.maxNodes, sawBigint: false };
    const data = copyJson(raw, budget, 0);
    if (!isObject(data)) return { ok: false, reason: 'notAnObject' };
    if (!isHostMethod(data.method)) return { ok: false, reason: 'unknownMethod' };
    const { id, env } = data;
    if (typeof id !== 'string' || id.length === 0 || id.length > BRIDGE_LIMITS.maxIdLength) return { ok: false, reason: 'badId' };
    const sdkVersion = isObject(env) ? env.sdkVersion : undefined;
    if (typeof sdkVersion !== 'string' || sdkVersion.length > BRIDGE_LIMITS.maxVersionLength || !hasSupportedMajor(sdkVersion)) {
      return { ok: false, reason: 'badVersion' };
    }
    return { ok: true, request: parseRequest(data.method, id, sdkVersion, data.params, budget.sawBigint) };
  } catch (error) {
    return { ok: false, reason: error instanceof Rejected ? error.reason : 'malformed' };
  }
}
