/**
 * Decision 0023 on screen: the review step shows the gateway's decoded call only as verified (GatewayView.decoded,
 * built from the verified decoding); a gateway answer whose decoding was not verified gets a note, not its method.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { transactionFlowMachine } from '../../src/machines/transactionFlow/transactionFlow.machine.ts';
import type { GatewayView, TxFlowInput } from '../../src/machines/transactionFlow/transactionFlow.types.ts';
import { ReviewStep } from '../../src/views/txFlow/ReviewStep.tsx';
import { TxFlowProvider } from '../../src/views/txFlow/txFlowContext.tsx';

const OWNER = '0x1111111111111111111111111111111111111111';
const safeTxHash = `0x${'f'.repeat(64)}` as const;
const input: TxFlowInput = {
  flowId: 'review-decoded',
  mode: 'confirm',
  safe: { chainId: '31337', chainName: 'Devnet', address: '0x5afe5afe5afe5afe5afe5afe5afe5afe5afe5afe', version: '1.4.1', nonce: 3, threshold: 2, owners: [OWNER], modules: [], guard: null, fallbackHandler: null },
  wallet: { address: OWNER, chainId: '31337' },
  txId: `multisig_0x5afe5afe5afe5afe5afe5afe5afe5afe5afe5afe_${safeTxHash}`,
};
const safeTx = {
  to: '0x7070707070707070707070707070707070707070',
  value: '0',
  data: '0x12345678',
  operation: 0,
  safeTxGas: '0',
  baseGas: '0',
  gasPrice: '0',
  gasToken: '0x0000000000000000000000000000000000000000',
  refundReceiver: '0x0000000000000000000000000000000000000000',
  nonce: '3',
} as const;

async function reviewWith(gatewayView: GatewayView) {
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
      crossCheck: fromPromise(async () => ({ mismatches: [] })),
      classifyRisks: fromPromise(async () => []),
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
  return screen.getByRole('region', { name: 'Decoded data' });
}

afterEach(cleanup);

describe('review step, decoded data', () => {
  const invented = { method: 'safeTransfer', parameters: [{ name: 'order', type: 'tuple', value: ['0x4444444444444444444444444444444444444444', '5'] }] };

  it('a decoding that was not verified is not shown, and the step says so', async () => {
    const region = await reviewWith({ decoded: null, innerCalls: [], stored: null, summary: 'safeTransfer', raw: { details: null, dataDecoded: invented, confirmationView: null } });
    expect(region).toHaveTextContent('could not be verified against the data signed here, so it is not shown');
    expect(region).not.toHaveTextContent('safeTransfer');
    expect(within(region).queryByRole('list', { name: 'Batch calls' })).toBeNull();
  });

  it('a verified decoding is shown', async () => {
    const region = await reviewWith({
      decoded: { method: 'submit', parameters: [{ name: 'ref', type: 'bytes32', value: `0x${'ab'.repeat(32)}` }] },
      innerCalls: [],
      stored: null,
      summary: 'submit',
      raw: { details: null, dataDecoded: invented, confirmationView: null },
    });
    expect(region).toHaveTextContent('submit');
    expect(region).not.toHaveTextContent('not shown');
  });
});
