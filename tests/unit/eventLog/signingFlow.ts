/**
 * A signing-flow stream written by the real transactionFlow machine through the real capture: its effects build the
 * SafeTx, hash it with src/domain/safe and sign it with real keys (viem accounts of anvil's dev keys, no mock
 * signer). Optionally the flow signs and executes, with `execute` doing the execution (e.g. on anvil).
 */
import { createActor, waitFor, type AnyMachineSnapshot } from 'xstate';
import { getAddress, type Address, type Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { safeTxHashes, safeTxTypedData } from '../../../src/domain/safe/hashing.ts';
import type { SafeTx } from '../../../src/domain/safe/types.ts';
import { MACHINES } from '../../../src/machines/registry.ts';
import { effectActors } from '../../../src/machines/shared/effects.ts';
import { transactionFlowMachine } from '../../../src/machines/transactionFlow/index.ts';
import type { Confirmation, SafeTxJson, TransactionFlowEffects, TxFlowInput } from '../../../src/machines/transactionFlow/transactionFlow.types.ts';
import { createEventCapture, MemoryEventStore, type LogRecord } from '../../../src/services/eventLog/index.ts';
import { fixedId, fixedNow } from './fixtures.ts';

export const toSafeTx = (json: SafeTxJson): SafeTx => ({
  to: json.to,
  value: BigInt(json.value),
  data: json.data,
  operation: json.operation,
  safeTxGas: BigInt(json.safeTxGas),
  baseGas: BigInt(json.baseGas),
  gasPrice: BigInt(json.gasPrice),
  gasToken: json.gasToken,
  refundReceiver: json.refundReceiver,
  nonce: BigInt(json.nonce),
});

export function signingFlowInput(s: { address: Address; chainId: string; nonce: number; threshold: number; owners: Address[]; wallet: Address }): TxFlowInput {
  return {
    flowId: 'flow-attest',
    mode: 'create',
    safe: { chainId: s.chainId, chainName: 'Devnet', address: s.address, version: '1.4.1', nonce: s.nonce, threshold: s.threshold, owners: s.owners, modules: [], guard: null, fallbackHandler: null },
    wallet: { address: s.wallet, chainId: s.chainId },
    tokens: [],
  };
}

export interface SigningFlowOptions {
  input: TxFlowInput;
  /** Signs first (the connected wallet). */
  proposer: PrivateKeyAccount;
  /** Their confirmations come back from the "gateway" after the proposal. */
  cosigners: PrivateKeyAccount[];
  recipient: Address;
  /** Sign and execute: runs the execution and answers with its transaction hash. */
  execute?: (safeTx: SafeTx, confirmations: Confirmation[]) => Promise<Hex>;
}

/** Compose 1 ETH → nonce → review → sign (and execute, when `execute` is given); the stream's records. */
export async function runSigningFlow(options: SigningFlowOptions): Promise<LogRecord[]> {
  const { input } = options;
  const ctx = { chainId: BigInt(input.safe.chainId), safeAddress: input.safe.address, version: input.safe.version };
  const sign = (account: PrivateKeyAccount, json: SafeTxJson) => account.signTypedData(safeTxTypedData(ctx, toSafeTx(json)) as Parameters<PrivateKeyAccount['signTypedData']>[0]);
  const store = new MemoryEventStore();
  const streamId = 'session/transactionFlow:attest#1';
  const capture = createEventCapture({
    store,
    machines: MACHINES,
    streamIdFor: (a) => (a.isRoot ? streamId : null),
    now: fixedNow,
    newId: fixedId,
    onFailure: (_, error) => {
      throw error;
    },
  });
  const effects: Partial<TransactionFlowEffects> = {
    loadNonces: async () => ({ current: input.safe.nonce, recommended: input.safe.nonce, queued: [] }),
    buildSafeTx: async ({ draft, nonce }) => {
      if (draft.kind !== 'nativeTransfer') throw new Error('only transfers here');
      const zero = '0x0000000000000000000000000000000000000000';
      const safeTx: SafeTxJson = { to: getAddress(draft.recipient), value: '1000000000000000000', data: '0x', operation: 0, safeTxGas: '0', baseGas: '0', gasPrice: '0', gasToken: zero, refundReceiver: zero, nonce };
      return { safeTx, hashes: safeTxHashes(ctx, toSafeTx(safeTx)), label: 'Send 1 ETH' };
    },
    decodeTx: async () => ({ decoded: null, innerCalls: [], stored: null, summary: 'Transfer', raw: { details: null, dataDecoded: null, confirmationView: null } }),
    crossCheck: async () => ({ mismatches: [], description: null }),
    classifyRisks: async () => [],
    simulateTx: async () => {
      throw new Error('No simulation in this test.');
    },
    loadRelayRemaining: async () => ({ remaining: 5, limit: 5 }),
    requestSignature: async ({ safeTx }) => ({ signer: options.proposer.address, signature: await sign(options.proposer, safeTx) }),
    proposeTx: async ({ safeTx, signature }) => ({
      confirmations: [signature, ...(await Promise.all(options.cosigners.map(async (c) => ({ signer: c.address, signature: await sign(c, safeTx) }))))],
    }),
    executeTx: async ({ safeTx, confirmations }) => ({ txHash: await options.execute!(toSafeTx(safeTx), confirmations) }),
    waitForReceipt: async ({ txHash }) => ({ status: 'SUCCESS', txHash: txHash! }),
  };
  const actor = createActor(transactionFlowMachine.provide({ actors: effectActors(effects as TransactionFlowEffects) }), { input, inspect: capture.inspect });
  actor.start();
  actor.send({ type: 'user.compose', draft: { kind: 'nativeTransfer', recipient: options.recipient, amount: '1', decimals: 18 } });
  await waitFor(actor, (s: AnyMachineSnapshot) => s.matches('choosingNonce'));
  actor.send({ type: 'user.confirmNonce' });
  await waitFor(actor, (s: AnyMachineSnapshot) => s.matches('review'));
  actor.send({ type: options.execute ? 'user.signAndExecute' : 'user.sign' });
  const end = await waitFor(actor, (s: AnyMachineSnapshot) => s.hasTag('step.done') || s.matches('walletError') || s.matches('submitFailed') || s.matches('trackingLost'), { timeout: 30_000 });
  const wanted = options.execute ? 'succeeded' : 'signed';
  if (!end.matches(wanted)) throw new Error(`the flow ended in ${JSON.stringify(end.value)}, not ${wanted}: ${JSON.stringify(end.context.error ?? end.context.walletFailure)}`);
  await capture.flush();
  return store.readStream(streamId);
}
