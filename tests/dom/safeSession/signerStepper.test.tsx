/** The signers stepper renders an ordered list whose states are words and whose current step is aria-current. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SignerStepper } from '../../../src/views/safeSession/SignerStepper.tsx';
import { signerSteps } from '../../../src/views/safeSession/signerSteps.ts';

afterEach(cleanup);

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';

describe('SignerStepper', () => {
  it('is an ordered list: Created → Confirmations n of m → Execution, states in words, You marked', () => {
    const steps = signerSteps({ status: 'AWAITING_CONFIRMATIONS', verifiedSigners: [B], listedCount: 1, threshold: 2, owners: [A, B], you: B, waitsForNonce: null, executor: null });
    render(<SignerStepper steps={steps} created="Nov 3, 2026, 2:07 PM" />);
    const list = screen.getByRole('list', { name: 'Signing progress' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.signer-step-body')?.textContent)).toEqual([
      'Created (Done) Nov 3, 2026, 2:07 PM',
      'Confirmations: 1 of 2 (Current step) 1 more signature needed. You signed',
      'Execution (Waiting) Waits for enough verified signatures.',
    ]);
    expect(items.map((li) => li.getAttribute('aria-current'))).toEqual([null, 'step', null]);
    // The marks are decoration: the words carry the state.
    expect(items[0]!.querySelector('.signer-step-mark')).toHaveAttribute('aria-hidden', 'true');
  });
});
