/**
 * Dialog of the allowanceTransfer flow (decision 0063): "Send with spending limit". Compose (recipient through the
 * address field with its look-alike warning, amount in token units) → the chain check (refusals said in words, the
 * wallet never asked) → the review, derived here from the calldata the wallet will send → the wallet's one prompt →
 * the receipt → "Sent. 40 dUSD left of your limit".
 */
import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { AllowanceTransferMachine } from '../../machines/allowanceTransfer/allowanceTransfer.machine.ts';
import { connectAllowanceTransfer } from '../../machines/allowanceTransfer/allowanceTransfer.connect.ts';
import type { AllowanceTransferEvent } from '../../machines/allowanceTransfer/allowanceTransfer.types.ts';
import { Address } from '../components/Address.tsx';
import { CopyButton } from '../components/CopyButton.tsx';
import { DEVICE_ERROR_TITLES, DeviceChanges, DeviceCheckStep, DeviceWaiting, deviceRejectionSuffix, isDeviceErrorKind } from '../components/DeviceCheck.tsx';
import { AddressCombobox } from '../transactionFlow/AddressCombobox.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { DISMISS_LABEL, dismissEventOf } from '../ui/dismiss.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import '../transactionFlow/compose.css';
import './allowanceTransfer.css';

export type AllowanceTransferRef = ActorRefFrom<AllowanceTransferMachine>;

const WALLET_ERRORS: Record<string, string> = {
  rejected: 'You rejected the transfer in your wallet. Nothing was sent.',
  wrongChain: 'Your wallet is on another network: switch it to the Safe’s network and try again.',
  disconnected: 'No wallet is connected: connect the wallet that has the spending limit and try again.',
  insufficientFunds: 'Your wallet does not have enough funds to pay the network fee.',
  ...DEVICE_ERROR_TITLES,
  other: 'The wallet did not send the transfer.',
};

export const INTERRUPTED_TEXT =
  'The page was reloaded while your wallet was sending the transfer, and the chain shows no such transfer yet. Nothing was sent again. If your wallet still shows the request, reject it there before sending again.';

/** A step that says what went wrong, in words, with its ways forward. */
function Problem({ text, testId, children }: { text: string | null; testId?: string; children: ReactNode }) {
  return (
    <>
      <p role="alert" data-testid={testId}>
        {text}
      </p>
      <div className="txflow-actions">{children}</div>
    </>
  );
}

function ComposeForm({ actor, owners }: { actor: AllowanceTransferRef; owners: readonly string[] }) {
  const view = useSelector(actor, connectAllowanceTransfer, shallowEqualViewModel);
  const ctx = view.context;
  const id = useId();
  const [recipient, setRecipient] = useState(ctx.draft.recipient);
  const [amount, setAmount] = useState(ctx.draft.amount);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'user.submit', draft: { recipient, amount } });
  };
  const errors = ctx.errors;
  return (
    <form aria-label="Send with spending limit" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-to`}>Recipient address</label>
        <AddressCombobox
          id={`${id}-to`}
          value={recipient}
          onChange={setRecipient}
          chainId={ctx.safe.chainId}
          owners={owners}
          describedBy={errors?.recipient ? `${id}-to-error` : undefined}
          invalid={Boolean(errors?.recipient)}
        />
        {errors?.recipient ? (
          <p id={`${id}-to-error`} role="alert" className="field-error">
            {errors.recipient}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-amount`}>Amount ({ctx.token.symbol})</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={Boolean(errors?.amount)}
          aria-describedby={errors?.amount ? `${id}-amount-error` : undefined}
        />
        {errors?.amount ? (
          <p id={`${id}-amount-error`} role="alert" className="field-error">
            {errors.amount}
          </p>
        ) : null}
      </div>
      <div className="txflow-actions">
        <button type="button" onClick={() => actor.send({ type: 'user.cancel' })}>
          Cancel
        </button>
        <button type="submit" className="primary">
          Next
        </button>
      </div>
    </form>
  );
}

