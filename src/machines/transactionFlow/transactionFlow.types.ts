/**
 * Types of the transaction flows (transactionFlow, deleteTxFlow, bulkExecuteFlow). Everything that lives in
 * context or travels in an event is plain JSON: wei and other uint256 values are base-10 strings, addresses and
 * hashes are hex strings. That keeps the flows replayable from the event log (statecharts.md §3.2).
 */

import type { SafeTxJson } from '../../domain/safe/safeTxJson.ts';
import type { ConfirmationView, DataDecoded, TransactionDetails } from '../../domain/gateway/types.ts';
import type { ConfirmationCheck } from '../../domain/safe/confirmationCheck.ts';
import type { TokenMeta, TxDescription } from '../../domain/safe/txDescription.ts';
import type { Simulation } from '../shared/simulation.ts';
import type { Failure } from '../../domain/failure.ts';
import type { SafeInfoVerdict } from '../../domain/safe/safeInfoCheck.ts';
import type { NestedApproval } from '../../domain/safe/nestedApproval.ts';
import type { SignerDevice } from '../../domain/wallet/signerDevice.ts';
import type { DisplayLine } from '../../domain/wallet/deviceDisplay.ts';
import type { DeviceExecutionFields } from '../shared/deviceExecution.ts';

export type Hex = `0x${string}`;
export type Address = `0x${string}`;

/** The Safe a flow works on, as the Safe session knows it when the flow opens. */
export interface TxFlowSafe {
  chainId: string;
  chainName: string;
  address: Address;
  /** Contract version, e.g. "1.4.1" or "1.3.0+L2". */
  version: string;
  /** The Safe's on-chain nonce. */
  nonce: number;
  threshold: number;
  owners: Address[];
  modules: Address[];
  guard: Address | null;
  fallbackHandler: Address | null;
  /** The singleton the gateway names (its `implementation`), for the two-source check (absent in flows opened before it). */
  implementation?: Address | null;
  /** The chain's native coin, from the chain config (absent in flows opened before it was recorded). */
  nativeCurrency?: TokenMeta;
}

/** The connected wallet, as the wallet connection reports it; null when none is connected. */
export interface TxFlowWallet {
  address: Address;
  chainId: string;
  /** The device the wallet signs on (hardware or remote signer, issue 19); absent for a browser wallet. */
  device?: SignerDevice;
}

/**
 * The unsigned transaction an executing device signs, fixed by the app before the prompt (issue 19): JSON, so the
 * event log records it as it is (integers as decimal strings).
 */
export interface ExecutionPlan {
  chainId: number;
  nonce: number;
  gas: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  to: Address;
  value: string;
  data: Hex;
}

/** What the signer compares with the device's screen before the prompt (issue 19). */
export interface DeviceCheck {
  /** A signature of the SafeTx (typed data), the execution (a transaction), or a message (personal_sign: the account services' authorisations, decision 0075). */
  what: 'signature' | 'execution' | 'message';
  device: SignerDevice;
  lines: DisplayLine[];
}

/** A token the compose form offers (from the Safe's balances). `address` null = the native coin. */
export interface TokenOption {
  address: Address | null;
  symbol: string;
  decimals: number;
  /** Balance in base units (decimal string), for the "Insufficient balance" check. */
  balance: string;
}

// ───────────────────────── what the user composes ─────────────────────────

export type SettingsChange =
  | { type: 'addOwner'; owner: string; threshold: number }
  | { type: 'removeOwner'; owner: string; threshold: number }
  | { type: 'swapOwner'; oldOwner: string; newOwner: string }
  | { type: 'changeThreshold'; threshold: number }
  | { type: 'enableModule'; module: string }
  | { type: 'disableModule'; module: string }
  | { type: 'setGuard'; guard: string }
  | { type: 'setFallbackHandler'; handler: string }
  | { type: 'updateVersion' };

