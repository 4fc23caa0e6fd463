import { STEP_STATE_TEXT, type SignerStep } from './signerSteps.ts';
import './lists.css';
import './signerSteps.css';

const MARKS: Record<SignerStep['state'], string> = { done: '✓', current: '●', waiting: '○', skipped: '–' };

/**
 * The signers stepper: an ordered list whose steps say their state in words (the mark is decoration) and the
 * current one carries `aria-current="step"`. Steps come from `signerSteps`.
 */
export function SignerStepper({ steps, created }: { steps: readonly SignerStep[]; created: string | null }) {
  return (
    <ol className="signer-steps" aria-label="Signing progress">
      {steps.map((step) => (
        <li key={step.key} className="signer-step" data-state={step.state} aria-current={step.state === 'current' ? 'step' : undefined}>
          <span className="signer-step-mark" aria-hidden="true">
            {MARKS[step.state]}
          </span>
          <span className="signer-step-body">
            <span className="signer-step-title">{step.title}</span> <span className="signer-step-state">({STEP_STATE_TEXT[step.state]})</span>
            {step.key === 'created' && created ? <span className="signer-step-detail"> {created}</span> : null}
            {step.detail ? <span className="signer-step-detail"> {step.detail}</span> : null}
            {step.you ? <strong className="signer-step-you tx-you"> {step.you}</strong> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
