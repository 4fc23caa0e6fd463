/**
 * The Trezor module's interface (issue 19, decision 0066), loaded only when the user picks Trezor: web3-onboard's
 * own module (@web3-onboard/trezor, on Trezor Connect) wrapped so that
 * - eth_signTypedData_v4 signs on the device with Trezor Connect's ethereumSignTypedData (the module leaves it to
 *   the chain's RPC: its request patch has no typed-data method but `eth_signTypedData: null`); the domain
 *   separator and message hashes are passed too, which a Trezor Model One needs and displays;
 * - eth_sign is refused (`noTypedData`), never a fallback (the module would sign it as a personal message);
 * - Trezor's failures are reported as the contract's device errors (trezorErrorKind).
 * The typed-data signature uses the account's derivation path: the module picks accounts on Ledger Live's standard
 * path m/44'/60'/0'/0/i; the path of the connected address is found once with one bundled ethereumGetAddress call.
 */
import TrezorConnectModule from '@trezor/connect-web';
import trezorModule from '@web3-onboard/trezor';
import { getAddress, hashDomain, hashStruct, isAddressEqual, type TypedDataDefinition } from 'viem';
import type { DeviceErrorKind } from '../../../domain/wallet/signerDevice.ts';
import { guardProvider, messageOf, paramsArray, parseTypedData, rpcError, type DeviceEip1193Provider, type RequestArguments } from './deviceProvider.ts';
import type { InterfaceHelpers, ModuleHelpers, TrezorManifest } from './shells.ts';

export const TREZOR_TEXTS: Readonly<Record<DeviceErrorKind, string>> = {
  locked: 'Your Trezor is locked. Enter your PIN on it (or in the Trezor window), then try again.',
  wrongApp: 'This is not the Trezor wallet you connected with (another device or passphrase). Connect that one, then try again.',
  blindSigningDisabled: 'Your Trezor refused to sign this data blind. Update its firmware, then try again.',
  disconnected: 'Your Trezor is not connected. Plug it in and unlock it, then try again.',
  rejected: 'You cancelled the request on your Trezor (or closed the Trezor window).',
  noTypedData: 'Your Trezor signs typed data (eth_signTypedData_v4) here: eth_sign is refused.',
};

/** Trezor Connect's error codes (@trezor/connect constants/errors, device/DeviceCurrentSession) by contract kind. */
const CODES: Readonly<Record<string, DeviceErrorKind>> = {
  Failure_ActionCancelled: 'rejected',
  Method_Cancel: 'rejected',
  Method_Interrupted: 'rejected',
  Method_PermissionsNotGranted: 'rejected',
  Device_Disconnected: 'disconnected',
  Device_NotFound: 'disconnected',
  Transport_Missing: 'disconnected',
  Device_UsedElsewhere: 'disconnected',
  Failure_PinCancelled: 'locked',
  Failure_PinInvalid: 'locked',
  Failure_PinMismatch: 'locked',
  Device_InvalidState: 'wrongApp',
};

/** Their messages, which is all the module keeps when it rethrows (`new Error(payload.error)`). */
const MESSAGES: readonly [RegExp, DeviceErrorKind][] = [
  [/action cancel+ed|^cancel+ed$|popup closed|permissions not granted|user rejected/i, 'rejected'],
  [/device disconnected|device not found|transport is missing|used in another window/i, 'disconnected'],
  [/\bpin\b/i, 'locked'],
  [/passphrase is incorrect/i, 'wrongApp'],
];

/** The contract's device error kind of a Trezor failure, or null. */
export function trezorErrorKind(error: unknown): DeviceErrorKind | null {
  if (typeof error === 'object' && error !== null) {
    const { code } = error as { code?: unknown };
    if (code === 4001) return 'rejected';
    if (typeof code === 'string' && CODES[code]) return CODES[code];
  }
  const message = messageOf(error);
  for (const [pattern, kind] of MESSAGES) if (pattern.test(message)) return kind;
  return null;
}

type TrezorResult<T> = { success: true; payload: T } | { success: false; payload: { error: string; code?: string } };

