/** ui/StatusBadge and ui/Amount: the words are the text (the mark is CSS), amounts in token units with fiat. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Amount, Fiat } from '../../../src/views/ui/Amount.tsx';
import { StatusBadge } from '../../../src/views/ui/StatusBadge.tsx';
import { STATUS_LABELS, STATUS_TONES } from '../../../src/views/safeSession/format.ts';

afterEach(cleanup);

describe('ui StatusBadge', () => {
  it('shows its words as its whole text, its tone as a class (mark and border drawn by CSS)', () => {
    const { container } = render(
      <>
        {(['AWAITING_CONFIRMATIONS', 'SUCCESS', 'FAILED', 'CANCELLED'] as const).map((status) => (
          <StatusBadge key={status} tone={STATUS_TONES[status]}>
            {STATUS_LABELS[status]}
          </StatusBadge>
        ))}
      </>,
    );
    const badges = [...container.querySelectorAll('.ui-badge')];
    expect(badges.map((b) => b.textContent)).toEqual(['Awaiting confirmations', 'Success', 'Failed', 'Cancelled']);
    expect(badges.map((b) => b.getAttribute('data-tone'))).toEqual(['waiting', 'done', 'failed', 'ended']);
    expect(screen.getByText('Success')).toHaveClass('ui-badge-done');
  });
});

describe('ui Amount', () => {
  it('writes base units in token units, grouped, with the symbol and a sign', () => {
    render(<Amount value="1234567890000000000000" decimals={18} symbol="ETH" sign="−" />);
    expect(document.querySelector('.ui-amount')).toHaveTextContent('−1,234.56789 ETH');
  });

  it('adds the fiat value, or a named loading mark while the currency changes', () => {
    const { rerender } = render(<Amount value="2000000" decimals={6} symbol="USDC" fiat={{ value: '2', currency: 'usd' }} />);
    expect(document.querySelector('.ui-amount')).toHaveTextContent('2 USDC $2.00');
    rerender(<Amount value="2000000" decimals={6} symbol="USDC" fiat={{ value: '2', currency: 'eur', updating: true }} />);
    expect(screen.getByLabelText('Updating to EUR')).toHaveTextContent('…');
    rerender(<Fiat value={null} currency="usd" />);
    expect(document.body).toHaveTextContent('$0.00');
  });
});