function Review({ view }: { view: ReturnType<typeof connectAllowanceTransfer> }) {
  const review = view.review;
  if (!review) return null;
  return (
    <section aria-label="Review" className="spend-review">
      <p className="spend-sentence" data-testid="spend-sentence">
        {review.sentence}
      </p>
      <p data-testid="spend-left-after">Left of your limit after this transfer: {review.leftAfter}</p>
      <p>
        Sent by your wallet to the Allowance module <Address address={review.module} /> (a transaction of your own, not of the Safe; it needs no other signature).
      </p>
      <details>
        <summary>Calldata and its decoding (done here)</summary>
        <p className="txflow-wrap">
          <code data-testid="spend-calldata">{review.data}</code> <CopyButton value={review.data} label="Calldata" />
        </p>
        <dl className="spend-decoded">
          <dt>method</dt>
          <dd>executeAllowanceTransfer</dd>
          {review.decoded.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd className="txflow-wrap">{value}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}

export function AllowanceTransferDialog({ actor, owners = [] }: { actor: AllowanceTransferRef; owners?: readonly string[] }) {
  const view = useSelector(actor, connectAllowanceTransfer, shallowEqualViewModel);
  if (view.ended) return null;
  const ctx = view.context;
  const send = (type: AllowanceTransferEvent['type']) => actor.send({ type } as AllowanceTransferEvent);
  const button = (type: 'user.back' | 'user.retry' | 'user.check' | 'user.cancel' | 'user.close', label: string, allowed: boolean, className?: string) =>
    allowed ? (
      <button type="button" className={className} onClick={() => send(type)}>
        {label}
      </button>
    ) : null;
  const dismiss = dismissEventOf(view);
  const step = view.step;
  return (
    <Dialog
      title={`Send ${ctx.token.symbol} with your spending limit`}
      closeLabel={DISMISS_LABEL}
      {...(dismiss ? { onClose: () => send(dismiss) } : {})}
      className="txflow-dialog spend-dialog"
    >
      <p className="muted">
        From the Safe <Address address={ctx.safe.address} short />, within the limit its owners gave your wallet
        {ctx.wallet ? (
          <>
            {' '}
            (<Address address={ctx.wallet.address} short />)
          </>
        ) : null}
        .
      </p>
      {step === 'composing' ? <ComposeForm actor={actor} owners={owners} /> : null}
      {step === 'checking' ? <p role="status">Checking your spending limit and the Safe’s balance on chain…</p> : null}
      {step === 'checkFailed' ? (
        <Problem text={`Could not read the chain: ${ctx.error ?? ''} Nothing was sent.`}>
          {button('user.cancel', 'Cancel', view.canCancel)}
          {button('user.back', 'Edit', view.canBack)}
          {button('user.retry', 'Try again', view.canRetry, 'primary')}
        </Problem>
      ) : null}
      {step === 'refused' ? (
        <Problem text={ctx.refusal} testId="spend-refusal">
          {button('user.cancel', 'Cancel', view.canCancel)}
          {button('user.back', 'Edit', view.canBack, 'primary')}
        </Problem>
      ) : null}
      {view.review ? <Review view={view} /> : null}
      {step === 'review' ? (
        <div className="txflow-actions">
          {button('user.cancel', 'Cancel', view.canCancel)}
          {button('user.back', 'Back', view.canBack)}
          <button type="button" className="primary" disabled={!view.canSend} onClick={() => send('user.send')}>
            Send with your wallet
          </button>
        </div>
      ) : null}
      {step === 'preparingExecution' ? <p role="status">Fixing the nonce, gas and fees of the transaction for your device…</p> : null}
      {step === 'checkingExecution' && ctx.deviceCheck ? (
        <DeviceCheckStep check={ctx.deviceCheck} onConfirm={() => send('user.confirmOnDevice')} onBack={() => send('user.back')} onCancel={() => send('user.cancel')} />
      ) : null}
      {step === 'sending' ? ctx.deviceCheck ? <DeviceWaiting check={ctx.deviceCheck} /> : <p role="status">Confirm the transfer in your wallet…</p> : null}
      {step === 'confirming' || step === 'succeeded' || step === 'failed' ? <DeviceChanges changes={ctx.deviceChanges} device={ctx.wallet?.device?.name ?? 'device'} /> : null}
      {step === 'walletError' ? (
        <Problem
          text={`${WALLET_ERRORS[view.walletErrorKind ?? 'other']}${deviceRejectionSuffix(view.walletErrorKind, ctx.walletFailure?.message)}${(view.walletErrorKind === 'other' || isDeviceErrorKind(view.walletErrorKind)) && ctx.walletFailure ? ` ${ctx.walletFailure.message}` : ''}`}
        >
          {button('user.cancel', 'Cancel', view.canCancel)}
          {button('user.back', 'Edit', view.canBack)}
          {button('user.retry', 'Check and try again', view.canRetry, 'primary')}
        </Problem>
      ) : null}
      {step === 'recovering' ? <p role="status">Looking on chain for the transfer that was being sent…</p> : null}
      {step === 'interrupted' ? (
        <Problem text={`${INTERRUPTED_TEXT}${ctx.error ? ` ${ctx.error}` : ''}`}>
          {button('user.cancel', 'Cancel', view.canCancel)}
          {button('user.check', 'Check again', view.canCheck)}
          {button('user.retry', 'Check and send again', view.canRetry, 'primary')}
        </Problem>
      ) : null}
      {step === 'confirming' ? (
        <p role="status">
          Waiting for the transaction <code className="txflow-wrap">{ctx.txHash}</code> to be mined…
        </p>
      ) : null}
      {step === 'trackingLost' ? (
        <Problem text={`Could not read the receipt: ${ctx.error ?? ''} The transaction may still be mined.`}>
          {button('user.close', 'Close', view.canClose)}
          {button('user.retry', 'Try again', view.canRetry, 'primary')}
        </Problem>
      ) : null}
      {step === 'failed' ? (
        <Problem text={ctx.error} testId="spend-failed">
          {button('user.cancel', 'Cancel', view.canCancel)}
          {button('user.back', 'Edit', view.canBack, 'primary')}
        </Problem>
      ) : null}
      {step === 'succeeded' ? (
        <>
          <p role="status" data-testid="spend-done">
            {view.done}
          </p>
          <p className="txflow-wrap">
            Transaction <code>{ctx.txHash}</code>
          </p>
          <div className="txflow-actions">{button('user.close', 'Close', view.canClose, 'primary')}</div>
        </>
      ) : null}
    </Dialog>
  );
}
