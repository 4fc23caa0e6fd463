/**
 * Registry entries of the transaction flows (src/machines/registry.ts spreads them into MACHINES): sample input
 * and JSON-only sample events for QA paths, diagrams and the event log's machine versions.
 */
import { SAMPLE_BATCH_DESCRIPTION } from '../shared/txDescription.samples.ts';
import { SAMPLE_CHAIN_ID, SAMPLE_OWNERS, SAMPLE_SAFE, SAMPLE_SAFE_TX, SAMPLE_SAFE_TX_HASH, SAMPLE_SIGNATURE, SAMPLE_TX_HASHES, deviceExecutionSampleEvents } from '../shared/samples.ts';
import { defaultMultiSendCallOnly } from '../../domain/safe/contracts.ts';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { RegisteredMachine } from '../registry.ts';
import { bulkExecuteFlowMachine } from './bulkExecuteFlow.machine.ts';
import { deleteTxFlowMachine } from './deleteTxFlow.machine.ts';
import { canExecute, canPropose, canRelay, canSign, canSignAndExecute } from './transactionFlow.setup.ts';
import { transactionFlowMachine } from './transactionFlow.machine.ts';
import type { BulkExecuteInput, DeleteTxInput, TxFlowContext, TxFlowInput } from './transactionFlow.types.ts';

const OWNERS = SAMPLE_OWNERS;
const sampleSafe = SAMPLE_SAFE;
const wallet = { address: OWNERS[0], chainId: SAMPLE_CHAIN_ID } as const;
/** A wallet that is not an owner: it proposes (when the gateway lists it as a proposer). */
const PROPOSER = '0x5555555555555555555555555555555555555555';
const safeTxHash = SAMPLE_SAFE_TX_HASH;
const SAMPLE_TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const safeTx = SAMPLE_SAFE_TX;
const hashes = SAMPLE_TX_HASHES;
const sig = (signer: string) => ({ signer, signature: SAMPLE_SIGNATURE });
const description = SAMPLE_BATCH_DESCRIPTION;
const gatewayView = { decoded: null, innerCalls: [], stored: null, summary: 'transfer', raw: { details: null, dataDecoded: null, confirmationView: null } };
const delegateCallRisk = { id: 'untrusted-delegatecall', severity: 'blocking', title: 'Unexpected delegate call', detail: 'DELEGATECALL to 0xbad' };
const error = (message: string) => ({ name: 'Error', message });
const walletErrors = (actor: string) =>
  ['rejected', 'wrongChain', 'disconnected', 'insufficientFunds', 'other'].map((kind) => ({ type: `xstate.error.actor.${actor}`, error: { kind, message: `${kind}` } }));
/** A device's own errors (issue 19): each has its state in the transaction flow. */
const deviceErrors = (actor: string) =>
  ['deviceLocked', 'wrongApp', 'blindSigningDisabled', 'deviceDisconnected', 'noTypedData'].map((kind) => ({ type: `xstate.error.actor.${actor}`, error: { kind, message: `${kind}` } }));
/** A Ledger that signs blind (issue 19): the flows show the domain and message hashes before its prompt. */
const ledger = { kind: 'ledger', name: 'Ledger', display: 'hashes' } as const;
/** The execution a device signs, fixed here (issue 19). */
export const SAMPLE_EXECUTION_PLAN = {
  chainId: Number(SAMPLE_CHAIN_ID),
  nonce: 7,
  gas: '120000',
  maxFeePerGas: '2000000000',
  maxPriorityFeePerGas: '1000000000',
  to: SAMPLE_SAFE.address,
  value: '0',
  data: '0x6a761202',
} as const;

