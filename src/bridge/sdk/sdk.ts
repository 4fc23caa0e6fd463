/**
 * The app-side Safe Apps SDK: the same object layout, method names, validation and error texts as
 * `@safe-global/safe-apps-sdk` 9.1.0 (`sdk.txs`, `sdk.safe`, `sdk.eth`, `sdk.wallet`), over our communicator
 * (which adds request timeouts). Free of React and app services; only pure hashing helpers are shared.
 */
import { encodeFunctionData, hashMessage, type Hex } from 'viem';
import { hashEip712, isTypedData, type Eip712TypedData } from '../../domain/safe/messages.ts';
import { isEip1271MagicValue } from '../../domain/safe/eip1271.ts';
import {
  BridgeErrors,
  PERMISSIONS_REQUEST_REJECTED,
  RESTRICTED_METHODS,
  type BridgeMethod,
  type RpcCall,
} from '../../machines/bridgeRequest/bridgeRequest.protocol.ts';
import type {
  AddressBookItem,
  AppChainInfo,
  AppSafeInfo,
  Permission,
  PermissionRequest,
  SafeAppSettings,
  SafeBalances,
  TransactionDetails,
} from '../../machines/bridgeRequest/bridgeRequest.types.ts';
import { PostMessageCommunicator, type Communicator, type CommunicatorOptions } from './communicator.ts';

export type { AddressBookItem, Permission, PermissionRequest };
export type SafeInfoExtended = Omit<AppSafeInfo, 'network'> & { network?: string };
export type ChainInfo = AppChainInfo;
export type EIP712TypedData = Eip712TypedData;

export interface BaseTransaction {
  to: string;
  value: string;
  data: string;
}

export interface SendTransactionsParams {
  txs: BaseTransaction[];
  params?: { safeTxGas?: number };
}

export interface SendTransactionsResponse {
  safeTxHash: string;
}

/** On-chain: `{ safeTxHash }`; off-chain: `{ messageHash, signature }` (the host sends the signature too). */
export type SignMessageResponse = SendTransactionsResponse | { messageHash: string; signature?: string };

export interface EnvironmentInfo {
  origin: string;
}

export class PermissionsError extends Error {
  readonly code: number;
  readonly data?: unknown;

  constructor(message: string, code: number, data?: unknown) {
    super(message);
    this.name = 'PermissionsError';
    this.code = code;
    this.data = data;
    Object.setPrototypeOf(this, PermissionsError.prototype);
  }
}

const send = async <R>(communicator: Communicator, method: BridgeMethod, params: unknown): Promise<R> =>
  (await communicator.send<R>(method, params)).data;

// ───────────────────────────── txs ─────────────────────────────

export class Txs {
  constructor(private readonly communicator: Communicator) {}

  async getBySafeTxHash(safeTxHash: string): Promise<TransactionDetails> {
    if (!safeTxHash) throw new Error(BridgeErrors.invalidSafeTxHash);
    return send(this.communicator, 'getTxBySafeTxHash', { safeTxHash });
  }

  async signMessage(message: string): Promise<SignMessageResponse> {
    return send(this.communicator, 'signMessage', { message });
  }

  async signTypedMessage(typedData: EIP712TypedData): Promise<SignMessageResponse> {
    if (!isTypedData(typedData)) throw new Error(BridgeErrors.invalidTypedData);
    return send(this.communicator, 'signTypedMessage', { typedData });
  }

  async send({ txs, params }: SendTransactionsParams): Promise<SendTransactionsResponse> {
    if (!txs || !txs.length) throw new Error(BridgeErrors.noTransactions);
    return send(this.communicator, 'sendTransactions', { txs, params });
  }
}

// ───────────────────────────── eth ─────────────────────────────

type BlockNumberArg = number | 'earliest' | 'latest' | 'pending' | string;
type Formatter = ((value: unknown) => unknown) | null;

const defaultBlock = (value: unknown): unknown => (value === undefined ? 'latest' : value);
const fullTxObjects = (value: unknown): unknown => (value === undefined ? false : value);
const blockNumberToHex = (value: unknown): unknown => (Number.isInteger(value) ? `0x${(value as number).toString(16)}` : value);

export interface TransactionConfig {
  from?: string | number;
  to?: string;
  value?: number | string;
  gas?: number | string;
  gasPrice?: number | string;
  data?: string;
  nonce?: number;
}

export class Eth {
  constructor(private readonly communicator: Communicator) {}

