/**
 * The signers stepper of a multisig transaction's details: Created → Confirmations n of m → Execution, each step
 * with a state in words (never colour only) and the connected owner marked "You". Pure (tests/unit/safeSession/
 * signerSteps.test.ts). Only confirmations the chain verified count (decision 0025): while they are not verified,
 * the confirmations step is never done, whatever the gateway lists.
 */
import type { TransactionStatus } from './viewTypes.ts';

export type StepState = 'done' | 'current' | 'waiting' | 'skipped';

export const STEP_STATE_TEXT: Record<StepState, string> = { done: 'Done', current: 'Current step', waiting: 'Waiting', skipped: 'Skipped' };

export interface SignerStep {
  key: 'created' | 'confirmations' | 'execution';
  title: string;
  state: StepState;
  /** What the step says beyond its title; may be empty. */
  detail: string;
  /** The connected owner's part in this step, e.g. "You signed"; null when it has none. */
  you: string | null;
}

export interface SignerStepsInput {
  status: TransactionStatus;
  /** Verified signers (the chain's verdicts), or null while they are not verified (checking, or the check failed). */
  verifiedSigners: readonly string[] | null;
  /** Confirmations the gateway lists (used only to say how many wait for a check). */
  listedCount: number;
  threshold: number;
  /** The Safe's owners, to know whether the connected wallet may sign. */
  owners: readonly string[];
  you: string | null;
  /** A queued transaction whose earlier nonce must be executed first: the next nonce; otherwise null. */
  waitsForNonce: number | null;
  /** The executor the gateway names (unverified), once executed. */
  executor: string | null;
  /** Read from the chain (decision 0055 addendum), the executor is the sender of the execution, not a gateway's claim. */
  executorFromChain?: boolean;
}

const same = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function signerSteps(input: SignerStepsInput): SignerStep[] {
  const { status, verifiedSigners, threshold, you } = input;
  const settled = status === 'SUCCESS' || status === 'FAILED' || status === 'CANCELLED';
  const verified = verifiedSigners?.length ?? null;
  const enough = verified !== null && verified >= threshold;
  const youSigned = verifiedSigners !== null && verifiedSigners.some((s) => same(s, you));
  const youOwner = input.owners.some((o) => same(o, you));

  const confirmationsTitle = verified === null ? `Confirmations: not verified (${input.listedCount} listed, ${threshold} needed)` : `Confirmations: ${verified} of ${threshold}`;
  const confirmationsState: StepState = status === 'CANCELLED' ? (enough ? 'done' : 'skipped') : settled || enough ? 'done' : 'current';
  const confirmationsDetail =
    verified === null
      ? 'Nothing counts until each signature is checked against the chain.'
      : enough || settled
        ? `${plural(verified, 'verified signature')}.`
        : `${plural(threshold - verified, 'more signature')} needed.`;
  const confirmationsYou = youSigned ? 'You signed' : !settled && youOwner && verifiedSigners !== null ? 'Your signature is missing' : null;

  let execution: Pick<SignerStep, 'state' | 'detail'>;
  if (status === 'SUCCESS') execution = { state: 'done', detail: 'Executed on chain.' };
  else if (status === 'FAILED') execution = { state: 'done', detail: 'Executed, but the Safe transaction failed.' };
  else if (status === 'CANCELLED') execution = { state: 'skipped', detail: 'Not executed: another transaction with this nonce was.' };
  else if (!enough) execution = { state: 'waiting', detail: 'Waits for enough verified signatures.' };
  else if (input.waitsForNonce !== null) execution = { state: 'waiting', detail: `Transaction with nonce ${input.waitsForNonce} must be executed first.` };
  else execution = { state: 'current', detail: 'Ready to execute.' };
  const executedBy = status === 'SUCCESS' || status === 'FAILED' ? input.executor : null;
  if (executedBy) {
    const who = input.executorFromChain ? `Sent by ${executedBy}.` : `The gateway names ${executedBy} as the executor.`;
    execution = { ...execution, detail: `${execution.detail} ${who}` };
  }

  return [
    { key: 'created', title: 'Created', state: 'done', detail: '', you: null },
    { key: 'confirmations', title: confirmationsTitle, state: confirmationsState, detail: confirmationsDetail, you: confirmationsYou },
    { key: 'execution', title: 'Execution', state: execution.state, detail: execution.detail, you: same(executedBy, you) ? (input.executorFromChain ? 'You executed it' : 'You executed it (as the gateway reports)') : null },
  ];
}
