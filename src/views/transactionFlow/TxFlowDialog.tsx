/**
 * The guided transaction dialog (ui/Dialog: focus trap, Escape and the close button send the flow's Close or
 * Cancel while it accepts one) with the flow's title, a step list with progress, the step
 * announced to screen readers, and the current step's content. Everything shown is selected from the flow
 * actor; every control sends an event (enabled by snapshot.can).
 */
import type { ReactNode } from 'react';
import { isSafeInfoBlockText } from '../../domain/safe/safeInfoCheck.ts';
import { connectTransactionFlow, type TransactionFlowView } from '../../machines/transactionFlow/transactionFlow.connect.ts';
import { transactionPath } from '../../machines/shared/routes.ts';
import type { TxFlowMode } from '../../machines/transactionFlow/transactionFlow.types.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { ComposeStep } from './ComposeStep.tsx';
import { DISMISS_LABEL, dismissEventOf } from '../ui/dismiss.ts';
import { HashRow, NonceStep, ReviewStep } from './ReviewStep.tsx';
import { ExecutedTxHash } from '../components/ExecutedTxHash.tsx';
import { isPlainClick, Link } from '../components/Link.tsx';
import { useTxFlow, useTxFlowSend } from './txFlowContext.tsx';
import { SharePackage } from '../signingPackages/SharePackage.tsx';
import { useChainReadSafe } from '../signingPackages/chainReadSafe.ts';
import { DEVICE_ERROR_TITLES, DeviceChanges, DeviceCheckStep, DeviceWaiting, deviceRejectionSuffix } from '../components/DeviceCheck.tsx';
import './compose.css';

const TITLES: Record<TxFlowMode, string> = {
  create: 'New transaction',
  confirm: 'Confirm transaction',
  execute: 'Execute transaction',
  reject: 'Reject transaction',
};


/** What a busy state is doing, for the status line. */
const BUSY: Record<string, string> = {
  loadingNonces: 'Loading nonces…',
  estimating: 'Estimating safeTxGas…',
  loadingTx: 'Loading the transaction…',
  building: 'Building the transaction and computing its hashes…',
  decoding: 'Decoding the transaction with the gateway…',
  crossChecking: 'Cross-checking the gateway’s answer against the transaction built here…',
  classifying: 'Checking the transaction for risks…',
  simulating: 'Simulating the transaction in the Safe’s own context…',
  loadingRelay: 'Checking available relays…',
  checkingProposer: 'Checking with the gateway that this wallet is one of the Safe’s proposers…',
  checkingStatus: 'Checking the transaction’s status…',
  preparingExecution: 'Fixing the nonce, gas and fees of the execution for your device…',
};

const WALLET_ERRORS: Record<string, { title: string; text: (chain: string) => string }> = {
  rejected: { title: 'User rejected signing.', text: () => 'Nothing was signed or sent. Your transaction is kept; you can try again.' },
  wrongChain: {
    title: 'Change your wallet network',
    text: (chain) => `You are trying to sign or execute a transaction on ${chain}. Make sure that your wallet is set to the same network.`,
  },
  disconnected: { title: 'No wallet is connected.', text: () => 'Please connect your wallet, then try again. Your transaction is kept.' },
  insufficientFunds: { title: "Your connected wallet doesn't have enough funds to execute this transaction.", text: () => 'Add funds to the wallet or let another signer execute.' },
  // Device errors (issue 19): the failure's own text says what to do on the device (it names the device).
  ...Object.fromEntries(Object.entries(DEVICE_ERROR_TITLES).map(([kind, title]) => [kind, { title, text: () => '' }])),
  other: { title: 'Error submitting the transaction. Please try again.', text: () => '' },
};

/** Wallet errors whose failure text is shown under the title (it says what to do). */
const SAYS_MORE: ReadonlySet<string> = new Set(['other', 'deviceLocked', 'wrongApp', 'blindSigningDisabled', 'deviceDisconnected', 'noTypedData']);

function Actions({ children }: { children: ReactNode }) {
  return <div className="txflow-actions">{children}</div>;
}

type Command = 'user.retry' | 'user.back' | 'user.cancel' | 'user.close';

/** Whether the flow accepts a dialog button's command now. */
const ACCEPTS: Record<Command, (view: TransactionFlowView) => boolean> = {
  'user.retry': (view) => view.canRetry,
  'user.back': (view) => view.canBack,
  'user.cancel': (view) => view.canCancel,
  'user.close': (view) => view.canClose,
};