const txFlowEvents: AnyEventObject[] = [
  { type: 'user.editDraft', call: { kind: 'nativeTransfer', recipient: '0x44444444', amount: '1.', decimals: 18 } },
  { type: 'user.compose', draft: { kind: 'nativeTransfer', recipient: '0x4444444444444444444444444444444444444444', amount: '1', decimals: 18 } },
  { type: 'xstate.done.actor.loadNonces', output: { current: 3, recommended: 3, queued: [] } },
  { type: 'xstate.error.actor.loadNonces', error: error('Gateway unreachable') },
  { type: 'user.setNonce', nonce: '3' },
  { type: 'user.confirmNonce' },
  { type: 'xstate.done.actor.buildSafeTx', output: { safeTx, hashes, label: 'Send 1 native coin' } },
  { type: 'xstate.error.actor.buildSafeTx', error: error('Invalid amount') },
  {
    type: 'xstate.done.actor.loadTx',
    output: {
      safeTx,
      hashes,
      confirmations: [sig(OWNERS[1])],
      confirmationChecks: [
        { ...sig(OWNERS[1]), kind: 'ecdsa', status: 'valid', detail: 'Signed by this owner (recovered from the signature).' },
        { signer: OWNERS[2], signature: `0x${'0'.repeat(24)}${OWNERS[2].slice(2).toLowerCase()}${'0'.repeat(64)}01`, kind: 'approvedHash', status: 'invalid', detail: 'Listed as approved on chain, but approvedHashes reads 0.' },
      ],
      proposer: OWNERS[1],
      gatewayView,
      label: 'Send',
    },
  },
  { type: 'xstate.error.actor.loadTx', error: error('Not found') },
  { type: 'xstate.done.actor.decodeTx', output: gatewayView },
  { type: 'xstate.done.actor.crossCheck', output: { mismatches: [], description } },
  { type: 'xstate.done.actor.crossCheck', output: { mismatches: ['The gateway reports txData.to = 0xbad, but the transaction built here has 0x7070.'] } },
  { type: 'xstate.done.actor.classifyRisks', output: [] },
  {
    type: 'xstate.done.actor.simulateTx',
    output: {
      simulation: {
        status: 'simulated',
        method: 'eth_call: the Safe runs the call through simulateAndRevert (state override places the probe)',
        blockNumber: 'latest',
        success: true,
        revertReason: null,
        configChanges: [],
        balanceChanges: [{ holder: '0x5afe000000000000000000000000000000005afe', asset: { kind: 'native' }, delta: '-1000000000000000000' }],
        assumptions: ['Run as the Safe itself.'],
      },
      risks: [],
      blocks: [],
    },
  },
  { type: 'xstate.error.actor.simulateTx', error: error('The RPC does not support eth_call state overrides.') },
  { type: 'xstate.done.actor.loadRelayRemaining', output: { remaining: 5, limit: 5 } },
  { type: 'xstate.error.actor.loadRelayRemaining', error: error('No relay') },
  { type: 'user.sign' },
  { type: 'user.signAndExecute' },
  { type: 'user.execute' },
  { type: 'user.relay' },
  { type: 'user.propose' },
  { type: 'xstate.done.actor.checkProposer', output: { proposer: true } },
  { type: 'xstate.done.actor.checkProposer', output: { proposer: false } },
  { type: 'xstate.error.actor.checkProposer', error: error('Gateway unreachable') },
  { type: 'xstate.done.actor.requestSignature', output: sig(OWNERS[0]) },
  ...walletErrors('requestSignature'),
  { type: 'xstate.done.actor.proposeTx', output: { confirmations: [sig(OWNERS[1]), sig(OWNERS[0])] } },
  { type: 'xstate.error.actor.proposeTx', error: error('Invalid signature') },
  { type: 'xstate.done.actor.executeTx', output: { txHash: `0x${'1'.repeat(64)}` } },
  ...walletErrors('executeTx'),
  // A device (issue 19): the signer's word after comparing, the execution fixed for it, what it changed, its errors.
  { type: 'user.confirmOnDevice' },
  { type: 'xstate.done.actor.prepareExecution', output: SAMPLE_EXECUTION_PLAN },
  { type: 'xstate.error.actor.prepareExecution', error: { kind: 'other', message: 'The execution would fail: GS013' } },
  { type: 'xstate.done.actor.executeTx', output: { txHash: `0x${'2'.repeat(64)}`, changes: ['max priority fee 1 → 2 gwei'] } },
  ...deviceErrors('requestSignature'),
  ...deviceErrors('executeTx'),
  { type: 'xstate.done.actor.relayTx', output: { taskId: 'task-1', txHash: null } },
  { type: 'xstate.done.actor.waitForReceipt', output: { status: 'SUCCESS', txHash: `0x${'1'.repeat(64)}` } },
  { type: 'xstate.done.actor.waitForReceipt', output: { status: 'FAILED', txHash: `0x${'1'.repeat(64)}` } },
  { type: 'xstate.error.actor.waitForReceipt', error: error('Timed out waiting for the receipt') },
  { type: 'user.loadAbi', address: SAMPLE_TOKEN },
  {
    type: 'xstate.done.actor.loadContractAbi',
    output: { address: SAMPLE_TOKEN, abi: '[{"type":"function","name":"transfer","stateMutability":"nonpayable","inputs":[{"name":"to","type":"address"},{"name":"amount","type":"uint256"}],"outputs":[{"name":"","type":"bool"}]}]', name: 'dUSD' },
  },
  { type: 'xstate.error.actor.loadContractAbi', error: error('No ABI is known for this contract') },
  { type: 'xstate.done.actor.checkTxStatus', output: { status: 'proposed', txHash: null, confirmations: [] } },
  { type: 'system.recover' },
  { type: 'wallet.changed', wallet: null },
  { type: 'user.retry' },
  { type: 'user.back' },
  { type: 'user.cancel' },
  { type: 'user.close' },
];

