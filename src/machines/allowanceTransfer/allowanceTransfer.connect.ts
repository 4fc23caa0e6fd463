/** The allowanceTransfer view model: the dialog's step, commands and what it shows, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { AllowanceTransferMachine } from './allowanceTransfer.machine.ts';
import { checkCalldata, leftAfter, leftOf, limitText, spendSentence, tokenAmountText, transferOf } from './allowanceTransfer.logic.ts';
import type { AllowanceTransferContext, WalletFailureKind } from './allowanceTransfer.types.ts';
import { SEND_FAILURE_KINDS } from '../shared/deviceExecution.ts';

export type AllowanceTransferSnapshot = SnapshotFrom<AllowanceTransferMachine>;

export type AllowanceTransferStep =
  | 'composing'
  | 'checking'
  | 'checkFailed'
  | 'refused'
  | 'review'
  | 'preparingExecution'
  | 'checkingExecution'
  | 'sending'
  | 'walletError'
  | 'recovering'
  | 'interrupted'
  | 'confirming'
  | 'trackingLost'
  | 'failed'
  | 'succeeded'
  | 'cancelled'
  | 'closed';

const STEPS: readonly AllowanceTransferStep[] = [
  'composing',
  'checking',
  'checkFailed',
  'refused',
  'review',
  'preparingExecution',
  'checkingExecution',
  'sending',
  'walletError',
  'recovering',
  'interrupted',
  'confirming',
  'trackingLost',
  'failed',
  'succeeded',
  'cancelled',
  'closed',
];

/** The review, derived here from the calldata the wallet will send (decoded locally). */
export interface SpendReview {
  sentence: string;
  /** "40 dUSD of 100 dUSD per day (resets …)" once this transfer went through. */
  leftAfter: string;
  module: `0x${string}`;
  data: `0x${string}`;
  /** The calldata's arguments as decoded here, name → value. */
  decoded: [string, string][];
}

export interface AllowanceTransferView {
  step: AllowanceTransferStep;
  walletErrorKind: WalletFailureKind | null;
  ended: boolean;
  canSubmit: boolean;
  canSend: boolean;
  canBack: boolean;
  canRetry: boolean;
  canCheck: boolean;
  canCancel: boolean;
  canClose: boolean;
  review: SpendReview | null;
  /** "Sent. 40 dUSD left of your limit" once the transfer is mined and its event matches. */
  done: string | null;
  context: AllowanceTransferContext;
}

const reviews = new WeakMap<AllowanceTransferContext, SpendReview | null>();

function reviewOf(context: AllowanceTransferContext): SpendReview | null {
  if (reviews.has(context)) return reviews.get(context)!;
  const prepared = context.prepared;
  let review: SpendReview | null = null;
  if (prepared) {
    const { to, amount } = transferOf(context.draft, context.token);
    const { decoded, mismatch } = checkCalldata(prepared.data, { safe: context.safe.address, token: context.token.address, to, amount, delegate: prepared.delegate });
    if (decoded && !mismatch) {
      const after = leftAfter(prepared, amount);
      review = {
        sentence: spendSentence(decoded, context.token),
        leftAfter: `${tokenAmountText(after, context.token)} of ${limitText(prepared.allowance, context.token)}`,
        module: prepared.module,
        data: prepared.data,
        decoded: [
          ['safe', decoded.safe],
          ['token', decoded.token],
          ['to', decoded.to],
          ['amount', `${decoded.amount} (${tokenAmountText(decoded.amount, context.token)})`],
          ['paymentToken', decoded.paymentToken],
          ['payment', decoded.payment.toString()],
          ['delegate', decoded.delegate],
          ['signature', `${decoded.signature} (empty: the module takes the sender as the delegate)`],
        ],
      };
    }
  }
  reviews.set(context, review);
  return review;
}

export function connectAllowanceTransfer(snapshot: AllowanceTransferSnapshot): AllowanceTransferView {
  const step = STEPS.find((name) => snapshot.matches(name)) ?? 'composing';
  const { context } = snapshot;
  return {
    step,
    walletErrorKind: step === 'walletError' ? (SEND_FAILURE_KINDS.find((kind) => snapshot.matches({ walletError: kind })) ?? 'other') : null,
    ended: snapshot.status === 'done',
    canSubmit: snapshot.can({ type: 'user.submit', draft: { recipient: '', amount: '' } }),
    canSend: snapshot.can({ type: 'user.send' }),
    canBack: snapshot.can({ type: 'user.back' }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    canCheck: snapshot.can({ type: 'user.check' }),
    canCancel: snapshot.can({ type: 'user.cancel' }),
    canClose: snapshot.can({ type: 'user.close' }),
    review: step === 'review' || step === 'preparingExecution' || step === 'checkingExecution' || step === 'sending' || step === 'walletError' ? reviewOf(context) : null,
    done: step === 'succeeded' && context.after ? `Sent. ${tokenAmountText(leftOf(context.after), context.token)} left of your limit` : null,
    context,
  };
}