/** `primary`: the step's one main action (Try again after an error, Close at the end). */
/** The way on after a failure: give up, or try the step again. */
function CancelOrRetry() {
  return (
    <Actions>
      <Button event="user.cancel" label="Cancel" />
      <Button event="user.retry" label="Try again" primary />
    </Actions>
  );
}

function Button({ event, label, primary = false }: { event: Command; label: string; primary?: boolean }) {
  const send = useTxFlowSend();
  const enabled = useTxFlow((s) => ACCEPTS[event](connectTransactionFlow(s)));
  if (!enabled) return null;
  return (
    <button type="button" className={primary ? 'primary' : undefined} onClick={() => send({ type: event })}>
      {label}
    </button>
  );
}

/**
 * The last step's facts and links: the safeTxHash to copy, the execution's hash with its explorer link once sent,
 * and the transaction's details in the app ("View transaction" closes the dialog by the flow's own Close first).
 */
function Outcome() {
  const send = useTxFlowSend();
  const outcome = useTxFlow((s) => connectTransactionFlow(s).outcome);
  if (!outcome) return null;
  return (
    <section aria-label="Outcome" className="txflow-outcome">
      <dl>
        <HashRow label="safeTxHash" value={outcome.safeTxHash} />
        {outcome.txHash ? (
          <div className="txflow-hash">
            <dt>Transaction hash</dt>
            <dd>
              <ExecutedTxHash hash={outcome.txHash} />
            </dd>
          </div>
        ) : null}
      </dl>
      <p>
        <Link to={transactionPath(outcome.txId)} onClick={(event) => (isPlainClick(event) ? send({ type: 'user.close' }) : undefined)}>
          View transaction
        </Link>
      </p>
    </section>
  );
}