/** The part of Trezor Connect used here (its own types are generic over the typed data; a fake stands in in tests). */
export interface TrezorConnectApi {
  ethereumGetAddress(params: { bundle: { path: string; showOnTrezor: boolean }[] }): Promise<TrezorResult<{ address: string; serializedPath: string }[]>>;
  ethereumSignTypedData(params: {
    path: string;
    data: unknown;
    metamask_v4_compat: boolean;
    domain_separator_hash: string;
    message_hash?: string;
  }): Promise<TrezorResult<{ address: string; signature: string }>>;
}

const STANDARD_PATHS = Array.from({ length: 20 }, (_, i) => `m/44'/60'/0'/0/${i}`);

function unwrap<T>(result: TrezorResult<T>): T {
  if (result.success) return result.payload;
  throw { code: result.payload.code, message: result.payload.error };
}

/** Wraps the module's provider: typed data on the device, eth_sign refused, errors in the contract's shape. */
export function trezorProvider(inner: DeviceEip1193Provider | { request(args: RequestArguments): Promise<unknown> }, connect: TrezorConnectApi): DeviceEip1193Provider {
  const paths = new Map<string, string>();

  async function pathOf(address: `0x${string}`): Promise<string> {
    const known = paths.get(address.toLowerCase());
    if (known) return known;
    const found = unwrap(await connect.ethereumGetAddress({ bundle: STANDARD_PATHS.map((path) => ({ path, showOnTrezor: false })) }));
    for (const [i, entry] of found.entries()) paths.set(entry.address.toLowerCase(), STANDARD_PATHS[i]!);
    const path = paths.get(address.toLowerCase());
    if (!path) throw rpcError(4100, `${address} is not on this Trezor's standard path (m/44'/60'/0'/0/0–19): connect with one of those accounts.`);
    return path;
  }

  async function signTypedData(params: unknown[]): Promise<string> {
    const accounts = (await inner.request({ method: 'eth_accounts' })) as string[];
    const from = typeof params[0] === 'string' ? params[0] : '';
    const account = accounts.find((a) => /^0x[0-9a-fA-F]{40}$/.test(from) && isAddressEqual(a as `0x${string}`, from as `0x${string}`));
    if (!account) throw rpcError(4100, 'Connect the Trezor account that signs first (eth_requestAccounts).');
    const typed = parseTypedData(params[1]);
    const definition = typed as unknown as TypedDataDefinition;
    const domainTypes = typed.types.EIP712Domain ?? [];
    const domainHash = hashDomain({ domain: typed.domain, types: { ...typed.types, EIP712Domain: domainTypes } } as Parameters<typeof hashDomain>[0]);
    const messageHash = typed.primaryType === 'EIP712Domain' ? undefined : hashStruct({ data: typed.message, primaryType: typed.primaryType, types: definition.types } as Parameters<typeof hashStruct>[0]);
    const path = await pathOf(getAddress(account));
    const signed = unwrap(
      await connect.ethereumSignTypedData({
        path,
        data: { ...typed, types: { ...typed.types, EIP712Domain: domainTypes } },
        metamask_v4_compat: true,
        domain_separator_hash: domainHash,
        ...(messageHash ? { message_hash: messageHash } : {}),
      }),
    );
    return signed.signature.startsWith('0x') ? signed.signature : `0x${signed.signature}`;
  }

  return guardProvider(inner, {
    kindOf: trezorErrorKind,
    textOf: (kind) => TREZOR_TEXTS[kind],
    override: (args) => (args.method === 'eth_signTypedData_v4' ? signTypedData(paramsArray(args.params)) : null),
  });
}

/** getInterface of the Trezor shell: web3-onboard's Trezor module, wrapped. */
export async function trezorInterface(manifest: TrezorManifest, helpers: ModuleHelpers, interfaceHelpers: InterfaceHelpers): Promise<{ provider: DeviceEip1193Provider }> {
  const init = trezorModule({ email: manifest.email, appUrl: manifest.appUrl });
  const module = (init as unknown as (h: ModuleHelpers) => { getInterface(h: InterfaceHelpers): Promise<{ provider: DeviceEip1193Provider }> } | null)(helpers);
  if (!module) throw new Error('Trezor is not available on this device.');
  const { provider } = await module.getInterface(interfaceHelpers);
  // The module's own import of Trezor Connect resolves to this same instance (one chunk); it has set the manifest.
  const connect = ((TrezorConnectModule as unknown as { default?: unknown }).default ?? TrezorConnectModule) as unknown as TrezorConnectApi;
  return { provider: trezorProvider(provider, connect) };
}