/** One call the user composed. Amounts are human decimal strings ("1.5") with the token's decimals. */
export type CallDraft =
  | { kind: 'nativeTransfer'; recipient: string; amount: string; decimals: number }
  | { kind: 'erc20Transfer'; token: string; symbol: string; recipient: string; amount: string; decimals: number }
  | { kind: 'erc721Transfer'; token: string; recipient: string; tokenId: string }
  /** `abi` is the JSON ABI text (from the gateway or pasted); `args` are the typed inputs as text. */
  | { kind: 'contractCall'; to: string; value: string; abi: string; method: string; args: string[] }
  | { kind: 'settings'; change: SettingsChange }
  /**
   * A call handed over ready-made (a Safe App's `sendTransactions`, or the SignMessageLib call of an on-chain
   * message signature): `value` in wei (decimal string), `data` hex. Shown read-only; `origin` names who asked.
   */
  | { kind: 'rawCall'; to: string; value: string; data: string; operation: 0 | 1; origin: string };

export type TxDraft =
  | CallDraft
  | { kind: 'batch'; calls: CallDraft[] }
  /** An on-chain rejection: a 0-value call of the Safe to itself at a queued nonce. */
  | { kind: 'rejection' };

// ───────────────────────── what the effects return ─────────────────────────

/** The ten SafeTx fields (protocol.md B.8.1) as JSON: the domain's shape (signing packages carry it too). */
export type { SafeTxJson };

/** Computed locally (security property S1); the only hashes shown or signed. */
export interface TxHashes {
  domainHash: Hex;
  messageHash: Hex;
  safeTxHash: Hex;
}

export interface Confirmation {
  signer: Address;
  signature: Hex;
}

/**
 * The confirmations the gateway listed, each with its local verdict, and those that count (verified, of a
 * current owner, one per owner). Logs written before verdicts existed have neither `checks` field: read as [].
 */
export interface VerifiedConfirmations {
  confirmations: Confirmation[];
  confirmationChecks?: ConfirmationCheck[];
}

export interface QueuedNonce {
  nonce: number;
  /** What is queued at that nonce, e.g. "Send 5 dUSD", for the conflict notice. */
  labels: string[];
}

export interface NonceInfo {
  current: number;
  recommended: number;
  queued: QueuedNonce[];
}

/** A decoded call, as shown on the review step (gateway decoding, cross-checked). */
export interface DecodedCall {
  method: string;
  parameters: { name: string; type: string; value: string }[];
}

/** What the gateway says about the transaction (decoding and, for queued transactions, its stored fields). */
export interface GatewayView {
  /** The gateway's decoding of the top-level call; null when the data is empty or unknown to it. */
  decoded: DecodedCall | null;
  /** Inner calls of a MultiSend, as the gateway decoded them. */
  innerCalls: { operation: 0 | 1; to: Address; value: string; data: Hex | null; decoded: DecodedCall | null }[];
  /** A queued transaction's fields as the gateway stored them (to cross-check the hash); null for new ones. */
  stored: (SafeTxJson & { safeTxHash: Hex }) | null;
  /** The gateway's one-line summary, e.g. "Transfer", "SettingsChange", "Custom". */
  summary: string;
  /** The gateway's answers as received (JSON), for the cross-check. */
  raw: { details: TransactionDetails | null; dataDecoded: DataDecoded | null; confirmationView: ConfirmationView | null };
}

export type RiskSeverity = 'blocking' | 'warning' | 'info';

export interface Risk {
  /** Stable id, e.g. `delegatecall`, `gasToken`, `ownerChange`. */
  id: string;
  severity: RiskSeverity;
  title: string;
  detail: string;
}

/** A queued transaction loaded for confirm/execute. */
export interface LoadedTx extends VerifiedConfirmations {
  safeTx: SafeTxJson;
  /** The proposer, when known (only the proposer may delete). */
  proposer: Address | null;
  gatewayView: GatewayView;
  /** The gateway's label, e.g. "Send 1 ETH". */
  label: string;
}

/** The wallet failures of the flows without a device step (issue 19 left them their five states). */
export type BaseWalletFailureKind = 'rejected' | 'wrongChain' | 'disconnected' | 'insufficientFunds' | 'other';

export type WalletFailureKind =
  | 'rejected'
  | 'wrongChain'
  | 'disconnected'
  | 'insufficientFunds'
  /** Device errors (issue 19), each with a text that says what to do on the device. */
  | 'deviceLocked'
  | 'wrongApp'
  | 'blindSigningDisabled'
  | 'deviceDisconnected'
  /** A signer that cannot sign typed data (only eth_sign): refused, never a fallback. */
  | 'noTypedData'
  | 'other';