  private rpc<R>(call: RpcCall, formatters: Formatter[] = []) {
    return async (params?: unknown[]): Promise<R> => {
      const formatted = params ? [...params] : [];
      if (params) formatters.forEach((format, i) => {
        if (format) formatted[i] = format(formatted[i]);
      });
      return send(this.communicator, 'rpcCall', { call, params: formatted });
    };
  }

  readonly call = this.rpc<string>('eth_call', [null, defaultBlock]) as (params: [TransactionConfig, string?]) => Promise<string>;
  readonly getBalance = this.rpc<string>('eth_getBalance', [null, defaultBlock]) as (params: [string, string?]) => Promise<string>;
  readonly getCode = this.rpc<string>('eth_getCode', [null, defaultBlock]) as (params: [string, string?]) => Promise<string>;
  readonly getStorageAt = this.rpc<string>('eth_getStorageAt', [null, blockNumberToHex, defaultBlock]) as (
    params: [string, number | string, string?],
  ) => Promise<string>;
  readonly getPastLogs = this.rpc<unknown[]>('eth_getLogs') as (params: [Record<string, unknown>]) => Promise<unknown[]>;
  readonly getBlockByHash = this.rpc<Record<string, unknown>>('eth_getBlockByHash', [null, fullTxObjects]) as (
    params: [string, boolean?],
  ) => Promise<Record<string, unknown>>;
  readonly getBlockByNumber = this.rpc<Record<string, unknown>>('eth_getBlockByNumber', [blockNumberToHex, fullTxObjects]) as (
    params: [BlockNumberArg, boolean?],
  ) => Promise<Record<string, unknown>>;
  readonly getTransactionByHash = this.rpc<Record<string, unknown> | null>('eth_getTransactionByHash') as (
    params: [string],
  ) => Promise<Record<string, unknown> | null>;
  readonly getTransactionReceipt = this.rpc<Record<string, unknown> | null>('eth_getTransactionReceipt') as (
    params: [string],
  ) => Promise<Record<string, unknown> | null>;
  readonly getTransactionCount = this.rpc<string>('eth_getTransactionCount', [null, defaultBlock]) as (params: [string, string?]) => Promise<string>;
  readonly getGasPrice = this.rpc<string>('eth_gasPrice') as () => Promise<string>;
  readonly getEstimateGas = (transaction: TransactionConfig): Promise<string> => this.rpc<string>('eth_estimateGas')([transaction]);
  readonly setSafeSettings = this.rpc<SafeAppSettings>('safe_setSettings') as (params: [Partial<SafeAppSettings>]) => Promise<SafeAppSettings>;
}

// ───────────────────────────── wallet ─────────────────────────────

export class Wallet {
  constructor(private readonly communicator: Communicator) {}

  async getPermissions(): Promise<Permission[]> {
    return send(this.communicator, 'wallet_getPermissions', undefined);
  }

  async requestPermissions(permissions: PermissionRequest[]): Promise<Permission[]> {
    if (!this.isPermissionRequestValid(permissions)) {
      throw new PermissionsError(BridgeErrors.permissionsRequestInvalid, PERMISSIONS_REQUEST_REJECTED);
    }
    try {
      return await send(this.communicator, 'wallet_requestPermissions', permissions);
    } catch {
      throw new PermissionsError(BridgeErrors.permissionsRejected, PERMISSIONS_REQUEST_REJECTED);
    }
  }

  /** Every entry must be an object naming only restricted methods (product-spec §5). */
  isPermissionRequestValid(permissions: unknown): boolean {
    if (!Array.isArray(permissions)) return false;
    return permissions.every(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        Object.keys(entry).every((method) => (RESTRICTED_METHODS as readonly string[]).includes(method)),
    );
  }
}

// ───────────────────────────── safe ─────────────────────────────

const IS_VALID_SIGNATURE_HASH = [
  {
    name: 'isValidSignature',
    type: 'function',
    stateMutability: 'view',
    inputs: [
      { name: '_dataHash', type: 'bytes32' },
      { name: '_signature', type: 'bytes' },
    ],
    outputs: [{ name: '', type: 'bytes4' }],
  },
] as const;

const IS_VALID_SIGNATURE_BYTES = [
  {
    name: 'isValidSignature',
    type: 'function',
    stateMutability: 'view',
    inputs: [
      { name: '_data', type: 'bytes' },
      { name: '_signature', type: 'bytes' },
    ],
    outputs: [{ name: '', type: 'bytes4' }],
  },
] as const;

