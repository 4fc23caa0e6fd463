// The allowanceTransfer flow's pure pieces (decision 0063): the local decoding of executeAllowanceTransfer, the
// amount parser, the revert reason read out of a failed eth_call, and the flow's stream ids.
import { describe, expect, it } from 'vitest';
import { BaseError } from 'viem';
import { decodeExecuteAllowanceTransfer, encodeExecuteAllowanceTransfer, encodeSetAllowance } from '../../../src/domain/safe/allowance.ts';
import { leftAfter, limitText, parseSpendAmount, revertRefusal, spendSentence, transferOf } from '../../../src/machines/allowanceTransfer/allowanceTransfer.logic.ts';
import { ALLOWANCE_TRANSFER_PREPARED, ALLOWANCE_TRANSFER_SAMPLE, allowanceTransferSampleInput } from '../../../src/machines/allowanceTransfer/allowanceTransfer.samples.ts';
import { flowStreamId, parseFlowStreamId } from '../../../src/machines/shared/flows.ts';
import { revertReasonOf } from '../../../src/services/allowanceTransfer.ts';

const { token } = allowanceTransferSampleInput;

describe('executeAllowanceTransfer, decoded locally', () => {
  it('gives back exactly the arguments encoded, with an empty signature', () => {
    expect(decodeExecuteAllowanceTransfer(ALLOWANCE_TRANSFER_PREPARED.data)).toEqual({
      safe: ALLOWANCE_TRANSFER_SAMPLE.safe,
      token: ALLOWANCE_TRANSFER_SAMPLE.token,
      to: ALLOWANCE_TRANSFER_SAMPLE.recipient,
      amount: 60_000_000n,
      paymentToken: '0x0000000000000000000000000000000000000000',
      payment: 0n,
      delegate: ALLOWANCE_TRANSFER_SAMPLE.delegate,
      signature: '0x',
    });
  });

  it('refuses another method, trailing bytes and garbage', () => {
    expect(decodeExecuteAllowanceTransfer(encodeSetAllowance({ delegate: ALLOWANCE_TRANSFER_SAMPLE.delegate, token: ALLOWANCE_TRANSFER_SAMPLE.token, amount: 1n, resetTimeMin: 0 }))).toBeNull();
    expect(decodeExecuteAllowanceTransfer(`${ALLOWANCE_TRANSFER_PREPARED.data}00`)).toBeNull();
    expect(decodeExecuteAllowanceTransfer('0x1234')).toBeNull();
  });

  it('round-trips a signed transfer too', () => {
    const signature = `0x${'11'.repeat(65)}` as const;
    const data = encodeExecuteAllowanceTransfer({ safe: ALLOWANCE_TRANSFER_SAMPLE.safe, token: ALLOWANCE_TRANSFER_SAMPLE.token, to: ALLOWANCE_TRANSFER_SAMPLE.recipient, amount: 5n, nonce: 3, delegate: ALLOWANCE_TRANSFER_SAMPLE.delegate, signature });
    expect(decodeExecuteAllowanceTransfer(data)?.signature).toBe(signature);
  });
});

describe('the flow’s texts and amounts', () => {
  it('parses amounts in token units, refusing more decimals than the token has', () => {
    expect(parseSpendAmount('60', 6)).toBe(60_000_000n);
    expect(parseSpendAmount(' 0.000001 ', 6)).toBe(1n);
    expect(parseSpendAmount('0.0000001', 6)).toBeNull();
    expect(parseSpendAmount('1e3', 6)).toBeNull();
    expect(parseSpendAmount('-1', 6)).toBeNull();
    expect(parseSpendAmount('', 6)).toBeNull();
  });

  it('words the review from the decoded calldata and what is left after', () => {
    expect(spendSentence({ safe: ALLOWANCE_TRANSFER_SAMPLE.safe, to: ALLOWANCE_TRANSFER_SAMPLE.recipient, amount: 60_000_000n }, token)).toBe(
      `Send 60 dUSD from ${ALLOWANCE_TRANSFER_SAMPLE.safe} to ${ALLOWANCE_TRANSFER_SAMPLE.recipient} with your spending limit`,
    );
    expect(leftAfter(ALLOWANCE_TRANSFER_PREPARED, '60000000')).toBe(40_000_000n);
    expect(limitText(ALLOWANCE_TRANSFER_PREPARED.allowance, token)).toBe('100 dUSD per day (resets 2025-11-25 16:00 UTC)');
    expect(transferOf({ recipient: ALLOWANCE_TRANSFER_SAMPLE.recipient.toLowerCase(), amount: '12.5' }, token)).toEqual({ to: ALLOWANCE_TRANSFER_SAMPLE.recipient, amount: '12500000' });
  });

  it('reads the revert reason out of a failed eth_call', () => {
    const error = new BaseError('Execution reverted with reason: x.', { details: 'execution reverted' });
    expect(revertReasonOf(new Error('The contract function reverted with the following reason:\nnewSpent > allowance.spent && newSpent <= allowance.amount\n\nDetails'))).toBe(
      'newSpent > allowance.spent && newSpent <= allowance.amount',
    );
    expect(revertReasonOf(error)).toBe('Execution reverted with reason: x.');
    expect(revertRefusal('GS104')).toBe('The Allowance module would refuse this transfer: GS104. Nothing was sent.');
  });

  it('keeps its own event-log streams, found again by kind and Safe after a reload', () => {
    const id = flowStreamId('allowanceTransfer', '31337:0xabc', 'f1');
    expect(id).toBe('flow/allowanceTransfer/31337:0xabc/f1');
    expect(parseFlowStreamId(id)).toEqual({ kind: 'allowanceTransfer', safeKey: '31337:0xabc', flowId: 'f1' });
  });
});
