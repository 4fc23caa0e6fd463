/**
 * The message flow dialog: compose → review (the SafeMessage hash in full, the typed data exactly as the
 * wallet will show it) → signing → collecting confirmations → verification on chain; plus the on-chain
 * fallback and every error state. It renders what the messageFlow snapshot says (its step and commands through
 * `connectMessageFlow`); buttons are enabled by `snapshot.can(event)`.
 */
import { useId, useState, type ReactNode } from 'react';
import { shallowEqual } from '@xstate/react';
import { connectMessageFlow, type MessageFlowStep } from '../../machines/messageFlow/messageFlow.connect.ts';
import { MESSAGE_TEXTS, missingSigners, ownerConfirmations, signBlocker } from '../../machines/messageFlow/messageFlow.setup.ts';
import type { MessagePreview } from '../../machines/messageFlow/messageFlow.types.ts';
import { Address } from '../components/Address.tsx';
import { isPlainClick, Link } from '../components/Link.tsx';
import { messagePath } from '../../machines/shared/routes.ts';
import { CopyButton } from '../components/CopyButton.tsx';
import { SafeInfoAgrees, SafeInfoBlocked } from '../components/SafeInfoCheck.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { DISMISS_LABEL, dismissEventOf } from '../ui/dismiss.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { useMessageFlow, useMessageFlowSend } from './messageFlowContext.tsx';
import { DeviceCheckStep, DeviceWaiting } from '../components/DeviceCheck.tsx';
import './messageFlow.css';

type Step = MessageFlowStep;

const TITLES: Record<Step, string> = {
  composing: 'Sign a message',
  working: 'Confirm message',
  loadFailed: 'Confirm message',
  review: 'Confirm message',
  chainBlocked: 'Signing blocked',
  checkingOnDevice: 'Confirm message',
  signing: 'Confirm message',
  submitting: 'Confirm message',
  walletError: 'Confirm message',
  submitFailed: 'Confirm message',
  collecting: 'Collect confirmations',
  verifying: 'Verifying the signature',
  verificationFailed: 'Verifying the signature',
  confirmed: MESSAGE_TEXTS.signed,
  checkingStatus: 'Confirm message',
  interrupted: 'Confirm message',
  preparingOnChain: 'Sign message on-chain',
  onChainReview: 'Sign message on-chain',
  onChainUnavailable: 'Sign message on-chain',
  awaitingTransaction: 'Sign message on-chain',
  refused: 'Message refused',
  done: '',
};

/** The message flow in a dialog; renders nothing once the flow has ended. */
export function MessageFlowDialog() {
  const { step, dismiss } = useMessageFlow((s) => {
    const flow = connectMessageFlow(s);
    return { step: flow.step, dismiss: dismissEventOf(flow) };
  }, shallowEqualViewModel);
  const send = useMessageFlowSend();
  if (step === 'done') return null;
  return (
    <Dialog title={TITLES[step]} closeLabel={DISMISS_LABEL} {...(dismiss ? { onClose: () => send({ type: dismiss }) } : {})} className="message-flow">
      <StepBody step={step} />
    </Dialog>
  );
}