const hasPermission = (method: string, permissions: readonly Permission[]): boolean =>
  permissions.some((permission) => permission.parentCapability === method);

export class Safe {
  private readonly wallet: Wallet;

  constructor(private readonly communicator: Communicator) {
    this.wallet = new Wallet(communicator);
  }

  async getChainInfo(): Promise<ChainInfo> {
    return send(this.communicator, 'getChainInfo', undefined);
  }

  async getInfo(): Promise<SafeInfoExtended> {
    return send(this.communicator, 'getSafeInfo', undefined);
  }

  async experimental_getBalances({ currency = 'usd' }: { currency?: string } = {}): Promise<SafeBalances> {
    return send(this.communicator, 'getSafeBalances', { currency });
  }

  async getEnvironmentInfo(): Promise<EnvironmentInfo> {
    return send(this.communicator, 'getEnvironmentInfo', undefined);
  }

  async getOffChainSignature(messageHash: string): Promise<string> {
    return send(this.communicator, 'getOffChainSignature', messageHash);
  }

  /**
   * Restricted: asks for the `requestAddressBook` permission first when the app has none, and fails with
   * `Permissions rejected` (code 4001) when it is still missing (A.3.3).
   */
  async requestAddressBook(): Promise<AddressBookItem[]> {
    let permissions = await this.wallet.getPermissions();
    if (!hasPermission('requestAddressBook', permissions)) {
      permissions = await this.wallet.requestPermissions([{ requestAddressBook: {} }]);
    }
    if (!hasPermission('requestAddressBook', permissions)) {
      throw new PermissionsError(BridgeErrors.permissionsRejected, PERMISSIONS_REQUEST_REJECTED);
    }
    return send(this.communicator, 'requestAddressBook', undefined);
  }

  /** EIP-191 hash of a text message (a `0x…` string is hashed as text). */
  calculateMessageHash(message: string): string {
    return hashMessage(message);
  }

  /** EIP-712 hash; without `primaryType` exactly one root type must be inferable, else `Please specify primaryType`. */
  calculateTypedMessageHash(typedMessage: EIP712TypedData): string {
    return hashEip712(typedMessage);
  }

  async isMessageSigned(message: string | EIP712TypedData, signature = '0x'): Promise<boolean> {
    if (typeof message === 'string') return this.isMessageHashSigned(this.calculateMessageHash(message), signature);
    if (isTypedData(message)) return this.isMessageHashSigned(this.calculateTypedMessageHash(message), signature);
    throw new Error(BridgeErrors.invalidMessageType);
  }

  /** True only when the Safe answers the EIP-1271 magic value: 0x1626ba7e (hash form), else 0x20c13b0b (bytes form). */
  async isMessageHashSigned(messageHash: string, signature = '0x'): Promise<boolean> {
    return (await this.check(messageHash, signature, 'hash')) || (await this.check(messageHash, signature, 'bytes'));
  }

  private async check(messageHash: string, signature: string, form: 'hash' | 'bytes'): Promise<boolean> {
    try {
      const safeInfo = await this.getInfo();
      const data =
        form === 'hash'
          ? encodeFunctionData({ abi: IS_VALID_SIGNATURE_HASH, functionName: 'isValidSignature', args: [messageHash as Hex, signature as Hex] })
          : encodeFunctionData({ abi: IS_VALID_SIGNATURE_BYTES, functionName: 'isValidSignature', args: [messageHash as Hex, signature as Hex] });
      const result = await send<string>(this.communicator, 'rpcCall', { call: 'eth_call', params: [{ to: safeInfo.safeAddress, data }, 'latest'] });
      return isEip1271MagicValue(result, form);
    } catch {
      return false;
    }
  }
}

// ───────────────────────────── the SDK ─────────────────────────────

export type SafeAppsSdkOptions = CommunicatorOptions;

export class SafeAppsSdk {
  readonly communicator: PostMessageCommunicator;
  readonly txs: Txs;
  readonly safe: Safe;
  readonly eth: Eth;
  readonly wallet: Wallet;

  constructor(options: SafeAppsSdkOptions = {}) {
    this.communicator = new PostMessageCommunicator(options);
    this.txs = new Txs(this.communicator);
    this.safe = new Safe(this.communicator);
    this.eth = new Eth(this.communicator);
    this.wallet = new Wallet(this.communicator);
  }
}

export default SafeAppsSdk;