/** What the wallet effects reject with (plain JSON, so the event log records it as it is). */
export type WalletFailure = Failure<WalletFailureKind>;

export type TxOutcome = 'SUCCESS' | 'FAILED';

export interface TrackResult {
  status: TxOutcome;
  txHash: Hex;
}

export interface StatusCheck extends VerifiedConfirmations {
  /** `executed`: the Safe nonce moved past the tx and the receipt is known. */
  status: 'executed' | 'proposed' | 'unknown';
  txHash: Hex | null;
}

// ───────────────────────── the transactionFlow machine ─────────────────────────

export type TxFlowMode = 'create' | 'confirm' | 'execute' | 'reject';

/** `propose`: a connected proposer (a delegate an owner added, not an owner) submits a new transaction for the owners. */
export type SubmitIntent = 'sign' | 'signAndExecute' | 'execute' | 'relay' | 'propose';

/** The queued transaction a rejection was opened from (as the transaction's details listed it). */
export interface RejectedTx {
  safeTxHash: Hex;
  /** Who proposed it; only they may delete it off-chain. */
  proposer: Address | null;
  label: string;
}

export interface TxFlowInput {
  /** Stream id of the flow (generated where the flow is opened, never inside the machine). */
  flowId: string;
  mode: TxFlowMode;
  safe: TxFlowSafe;
  wallet: TxFlowWallet | null;
  /** confirm / execute: the gateway id of the queued transaction. */
  txId?: string | null;
  /** reject: the nonce to reject. */
  nonce?: number | null;
  /** reject: the queued transaction it was opened from, so the review can offer its proposer the off-chain Delete. */
  replaces?: RejectedTx | null;
  tokens?: TokenOption[];
  /** Prefilled compose form (e.g. the settings screens or the /addOwner deep link). */
  initialDraft?: TxDraft | null;
}

export interface TxFlowContext {
  flowId: string;
  mode: TxFlowMode;
  /** reject: the queued transaction it was opened from (absent in logs written before it existed). */
  replaces?: RejectedTx | null;
  safe: TxFlowSafe;
  wallet: TxFlowWallet | null;
  txId: string | null;
  tokens: TokenOption[];
  draft: TxDraft | null;
  /**
   * What the compose form holds but the user has not submitted yet (a debounced `user.editDraft`), so that a
   * reload brings the typed fields back. Not validated; never built or signed. Absent (not null) when there is
   * none, so that the context of a flow that never used it digests as it did before it existed.
   */
  editing?: CallDraft | undefined;
  /** Calls collected for a batch while composing. */
  batch: CallDraft[];
  /** ABI loaded from the gateway for the contract-interaction form. */
  contractAbi: { address: Address; abi: string; name: string | null } | null;
  abiError: string | null;
  nonces: NonceInfo | null;
  /** The nonce as typed (validated with validateNonce). */
  nonceInput: string;
  safeTxGas: string;
  safeTx: SafeTxJson | null;
  hashes: TxHashes | null;
  gatewayView: GatewayView | null;
  txLabel: string | null;
  /** Cross-check result: empty = the gateway agrees with the locally built SafeTx. */
  mismatches: string[];
  /**
   * The gateway's Safe info against the chain, read once per review (decision 0053). Its differences are among
   * `mismatches` too (so they block); anything but `agrees` blocks. Absent in flows reviewed before it existed.
   */
  safeInfo?: SafeInfoVerdict;
  /** What the SafeTx does, decoded here from its bytes (the review's title and lists come from it). */
  description: TxDescription | null;
  /**
   * When the SafeTx approves another Safe's transaction (approveHash, nested Safes S21): that transaction, hashed
   * here. Undefined otherwise (left out of the logged context), so other flows' contexts digest as before it existed.
   */
  nested?: NestedApproval | undefined;
  /** Its simulation in the Safe's own context (null: not run yet). */
  simulation: Simulation | null;
  /** What blocks signing outright, whatever is acknowledged (e.g. the simulation sees the implementation replaced). */
  blocks: string[];
  risks: Risk[];
  risksAcknowledged: boolean;
  /** The confirmations that count: verified here (recovered, approved on chain, accepted by the owner contract). */
  confirmations: Confirmation[];
  /** Every confirmation the gateway listed, with its local verdict (shown; only the valid ones count). */
  confirmationChecks: ConfirmationCheck[];
  proposer: Address | null;
  /**
   * The proposer (not an owner) whose proposal the gateway accepted in this flow: its signature is not a
   * confirmation. Absent (not null) in every other flow, so their contexts digest as before it existed.
   */
  proposedAs?: Address | undefined;
  relay: { remaining: number; limit: number } | null;
  intent: SubmitIntent | null;
  /** A signature obtained but not yet accepted by the gateway (kept across a reload). */
  pendingSignature: Confirmation | null;
  txHash: Hex | null;
  relayTaskId: string | null;
  outcome: TxOutcome | null;
  walletFailure: WalletFailure | null;
  error: string | null;
  /** What the signer compares with the device before the prompt; absent (not null) unless a device signs (issue 19). */
  deviceCheck?: DeviceCheck | undefined;
  /** The execution fixed for a device before its prompt; absent unless a device executes. */
  execution?: ExecutionPlan | undefined;
  /** What the device changed in the execution it signed, against the one checked; absent when nothing (issue 19). */
  deviceChanges?: string[] | undefined;
}

