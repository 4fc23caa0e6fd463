/**
 * Types of the allowanceTransfer flow (issue 21, decision 0063): the beneficiary of a Safe's spending limit sends
 * tokens from the Safe with `executeAllowanceTransfer` of Safe's Allowance module 0.1.1, a plain transaction from its
 * own wallet (no Safe transaction, no gateway). Everything here is plain JSON (amounts in base units as decimal
 * strings), so the event log records it as it is.
 */
import type { Address, Hex } from 'viem';
import type { BaseWalletFailureKind, ExecutionPlan, WalletFailure, WalletFailureKind } from '../transactionFlow/transactionFlow.types.ts';
import type { SignerDevice } from '../../domain/wallet/signerDevice.ts';
import type { DeviceExecutionFields } from '../shared/deviceExecution.ts';

export type { BaseWalletFailureKind, ExecutionPlan, WalletFailure, WalletFailureKind };

/** The token the limit is for, as the Assets row named it (NATIVE_TOKEN, the zero address, for the native coin). */
export interface SpendToken {
  address: Address;
  symbol: string;
  decimals: number;
}

export interface SpendSafe {
  chainId: string;
  chainName: string;
  address: Address;
}

export interface SpendWallet {
  address: Address;
  chainId: string;
  /** The device the wallet signs on (hardware or remote signer, issue 19); absent for a browser wallet. */
  device?: SignerDevice;
}

export interface AllowanceTransferInput {
  flowId: string;
  safe: SpendSafe;
  wallet: SpendWallet | null;
  token: SpendToken;
}

/** What the user typed: the recipient and the amount in token units ("60", "12.5"). */
export interface SpendDraft {
  recipient: string;
  amount: string;
}

export interface SpendDraftErrors {
  recipient: string | null;
  amount: string | null;
}

/** The allowance as getTokenAllowance reported it just before (amounts in base units). */
export interface AllowanceReading {
  amount: string;
  spent: string;
  resetTimeMin: number;
  lastResetMin: number;
  nonce: number;
}

export interface CheckTransferInput {
  chainId: string;
  safe: Address;
  /** The beneficiary: the connected wallet. */
  delegate: Address | null;
  token: SpendToken;
  to: Address;
  /** Base units. */
  amount: string;
}

/** The transfer, checked on chain just before the review: what the wallet will be asked to send. */
export interface PreparedTransfer {
  module: Address;
  delegate: Address;
  /** executeAllowanceTransfer(safe, token, to, amount, 0, 0, delegate, 0x): the bytes the wallet sends to `module`. */
  data: Hex;
  allowance: AllowanceReading;
  /** The Safe's balance of the token (base units), read from the chain. */
  safeBalance: string;
  /** The block the check read; a recovery looks for the transfer's event from there. */
  blockNumber: string;
}

/** The check's answer: the prepared transfer, or why it is refused (in words; nothing is sent). */
export type CheckTransferOutput = { prepared: PreparedTransfer; refusal?: undefined } | { refusal: string; prepared?: undefined };

export interface SendTransferInput {
  chainId: string;
  chainName: string;
  account: Address;
  module: Address;
  data: Hex;
  /** With a device: the nonce, gas and fees fixed before its prompt, sent exactly (issue 19); absent otherwise. */
  execution?: ExecutionPlan | undefined;
  /** The device's name, for its errors' texts. */
  deviceName?: string | undefined;
}

export interface SendTransferOutput {
  txHash: Hex;
  /** What the device changed in the execution the signer checked (read back from the chain); absent without a device. */
  changes?: string[];
}

/** The transfer the module's ExecuteAllowanceTransfer event must report. */
export interface ExpectedTransfer {
  safe: Address;
  delegate: Address;
  token: Address;
  to: Address;
  /** Base units. */
  amount: string;
  nonce: number;
}

export interface WaitForTransferInput {
  chainId: string;
  module: Address;
  txHash: Hex;
  expected: ExpectedTransfer;
}

export type WaitForTransferOutput =
  | { status: 'SUCCESS'; txHash: Hex; allowance: AllowanceReading }
  | { status: 'FAILED'; txHash: Hex; reason: string };

export interface FindTransferInput {
  chainId: string;
  module: Address;
  expected: ExpectedTransfer;
  fromBlock: string;
}

/** After a reload mid-send: the transaction that carried this transfer, or null when the chain shows none. */
export interface FindTransferOutput {
  txHash: Hex | null;
}

/** The machine's effects, implemented once by src/services/allowanceTransfer.ts. */
export interface AllowanceTransferEffects {
  /** Reads the allowance and the Safe's balance, eth_calls the exact transaction; refuses in words. */
  checkTransfer(input: CheckTransferInput): Promise<CheckTransferOutput>;
  /** A device sends: nonce, gas and fees fixed here before its prompt (issue 19); rejects with a WalletFailure. */
  prepareTransfer(input: SendTransferInput): Promise<ExecutionPlan>;
  /** Asks the wallet to send executeAllowanceTransfer (not idempotent). */
  sendTransfer(input: SendTransferInput): Promise<SendTransferOutput>;
  /** Waits for the receipt and checks its ExecuteAllowanceTransfer event; reads the allowance after. */
  waitForTransfer(input: WaitForTransferInput): Promise<WaitForTransferOutput>;
  /** After a restore: did the allowance's nonce move, and which transaction carried this transfer? */
  findTransfer(input: FindTransferInput): Promise<FindTransferOutput>;
}

/** With a device, the execution-hash step's fields (issue 19, decision 0070): absent otherwise. */
export interface AllowanceTransferContext extends DeviceExecutionFields {
  flowId: string;
  safe: SpendSafe;
  wallet: SpendWallet | null;
  token: SpendToken;
  draft: SpendDraft;
  errors: SpendDraftErrors | null;
  prepared: PreparedTransfer | null;
  /** Why the check refused the transfer (nothing was sent). */
  refusal: string | null;
  txHash: Hex | null;
  /** The allowance after the transfer, as read once it was mined. */
  after: AllowanceReading | null;
  walletFailure: WalletFailure | null;
  /** A problem with an effect (node unreachable, the receipt not found, the transaction reverted). */
  error: string | null;
}

export interface AllowanceTransferOutput {
  /** unconfirmed: closed while the receipt could not be read (the transaction may still be mined). */
  outcome: 'sent' | 'cancelled' | 'unconfirmed';
  txHash: Hex | null;
}

export type AllowanceTransferEvent =
  | { type: 'user.submit'; draft: SpendDraft }
  | { type: 'user.back' }
  | { type: 'user.send' }
  /** The signer says the device shows the transfer's transaction the dialog shows (issue 19): recorded in the event log. */
  | { type: 'user.confirmOnDevice' }
  | { type: 'user.retry' }
  | { type: 'user.check' }
  | { type: 'user.cancel' }
  | { type: 'user.close' }
  | { type: 'wallet.changed'; wallet: SpendWallet | null }
  | { type: 'system.recover' };