const commonEnd: AnyEventObject[] = [
  { type: 'system.recover' },
  { type: 'wallet.changed', wallet: null },
  { type: 'user.retry' },
  { type: 'user.cancel' },
  { type: 'user.close' },
];

/**
 * transactionFlow has four modes (create / confirm / execute / reject) chosen by its input, so QA paths explore
 * `sampleInput` plus `extraSampleInputs` (a legacy 1.1.1 Safe, confirm, reject, a proposer); its model-based test
 * (tests/model/transactionFlow.model.test.tsx) runs five inputs through the real dialog.
 */
export const TX_FLOW_ENTRY: RegisteredMachine = {
    id: 'transactionFlow',
    title: 'Transaction flow',
    description:
      'One Safe transaction: compose (transfers, contract calls, batches, settings changes) or open a queued one, choose the nonce, build and hash locally, cross-check the gateway, classify risks, then sign and propose, execute with the wallet or relay, and track the receipt; a proposer (not an owner) proposes a new transaction for the owners.',
    machine: transactionFlowMachine,
    schemaVersion: 1,
    sampleInput: { flowId: 'sample', mode: 'create', safe: sampleSafe, wallet, tokens: [] } satisfies TxFlowInput,
    extraSampleInputs: [
      { flowId: 'sample-legacy', mode: 'create', safe: { ...sampleSafe, version: '1.1.1' }, wallet, tokens: [] } satisfies TxFlowInput,
      { flowId: 'sample-confirm', mode: 'confirm', safe: sampleSafe, wallet, txId: `multisig_${sampleSafe.address}_${safeTxHash}` } satisfies TxFlowInput,
      { flowId: 'sample-reject', mode: 'reject', safe: sampleSafe, wallet, nonce: 3 } satisfies TxFlowInput,
      { flowId: 'sample-propose', mode: 'create', safe: sampleSafe, wallet: { address: PROPOSER, chainId: SAMPLE_CHAIN_ID }, tokens: [] } satisfies TxFlowInput,
      { flowId: 'sample-device', mode: 'confirm', safe: sampleSafe, wallet: { ...wallet, device: ledger }, txId: `multisig_${sampleSafe.address}_${safeTxHash}` } satisfies TxFlowInput,
    ],
    sampleEvents: txFlowEvents,
    serializeState: (s: AnyMachineSnapshot) => {
      const c = s.context as TxFlowContext;
      return JSON.stringify([s.value, canSign(c), canSignAndExecute(c), canExecute(c), canRelay(c), canPropose(c), c.intent, c.pendingSignature !== null, c.wallet?.device !== undefined]);
    },
};