export type TxFlowEvent =
  | { type: 'user.addToBatch'; call: CallDraft }
  | { type: 'user.removeFromBatch'; index: number }
  | { type: 'user.loadAbi'; address: string }
  | { type: 'user.compose'; draft: TxDraft }
  /** The compose form's fields as typed (not validated), sent after a pause or on leaving a field. */
  | { type: 'user.editDraft'; call: CallDraft }
  | { type: 'user.setNonce'; nonce: string }
  | { type: 'user.confirmNonce' }
  | { type: 'user.editNonce' }
  | { type: 'user.acknowledgeRisks'; acknowledged: boolean }
  | { type: 'user.sign' }
  /** The signer says the device shows what the app shows (issue 19): recorded in the event log. */
  | { type: 'user.confirmOnDevice' }
  | { type: 'user.signAndExecute' }
  | { type: 'user.execute' }
  | { type: 'user.relay' }
  | { type: 'user.propose' }
  | { type: 'user.retry' }
  | { type: 'user.back' }
  | { type: 'user.cancel' }
  | { type: 'user.close' }
  | { type: 'wallet.changed'; wallet: TxFlowWallet | null }
  | { type: 'system.recover' };

export interface TxFlowOutput {
  /** `submitted`: broadcast, but the receipt could not be confirmed before the dialog was closed. */
  outcome: 'signed' | 'executed' | 'failed' | 'submitted' | 'cancelled';
  safeTxHash: Hex | null;
  txHash: Hex | null;
}

// ───────────────────────── deleteTxFlow ─────────────────────────

export interface DeleteTxInput {
  flowId: string;
  safe: TxFlowSafe;
  wallet: TxFlowWallet | null;
  safeTxHash: Hex;
  nonce: number;
  proposer: Address | null;
  label: string;
}

export interface DeleteTxContext extends DeleteTxInput {
  /** When the user confirmed (ms since epoch), from the event payload: the DeleteRequest TOTP is derived from it. */
  requestedAtMs: number | null;
  signature: Hex | null;
  walletFailure: WalletFailure | null;
  error: string | null;
  /** What the signer compares with the device before the prompt; absent (not null) unless a device signs (issue 19). */
  deviceCheck?: DeviceCheck | undefined;
}

export type DeleteTxEvent =
  | { type: 'user.confirmDelete'; nowMs: number }
  /** The signer says the device shows what the app shows (issue 19): recorded in the event log. */
  | { type: 'user.confirmOnDevice' }
  | { type: 'user.retry' }
  | { type: 'user.cancel' }
  | { type: 'user.close' }
  | { type: 'wallet.changed'; wallet: TxFlowWallet | null }
  | { type: 'system.recover' };

// ───────────────────────── bulkExecuteFlow ─────────────────────────

export interface BulkExecuteInput {
  flowId: string;
  safe: TxFlowSafe;
  wallet: TxFlowWallet | null;
  /** Gateway ids of the queued transactions, in nonce order. */
  txIds: string[];
}

