/**
 * Types of one Safe Apps bridge request: the validated request (the payload of the recorded `bridge.request`
 * event, JSON only), the session facts it is answered from, the effects' inputs and outputs, and the machine's
 * context, events and input.
 */
import type { ChainInfo, SafeBalances, SafeInfo, TransactionDetails } from '../../domain/gateway/types.ts';
import type { HostMethod } from './bridgeRequest.protocol.ts';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

// ───────────────────────────── permissions (A.3.1) ─────────────────────────────

export interface PermissionCaveat {
  type: string;
  value?: JsonValue;
  name?: string;
}

export interface Permission {
  /** The app origin the permission belongs to. */
  invoker: string;
  /** The method name, e.g. `requestAddressBook`. */
  parentCapability: string;
  /** ms since epoch, taken from the user's event (never read from a clock inside the machine). */
  date?: number;
  caveats?: PermissionCaveat[];
}

/** `{ [methodName]: {} }` as apps send it. */
export type PermissionRequest = Record<string, Record<string, JsonValue>>;

/** Per-app session settings (A.2.2 `safe_setSettings`). */
export interface SafeAppSettings {
  offChainSigning: boolean;
}

// ───────────────────────────── validated requests ─────────────────────────────

/** One transaction an app asks for; there is no operation field: apps can only request CALLs. */
export interface AppTx {
  /** Checksummed address. */
  to: string;
  /** Decimal wei. */
  value: string;
  /** 0x-prefixed hex, `0x` when empty. */
  data: string;
  /** Decimal gas limit hint, when the app gave one. */
  gas?: string;
}

export interface TypedDataFieldJson {
  name: string;
  type: string;
}

/** EIP-712 typed data as received (JSON form: bigint values arrive as decimal strings). */
export interface AppTypedData {
  domain: { [key: string]: JsonValue };
  types: Record<string, TypedDataFieldJson[]>;
  message: { [key: string]: JsonValue };
  primaryType?: string;
}

interface RequestBase<M extends HostMethod, P> {
  /** The app's request id, echoed back unchanged. */
  id: string;
  method: M;
  /** `env.sdkVersion` of the app's SDK. */
  sdkVersion: string;
  params: P;
}

export type ParamlessMethod =
  | 'getSafeInfo'
  | 'getChainInfo'
  | 'getEnvironmentInfo'
  | 'wallet_getPermissions'
  | 'requestAddressBook'
  | 'getCurrentTheme';

export type BridgeRequest =
  | RequestBase<ParamlessMethod, null>
  | RequestBase<'getSafeBalances', { currency: string }>
  | RequestBase<'getTxBySafeTxHash', { safeTxHash: string }>
  | RequestBase<'rpcCall', { call: string; params: JsonValue[] }>
  | RequestBase<
      'sendTransactions',
      {
        txs: AppTx[];
        /** `params.safeTxGas` as a decimal string, or null. */
        safeTxGas: string | null;
        /** Some tx carried an `operation` other than CALL; such a request is refused, never executed. */
        requestsDelegateCall: boolean;
      }
    >
  | RequestBase<'signMessage', { message: string }>
  | RequestBase<
      'signTypedMessage',
      {
        /** null when the value lacks a well-formed domain, types or message. */
        typedData: AppTypedData | null;
        /** `typedData.primaryType`, else the single inferred root type, else null. */
        primaryType: string | null;
      }
    >
  | RequestBase<'getOffChainSignature', { messageHash: string }>
  | RequestBase<'wallet_requestPermissions', { requests: PermissionRequest[] }>;

export type BridgeRequestOf<M extends HostMethod> = Extract<BridgeRequest, { method: M }>;

// ───────────────────────────── session facts and replies ─────────────────────────────

/** What the open Safe and app session look like when the request arrives (effect `getSessionInfo`). */
export interface BridgeSessionInfo {
  safe: SafeInfo;
  chain: ChainInfo;
  /** The connected wallet is not an owner. */
  isReadOnly: boolean;
  /** The host page's origin (`getEnvironmentInfo`). */
  hostOrigin: string;
  darkMode: boolean;
  /** Permissions stored for the app's origin. */
  permissions: Permission[];
  settings: SafeAppSettings;
}

/**
 * The part of the session facts that needs no storage read: the open Safe, its chain, the wallet's role, the
 * host's origin and theme. The host listener reads them as a request arrives and answers the session reads
 * (`SESSION_READ_METHODS`) from them in that task (src/bridge/host/listener.ts).
 */
export type BridgeSessionFacts = Pick<BridgeSessionInfo, 'safe' | 'chain' | 'isReadOnly' | 'hostOrigin' | 'darkMode'>;

export type BridgeReply = { success: true; data: JsonValue } | { success: false; error: string };

