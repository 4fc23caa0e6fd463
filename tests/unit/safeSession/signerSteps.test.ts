/** The signers stepper's steps (src/views/safeSession/signerSteps.ts): only verified confirmations count. */
import { describe, expect, it } from 'vitest';
import { signerSteps, type SignerStepsInput } from '../../../src/views/safeSession/signerSteps.ts';

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const C = '0x3333333333333333333333333333333333333333';
const base: SignerStepsInput = {
  status: 'AWAITING_CONFIRMATIONS',
  verifiedSigners: [A],
  listedCount: 1,
  threshold: 2,
  owners: [A, B, C],
  you: B,
  waitsForNonce: null,
  executor: null,
};
const states = (input: SignerStepsInput) => signerSteps(input).map((s) => s.state);

describe('signers stepper', () => {
  it('a queued transaction short of signatures: confirmations current, execution waiting, your signature missing', () => {
    const steps = signerSteps(base);
    expect(steps.map((s) => s.state)).toEqual(['done', 'current', 'waiting']);
    expect(steps[1]).toMatchObject({ title: 'Confirmations: 1 of 2', detail: '1 more signature needed.', you: 'Your signature is missing' });
  });
  it('marks You once your signature is verified; with enough, execution is current', () => {
    const steps = signerSteps({ ...base, verifiedSigners: [A, B.toUpperCase().replace('0X', '0x')], listedCount: 2 });
    expect(steps.map((s) => s.state)).toEqual(['done', 'done', 'current']);
    expect(steps[1]!.you).toBe('You signed');
    expect(steps[2]!.detail).toBe('Ready to execute.');
  });
  it('gateway-listed confirmations that are not verified never complete the step', () => {
    const steps = signerSteps({ ...base, verifiedSigners: null, listedCount: 2 });
    expect(steps.map((s) => s.state)).toEqual(['done', 'current', 'waiting']);
    expect(steps[1]!.title).toBe('Confirmations: not verified (2 listed, 2 needed)');
    expect(steps[1]!.you).toBeNull();
  });
  it('enough signatures behind an earlier nonce: execution waits and says for which', () => {
    const steps = signerSteps({ ...base, status: 'AWAITING_EXECUTION', verifiedSigners: [A, C], waitsForNonce: 3 });
    expect(steps.map((s) => s.state)).toEqual(['done', 'done', 'waiting']);
    expect(steps[2]!.detail).toBe('Transaction with nonce 3 must be executed first.');
  });
  it('executed: every step done, the executor worded as the gateway’s claim, You when it is you', () => {
    const steps = signerSteps({ ...base, status: 'SUCCESS', verifiedSigners: [A, B], executor: B });
    expect(steps.map((s) => s.state)).toEqual(['done', 'done', 'done']);
    expect(steps[2]!.detail).toBe(`Executed on chain. The gateway names ${B} as the executor.`);
    expect(steps[2]!.you).toBe('You executed it (as the gateway reports)');
    expect(signerSteps({ ...base, status: 'SUCCESS', verifiedSigners: [A, C], executor: C })[2]!.you).toBeNull();
    // Read from the chain, the executor is the execution's sender: said as a fact.
    const fromChain = signerSteps({ ...base, status: 'SUCCESS', verifiedSigners: [A, B], executor: B, executorFromChain: true });
    expect(fromChain[2]!.detail).toBe(`Executed on chain. Sent by ${B}.`);
  });
  it('replaced by another transaction of its nonce: execution skipped', () => {
    expect(states({ ...base, status: 'CANCELLED' })).toEqual(['done', 'skipped', 'skipped']);
    expect(signerSteps({ ...base, status: 'CANCELLED' })[1]!.you).toBeNull();
  });
});
