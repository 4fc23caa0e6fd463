/**
 * Wallet requests of the transaction flows, through an EIP-1193 provider.
 *
 * - Signatures: `eth_signTypedData_v4` only (security property S9; no eth_sign fallback). The typed data
 *   object that is hashed for display is the one serialised and sent (S2): its hash is recomputed right before
 *   the request and must equal the safeTxHash the user saw, and the returned signature must recover to the
 *   connected account.
 * - The wallet must be on the Safe's chain (S10), checked with eth_chainId before every request.
 * - Errors become WalletFailure objects (plain JSON, recorded as they are by the event log) with the anchor
 *   texts.
 */
import {
  getAddress,
  getTypesForEIP712Domain,
  hashTypedData,
  recoverTypedDataAddress,
  serializeTypedData,
  type Address,
  type Hex,
  type TypedDataDefinition,
} from 'viem';
import type { TxFlowSafe, WalletFailure } from '../../machines/transactionFlow/transactionFlow.types.ts';
import type { Failure } from '../../domain/failure.ts';
import { deviceErrorOf, type DeviceErrorKind } from '../../domain/wallet/signerDevice.ts';
import { rejectionText } from '../../domain/wallet/deviceDisplay.ts';

export interface Eip1193Like {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
}

/** The connected wallet's provider, or null when none is connected. */
export type WalletAccess = () => Eip1193Like | null;

export const USER_REJECTED_SIGNING = 'User rejected signing.';
export const USER_REJECTED_TX = 'User rejected the transaction.';
export const NO_WALLET = 'No wallet is connected.';
export const INSUFFICIENT_FUNDS = "Your connected wallet doesn't have enough funds to execute this transaction.";
export const SUBMIT_ERROR = 'Error submitting the transaction. Please try again.';
export const wrongChainText = (chainName: string) =>
  `You are trying to sign or execute a transaction on ${chainName}. Make sure that your wallet is set to the same network.`;

const failure = (kind: WalletFailure['kind'], message: string): WalletFailure => ({ kind, message });

/** What to do on the device, per device error (issue 19). `device` is its name, e.g. "Ledger"; "your device" when unknown. */
export const DEVICE_ERROR_TEXTS: Record<Exclude<DeviceErrorKind, 'rejected'>, (device: string) => string> = {
  locked: (device) => `${device} is locked. Unlock it with its PIN, keep it connected, and try again.`,
  wrongApp: (device) => `${device} has another app open. Open the Ethereum app on it, then try again.`,
  blindSigningDisabled: (device) =>
    `${device} refused to sign without showing the details (blind signing is off). In the Ethereum app's settings on the device, turn on blind signing, then try again, and compare the hashes it shows with the ones shown here.`,
  disconnected: (device) => `${device} is not connected. Connect and unlock it, open the Ethereum app, then try again.`,
  noTypedData: () =>
    "This wallet can't sign typed data (eth_signTypedData_v4). Countersign never falls back to eth_sign, which would sign a hash you cannot read: connect a wallet that signs typed data.",
};

const DEVICE_FAILURE_KINDS = {
  locked: 'deviceLocked',
  wrongApp: 'wrongApp',
  blindSigningDisabled: 'blindSigningDisabled',
  disconnected: 'deviceDisconnected',
  noTypedData: 'noTypedData',
} as const satisfies Record<Exclude<DeviceErrorKind, 'rejected'>, WalletFailure['kind']>;

/** The failure kinds of device errors (both flows with a device step have them). */
export type DeviceFailureKind = (typeof DEVICE_FAILURE_KINDS)[keyof typeof DEVICE_FAILURE_KINDS];

/** A device's error as a failure with what to do on the device; null when `error` is not a device error. */
export function deviceFailureOf(error: unknown, deviceName?: string): Failure<DeviceFailureKind> | null {
  const kind = deviceErrorOf(error);
  if (!kind || kind === 'rejected') return null;
  const device = deviceName ? `Your ${deviceName}` : 'Your device';
  return { kind: DEVICE_FAILURE_KINDS[kind], message: DEVICE_ERROR_TEXTS[kind](device) };
}

/**
 * A wallet that answered eth_signTypedData_v4 with "unsupported" (4200) or "method not found" (-32601), as a refusal
 * in words (S9: never eth_sign instead); null for any other error.
 */
export function noTypedDataFailure(error: unknown): Failure<'noTypedData'> | null {
  const { code } = providerErrorOf(error);
  return deviceErrorOf(error) === null && (code === 4200 || code === -32601) ? { kind: 'noTypedData', message: DEVICE_ERROR_TEXTS.noTypedData('') } : null;
}

/**
 * A provider error's code and message, and whether it is the user's rejection (EIP-1193 4001, or its words) or a
 * wallet that is not connected (4900, 4100, or their words): what the transaction and message flows' classifiers
 * read before their own texts.
 */
export function providerErrorOf(error: unknown): { code: number | null; message: string; kind: 'rejected' | 'disconnected' | null } {
  const code = typeof error === 'object' && error !== null && 'code' in error ? Number((error as { code: unknown }).code) : null;
  const message = error instanceof Error ? error.message : typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : String(error);
  const kind =
    code === 4001 || /user (rejected|denied)|rejected by user|user cancel/i.test(message)
      ? 'rejected'
      : code === 4900 || code === 4100 || /disconnected|not connected|no accounts/i.test(message)
        ? 'disconnected'
        : null;
  return { code, message, kind };
}