export interface BulkItem {
  txId: string;
  /** The gateway's label: shown only as unverified, for logs written before `description` existed. */
  label: string;
  /** What it does, decoded here from its bytes (absent in logs written before it existed). */
  description?: TxDescription;
  safeTx: SafeTxJson;
  hashes: TxHashes;
  /** The verified confirmations that go into its execTransaction. */
  confirmations: Confirmation[];
  /** Every listed confirmation with its verdict (absent in logs written before verdicts existed). */
  confirmationChecks?: ConfirmationCheck[];
  mismatches: string[];
  risks: Risk[];
}

/** With a device, the execution-hash step's fields (issue 19, decision 0070): absent otherwise. */
export interface BulkExecuteContext extends BulkExecuteInput, DeviceExecutionFields {
  items: BulkItem[];
  relay: { remaining: number; limit: number } | null;
  risksAcknowledged: boolean;
  txHash: Hex | null;
  outcome: TxOutcome | null;
  walletFailure: WalletFailure | null;
  error: string | null;
}

export type BulkExecuteEvent =
  | { type: 'user.acknowledgeRisks'; acknowledged: boolean }
  | { type: 'user.execute' }
  | { type: 'user.relay' }
  /** The signer says the device shows the execution the dialog shows (issue 19): recorded in the event log. */
  | { type: 'user.confirmOnDevice' }
  /** From the execution's check back to the review. */
  | { type: 'user.back' }
  | { type: 'user.retry' }
  | { type: 'user.cancel' }
  | { type: 'user.close' }
  | { type: 'wallet.changed'; wallet: TxFlowWallet | null }
  | { type: 'system.recover' };

// ───────────────────────── the effects (implemented by src/services/transactionFlow/transactionFlow.ts) ─────────────────────────

/** Every effect works on the flow's Safe. */
interface OnSafe {
  safe: TxFlowSafe;
}

/** The transactionFlow machine's effects. */
export interface TransactionFlowEffects {
  /** The contract's verified ABI from the gateway, for the contract-interaction form. */
  loadContractAbi(input: OnSafe & { address: string }): Promise<{ address: Address; abi: string; name: string | null }>;
  /** The Safe's current and recommended nonces, and what is queued at each nonce. */
  loadNonces(input: OnSafe): Promise<NonceInfo>;
  /** The gateway's safeTxGas estimate (Safes before 1.3.0 need one). */
  estimateSafeTxGas(input: OnSafe & { draft: TxDraft; nonce: string }): Promise<{ safeTxGas: string }>;
  /** The SafeTx of the draft, with its hashes computed locally. */
  buildSafeTx(input: OnSafe & { draft: TxDraft; nonce: string; safeTxGas: string }): Promise<{ safeTx: SafeTxJson; hashes: TxHashes; label: string }>;
  /** A queued transaction, rebuilt and hashed locally, with its verified confirmations. */
  loadTx(input: OnSafe & { txId: string }): Promise<LoadedTx & { hashes: TxHashes }>;
  /** What the gateway says about a new SafeTx (its decoding). */
  decodeTx(input: OnSafe & { safeTx: SafeTxJson }): Promise<GatewayView>;
  /**
   * Every mismatch between the gateway's view and the local SafeTx, and what the SafeTx does; and the Safe info the
   * flow was given against the chain (decision 0053: a difference is a mismatch; a chain that cannot be read rejects).
   */
  crossCheck(
    input: OnSafe & { safeTx: SafeTxJson; hashes: TxHashes; draft: TxDraft | null; gatewayView: GatewayView },
  ): Promise<{ mismatches: string[]; description?: TxDescription | null; safeInfo?: SafeInfoVerdict; nested?: NestedApproval }>;
  classifyRisks(input: OnSafe & { safeTx: SafeTxJson }): Promise<Risk[]>;
  /** The SafeTx run in the Safe's own context: what it changes that the data does not declare. */
  simulateTx(input: OnSafe & { safeTx: SafeTxJson; risks: Risk[] }): Promise<{ simulation: Simulation; risks: Risk[]; blocks?: string[] }>;
  /** How many relayed transactions the Safe has left. */
  loadRelayRemaining(input: OnSafe): Promise<{ remaining: number; limit: number }>;
  /**
   * Whether the connected wallet is one of the Safe's proposers (the gateway's delegates for this Safe). Only a gate:
   * the gateway checks the proposer's signature again when the proposal is sent.
   */
  checkProposer(input: OnSafe & { wallet: TxFlowWallet | null }): Promise<{ proposer: boolean }>;
  /** The wallet's signature of the SafeTx; rejects with a WalletFailure. */
  requestSignature(input: OnSafe & { safeTx: SafeTxJson; hashes: TxHashes; wallet: TxFlowWallet | null }): Promise<Confirmation>;
  /** Sends the signed SafeTx to the gateway; answers with the confirmations it lists, verified. */
  proposeTx(input: OnSafe & { safeTx: SafeTxJson; hashes: TxHashes; signature: Confirmation }): Promise<VerifiedConfirmations>;
  /** execTransaction sent by the wallet; rejects with a WalletFailure. */
  executeTx(
    input: OnSafe & { safeTx: SafeTxJson; confirmations: Confirmation[]; wallet: TxFlowWallet | null; execution?: ExecutionPlan | undefined },
  ): Promise<{ txHash: Hex; changes?: string[] }>;
  /** A device executes: nonce, gas and fees fixed here before its prompt (issue 19); rejects with a WalletFailure. */
  prepareExecution(input: OnSafe & { safeTx: SafeTxJson; confirmations: Confirmation[]; wallet: TxFlowWallet | null }): Promise<ExecutionPlan>;
  /** execTransaction relayed by the gateway. */
  relayTx(input: OnSafe & { safeTx: SafeTxJson; confirmations: Confirmation[] }): Promise<{ taskId: string; txHash: Hex | null }>;
  /** The execution's receipt, once the gateway's history shows it too. */
  waitForReceipt(input: OnSafe & { txHash: Hex | null; taskId: string | null; safeTxHash: Hex }): Promise<TrackResult>;
  /** After a restore: whether the transaction was executed, and its confirmations. */
  checkTxStatus(input: OnSafe & { safeTxHash: Hex }): Promise<StatusCheck>;
}