function StepBody({ step }: { step: Step }) {
  switch (step) {
    case 'composing':
      return <ComposeForm />;
    case 'working':
      return <Status text="Computing the SafeMessage hash and reading the message…" />;
    case 'loadFailed':
      return (
        <>
          <ErrorText prefix="The message could not be loaded." />
          <Actions retry cancel />
        </>
      );
    case 'review':
      return (
        <>
          <ThresholdIntro />
          <SafeInfoNotice />
          <Preview />
          <Confirmations />
          <SignBlocker />
          <AnyChainAcknowledgement />
          <ReviewActions />
        </>
      );
    case 'chainBlocked':
      return <ChainBlockedBody />;
    case 'checkingOnDevice':
      return <DeviceCheckBody />;
    case 'signing':
      return <SigningBody />;
    case 'submitting':
      return <Status text="Submitting your signature to the gateway…" />;
    case 'walletError':
      return <WalletErrorBody />;
    case 'submitFailed':
      return (
        <>
          <ErrorText prefix="Your signature was not accepted." />
          <Actions retry cancel />
        </>
      );
    case 'collecting':
      return <CollectingBody />;
    case 'verifying':
      return <Status text="Checking the signature on chain (EIP-1271 isValidSignature at the Safe)…" />;
    case 'verificationFailed':
      return (
        <>
          <VerificationResult />
          <ErrorText prefix="" />
          <Actions retry close />
        </>
      );
    case 'confirmed':
      return <ConfirmedBody />;
    case 'checkingStatus':
      return <Status text="Checking whether your signature reached the gateway…" />;
    case 'interrupted':
      return (
        <>
          <p role="alert">The signature request was interrupted (the page was reloaded). Nothing was sent again; confirm to continue.</p>
          <Preview />
          <Actions retry cancel />
        </>
      );
    case 'preparingOnChain':
      return <Status text="Preparing the on-chain signature…" />;
    case 'onChainReview':
      return <OnChainReview />;
    case 'onChainUnavailable':
      return (
        <>
          <ErrorText prefix="On-chain signing is not available." />
          <Actions cancel />
        </>
      );
    case 'awaitingTransaction':
      return <Status text="Continue in the transaction dialog: the SignMessageLib transaction is being created there." />;
    case 'refused':
      return (
        <>
          <ErrorText prefix="" />
          <Actions close />
        </>
      );
    case 'done':
      return null;
  }
}

// ───────────────────────── pieces ─────────────────────────


function Status({ text }: { text: string }) {
  return <p role="status">{text}</p>;
}

function ErrorText({ prefix }: { prefix: string }) {
  const error = useMessageFlow((s) => s.context.error);
  if (!prefix && !error) return null;
  return <p role="alert">{[prefix, error].filter(Boolean).join(' ')}</p>;
}

function ComposeForm() {
  const send = useMessageFlowSend();
  const error = useMessageFlow((s) => s.context.error);
  const draft = useMessageFlow((s) => (s.context.request?.kind === 'draft' ? s.context.request : null));
  const [format, setFormat] = useState<'text' | 'typed'>(draft?.format ?? 'text');
  const [text, setText] = useState(draft?.text ?? '');
  const messageId = useId();
  return (
    <form
      className="message-compose"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'user.compose', format, text });
      }}
    >
      <fieldset>
        <legend>Message type</legend>
        <label>
          <input type="radio" name="message-format" checked={format === 'text'} onChange={() => setFormat('text')} /> Text (EIP-191)
        </label>
        <label>
          <input type="radio" name="message-format" checked={format === 'typed'} onChange={() => setFormat('typed')} /> Typed data (EIP-712, JSON)
        </label>
      </fieldset>
      <label htmlFor={messageId}>{format === 'text' ? 'Message' : 'Typed data'}</label>
      <textarea id={messageId} rows={8} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      {error ? <p role="alert">{error}</p> : null}
      <div className="message-actions">
        <button type="submit" className="primary">
          Review
        </button>
        <CancelButton />
      </div>
    </form>
  );
}

function ThresholdIntro() {
  const threshold = useMessageFlow((s) => s.context.safe.threshold);
  return <p>To sign this message, collect signatures from {threshold} signers of your Safe account.</p>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="message-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function HashValue({ value, label }: { value: string; label: string }) {
  return (
    <>
      <code className="message-hash" aria-label={label}>
        {value}
      </code>
      <CopyButton value={value} label={label} />
    </>
  );
}

function pretty(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}