export const TX_FLOW_MACHINES: RegisteredMachine[] = [
  {
    id: 'deleteTxFlow',
    title: 'Delete a queued transaction',
    description: 'The proposer signs an EIP-712 DeleteRequest, then the gateway deletes the proposal.',
    machine: deleteTxFlowMachine,
    schemaVersion: 1,
    sampleInput: { flowId: 'sample', safe: sampleSafe, wallet, safeTxHash, nonce: 3, proposer: OWNERS[0], label: 'Send' } satisfies DeleteTxInput,
    // The proposer on a Ledger (issue 19): the on-device step before the prompt, and the device's errors.
    extraSampleInputs: [{ flowId: 'sample-device', safe: sampleSafe, wallet: { ...wallet, device: ledger }, safeTxHash, nonce: 3, proposer: OWNERS[0], label: 'Send' } satisfies DeleteTxInput],
    sampleEvents: [
      { type: 'user.confirmDelete', nowMs: 1_700_000_000_000 },
      { type: 'user.confirmOnDevice' },
      { type: 'xstate.done.actor.requestDeleteSignature', output: { signature: `0x${'ab'.repeat(65)}` } },
      ...walletErrors('requestDeleteSignature'),
      ...deviceErrors('requestDeleteSignature'),
      { type: 'xstate.done.actor.deleteTx' },
      { type: 'xstate.error.actor.deleteTx', error: error('Provided signer is not the proposer of the transaction') },
      ...commonEnd,
    ],
    serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.signature !== null, s.context.wallet !== null]),
  },
  {
    id: 'bulkExecuteFlow',
    title: 'Bulk execute',
    description: 'Executes consecutive fully signed queued transactions in one MultiSendCallOnly transaction, by wallet or relay.',
    machine: bulkExecuteFlowMachine,
    schemaVersion: 1,
    sampleInput: { flowId: 'sample', safe: sampleSafe, wallet, txIds: ['a', 'b'] } satisfies BulkExecuteInput,
    // A signer on a device (issue 19, decision 0070): the execution-hash step before the prompt.
    extraSampleInputs: [{ flowId: 'sample-device', safe: sampleSafe, wallet: { ...wallet, device: ledger }, txIds: ['a', 'b'] } satisfies BulkExecuteInput],
    sampleEvents: [
      {
        type: 'xstate.done.actor.loadBatch',
        output: [0, 1].map((i) => ({ txId: `tx${i}`, label: 'Send', safeTx: { ...safeTx, nonce: String(3 + i) }, hashes, confirmations: [sig(OWNERS[0]), sig(OWNERS[1])], mismatches: [], risks: i === 0 ? [delegateCallRisk] : [] })),
      },
      { type: 'user.acknowledgeRisks', acknowledged: true },
      { type: 'xstate.error.actor.loadRelayRemaining', error: error('No relay') },
      { type: 'xstate.done.actor.checkBatchStatus', output: { status: 'executed', txHash: `0x${'1'.repeat(64)}`, confirmations: [] } },
      { type: 'xstate.error.actor.checkBatchStatus', error: error('Gateway unreachable') },
      { type: 'xstate.error.actor.loadBatch', error: error('Not found') },
      { type: 'xstate.done.actor.loadRelayRemaining', output: { remaining: 5, limit: 5 } },
      { type: 'user.execute' },
      { type: 'user.relay' },
      { type: 'xstate.done.actor.executeBatch', output: { txHash: `0x${'1'.repeat(64)}` } },
      ...walletErrors('executeBatch'),
      ...deviceExecutionSampleEvents('prepareBatchExecution', 'executeBatch', defaultMultiSendCallOnly(sampleSafe.version), { txHash: `0x${'2'.repeat(64)}` }),
      { type: 'user.back' },
      // The same account, now on a browser wallet: for a check shown on the Ledger, another wallet (issue 19).
      { type: 'wallet.changed', wallet },
      { type: 'xstate.done.actor.relayBatch', output: { taskId: 't', txHash: `0x${'1'.repeat(64)}` } },
      { type: 'xstate.error.actor.relayBatch', error: error('Relay limit reached') },
      { type: 'xstate.done.actor.waitForReceipt', output: { status: 'SUCCESS', txHash: `0x${'1'.repeat(64)}` } },
      { type: 'xstate.done.actor.waitForReceipt', output: { status: 'FAILED', txHash: `0x${'1'.repeat(64)}` } },
      { type: 'xstate.error.actor.waitForReceipt', error: error('Timed out') },
      { type: 'xstate.done.actor.checkBatchStatus', output: { status: 'proposed', txHash: null, confirmations: [] } },
      ...commonEnd,
    ],
    serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.wallet !== null, s.context.relay !== null, s.context.risksAcknowledged, s.context.wallet?.device !== undefined, s.context.execution !== undefined]),
  },
];