/** `getSafeInfo` as apps see it (A.2.4). */
export interface AppSafeInfo {
  safeAddress: string;
  chainId: number;
  owners: string[];
  threshold: number;
  isReadOnly: boolean;
  nonce: number;
  implementation: string;
  modules: string[] | null;
  fallbackHandler: string | null;
  guard: string | null;
  version: string | null;
  network: string;
}

/** `getChainInfo` as apps see it (A.2.3). */
export type AppChainInfo = Pick<ChainInfo, 'chainName' | 'chainId' | 'shortName' | 'nativeCurrency' | 'blockExplorerUriTemplate'>;

export interface AddressBookItem {
  address: string;
  name: string;
  chainId: string;
}

// ───────────────────────────── effects ─────────────────────────────

export interface GetSessionInfoInput {
  appOrigin: string;
}

export interface GetBalancesInput {
  chainId: string;
  safeAddress: string;
  currency: string;
}

export interface GetTxInput {
  chainId: string;
  safeTxHash: string;
}

export interface RpcReadInput {
  chainId: string;
  method: string;
  params: JsonValue[];
}

export interface GetOffChainSignatureInput {
  chainId: string;
  messageHash: string;
}

export interface GetAddressBookInput {
  chainId: string;
}

export interface TransactionFlowInput {
  requestId: string;
  appOrigin: string;
  chainId: string;
  safeAddress: string;
  txs: AppTx[];
  safeTxGas: string | null;
}

/** The transaction flow's answer: proposed (or executed) with this safeTxHash, or closed by the user. */
export type TransactionFlowOutput = { status: 'proposed'; safeTxHash: string } | { status: 'rejected' };

export type MessageToSign = { kind: 'text'; message: string } | { kind: 'typed'; typedData: AppTypedData; primaryType: string };

export interface MessageFlowInput {
  requestId: string;
  appOrigin: string;
  chainId: string;
  safeAddress: string;
  /** Off-chain (EIP-1271 via the gateway's messages) or on-chain (SignMessageLib DELEGATECALL tx). */
  signing: 'offChain' | 'onChain';
  message: MessageToSign;
}

export type MessageFlowOutput =
  | { status: 'signed'; messageHash: string; signature: string }
  | { status: 'proposed'; safeTxHash: string }
  | { status: 'rejected' };

export type { SafeBalances, TransactionDetails };

/** The bridgeRequest machine's promise effects, implemented once by src/services/bridge.ts. */
export interface BridgeRequestEffects {
  /** The open Safe, its chain and the app's stored permissions and settings. */
  getSessionInfo(input: GetSessionInfoInput): Promise<BridgeSessionInfo>;
  getBalances(input: GetBalancesInput): Promise<SafeBalances>;
  getTx(input: GetTxInput): Promise<TransactionDetails>;
  /** A read-only JSON-RPC call on the open Safe's chain. */
  rpcRead(input: RpcReadInput): Promise<JsonValue>;
  /** The message's prepared signature; null while it is not fully signed. */
  getOffChainSignature(input: GetOffChainSignatureInput): Promise<string | null>;
  getAddressBook(input: GetAddressBookInput): Promise<AddressBookItem[]>;
  /** Hands the app's transactions to the transaction flow; aborted when the app is closed or the user cancels. */
  startTransactionFlow(input: TransactionFlowInput, signal: AbortSignal): Promise<TransactionFlowOutput>;
  /** Hands the app's message to the message flow; aborted when the app is closed or the user cancels. */
  startMessageFlow(input: MessageFlowInput, signal: AbortSignal): Promise<MessageFlowOutput>;
}

// ───────────────────────────── machine ─────────────────────────────

export interface BridgeRequestInput {
  request: BridgeRequest;
  /** The app's exact origin: the permissions key and the only origin replies go to. */
  appOrigin: string;
}

export interface BridgeRequestContext {
  request: BridgeRequest;
  appOrigin: string;
  session: BridgeSessionInfo | null;
  /** Permissions after the user's decision, when one was asked for. */
  permissions: Permission[] | null;
  /** The one reply; set on the transition into `replying`. */
  reply: BridgeReply | null;
}

export type BridgeRequestEvent =
  | { type: 'user.grantPermission'; at: number }
  | { type: 'user.denyPermission'; at: number }
  /** The user closed the confirmation of a transaction or message handed over to a flow. */
  | { type: 'user.cancel' }
  /** The app was closed or the Safe changed: the request ends with its rejection text. */
  | { type: 'bridge.cancel' };

export interface SendReplyParams {
  id: string;
  reply: BridgeReply;
}

export interface SavePermissionsParams {
  origin: string;
  permissions: Permission[];
}

export interface SaveSettingsParams {
  origin: string;
  settings: SafeAppSettings;
}
