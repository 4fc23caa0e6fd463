/**
 * Decisions 0023 and 0024 on screen: the review step's "What it does" is the local description of the bytes
 * (the real describeSafeTx); the gateway's decoding of an unknown call appears only when it is verified against
 * the call data, otherwise the call is named by its selector and nothing of the gateway's method is shown.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { transactionFlowMachine } from '../../src/machines/transactionFlow/transactionFlow.machine.ts';
import type { GatewayView, TxFlowInput } from '../../src/machines/transactionFlow/transactionFlow.types.ts';
import { ReviewStep } from '../../src/views/transactionFlow/ReviewStep.tsx';
import { describeSafeTx } from '../../src/services/transactionFlow/transactionFlow.ts';
import { encodeFunctionData, parseAbi } from 'viem';
import { TxFlowProvider } from '../../src/views/transactionFlow/txFlowContext.tsx';
import { SAMPLE_CHAIN_ID, SAMPLE_OWNERS, SAMPLE_SAFE, SAMPLE_SAFE_ADDRESS, SAMPLE_SAFE_TX, SAMPLE_SAFE_TX_HASH } from '../../src/machines/shared/samples.ts';

const OWNER = SAMPLE_OWNERS[0];
const safeTxHash = SAMPLE_SAFE_TX_HASH;
const input: TxFlowInput = {
  flowId: 'review-decoded',
  mode: 'confirm',
  safe: { ...SAMPLE_SAFE, owners: [OWNER] },
  wallet: { address: OWNER, chainId: SAMPLE_CHAIN_ID },
  txId: `multisig_${SAMPLE_SAFE_ADDRESS}_${safeTxHash}`,
};
const submitData = encodeFunctionData({ abi: parseAbi(['function submit(bytes32 ref)']), functionName: 'submit', args: [`0x${'ab'.repeat(32)}`] });
const baseTx = { ...SAMPLE_SAFE_TX, data: '0x12345678' as `0x${string}` };

async function reviewWith(gatewayView: GatewayView, data: `0x${string}` = baseTx.data) {
  const safeTx = { ...baseTx, data };
  const description = { call: describeSafeTx(input.safe, safeTx, gatewayView), native: { symbol: 'ETH', decimals: 18 }, tokens: {} };
  const machine = transactionFlowMachine.provide({
    actors: {
      loadTx: fromPromise(async () => ({
        safeTx,
        hashes: { domainHash: `0x${'d'.repeat(64)}`, messageHash: `0x${'e'.repeat(64)}`, safeTxHash },
        confirmations: [],
        proposer: null,
        gatewayView,
        label: 'Contract interaction',
      })),
      crossCheck: fromPromise(async () => ({ mismatches: [], description })),
      classifyRisks: fromPromise(async () => []),
      simulateTx: fromPromise(async () => {
        throw new Error('No RPC in this test.');
      }),
      loadRelayRemaining: fromPromise(async () => ({ remaining: 0, limit: 5 })),
    },
  } as never);
  const actor = createActor(machine, { input });
  actor.start();
  await waitFor(actor, (s) => s.matches('review'));
  await act(async () => {
    render(
      <TxFlowProvider actor={actor}>
        <ReviewStep />
      </TxFlowProvider>,
    );
  });
  return screen.getByRole('region', { name: 'What it does' });
}

afterEach(cleanup);

describe('review step, decoded data', () => {
  const invented = { method: 'safeTransfer', parameters: [{ name: 'order', type: 'tuple', value: ['0x4444444444444444444444444444444444444444', '5'] }] };

  it('a decoding that was not verified is not shown, and the step says so', async () => {
    const region = await reviewWith({ decoded: null, innerCalls: [], stored: null, summary: 'safeTransfer', raw: { details: null, dataDecoded: invented, confirmationView: null } });
    expect(region).toHaveTextContent('Call function 0x12345678 (not decoded) on 0x7070…7070');
    expect(region).not.toHaveTextContent('safeTransfer');
    expect(within(region).queryByRole('list', { name: 'Calls in this batch' })).toBeNull();
  });

  it('a verified decoding is shown', async () => {
    const decoded = { method: 'submit', parameters: [{ name: 'ref', type: 'bytes32', value: `0x${'ab'.repeat(32)}` }] };
    const region = await reviewWith({ decoded, innerCalls: [], stored: null, summary: 'submit', raw: { details: null, dataDecoded: decoded, confirmationView: null } }, submitData);
    expect(region).toHaveTextContent('Call submit on 0x7070…7070');
    expect(region).toHaveTextContent('Method: submit (decoding verified against the call data)');
    expect(region).toHaveTextContent(`0x${'ab'.repeat(32)}`);
  });

  it('a decoding whose values differ from the bytes is not shown', async () => {
    const lie = { method: 'submit', parameters: [{ name: 'ref', type: 'bytes32', value: `0x${'cd'.repeat(32)}` }] };
    const region = await reviewWith({ decoded: null, innerCalls: [], stored: null, summary: 'submit', raw: { details: null, dataDecoded: lie, confirmationView: null } }, submitData);
    expect(region).not.toHaveTextContent('Method: submit');
    expect(region).not.toHaveTextContent('cdcdcdcd');
  });
});
