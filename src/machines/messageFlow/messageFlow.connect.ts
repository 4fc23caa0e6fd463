/**
 * The messageFlow view model: the message dialog's step, the any-chain acknowledgement, and the commands the
 * flow accepts now, computed only from a snapshot. The dialog reads the message, hashes and confirmations from
 * the context.
 */
import type { SnapshotFrom } from 'xstate';
import type { MessageFlowMachine } from './messageFlow.machine.ts';
import type { MessageFlowContext } from './messageFlow.types.ts';
import { needsAnyChainAcknowledgement } from './messageFlow.setup.ts';

export type MessageFlowSnapshot = SnapshotFrom<MessageFlowMachine>;

/**
 * The dialog's step: the flow's top-level state, except that the states before the review are one `working`
 * step, the two submissions one `submitting` step, and an ended flow is `done`.
 */
export type MessageFlowStep =
  | 'composing'
  | 'working'
  | 'loadFailed'
  | 'review'
  | 'chainBlocked'
  | 'checkingOnDevice'
  | 'signing'
  | 'submitting'
  | 'walletError'
  | 'submitFailed'
  | 'collecting'
  | 'verifying'
  | 'verificationFailed'
  | 'confirmed'
  | 'checkingStatus'
  | 'interrupted'
  | 'preparingOnChain'
  | 'onChainReview'
  | 'onChainUnavailable'
  | 'awaitingTransaction'
  | 'refused'
  | 'done';

/** Top-level states and the step each shows as. */
const STEP_OF_STATE = {
  starting: 'working',
  composing: 'composing',
  hashing: 'working',
  loadingMessage: 'working',
  chainBlocked: 'chainBlocked',
  loadFailed: 'loadFailed',
  review: 'review',
  checkingOnDevice: 'checkingOnDevice',
  signing: 'signing',
  creating: 'submitting',
  addingSignature: 'submitting',
  walletError: 'walletError',
  submitFailed: 'submitFailed',
  collecting: 'collecting',
  verifying: 'verifying',
  verificationFailed: 'verificationFailed',
  confirmed: 'confirmed',
  checkingStatus: 'checkingStatus',
  interrupted: 'interrupted',
  preparingOnChain: 'preparingOnChain',
  onChainReview: 'onChainReview',
  onChainUnavailable: 'onChainUnavailable',
  awaitingTransaction: 'awaitingTransaction',
  refused: 'refused',
} as const satisfies Record<string, MessageFlowStep>;

const STATES = Object.keys(STEP_OF_STATE) as (keyof typeof STEP_OF_STATE)[];

/**
 * What the flow achieved, while it shows it: `signed` (the Safe's signature is complete and valid on chain) or
 * `signatureAdded` (this wallet's signature is with the gateway; more are needed). The notice shown after the
 * dialog closes reads it; null otherwise.
 */
export interface MessageFlowOutcome {
  kind: 'signed' | 'signatureAdded';
  /** The SafeMessage hash, computed here (the message details page's `?messageHash=`). */
  messageHash: `0x${string}`;
}

const outcomes = new WeakMap<MessageFlowContext, MessageFlowOutcome>();

function outcomeOf(step: MessageFlowStep, context: MessageFlowContext): MessageFlowOutcome | null {
  const messageHash = context.preview?.safeMessageHash;
  const kind = step === 'confirmed' ? 'signed' : step === 'collecting' ? 'signatureAdded' : null;
  if (!messageHash || !kind) return null;
  // The same object for the same context and kind: the view model stays shallow-equal between snapshots.
  const known = outcomes.get(context);
  if (known?.kind === kind) return known;
  const outcome: MessageFlowOutcome = { kind, messageHash };
  outcomes.set(context, outcome);
  return outcome;
}

export interface MessageFlowView {
  step: MessageFlowStep;
  /** Collecting confirmations, but the last refresh of them failed. */
  watchFailed: boolean;
  /** The typed data names no chain: the user must acknowledge that before signing (decision 0026). */
  anyChainShown: boolean;
  anyChainAcknowledged: boolean;
  /** The acknowledgement can be ticked or unticked now. */
  canChangeAnyChain: boolean;
  canSign: boolean;
  /** The signer may say the device shows what is shown here (issue 19). */
  canConfirmOnDevice: boolean;
  canSignOnChain: boolean;
  canConfirmOnChain: boolean;
  canBack: boolean;
  canRetry: boolean;
  canCancel: boolean;
  canClose: boolean;
  /** What the flow achieved (collecting after this wallet signed, or confirmed); null otherwise. */
  outcome: MessageFlowOutcome | null;
}

function stepOf(snapshot: MessageFlowSnapshot): MessageFlowStep {
  if (snapshot.status !== 'active') return 'done';
  const state = STATES.find((name) => snapshot.matches(name));
  return state ? STEP_OF_STATE[state] : 'done';
}

export function connectMessageFlow(snapshot: MessageFlowSnapshot): MessageFlowView {
  const { context } = snapshot;
  const step = stepOf(snapshot);
  return {
    step,
    watchFailed: snapshot.matches({ collecting: 'watchFailed' }),
    anyChainShown: needsAnyChainAcknowledgement(context),
    anyChainAcknowledged: context.anyChainAcknowledged === true,
    canChangeAnyChain: snapshot.can({ type: 'user.acknowledgeAnyChain', acknowledged: context.anyChainAcknowledged !== true }),
    canSign: snapshot.can({ type: 'user.sign' }),
    canConfirmOnDevice: snapshot.can({ type: 'user.confirmOnDevice' }),
    canSignOnChain: snapshot.can({ type: 'user.signOnChain' }),
    canConfirmOnChain: snapshot.can({ type: 'user.confirmOnChain' }),
    canBack: snapshot.can({ type: 'user.back' }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    canCancel: snapshot.can({ type: 'user.cancel' }),
    canClose: snapshot.can({ type: 'user.close' }),
    outcome: outcomeOf(step, context),
  };
}