/** The deleteTxFlow machine's effects. */
export interface DeleteTxFlowEffects {
  /** The wallet's signature of the DeleteRequest; rejects with a WalletFailure. */
  requestDeleteSignature(input: OnSafe & { wallet: TxFlowWallet | null; safeTxHash: Hex; nowMs: number }): Promise<{ signature: Hex }>;
  /** Deletes the proposal from the gateway. */
  deleteTx(input: OnSafe & { safeTxHash: Hex; signature: Hex }): Promise<void>;
}

/** The bulkExecuteFlow machine's effects. */
export interface BulkExecuteFlowEffects {
  /** The queued transactions, each rebuilt locally and cross-checked, in nonce order. */
  loadBatch(input: OnSafe & { txIds: string[] }): Promise<BulkItem[]>;
  loadRelayRemaining(input: OnSafe): Promise<{ remaining: number; limit: number }>;
  /** The MultiSendCallOnly of every execTransaction, sent by the wallet; rejects with a WalletFailure. */
  executeBatch(input: OnSafe & { items: BulkItem[]; wallet: TxFlowWallet | null; execution?: ExecutionPlan | undefined }): Promise<{ txHash: Hex; changes?: string[] }>;
  /** A device executes the batch: nonce, gas and fees fixed here before its prompt (issue 19); rejects with a WalletFailure. */
  prepareBatchExecution(input: OnSafe & { items: BulkItem[]; wallet: TxFlowWallet | null }): Promise<ExecutionPlan>;
  /** The same call relayed by the gateway. */
  relayBatch(input: OnSafe & { items: BulkItem[] }): Promise<{ taskId: string; txHash: Hex | null }>;
  /** After a restore: whether the batch (its last transaction) was executed. */
  checkBatchStatus(input: OnSafe & { safeTxHash: Hex }): Promise<StatusCheck>;
  waitForReceipt(input: OnSafe & { txHash: Hex | null; taskId: string | null; safeTxHash: Hex }): Promise<TrackResult>;
}