function MessageBody({ preview }: { preview: MessagePreview }) {
  if (preview.content.kind === 'text') {
    return (
      <section aria-label="Message">
        <h3>Message</h3>
        <pre className="message-body">{preview.content.text}</pre>
        <CopyButton value={preview.content.text} label="message" />
        {preview.blindSigning ? (
          <p role="alert">This message is a raw 32-byte hash: you cannot see what it stands for. Sign it only if you know where it comes from (blind signing).</p>
        ) : null}
      </section>
    );
  }
  const json = JSON.stringify(preview.content.typedData, null, 2);
  return (
    <section aria-label="Message">
      <h3>Typed data: {preview.content.typedData.primaryType}</h3>
      <pre className="message-body">{json}</pre>
      <CopyButton value={json} label="typed data" />
    </section>
  );
}

function Preview() {
  const preview = useMessageFlow((s) => s.context.preview);
  if (!preview) return null;
  return (
    <>
      <MessageBody preview={preview} />
      <dl className="message-hashes">
        <Row label="SafeMessage hash">
          <HashValue value={preview.safeMessageHash} label="SafeMessage hash" />
        </Row>
      </dl>
      <details className="message-details" open>
        <summary>SafeMessage details</summary>
        <dl>
          <Row label="SafeMessage">
            <HashValue value={preview.innerHash} label="SafeMessage" />
          </Row>
          <Row label="Domain hash">
            <HashValue value={preview.domainHash} label="Domain hash" />
          </Row>
          <Row label="Message hash">
            <HashValue value={preview.structHash} label="Message hash" />
          </Row>
        </dl>
        <h3>What your wallet will show (eth_signTypedData_v4)</h3>
        <pre className="message-wallet-data" aria-label="Typed data sent to the wallet">
          {pretty(preview.walletTypedData)}
        </pre>
        <CopyButton value={preview.walletTypedData} label="wallet typed data" />
      </details>
    </>
  );
}

