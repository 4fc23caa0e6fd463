/**
 * The execution-hash step's effects (issue 19, decisions 0067 and 0070), one implementation for every flow that sends
 * a transaction from the connected wallet: the plan (the account's pending nonce, the gas estimate + 20 %, the
 * EIP-1559 fees), the send of exactly that plan, and the read-back of what the device changed.
 */
import { getAddress, type Address, type Hex, type PublicClient } from 'viem';
import { executionChanges } from '../../domain/wallet/deviceDisplay.ts';
import { unsignedExecutionOf } from '../../machines/shared/deviceExecution.ts';
import type { ExecutionPlan, WalletFailure } from '../../machines/transactionFlow/transactionFlow.types.ts';
import { NO_WALLET, sendTransaction, type WalletAccess, type WalletChain } from './wallet.ts';

/** The reads the plan needs (a chain client without them cannot fix an execution). */
export type PlanChain = Partial<Pick<PublicClient, 'getTransactionCount' | 'estimateGas' | 'estimateFeesPerGas'>>;
/** The read-back of the transaction sent. */
export type SentChain = Partial<Pick<PublicClient, 'getTransaction'>>;

/** A transaction the connected wallet sends. */
export interface WalletTx {
  to: Address;
  data: Hex;
  value?: bigint;
}

/** Nonce, gas and fees fixed here for a device before its prompt; rejects with a WalletFailure. */
export async function planExecution(chain: PlanChain, chainId: string, account: Address | null, tx: WalletTx): Promise<ExecutionPlan> {
  if (!account) throw { kind: 'disconnected', message: NO_WALLET } satisfies WalletFailure;
  const { getTransactionCount, estimateGas, estimateFeesPerGas } = chain;
  if (!getTransactionCount || !estimateGas || !estimateFeesPerGas) throw new Error('This chain client cannot fix an execution’s nonce, gas and fees.');
  const from = getAddress(account);
  const to = getAddress(tx.to);
  const value = tx.value ?? 0n;
  const [nonce, estimated, fees] = await Promise.all([
    getTransactionCount({ address: from, blockTag: 'pending' }),
    estimateGas({ account: from, to, data: tx.data, value }).catch((error: unknown) => {
      throw { kind: 'other', message: `The execution would fail: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` } satisfies WalletFailure;
    }),
    estimateFeesPerGas(),
  ]);
  return {
    chainId: Number(chainId),
    nonce,
    // A margin over the estimate (the device signs this limit as it is; unused gas is not paid).
    gas: ((estimated * 12n) / 10n).toString(),
    maxFeePerGas: fees.maxFeePerGas.toString(),
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
    to,
    value: value.toString(),
    data: tx.data,
  };
}

/** What the device changed in the execution it signed, read back from the chain; empty when nothing (or not readable). */
export async function changesMadeBy(chain: SentChain, plan: ExecutionPlan, txHash: Hex, sleep: (ms: number) => Promise<void>, intervalMs = 500): Promise<string[]> {
  const read = chain.getTransaction;
  if (!read) return [];
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const sent = await read({ hash: txHash }).catch(() => null);
    if (sent) return executionChanges(unsignedExecutionOf(plan), sent);
    await sleep(intervalMs);
  }
  return [];
}

/** The parts of a flow that send: its wallet, the chain to read back from, and how long to wait between reads. */
export interface SendDeps {
  wallet: WalletAccess;
  chain: SentChain;
  sleep: (ms: number) => Promise<void>;
  intervalMs?: number;
}

/** What was sent: its hash, and (with a plan) what the device changed. */
export interface Sent {
  txHash: Hex;
  changes?: string[];
}

/**
 * Sends `tx` from `account`. With a plan (a device), only when the plan is exactly this transaction (else refused:
 * what the signer checked would not be what is signed), with the plan's nonce, gas and fees; the mined transaction is
 * then read back and what differs from the plan is returned as `changes`.
 */
export async function sendPlanned(deps: SendDeps, on: WalletChain, account: Address | null, tx: WalletTx, plan?: ExecutionPlan, deviceName?: string): Promise<Sent> {
  if (plan && (plan.data.toLowerCase() !== tx.data.toLowerCase() || plan.to.toLowerCase() !== tx.to.toLowerCase() || BigInt(plan.value) !== (tx.value ?? 0n))) {
    throw { kind: 'other', message: 'Refusing to execute: the transaction is not the one checked on the device. Go back and check it again.' } satisfies WalletFailure;
  }
  const txHash = await sendTransaction(deps.wallet, on, account, tx, plan ? unsignedExecutionOf(plan) : undefined, deviceName);
  if (!plan) return { txHash };
  return { txHash, changes: await changesMadeBy(deps.chain, plan, txHash, deps.sleep, deps.intervalMs) };
}
