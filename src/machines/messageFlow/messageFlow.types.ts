/**
 * Types of the messageFlow machine (issue 8; anchor-features §3, protocol.md A.2.7, B.7.11, B.8.2).
 * Everything in context or in an event is plain JSON (addresses and hashes are hex strings), so the flow
 * replays from the event log (statecharts.md §3.2).
 */
import type { SignerDevice } from '../../domain/wallet/signerDevice.ts';
import type { DeviceCheck } from '../transactionFlow/transactionFlow.types.ts';
import type { Failure } from '../../domain/failure.ts';
import type { SafeInfoVerdict } from '../../domain/safe/safeInfoCheck.ts';

export type Hex = `0x${string}`;
export type Address = `0x${string}`;

/** The Safe a message is signed for, as the Safe session knows it (a TxFlowSafe fits). */
export interface MessageFlowSafe {
  chainId: string;
  chainName: string;
  address: Address;
  /** Contract version, e.g. "1.4.1" or "1.3.0+L2" (the SafeMessage domain depends on it). */
  version: string;
  threshold: number;
  owners: Address[];
  fallbackHandler: Address | null;
  /** What else the gateway said of the Safe, compared with the chain before signing (decision 0053); absent in older flows. */
  nonce?: number;
  modules?: Address[];
  guard?: Address | null;
  implementation?: Address | null;
}

/** The connected wallet; null when none is connected. */
export interface MessageFlowWallet {
  address: Address;
  chainId: string;
  /** The device the wallet signs on (issue 19); absent for a browser wallet. */
  device?: SignerDevice;
}

export interface TypedDataFieldJson {
  name: string;
  type: string;
}

/** EIP-712 typed data in its JSON form (what apps send and the gateway stores). */
export interface TypedDataJson {
  domain: { [key: string]: unknown };
  types: Record<string, TypedDataFieldJson[]>;
  message: { [key: string]: unknown };
  primaryType?: string;
}

/** A message handed to the flow (a Safe app's signMessage / signTypedMessage); matches the bridge's shape. */
export type MessageToSign = { kind: 'text'; message: string } | { kind: 'typed'; typedData: TypedDataJson; primaryType?: string };

/** What the flow hashes: a handed-over message, the compose form's text, or the gateway's stored message. */
export type MessageRequest =
  | MessageToSign
  /** The compose form: `text` is the message (text or 0x-hex) or, for `typed`, the typed data as JSON text. */
  | { kind: 'draft'; format: 'text' | 'typed'; text: string };

/** The message as it is signed: UTF-8 text (EIP-191; hex decoded when valid UTF-8) or normalised typed data. */
export type MessageContent = { kind: 'text'; text: string } | { kind: 'typed'; typedData: TypedDataJson & { primaryType: string } };

/**
 * Where the message may be used, judged locally from typed data's EIP-712 domain against the Safe's chain (S10,
 * decision 0026): `text` has no chain in it; `sameChain` names the Safe's chain; `otherChain` names another
 * chain and blocks signing (`reason` is the text shown and logged); `anyChain` names none and is signed only
 * after the user's `user.acknowledgeAnyChain`.
 */
export type MessageChainCheck =
  | { kind: 'text' }
  | { kind: 'sameChain'; chainId: string }
  | { kind: 'otherChain'; chainId: string; safeChainId: string; reason: string }
  | { kind: 'anyChain' };

/** Computed locally (security properties S1/S22); the only hashes shown, signed and compared. */
export interface MessagePreview {
  content: MessageContent;
  /**
   * The typed data's chain against the Safe's (schemaVersion 2). A preview recorded before it has none and
   * replays as it ran then (read through `chainCheckOf`).
   */
  chain: MessageChainCheck;
  /** EIP-191 hash of the text or EIP-712 hash of the typed data: the SafeMessage's `message` field. */
  innerHash: Hex;
  /** The SafeMessage EIP-712 hash (the gateway's messageHash). */
  safeMessageHash: Hex;
  domainHash: Hex;
  /** hashStruct(SafeMessage). */
  structHash: Hex;
  /** The SafeMessage typed data exactly as eth_signTypedData_v4 sends it to the wallet (JSON text). */
  walletTypedData: string;
  /** The text is a raw 32-byte hash: the signer cannot see what it means. */
  blindSigning: boolean;
  /**
   * The Safe info the flow was given against the chain, read when the message was hashed (decision 0053): only
   * `agrees` lets a signature be asked for. Absent in previews recorded before it existed (they replay as they ran).
   */
  safeInfo?: SafeInfoVerdict;
}

