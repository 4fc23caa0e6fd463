/**
 * What every signer-device provider shares (issue 19, decision 0066): the refusal of eth_sign, the EIP-1193 shape
 * device errors are reported in (src/domain/wallet/signerDevice.ts: deviceRpcError), a small event emitter and
 * JSON-RPC forwarding to a chain's RPC URL. Loaded only inside a module's getInterface.
 */
import { deviceRpcError, deviceErrorOf, type DeviceErrorKind, type DeviceRpcError } from '../../../domain/wallet/signerDevice.ts';
import type { TypedDataV4 } from './ledgerDevice.ts';

export interface RequestArguments {
  method: string;
  params?: unknown[] | Record<string, unknown>;
}

/** The EIP-1193 provider a module hands web3-onboard. */
export interface DeviceEip1193Provider {
  request(args: RequestArguments): Promise<unknown>;
  on(event: string, listener: (...args: unknown[]) => void): void;
  removeListener(event: string, listener: (...args: unknown[]) => void): void;
  disconnect?(): void;
}

/** What each device says when it refuses eth_sign: the app signs typed data (eth_signTypedData_v4) only, never a fallback. */
export const ETH_SIGN_REFUSED = 'This signer is used with eth_signTypedData_v4 only: eth_sign (a blind hash signature) is refused.';

export const ethSignRefusal = (): DeviceRpcError => deviceRpcError('noTypedData', ETH_SIGN_REFUSED);

/** A plain EIP-1193 error (not a device error): 4001 user rejected, 4100 unauthorized, 4200 unsupported, 4902 unknown chain… */
export function rpcError(code: number, message: string): { code: number; message: string } {
  return { code, message };
}

export class Emitter {
  private readonly listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  on(event: string, listener: (...args: unknown[]) => void): void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
  }
  removeListener(event: string, listener: (...args: unknown[]) => void): void {
    this.listeners.get(event)?.delete(listener);
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

/** Sends one JSON-RPC request to `url`. Tests pass their own. */
export type RpcSend = (url: string, method: string, params: unknown[]) => Promise<unknown>;

let nextId = 1;
export const fetchRpc: RpcSend = async (url, method, params) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }) });
  if (!response.ok) throw rpcError(-32603, `${method}: the RPC answered ${response.status}`);
  const body = (await response.json()) as { result?: unknown; error?: { code?: number; message?: string; data?: unknown } };
  if (body.error) throw { code: body.error.code ?? -32603, message: body.error.message ?? `${method} failed`, ...(body.error.data !== undefined ? { data: body.error.data } : {}) };
  return body.result;
};

export const paramsArray = (params: RequestArguments['params']): unknown[] => (Array.isArray(params) ? params : params === undefined ? [] : [params]);

/**
 * Wraps a module's own provider (Trezor, Keystone, WalletConnect): eth_sign is refused with the contract's
 * `noTypedData` error before it reaches the module; `override` answers the methods the wrapper implements itself;
 * a failure is reported as the contract's device error when `kindOf` recognises it, otherwise as it came.
 */
export function guardProvider(
  inner: { request(args: RequestArguments): Promise<unknown>; on?: unknown; removeListener?: unknown; disconnect?: unknown },
  options: {
    kindOf: (error: unknown, args: RequestArguments) => DeviceErrorKind | null;
    textOf: (kind: DeviceErrorKind, error: unknown) => string;
    override?: (args: RequestArguments) => Promise<unknown> | null;
  },
): DeviceEip1193Provider {
  const report = (error: unknown, args: RequestArguments): unknown => {
    if (deviceErrorOf(error)) return error; // already the contract's shape
    const kind = options.kindOf(error, args);
    return kind ? deviceRpcError(kind, options.textOf(kind, error)) : error;
  };
  const provider: DeviceEip1193Provider = {
    async request(args) {
      if (args.method === 'eth_sign') throw ethSignRefusal();
      try {
        const own = options.override?.(args);
        return await (own ?? inner.request(args));
      } catch (error) {
        throw report(error, args);
      }
    },
    on: (event, listener) => void (typeof inner.on === 'function' ? (inner.on as (e: string, l: unknown) => unknown).call(inner, event, listener) : undefined),
    removeListener: (event, listener) =>
      void (typeof inner.removeListener === 'function' ? (inner.removeListener as (e: string, l: unknown) => unknown).call(inner, event, listener) : undefined),
  };
  if (typeof inner.disconnect === 'function') provider.disconnect = () => (inner.disconnect as () => void).call(inner);
  return provider;
}

/** The message of any thrown value. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
  return String(error);
}

/** The typed data of an eth_signTypedData_v4 request (a JSON string or an object), checked for its four parts. */
export function parseTypedData(value: unknown): TypedDataV4 {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (typeof parsed !== 'object' || parsed === null) throw rpcError(-32602, 'eth_signTypedData_v4: the typed data is not an object.');
  const t = parsed as Partial<TypedDataV4>;
  if (typeof t.primaryType !== 'string' || typeof t.types !== 'object' || typeof t.domain !== 'object' || typeof t.message !== 'object') {
    throw rpcError(-32602, 'eth_signTypedData_v4: the typed data lacks domain, types, primaryType or message.');
  }
  return t as TypedDataV4;
}
