/**
 * Each confirmation the gateway listed, with the verdict reached here (decision 0025): only "Verified" ones count
 * toward the threshold and go into the execution.
 */
import type { ConfirmationCheck } from '../../domain/safe/confirmationCheck.ts';
import './confirmationVerdicts.css';

const STATUS_TEXT: Record<ConfirmationCheck['status'], string> = {
  valid: 'Verified',
  invalid: 'Not valid — not counted',
  unverifiable: 'Could not be verified — not counted',
};

export function ConfirmationVerdicts({ checks, label = 'Confirmations' }: { checks: readonly ConfirmationCheck[]; label?: string }) {
  if (checks.length === 0) return null;
  return (
    <ul aria-label={label} className="confirmation-verdicts">
      {checks.map((c, i) => (
        <li key={`${c.signer}-${i}`} className={`confirmation-${c.status}`}>
          <code>{c.signer}</code> <strong>{STATUS_TEXT[c.status]}</strong>. {c.detail}
        </li>
      ))}
    </ul>
  );
}