export interface MessageConfirmation {
  owner: Address;
  signature: Hex;
}

export type MessageStatus = 'NEEDS_CONFIRMATION' | 'CONFIRMED';

/** The gateway's record of a message (GET messages/{hash}); only read, never trusted for the hash. */
export interface GatewayMessageView {
  messageHash: Hex;
  status: MessageStatus;
  /** As stored: a string or typed data with primaryType. */
  message: string | TypedDataJson;
  confirmations: MessageConfirmation[];
  confirmationsRequired: number;
  confirmationsSubmitted: number;
  preparedSignature: Hex | null;
  proposedBy: Address;
  creationTimestamp: number;
  origin: string | null;
  name: string | null;
}

export interface OwnerSignature {
  signer: Address;
  signature: Hex;
}

/** The EIP-1271 check at the Safe: valid only for 0x1626ba7e (hash form) or 0x20c13b0b (bytes form). */
export interface Verification {
  valid: boolean;
  /** The form that answered with its magic value; null when neither did. */
  form: 'hash' | 'bytes' | null;
  /** What isValidSignature(bytes32,bytes) returned (null when the call reverted). */
  hashFormResult: Hex | null;
  /** What isValidSignature(bytes,bytes) returned, when it was asked (null otherwise). */
  bytesFormResult: Hex | null;
}

/** The SignMessageLib DELEGATECALL the transaction flow is asked to create (allow-listed library). */
export interface OnChainSignatureRequest {
  to: Address;
  value: '0';
  data: Hex;
  operation: 1;
  /** e.g. "SignMessageLib 1.4.1". */
  library: string;
  method: 'signMessage';
  /** The hash passed to signMessage (EIP-191 / EIP-712 hash of the message). */
  innerHash: Hex;
}

export type WalletFailureKind =
  | 'rejected'
  | 'wrongChain'
  | 'disconnected'
  | 'notOwner'
  /** Device errors (issue 19), each with a text that says what to do on the device. */
  | 'deviceLocked'
  | 'wrongApp'
  | 'blindSigningDisabled'
  | 'deviceDisconnected'
  | 'noTypedData'
  | 'other';

/** What the wallet effect rejects with (plain JSON, logged as it is). */
export type WalletFailure = Failure<WalletFailureKind>;

export type MessageFlowMode = 'sign' | 'confirm';

export interface MessageFlowInput {
  /** Stream id of the flow (generated where the flow is opened). */
  flowId: string;
  /** sign: a new message (composed, or handed over by a Safe app); confirm: an existing message by hash. */
  mode: MessageFlowMode;
  safe: MessageFlowSafe;
  wallet: MessageFlowWallet | null;
  /** sign: the message to sign at once; omitted = the compose form. */
  message?: MessageToSign | null;
  /** confirm: the messageHash picked in the messages list or details. */
  messageHash?: Hex | null;
  /** 'onChain' when the user's setting or the app asks for an on-chain signature. Default 'offChain'. */
  signing?: 'offChain' | 'onChain';
  /** False when off-chain signing is unavailable (chain lacks EIP1271, Safe without fallback handler…). */
  offChainSupported: boolean;
  /** `origin` sent with a new message (JSON string, e.g. a Safe app's {url,name}); default null. */
  origin?: string | null;
  safeAppId?: number | null;
}

export interface MessageFlowContext {
  flowId: string;
  mode: MessageFlowMode;
  safe: MessageFlowSafe;
  wallet: MessageFlowWallet | null;
  signing: 'offChain' | 'onChain';
  offChainSupported: boolean;
  origin: string | null;
  safeAppId: number | null;
  /** The message hash asked for (confirm mode). */
  requestedHash: Hex | null;
  request: MessageRequest | null;
  preview: MessagePreview | null;
  gatewayMessage: GatewayMessageView | null;
  /** A signature obtained but not yet accepted by the gateway (kept across a reload, never re-requested). */
  pendingSignature: OwnerSignature | null;
  verification: Verification | null;
  onChainRequest: OnChainSignatureRequest | null;
  safeTxHash: Hex | null;
  walletFailure: WalletFailure | null;
  error: string | null;
  /** What the signer compares with the device before the prompt; absent (not null) unless a device signs (issue 19). */
  deviceCheck?: DeviceCheck | undefined;
  /**
   * The user ticked "I understand this message is valid on every chain" for typed data whose domain names no
   * chain (`user.acknowledgeAnyChain`); reset when a new message is composed.
   */
  anyChainAcknowledged: boolean;
}