/** Maps a provider error to a WalletFailure. */
export function classifyWalletError(error: unknown, action: 'sign' | 'send', deviceName?: string): WalletFailure {
  if (isWalletFailure(error)) return error;
  const device = deviceFailureOf(error, deviceName);
  if (device) return device;
  const { message, kind } = providerErrorOf(error);
  if (kind === 'rejected') return failure('rejected', rejectionText(action === 'sign' ? USER_REJECTED_SIGNING : USER_REJECTED_TX, error, deviceName));
  if (kind === 'disconnected') return failure('disconnected', NO_WALLET);
  if (/insufficient funds|exceeds the balance|insufficient balance/i.test(message)) return failure('insufficientFunds', INSUFFICIENT_FUNDS);
  return failure('other', `${SUBMIT_ERROR} ${message}`.trim());
}

export function isWalletFailure(value: unknown): value is WalletFailure {
  return typeof value === 'object' && value !== null && 'kind' in value && 'message' in value && typeof (value as { message: unknown }).message === 'string';
}

/** The chain a wallet request is for (a Safe's, or the chain a new Safe is created on). */
export type WalletChain = Pick<TxFlowSafe, 'chainId' | 'chainName'>;

/** How a flow words a wallet's failures (the message flow has its own texts). */
export interface WalletWording {
  classify: (error: unknown) => Failure<string>;
  wrongChain: (chainName: string) => string;
}

/** The provider, connected, on the Safe's chain, with `account` selected; throws WalletFailure otherwise. */
export async function readyWallet(
  access: WalletAccess,
  safe: WalletChain,
  account: Address | null,
  action: 'sign' | 'send',
  wording: WalletWording = { classify: (error) => classifyWalletError(error, action), wrongChain: wrongChainText },
): Promise<{ provider: Eip1193Like; account: Address }> {
  const provider = access();
  if (!provider || !account) throw failure('disconnected', NO_WALLET);
  let chainId: unknown;
  let accounts: unknown;
  try {
    chainId = await provider.request({ method: 'eth_chainId' });
    accounts = await provider.request({ method: 'eth_accounts' });
  } catch (error) {
    throw wording.classify(error);
  }
  if (!Array.isArray(accounts) || accounts.length === 0) throw failure('disconnected', NO_WALLET);
  if (!accounts.some((a) => typeof a === 'string' && a.toLowerCase() === account.toLowerCase())) {
    throw failure('other', `The wallet's account changed; reconnect ${account} and try again.`);
  }
  if (typeof chainId !== 'string' || BigInt(chainId) !== BigInt(safe.chainId)) throw failure('wrongChain', wording.wrongChain(safe.chainName));
  return { provider, account: getAddress(account) };
}

/**
 * Signs typed data with eth_signTypedData_v4 after checking that it hashes to `expectedHash` (what the user
 * saw), and checks that the signature recovers to the account.
 */
export async function signTypedData(
  access: WalletAccess,
  safe: TxFlowSafe,
  account: Address | null,
  typedData: TypedDataDefinition,
  expectedHash: Hex,
  deviceName?: string,
): Promise<{ signer: Address; signature: Hex }> {
  const shown = hashTypedData(typedData);
  if (shown.toLowerCase() !== expectedHash.toLowerCase()) {
    throw failure('other', `Refusing to sign: the typed data hashes to ${shown}, not to the hash shown (${expectedHash}).`);
  }
  const { provider, account: signer } = await readyWallet(access, safe, account, 'sign');
  const domain = typedData.domain ?? {};
  const payload = serializeTypedData({
    ...typedData,
    types: { EIP712Domain: getTypesForEIP712Domain({ domain }), ...(typedData.types as Record<string, unknown>) },
  } as TypedDataDefinition);
  let signature: unknown;
  try {
    signature = await provider.request({ method: 'eth_signTypedData_v4', params: [signer, payload] });
  } catch (error) {
    throw noTypedDataFailure(error) ?? classifyWalletError(error, 'sign', deviceName);
  }
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(signature)) throw failure('other', 'The wallet returned an invalid signature.');
  const recovered = await recoverTypedDataAddress({ ...typedData, signature: signature as Hex } as Parameters<typeof recoverTypedDataAddress>[0]);
  if (recovered.toLowerCase() !== signer.toLowerCase()) throw failure('other', `The signature is from ${recovered}, not from the connected account ${signer}.`);
  return { signer, signature: signature.toLowerCase() as Hex };
}

/** Fields of an execution the app fixed itself before a device's prompt (issue 19). */
export interface FixedFields {
  nonce: number;
  gas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

const hexOf = (value: bigint | number) => `0x${value.toString(16)}`;

/**
 * Sends a transaction from the connected account (eth_sendTransaction); returns its hash. With `fixed`, the nonce,
 * gas and EIP-1559 fees are sent as the app fixed them (a device signs exactly these, issue 19).
 */
export async function sendTransaction(
  access: WalletAccess,
  safe: WalletChain,
  account: Address | null,
  tx: { to: Address; data: Hex; value?: bigint },
  fixed?: FixedFields,
  deviceName?: string,
): Promise<Hex> {
  const { provider, account: from } = await readyWallet(access, safe, account, 'send');
  try {
    const hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from,
          to: tx.to,
          data: tx.data,
          value: hexOf(tx.value ?? 0n),
          ...(fixed
            ? { type: '0x2', nonce: hexOf(fixed.nonce), gas: hexOf(fixed.gas), maxFeePerGas: hexOf(fixed.maxFeePerGas), maxPriorityFeePerGas: hexOf(fixed.maxPriorityFeePerGas) }
            : {}),
        },
      ],
    });
    if (typeof hash !== 'string') throw new Error('The wallet returned no transaction hash');
    return hash as Hex;
  } catch (error) {
    throw classifyWalletError(error, 'send', deviceName);
  }
}