function StepContent() {
  const { status: state, walletError: sub, context: ctx } = useTxFlow((s) => {
    const view = connectTransactionFlow(s);
    return { status: view.status, walletError: view.walletError, context: view.context };
  }, shallowEqualViewModel);
  // Read from the chain (decision 0055): the signature was kept in a signing package in this browser.
  const chainRead = useChainReadSafe();
  const send = useTxFlowSend();
  const busy = BUSY[state];
  if (busy) return <p role="status">{busy}</p>;
  switch (state) {
    case 'composing':
      return <ComposeStep />;
    case 'choosingNonce':
      return <NonceStep />;
    case 'review':
      return <ReviewStep />;
    case 'nonceLoadFailed':
    case 'loadFailed':
    case 'prepareFailed':
      return (
        <>
          <p role="alert">
            {/* The two-source check's own text says what happened and what to do (decision 0053). */}
            {isSafeInfoBlockText(ctx.error)
              ? null
              : state === 'nonceLoadFailed'
                ? 'The nonces could not be loaded. '
                : state === 'loadFailed'
                  ? 'The transaction could not be loaded. '
                  : 'The transaction could not be prepared. '}
            {ctx.error}
          </p>
          <Actions>
            <Button event="user.back" label="Back" />
            <Button event="user.cancel" label="Cancel" />
            <Button event="user.retry" label="Try again" primary />
          </Actions>
        </>
      );
    case 'checkingOnDevice':
    case 'checkingExecution':
      return ctx.deviceCheck ? (
        <DeviceCheckStep check={ctx.deviceCheck} onConfirm={() => send({ type: 'user.confirmOnDevice' })} onBack={() => send({ type: 'user.back' })} onCancel={() => send({ type: 'user.cancel' })} />
      ) : null;
    case 'signing':
      if (ctx.deviceCheck?.what === 'signature') return <DeviceWaiting check={ctx.deviceCheck} />;
      return (
        <p role="status">
          Confirm the signature request in your wallet. Your wallet should show the safeTxHash <code>{ctx.hashes?.safeTxHash}</code>.
        </p>
      );
    case 'proposing':
      return <p role="status">Submitting the signature to the gateway…</p>;
    case 'executing':
      if (ctx.deviceCheck?.what === 'execution') return <DeviceWaiting check={ctx.deviceCheck} />;
      return <p role="status">Confirm the execution in your wallet…</p>;
    case 'relaying':
      return <p role="status">Relaying the transaction…</p>;
    case 'walletError': {
      const text = WALLET_ERRORS[sub ?? 'other'] ?? WALLET_ERRORS.other!;
      return (
        <>
          <div role="alert">
            <strong>{text.title}</strong>
            {deviceRejectionSuffix(sub, ctx.walletFailure?.message)} {text.text(ctx.safe.chainName)}
            {SAYS_MORE.has(sub ?? 'other') && ctx.walletFailure ? <p>{ctx.walletFailure.message}</p> : null}
          </div>
          <CancelOrRetry />
        </>
      );
    }
    case 'submitFailed':
      return (
        <>
          <p role="alert">Error submitting the transaction. Please try again. {ctx.error}</p>
          <CancelOrRetry />
        </>
      );
    case 'interrupted':
      return (
        <>
          <p role="alert">
            The page was reloaded while a wallet request or a submission was in progress. Nothing was sent again.{' '}
            {ctx.pendingSignature ? 'Your signature is kept: submit it again to the gateway.' : 'Review the transaction and confirm it again.'}
          </p>
          <CancelOrRetry />
        </>
      );
    case 'tracking':
      return (
        <>
          <DeviceChanges changes={ctx.deviceChanges} device={ctx.wallet?.device?.name ?? 'device'} />
          <p role="status">
            Transaction is being processed{ctx.txHash ? <> (<code>{ctx.txHash}</code>)</> : null}…
          </p>
        </>
      );
    case 'trackingLost':
      return (
        <>
          <p role="alert">The transaction’s status is not known yet. {ctx.error}</p>
          <Actions>
            <Button event="user.close" label="Close" />
            <Button event="user.retry" label="Try again" primary />
          </Actions>
        </>
      );
    case 'signed':
      return chainRead ? (
        <>
          <p role="status">
            Signature kept in this browser. Confirmed {ctx.confirmations.length} of {ctx.safe.threshold}.
          </p>
          <SharePackage chainId={chainRead.chainId} safe={chainRead.address} safeTxHash={ctx.hashes?.safeTxHash ?? '0x'} headingLevel={3} />
          <Outcome />
          <Actions>
            <Button event="user.close" label="Close" primary />
          </Actions>
        </>
      ) : (
        <>
          <p role="status">
            {ctx.proposedAs !== undefined
              ? `Proposed. It waits for the owners: confirmed ${ctx.confirmations.length} of ${ctx.safe.threshold}. Your signature as proposer does not count as a confirmation.`
              : `Signature submitted. Confirmed ${ctx.confirmations.length} of ${ctx.safe.threshold}.`}
          </p>
          <Outcome />
          <Actions>
            <Button event="user.close" label="Close" primary />
          </Actions>
        </>
      );
    case 'succeeded':
    case 'failed':
      return (
        <>
          <DeviceChanges changes={ctx.deviceChanges} device={ctx.wallet?.device?.name ?? 'device'} />
          <p role="status">
            {state === 'succeeded' ? 'Transaction was successful' : 'Transaction failed'}
          </p>
          <Outcome />
          <Actions>
            <Button event="user.close" label="Close" primary />
          </Actions>
        </>
      );
    default:
      return null;
  }
}

/** The transaction flow dialog. Mount it inside <TxFlowProvider actor={…}>; it renders nothing once the flow ended. */
export function TxFlowDialog() {
  const send = useTxFlowSend();
  const { mode, step, steps, ended: done, dismiss } = useTxFlow((s) => {
    const view = connectTransactionFlow(s);
    return { mode: view.mode, step: view.step, steps: view.steps, ended: view.ended, dismiss: dismissEventOf(view) };
  }, shallowEqualViewModel);
  if (done) return null;
  const index = Math.max(0, steps.findIndex((s) => s.step === step));
  return (
    <Dialog title={TITLES[mode]} closeLabel={DISMISS_LABEL} {...(dismiss ? { onClose: () => send({ type: dismiss }) } : {})} className="txflow-dialog">
      <ol className="txflow-steps" aria-label="Steps">
        {steps.map((s, i) => (
          <li key={s.step} aria-current={i === index ? 'step' : undefined} className={i < index ? 'txflow-step-done' : undefined}>
            {s.name}
          </li>
        ))}
      </ol>
      <progress className="txflow-progress" aria-label="Progress" max={steps.length} value={index + 1} />
      <p className="txflow-announce" aria-live="polite">
        Step {index + 1} of {steps.length}: {steps[index]?.name}
      </p>
      <StepContent />
    </Dialog>
  );
}