export type MessageFlowEvent =
  | { type: 'user.compose'; format: 'text' | 'typed'; text: string }
  | { type: 'user.sign' }
  /** Typed data naming no chain: the user acknowledges (or takes back) that it is valid on every chain. */
  | { type: 'user.acknowledgeAnyChain'; acknowledged: boolean }
  | { type: 'user.signOnChain' }
  | { type: 'user.confirmOnChain' }
  | { type: 'user.back' }
  | { type: 'user.retry' }
  | { type: 'user.cancel' }
  | { type: 'user.close' }
  | { type: 'wallet.changed'; wallet: MessageFlowWallet | null }
  /** The signer says the device shows what is shown here (issue 19): recorded in the event log. */
  | { type: 'user.confirmOnDevice' }
  /** The transaction flow proposed the SignMessageLib transaction (on-chain handoff). */
  | { type: 'txFlow.proposed'; safeTxHash: Hex }
  /** The transaction flow was closed without proposing. */
  | { type: 'txFlow.cancelled' }
  | { type: 'system.recover' };

/** Emitted by the `startOnChainSignature` action: the parent opens the transaction flow with it. */
export interface StartOnChainSignatureEvent {
  type: 'startOnChainSignature';
  flowId: string;
  safe: MessageFlowSafe;
  request: OnChainSignatureRequest;
}

/** The Safe every effect's input names. */
interface SafeInput {
  safe: MessageFlowSafe;
}

/** The machine's effects, implemented once by src/services/messageFlow.ts. */
export interface MessageFlowEffects {
  /** Local hashing of the message (never the gateway's): SafeMessage hash, domain/struct hashes, wallet payload. */
  computeMessageHash(input: SafeInput & { request: MessageRequest }): Promise<MessagePreview>;
  /** GET messages/{hash}; null when the gateway has no such message (404). */
  loadMessage(input: SafeInput & { messageHash: Hex }): Promise<GatewayMessageView | null>;
  /**
   * eth_signTypedData_v4 of the SafeMessage shown (no eth_sign); the signer must be an owner. Also refuses, on its
   * own, typed data for another chain and unacknowledged typed data naming no chain.
   */
  requestSignature(input: SafeInput & { wallet: MessageFlowWallet | null; preview: MessagePreview; anyChainAcknowledged: boolean }): Promise<OwnerSignature>;
  /** POST safes/{safe}/messages (first signer), then GET the message. */
  createMessage(
    input: SafeInput & { preview: MessagePreview; signature: OwnerSignature; origin: string | null; safeAppId: number | null },
  ): Promise<GatewayMessageView>;
  /** POST messages/{hash}/signatures (later signers), then GET the message. */
  addSignature(input: SafeInput & { messageHash: Hex; signature: OwnerSignature }): Promise<GatewayMessageView>;
  /** Polls GET messages/{hash} until its confirmations change; resolves with the new record. Stops when aborted. */
  watchMessage(input: SafeInput & { messageHash: Hex; confirmationsSubmitted: number }, signal: AbortSignal): Promise<GatewayMessageView>;
  /** EIP-1271 isValidSignature at the Safe (eth_call): hash form, then bytes form. */
  verifyOnChain(input: SafeInput & { innerHash: Hex; signature: Hex }): Promise<Verification>;
  /** The SignMessageLib DELEGATECALL for this Safe version, from the local allow-list. */
  prepareOnChainSignature(input: SafeInput & { innerHash: Hex }): Promise<OnChainSignatureRequest>;
}

/** Same union as the bridge's MessageFlowOutput (signed / proposed / rejected). */
export type MessageFlowOutput =
  | { status: 'signed'; messageHash: Hex; signature: Hex }
  | { status: 'proposed'; safeTxHash: Hex }
  | { status: 'rejected'; messageHash: Hex | null };