function Confirmations() {
  const view = useMessageFlow(
    (s) => ({
      message: s.context.gatewayMessage,
      threshold: s.context.safe.threshold,
      signed: ownerConfirmations(s.context),
      missing: missingSigners(s.context),
    }),
    shallowEqual,
  );
  const required = view.message?.confirmationsRequired ?? view.threshold;
  return (
    <section aria-label="Confirmations" className="message-confirmations">
      <h3>
        Confirmations: {view.signed.length} of {required}
      </h3>
      {view.message ? <p>Status: {view.message.status === 'CONFIRMED' ? 'Confirmed' : 'Needs confirmation'}</p> : <p>Not signed by anyone yet.</p>}
      {view.signed.length > 0 ? (
        <>
          <h4>Signed by</h4>
          <ul aria-label="Signed by">
            {view.signed.map((owner) => (
              <li key={owner}>
                <Address address={owner} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {view.missing.length > 0 && view.signed.length < required ? (
        <>
          <h4>Missing signers</h4>
          <ul aria-label="Missing signers">
            {view.missing.map((owner) => (
              <li key={owner}>
                <Address address={owner} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** The review's actions; "Sign on-chain instead" is not offered while the Safe info does not agree with the chain. */
function ReviewActions() {
  const verdict = useMessageFlow((s) => s.context.preview?.safeInfo);
  return <Actions sign signOnChain={verdict === undefined || verdict.status === 'agrees'} back cancel />;
}

/** The Safe info against the chain (decision 0053): a block with the differences, or one quiet line when it agrees. */
function SafeInfoNotice({ closeWith = 'user.cancel' }: { closeWith?: 'user.cancel' | 'user.close' }) {
  const send = useMessageFlowSend();
  const verdict = useMessageFlow((s) => s.context.preview?.safeInfo);
  return (
    <>
      <SafeInfoBlocked verdict={verdict} onReload={() => send({ type: closeWith })} />
      <SafeInfoAgrees verdict={verdict} />
    </>
  );
}

function SignBlocker() {
  const blocker = useMessageFlow((s) => signBlocker(s.context));
  return blocker ? <p role="alert">{blocker}</p> : null;
}

/** Typed data for another chain (decision 0026): the reason, what was asked, and the ways out; no sign button. */
function ChainBlockedBody() {
  const preview = useMessageFlow((s) => s.context.preview);
  return (
    <>
      <ErrorText prefix="" />
      <p>{MESSAGE_TEXTS.chainBlocked}</p>
      {preview ? <MessageBody preview={preview} /> : null}
      <Actions back cancel />
    </>
  );
}

/**
 * Typed data naming no chain (decision 0026): what that means, and the tick that allows signing. Ticking and
 * unticking are `user.acknowledgeAnyChain` events, so they are in the flow's event log.
 */
function AnyChainAcknowledgement() {
  const view = useMessageFlow((s) => {
    const flow = connectMessageFlow(s);
    return { shown: flow.anyChainShown, acknowledged: flow.anyChainAcknowledged, canChange: flow.canChangeAnyChain };
  }, shallowEqualViewModel);
  const send = useMessageFlowSend();
  if (!view.shown) return null;
  return (
    <div className="message-any-chain">
      <p>{MESSAGE_TEXTS.anyChain}</p>
      <label>
        <input
          type="checkbox"
          checked={view.acknowledged}
          disabled={!view.canChange}
          onChange={(e) => send({ type: 'user.acknowledgeAnyChain', acknowledged: e.target.checked })}
        />{' '}
        {MESSAGE_TEXTS.anyChainAcknowledgement}
      </label>
    </div>
  );
}

/** A device signs (issue 19): what it will show, before its prompt. */
function DeviceCheckBody() {
  const check = useMessageFlow((s) => s.context.deviceCheck);
  const send = useMessageFlowSend();
  if (!check) return null;
  return <DeviceCheckStep check={check} onConfirm={() => send({ type: 'user.confirmOnDevice' })} onBack={() => send({ type: 'user.back' })} onCancel={() => send({ type: 'user.cancel' })} />;
}

function SigningBody() {
  const check = useMessageFlow((s) => s.context.deviceCheck);
  return (
    <>
      {check ? <DeviceWaiting check={check} /> : <Status text="Confirm the signature request in your wallet." />}
      <Preview />
    </>
  );
}

function WalletErrorBody() {
  const failure = useMessageFlow((s) => s.context.walletFailure);
  return (
    <>
      <p role="alert">{failure?.message ?? 'Error signing message, please retry!'}</p>
      <p>Nothing was lost: the message and its hash are kept; retry to review and sign again.</p>
      <Actions retry cancel />
    </>
  );
}

/** "View message": the message's details in the app; a plain click closes the dialog by the flow's own Close first. */
function ViewMessage() {
  const send = useMessageFlowSend();
  const outcome = useMessageFlow((s) => connectMessageFlow(s).outcome);
  if (!outcome) return null;
  return (
    <p>
      <Link to={messagePath(outcome.messageHash)} onClick={(event) => (isPlainClick(event) ? send({ type: 'user.close' }) : undefined)}>
        View message
      </Link>
    </p>
  );
}

function CollectingBody() {
  const watchFailed = useMessageFlow((s) => connectMessageFlow(s).watchFailed);
  return (
    <>
      <p role="status">{MESSAGE_TEXTS.collecting}</p>
      <ViewMessage />
      <Confirmations />
      {watchFailed ? <ErrorText prefix="Could not refresh the confirmations." /> : null}
      <Preview />
      <SafeInfoNotice closeWith="user.close" />
      <SignBlocker />
      <AnyChainAcknowledgement />
      <Actions sign retry close />
    </>
  );
}

function VerificationResult() {
  const verification = useMessageFlow((s) => s.context.verification);
  if (!verification) return null;
  if (verification.valid) {
    const magic = verification.form === 'hash' ? verification.hashFormResult : verification.bytesFormResult;
    return (
      <div role="status" className="message-verified">
        <p>{MESSAGE_TEXTS.verified}</p>
        <p className="muted">
          Technical check: the Safe&apos;s isValidSignature({verification.form === 'hash' ? 'bytes32' : 'bytes'}, bytes) returned {magic}, the EIP-1271 magic value.
        </p>
      </div>
    );
  }
  return (
    <div role="alert">
      <p>{MESSAGE_TEXTS.notVerified}</p>
      <p className="muted">
        Technical check: isValidSignature(bytes32, bytes) returned {verification.hashFormResult ?? 'an error'} and isValidSignature(bytes, bytes) returned{' '}
        {verification.bytesFormResult ?? 'an error'}; only 0x1626ba7e or 0x20c13b0b mean valid.
      </p>
    </div>
  );
}

function ConfirmedBody() {
  const prepared = useMessageFlow((s) => s.context.gatewayMessage?.preparedSignature ?? '');
  return (
    <>
      <VerificationResult />
      <ViewMessage />
      <Confirmations />
      <dl className="message-hashes">
        <Row label="Signature">
          <HashValue value={prepared} label="signature" />
        </Row>
      </dl>
      <Preview />
      <Actions close />
    </>
  );
}

function OnChainReview() {
  const request = useMessageFlow((s) => s.context.onChainRequest);
  const send = useMessageFlowSend();
  const can = useMessageFlow((s) => connectMessageFlow(s).canConfirmOnChain);
  if (!request) return null;
  return (
    <>
      <p role="note">{MESSAGE_TEXTS.onChainWarning}</p>
      <dl className="message-hashes">
        <Row label="Library">
          {request.library} <Address address={request.to} />
        </Row>
        <Row label="Signing method">{request.method}</Row>
        <Row label="Operation">1 (delegate call)</Row>
        <Row label="Data">
          <HashValue value={request.data} label="data" />
        </Row>
        <Row label="Message hash signed">
          <HashValue value={request.innerHash} label="message hash signed" />
        </Row>
      </dl>
      <Preview />
      <AnyChainAcknowledgement />
      <div className="message-actions">
        <button type="button" className="primary" disabled={!can} onClick={() => send({ type: 'user.confirmOnChain' })}>
          Create transaction
        </button>
        <CancelButton />
      </div>
    </>
  );
}

// ───────────────────────── buttons ─────────────────────────

function CancelButton() {
  const send = useMessageFlowSend();
  const can = useMessageFlow((s) => connectMessageFlow(s).canCancel);
  return (
    <button type="button" disabled={!can} onClick={() => send({ type: 'user.cancel' })}>
      Cancel
    </button>
  );
}

function Actions(props: { sign?: boolean; signOnChain?: boolean; back?: boolean; retry?: boolean; cancel?: boolean; close?: boolean }) {
  const send = useMessageFlowSend();
  const can = useMessageFlow((s) => {
    const flow = connectMessageFlow(s);
    return { sign: flow.canSign, signOnChain: flow.canSignOnChain, back: flow.canBack, retry: flow.canRetry, close: flow.canClose };
  }, shallowEqualViewModel);
  return (
    <div className="message-actions">
      {props.back && can.back ? (
        <button type="button" onClick={() => send({ type: 'user.back' })}>
          Back
        </button>
      ) : null}
      {props.sign ? (
        <button type="button" className="primary" disabled={!can.sign} onClick={() => send({ type: 'user.sign' })}>
          Sign
        </button>
      ) : null}
      {props.signOnChain && can.signOnChain ? (
        <button type="button" onClick={() => send({ type: 'user.signOnChain' })}>
          Sign on-chain instead
        </button>
      ) : null}
      {props.retry && can.retry ? (
        <button type="button" onClick={() => send({ type: 'user.retry' })}>
          Retry
        </button>
      ) : null}
      {props.cancel ? <CancelButton /> : null}
      {props.close ? (
        <button type="button" disabled={!can.close} onClick={() => send({ type: 'user.close' })}>
          Close
        </button>
      ) : null}
    </div>
  );
}
