import { useSelector } from '@xstate/react';
import { NetworkSelect } from '../components/NetworkSelect.tsx';
import { Fragment, useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { createSafeMachine } from '../../machines/createSafe/createSafe.machine.ts';
import { connectCreateSafe, type CreateSafeStep } from '../../machines/createSafe/createSafe.connect.ts';
import { emptyOwner, safeNameOf } from '../../machines/createSafe/createSafe.logic.ts';
import { connectWalletConnection } from '../../machines/walletConnection/walletConnection.connect.ts';
import type { CreateSafeEvent, CreateSafeForm, CreateSafeWallet, OwnerRow } from '../../machines/createSafe/createSafe.types.ts';
import { isOtherWallet, type SendFailureKind } from '../../machines/shared/deviceExecution.ts';
import { DEVICE_ERROR_TITLES, DeviceChanges, DeviceCheckStep, DeviceWaiting } from '../components/DeviceCheck.tsx';
import { CREATE_SAFE_VISIT_TEXTS, type CreateSafeVisit } from '../../machines/createSafe/createSafe.port.ts';
import { useAppSelector, useAppSend } from '../appContext.tsx';
import { useAddressName } from '../addressBook/useAddressName.ts';
import { Address } from '../components/Address.tsx';
import { useCreateSafeVisits, useWallet } from '../walletConnection/walletContext.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { NetworksPending } from '../components/NetworksPending.tsx';
import './createSafe.css';

export type CreateSafeRef = ActorRefFrom<typeof createSafeMachine>;

/** How long typing may pause before the form's fields are recorded as the visit's draft. */
const DRAFT_PAUSE_MS = 600;

const WALLET_ERROR_TITLES: Record<SendFailureKind, string> = {
  rejected: 'The deployment was rejected in the wallet.',
  wrongChain: 'Your wallet is on another network.',
  disconnected: 'No wallet is connected.',
  insufficientFunds: 'Not enough funds to pay for the deployment.',
  ...DEVICE_ERROR_TITLES,
  other: 'The wallet could not send the deployment.',
};

/** One signer row: name and address; the address book's name is shown for a known address. */
function OwnerFields({
  index,
  row,
  chainId,
  error,
  disabled,
  canRemove,
  onChange,
  onRemove,
}: {
  index: number;
  row: OwnerRow;
  chainId: string;
  error: string | null;
  disabled: boolean;
  canRemove: boolean;
  onChange: (row: OwnerRow) => void;
  onRemove: () => void;
}) {
  const bookName = useAddressName(row.address.trim() || null, chainId);
  const errorId = `create-safe-owner-${index}-error`;
  return (
    <li className="create-safe-owner" data-testid="owner-row">
      <label>
        Signer {index + 1} name{' '}
        <input value={row.name} placeholder={bookName ?? 'Name (optional)'} maxLength={50} disabled={disabled} onChange={(e) => onChange({ ...row, name: e.target.value })} />
      </label>
      <label>
        Signer {index + 1} address{' '}
        <input
          value={row.address}
          placeholder="0x… or shortName:0x…"
          spellCheck={false}
          autoComplete="off"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange({ ...row, address: e.target.value })}
        />
      </label>
      {/* Remove sits at the end of the signer's own line; the notes below span the whole row. */}
      <button type="button" className="create-safe-remove" onClick={onRemove} disabled={disabled || !canRemove} aria-label={`Remove signer ${index + 1}`}>
        Remove
      </button>
      {bookName && !row.name ? <span className="muted">Address book: {bookName}</span> : null}
      {error ? (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * Options few people need (the salt nonce), behind a disclosure; open from the start when one is set (a restored
 * draft) or refused. Opening and closing it is presentational.
 */
function AdvancedOptions({ open, children }: { open: boolean; children: ReactNode }) {
  const [expanded, setExpanded] = useState(open);
  useEffect(() => {
    if (open) setExpanded(true);
  }, [open]);
  return (
    <details className="create-safe-advanced" open={expanded} onToggle={(e) => setExpanded(e.currentTarget.open)}>
      <summary>Advanced</summary>
      <div className="create-safe-advanced-body">{children}</div>
    </details>
  );
}

function CreateSafeFormView({ actor }: { actor: CreateSafeRef }) {
  const { busy, chains, form, errors, error } = useSelector(actor, connectCreateSafe, shallowEqualViewModel);
  // Edits are drawn from local state; the machine gets them as `user.editDraft` after a pause in typing and when
  // a field loses focus (so a reload keeps the draft), and as `user.submit` on Next.
  const [draft, setDraft] = useState<CreateSafeForm | null>(null);
  const values = draft ?? form;
  const update = (patch: Partial<CreateSafeForm>) => setDraft({ ...values, ...patch });
  const setOwners = (owners: OwnerRow[]) => update({ owners, threshold: Math.min(Math.max(values.threshold, 1), Math.max(owners.length, 1)) });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopTimer = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  const saveDraft = (next: CreateSafeForm | null) => {
    stopTimer();
    const snapshot = actor.getSnapshot();
    if (!next || JSON.stringify(next) === JSON.stringify(snapshot.context.form)) return;
    const event = { type: 'user.editDraft', form: next } as const;
    if (snapshot.can(event)) actor.send(event);
  };
  useEffect(() => {
    if (!draft) return undefined;
    timer.current = setTimeout(() => saveDraft(draft), DRAFT_PAUSE_MS);
    return stopTimer;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saving follows the draft only
  }, [draft]);

  function submit(event: FormEvent) {
    event.preventDefault();
    stopTimer();
    actor.send({ type: 'user.submit', form: values });
  }
  const generalErrors = [errors?.chain, errors?.ownerList, errors?.threshold, error].filter((t): t is string => Boolean(t));
  return (
    <form className="create-safe-form" onSubmit={submit} onBlur={() => saveDraft(draft)} aria-label="Set up the new Safe" noValidate>
      <h2>Name</h2>
      <label className="create-safe-name">
        Name (optional){' '}
        <input
          value={values.name ?? ''}
          placeholder="e.g. Treasury"
          autoComplete="off"
          disabled={busy}
          aria-invalid={errors?.name ? true : undefined}
          aria-describedby={errors?.name ? 'create-safe-name-error' : 'create-safe-name-hint'}
          onChange={(e) => update({ name: e.target.value })}
        />
      </label>
      {errors?.name ? (
        <p id="create-safe-name-error" role="alert" className="field-error">
          {errors.name}
        </p>
      ) : (
        <p id="create-safe-name-hint" className="muted">
          Saved in your address book once the Safe is created; only on this device.
        </p>
      )}
      <h2>Network</h2>
      <NetworkSelect chains={chains} value={values.chainId} onChange={(chainId) => update({ chainId })} disabled={busy} />
      <h2>Signers and confirmations</h2>
      <ol className="create-safe-owners" aria-label="Signers">
        {values.owners.map((row, index) => (
          <OwnerFields
            key={index}
            index={index}
            row={row}
            chainId={values.chainId}
            error={errors?.owners[index] ?? null}
            disabled={busy}
            canRemove={values.owners.length > 1}
            onChange={(next) => setOwners(values.owners.map((r, i) => (i === index ? next : r)))}
            onRemove={() => setOwners(values.owners.filter((_, i) => i !== index))}
          />
        ))}
      </ol>
      <p>
        <button type="button" onClick={() => setOwners([...values.owners, emptyOwner()])} disabled={busy}>
          Add signer
        </button>
      </p>
      <label className="create-safe-threshold">
        Threshold{' '}
        <select value={values.threshold} onChange={(e) => update({ threshold: Number(e.target.value) })} disabled={busy}>
          {Array.from({ length: Math.max(values.owners.length, 1) }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>{' '}
        out of {values.owners.length} signer(s) must confirm every transaction
      </label>
      <AdvancedOptions open={values.saltNonce !== '' || Boolean(errors?.saltNonce)}>
        <label>
          Salt nonce (optional){' '}
          <input
            value={values.saltNonce}
            inputMode="numeric"
            placeholder="Automatic: the first free one from 0"
            disabled={busy}
            aria-invalid={errors?.saltNonce ? true : undefined}
            onChange={(e) => update({ saltNonce: e.target.value })}
          />
        </label>
        <p className="muted">It only changes the address the Safe gets; leave it empty unless you need a particular address.</p>
        {errors?.saltNonce ? (
          <p role="alert" className="field-error">
            {errors.saltNonce}
          </p>
        ) : null}
      </AdvancedOptions>
      {generalErrors.map((text) => (
        <p key={text} role="alert" className="banner banner-error">
          {text}
        </p>
      ))}
      <button type="submit" className="primary create-safe-next" disabled={busy}>
        {busy ? 'Computing the address…' : 'Next'}
      </button>
    </form>
  );
}

/** What the review says after "Create Safe": a status line, or an alert with its title, text and actions. */
interface StatusPart {
  alert: boolean;
  title: string;
  text: string;
  actions: { label: string; event: CreateSafeEvent }[];
}

const tryAgainOrEdit = [
  { label: 'Try again', event: { type: 'user.retry' } },
  { label: 'Edit', event: { type: 'user.back' } },
] as const satisfies StatusPart['actions'];

function statusPart(state: CreateSafeStep, kind: SendFailureKind | null, facts: { txHash: string | null; error: string | null; failure: string | null }): StatusPart | null {
  const status = (text: string): StatusPart => ({ alert: false, title: '', text, actions: [] });
  const tx = facts.txHash ? ` Transaction ${facts.txHash}.` : '';
  if (kind) return { alert: true, title: WALLET_ERROR_TITLES[kind], text: facts.failure ?? '', actions: [...tryAgainOrEdit] };
  switch (state) {
    case 'preparingExecution':
      return status('Fixing the nonce, gas and fees of the deployment for your device…');
    case 'deploying':
      return status('Confirm the deployment in your wallet…');
    case 'checking':
      return status('Checking whether the Safe was deployed…');
    case 'tracking':
      return status(`Creating your Safe…${tx}`);
    case 'succeeded':
      return status('Your Safe was created. Opening it…');
    case 'interrupted':
      return {
        alert: true,
        title: 'The deployment was interrupted and no Safe is at the address yet.',
        text: `If your wallet sent the transaction it may still be pending: check again before creating the Safe again. ${facts.error ?? ''}`.trim(),
        actions: [
          { label: 'Check again', event: { type: 'user.check' } },
          { label: 'Back to review', event: { type: 'user.retry' } },
        ],
      };
    case 'trackingLost':
      return { alert: true, title: 'Could not follow the deployment.', text: facts.error ?? '', actions: [{ label: 'Retry', event: { type: 'user.retry' } }] };
    case 'failed':
      return { alert: true, title: 'The deployment transaction failed; no Safe was created.', text: tx.trim(), actions: [...tryAgainOrEdit] };
    default:
      return null;
  }
}

function StatusBanner({ part, send }: { part: StatusPart | null; send: (event: CreateSafeEvent) => void }) {
  if (!part) return null;
  if (!part.alert) {
    return (
      <p role="status" className="banner">
        {part.text}
      </p>
    );
  }
  return (
    <div role="alert" className="banner banner-error">
      <strong>{part.title}</strong> {part.text}{' '}
      {part.actions.map((action) => (
        <Fragment key={action.label}>
          <button type="button" onClick={() => send(action.event)}>
            {action.label}
          </button>{' '}
        </Fragment>
      ))}
    </div>
  );
}

/** The review and everything after it: deploying, wallet errors, recovery, tracking. */
function CreateSafeReview({ actor }: { actor: CreateSafeRef }) {
  const { step: state, walletErrorKind: kind, chains, deployment, form, prediction, txHash, walletFailure: failure, error, walletFit: fit, deviceCheck, deviceChanges, deviceName } = useSelector(
    actor,
    connectCreateSafe,
    shallowEqualViewModel,
  );
  if (!deployment || !prediction) return null;
  const chain = chains.find((c) => c.chainId === deployment.chainId);
  const names = new Map(form.owners.map((row) => [row.address.trim().toLowerCase().split(':').pop(), row.name.trim()]));
  const safeName = safeNameOf(form);
  return (
    <div className="create-safe-review">
      <h2>Review</h2>
      {safeName ? (
        <p data-testid="review-name">
          Name: <strong>{safeName}</strong>
        </p>
      ) : null}
      <p>
        Network: <strong>{chain?.chainName ?? deployment.chainId}</strong>
      </p>
      <h3>Predicted Safe address</h3>
      <p data-testid="predicted-address" data-address={prediction.address} data-salt-nonce={prediction.saltNonce}>
        <Address address={prediction.address} chainId={deployment.chainId} />
      </p>
      <p className="muted">Salt nonce {prediction.saltNonce} · Safe 1.4.1 (SafeL2) · computed locally, before anything is sent.</p>
      <h3>Signers and confirmations</h3>
      <p>
        Any transaction requires the confirmation of: {deployment.threshold} out of {deployment.owners.length} signers
      </p>
      <ul aria-label="Signers">
        {deployment.owners.map((owner) => (
          <li key={owner}>
            <Address address={owner} name={names.get(owner.toLowerCase()) || null} chainId={deployment.chainId} />
          </li>
        ))}
      </ul>
      {state === 'review' ? (
        <>
          {fit === 'noWallet' ? (
            <p role="note" className="banner">
              Connect a wallet to pay for the deployment.
            </p>
          ) : fit === 'wrongChain' ? (
            <p role="note" className="banner">
              Your wallet is on another network: switch it to {chain?.chainName ?? deployment.chainId} before creating the Safe.
            </p>
          ) : null}
          <button type="button" onClick={() => actor.send({ type: 'user.back' })}>
            Back
          </button>{' '}
          <button type="button" className="primary" onClick={() => actor.send({ type: 'user.deploy' })}>
            Create Safe
          </button>
        </>
      ) : null}
      {state === 'checkingExecution' && deviceCheck ? (
        <DeviceCheckStep check={deviceCheck} onConfirm={() => actor.send({ type: 'user.confirmOnDevice' })} onBack={() => actor.send({ type: 'user.back' })} />
      ) : null}
      {state === 'deploying' && deviceCheck ? (
        <DeviceWaiting check={deviceCheck} />
      ) : (
        <StatusBanner part={statusPart(state, kind, { txHash, error, failure: failure?.message ?? null })} send={actor.send} />
      )}
      {state === 'tracking' || state === 'failed' ? <DeviceChanges changes={deviceChanges} device={deviceName ?? 'device'} /> : null}
    </div>
  );
}

/** The create-a-Safe flow, drawn from one createSafe actor; "Start over" drops the visit wherever nothing is in flight. */
export function CreateSafeFlow({ actor }: { actor: CreateSafeRef }) {
  const { step: state, showsForm, error, canDiscard } = useSelector(actor, connectCreateSafe, shallowEqualViewModel);
  const startOver = canDiscard ? (
    <p>
      <button type="button" onClick={() => actor.send({ type: 'user.discard' })}>
        Start over
      </button>
    </p>
  ) : null;
  if (state === 'discarded') {
    return (
      <p role="status" className="banner">
        Starting over…
      </p>
    );
  }
  if (state === 'preparing' || state === 'prepareFailed') {
    return <NetworksPending failed={state === 'prepareFailed'} error={error} onRetry={() => actor.send({ type: 'user.retry' })} />;
  }
  return (
    <>
      {showsForm ? <CreateSafeFormView actor={actor} /> : <CreateSafeReview actor={actor} />}
      {startOver}
    </>
  );
}

/** The same wallet for the check: the test the flows' own mid-check guard makes (account in any case, chain, device). */
const sameWallet = (a: CreateSafeWallet | null, b: CreateSafeWallet | null) => !isOtherWallet(a, b);

/** One visit: forwards the connected wallet to it, and asks for a new visit once this one is discarded. */
function CreateSafeVisitView({ visit, wallet, onDiscarded }: { visit: CreateSafeVisit; wallet: CreateSafeWallet | null; onDiscarded: () => void }) {
  const { actor } = visit;
  const discarded = useSelector(actor, (s) => connectCreateSafe(s).step === 'discarded');
  // The visit knows the wallet it last saw (after a reload: the one recorded); changes from here on are events.
  const told = useRef<CreateSafeWallet | null>(actor.getSnapshot().context.wallet);
  useEffect(() => {
    if (sameWallet(told.current, wallet) || actor.getSnapshot().status !== 'active') return;
    told.current = wallet;
    actor.send({ type: 'system.walletChanged', wallet });
  }, [actor, wallet]);
  useEffect(() => {
    if (discarded) onDiscarded();
  }, [discarded, onDiscarded]);
  return (
    <>
      {visit.restored ? (
        <p role="note" className="banner">
          {CREATE_SAFE_VISIT_TEXTS.restored}
        </p>
      ) : null}
      <CreateSafeFlow actor={actor} />
    </>
  );
}

/** `?owner=<address>`: only a well-formed address is taken (the form still checks it like any typed signer). */
function ownerParam(query: string): string | undefined {
  const value = new URLSearchParams(query).get('owner')?.trim() ?? '';
  return /^0x[0-9a-fA-F]{40}$/.test(value) ? value : undefined;
}

/**
 * /new-safe/create: create a new Safe with the connected wallet, then open it. Once the wallet has reconnected
 * (after a reload), the screen asks for a visit: this wallet's unfinished one from the event log, or a new one.
 */
export function CreateSafeScreen() {
  const search = useAppSelector((s) => s.context.location.search);
  const send = useAppSend();
  const visits = useCreateSafeVisits();
  const walletSettled = useWallet((s) => connectWalletConnection(s).settled);
  // The connected wallet as the wallet child of the root actor holds it; the visit gets it as input and events.
  const wallet = useWallet((s) => {
    const view = connectWalletConnection(s);
    return view.connected && view.wallet ? { address: view.wallet.address, chainId: view.wallet.chainId, ...(view.wallet.device ? { device: view.wallet.device } : {}) } : null;
  }, sameWallet);
  const [visit, setVisit] = useState<CreateSafeVisit | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const opening = useRef({ wallet, search, send });
  opening.current = { wallet, search, send };
  useEffect(() => {
    if (!walletSettled) return undefined;
    let live = true;
    let opened: CreateSafeVisit | null = null;
    const { wallet: current, search: query, send: sendToApp } = opening.current;
    visits
      .open({
        wallet: current,
        chainShortName: new URLSearchParams(query).get('chain') ?? undefined,
        owner: ownerParam(query),
        openSafe: (href) => sendToApp({ type: 'user.navigate', to: href }),
        onNotice: (text) => live && setNotice(text),
      })
      .then(
        (next) => {
          opened = next;
          if (!live) return void next.stop();
          setVisit(next);
          setNotice(next.notice);
        },
        (error: unknown) => live && setNotice(error instanceof Error ? error.message : String(error)),
      );
    return () => {
      live = false;
      setVisit(null);
      void opened?.stop();
    };
  }, [visits, walletSettled, generation]);
  const startAfresh = useCallback(() => setGeneration((g) => g + 1), []);
  return (
    <section aria-labelledby="screen-title" className="screen create-safe">
      <h1 id="screen-title">Create new Safe account</h1>
      {notice ? (
        <p role="note" className="banner">
          {notice}
        </p>
      ) : null}
      {visit ? (
        <CreateSafeVisitView key={visit.streamId} visit={visit} wallet={wallet} onDiscarded={startAfresh} />
      ) : (
        <p role="status" className="banner">
          Loading…
        </p>
      )}
    </section>
  );
}
