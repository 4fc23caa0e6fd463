/**
 * Sample input and events of the allowanceTransfer machine for the registry (QA paths, diagrams, event-log tools)
 * and its model test: plain JSON (errors as `{ name, message }`, or the `{ kind, message }` wallet failures).
 * The prepared calldata is the real encoding of the sample transfer, so the review's local decoding applies to it.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ALLOWANCE_MODULE_ADDRESS, encodeExecuteAllowanceTransfer } from '../../domain/safe/allowance.ts';
import { DEVNET_SAFE, DEVNET_STRANGER, SAMPLE_CHAIN_ID, SAMPLE_LEDGER, deviceExecutionSampleEvents } from '../shared/samples.ts';
import type { AllowanceTransferContext, AllowanceTransferInput, PreparedTransfer, SpendDraft } from './allowanceTransfer.types.ts';

const DUSD = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const RECIPIENT = '0x00000000000000000000000000000000a11cE5E7';

export const ALLOWANCE_TRANSFER_SAMPLE = {
  safe: DEVNET_SAFE,
  delegate: DEVNET_STRANGER,
  token: DUSD,
  recipient: RECIPIENT,
  txHash: `0x${'cd'.repeat(32)}`,
} as const;

export const allowanceTransferSampleInput: AllowanceTransferInput = {
  flowId: 'sample',
  safe: { chainId: SAMPLE_CHAIN_ID, chainName: 'Devnet', address: DEVNET_SAFE },
  wallet: { address: DEVNET_STRANGER, chainId: SAMPLE_CHAIN_ID },
  token: { address: DUSD, symbol: 'dUSD', decimals: 6 },
};

/** The beneficiary signs on a Ledger (issue 19, decision 0070): the execution-hash step before the prompt. */
export const allowanceTransferDeviceInput: AllowanceTransferInput = { ...allowanceTransferSampleInput, wallet: { address: DEVNET_STRANGER, chainId: SAMPLE_CHAIN_ID, device: SAMPLE_LEDGER } };

const draft: SpendDraft = { recipient: RECIPIENT.toLowerCase(), amount: '60' };
const allowance = { amount: '100000000', spent: '0', resetTimeMin: 1440, lastResetMin: 29_400_000, nonce: 1 };
const transfer = { safe: DEVNET_SAFE, token: DUSD, to: RECIPIENT, amount: 60_000_000n, nonce: 1 } as const;

export const ALLOWANCE_TRANSFER_PREPARED: PreparedTransfer = {
  module: ALLOWANCE_MODULE_ADDRESS,
  delegate: DEVNET_STRANGER,
  data: encodeExecuteAllowanceTransfer({ ...transfer, delegate: DEVNET_STRANGER, signature: '0x' }),
  allowance,
  safeBalance: '200000000',
  blockNumber: '42',
};

/** The same transfer to another recipient: the calldata contradicts the draft, and the flow refuses it. */
const tampered: PreparedTransfer = {
  ...ALLOWANCE_TRANSFER_PREPARED,
  data: encodeExecuteAllowanceTransfer({ ...transfer, to: '0x000000000000000000000000000000000000bad1', delegate: DEVNET_STRANGER, signature: '0x' }),
};

const walletError = (kind: string, message: string) => ({ type: 'xstate.error.actor.sendTransfer', error: { kind, message } });

export const allowanceTransferSampleEvents: AnyEventObject[] = [
  { type: 'user.submit', draft },
  { type: 'user.submit', draft: { recipient: '0x1234', amount: '1.2.3' } },
  { type: 'xstate.done.actor.checkTransfer', output: { prepared: ALLOWANCE_TRANSFER_PREPARED } },
  { type: 'xstate.done.actor.checkTransfer', output: { prepared: tampered } },
  {
    type: 'xstate.done.actor.checkTransfer',
    output: { refusal: '50 dUSD is more than what is left of your spending limit: 40 dUSD of 100 dUSD per day (resets 2026-12-01 00:00 UTC). Nothing was sent.' },
  },
  { type: 'xstate.error.actor.checkTransfer', error: { name: 'Error', message: 'RPC unreachable' } },
  { type: 'user.back' },
  { type: 'user.send' },
  { type: 'xstate.done.actor.sendTransfer', output: { txHash: ALLOWANCE_TRANSFER_SAMPLE.txHash } },
  walletError('rejected', 'User rejected the transaction.'),
  walletError('wrongChain', 'You are trying to sign or execute a transaction on Devnet. Make sure that your wallet is set to the same network.'),
  walletError('disconnected', 'No wallet is connected.'),
  walletError('insufficientFunds', "Your connected wallet doesn't have enough funds to execute this transaction."),
  walletError('other', `The wallet's account changed; reconnect ${DEVNET_STRANGER} and try again.`),
  ...deviceExecutionSampleEvents('prepareTransfer', 'sendTransfer', ALLOWANCE_MODULE_ADDRESS, { txHash: ALLOWANCE_TRANSFER_SAMPLE.txHash }),
  { type: 'system.recover' },
  { type: 'xstate.done.actor.findTransfer', output: { txHash: ALLOWANCE_TRANSFER_SAMPLE.txHash } },
  { type: 'xstate.done.actor.findTransfer', output: { txHash: null } },
  { type: 'xstate.error.actor.findTransfer', error: { name: 'Error', message: 'RPC unreachable' } },
  { type: 'user.check' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.waitForTransfer', output: { status: 'SUCCESS', txHash: ALLOWANCE_TRANSFER_SAMPLE.txHash, allowance: { ...allowance, spent: '60000000', nonce: 2 } } },
  { type: 'xstate.done.actor.waitForTransfer', output: { status: 'FAILED', txHash: ALLOWANCE_TRANSFER_SAMPLE.txHash, reason: 'The transaction reverted on chain.' } },
  { type: 'xstate.error.actor.waitForTransfer', error: { name: 'Error', message: 'Timed out waiting for the receipt' } },
  { type: 'wallet.changed', wallet: null },
  // The same account, now on a browser wallet: for a check shown on the Ledger, another wallet (issue 19).
  { type: 'wallet.changed', wallet: { address: DEVNET_STRANGER, chainId: SAMPLE_CHAIN_ID } },
  { type: 'user.cancel' },
  { type: 'user.close' },
];

/** Vertex identity for path generation: the state, and whether the draft has errors, an effect failed, a wallet is connected. */
export function serializeAllowanceTransferState(s: AnyMachineSnapshot): string {
  const c = s.context as AllowanceTransferContext;
  return JSON.stringify([s.value, c.errors !== null, c.error !== null, c.wallet !== null, c.wallet?.device !== undefined, c.execution !== undefined]);
}
