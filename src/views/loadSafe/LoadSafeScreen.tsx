import { useActorRef, useSelector } from '@xstate/react';
import { NetworkSelect } from '../components/NetworkSelect.tsx';
import { useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { loadSafeMachine } from '../../machines/loadSafe/loadSafe.machine.ts';
import { connectLoadSafe } from '../../machines/loadSafe/loadSafe.connect.ts';
import type { LoadSafeInput } from '../../machines/loadSafe/loadSafe.types.ts';
import { useAppSelector, useAppSend } from '../appContext.tsx';
import { Address } from '../components/Address.tsx';
import { useLoadSafeLogic } from '../walletConnection/walletContext.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { NetworksPending } from '../components/NetworksPending.tsx';
import './loadSafe.css';

/** Prefill from `?address=` (plain or `shortName:address`) and `?chain=<shortName>`. */
export function loadSafePrefill(search: string): LoadSafeInput {
  const params = new URLSearchParams(search);
  return { address: params.get('address') ?? undefined, chainShortName: params.get('chain') ?? undefined };
}

export type LoadSafeRef = ActorRefFrom<typeof loadSafeMachine>;

/** The add-existing-Safe flow, drawn from one loadSafe actor. */
export function LoadSafeFlow({ actor }: { actor: LoadSafeRef }) {
  const { step, networksPending, reviewing, checking, canConfirm, chains, form, fieldError, error, safe, resembles } = useSelector(actor, connectLoadSafe, shallowEqualViewModel);
  const [chainId, setChainId] = useState<string | null>(null);
  const [address, setAddress] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  const values = { chainId: chainId ?? form.chainId, address: address ?? form.address, name: name ?? form.name };

  if (networksPending) {
    return <NetworksPending failed={step === 'prepareFailed'} error={error} onRetry={() => actor.send({ type: 'user.retry' })} />;
  }
  if (reviewing && safe) {
    const chain = chains.find((c) => c.chainId === form.chainId);
    return (
      <div className="load-safe-review">
        <h2>Review</h2>
        <p>
          Network: <strong>{chain?.chainName ?? form.chainId}</strong>
          {form.name ? (
            <>
              {' '}
              · Name: <strong>{form.name}</strong>
            </>
          ) : null}
        </p>
        <Address address={safe.address} name={form.name || null} />
        {resembles ? (
          <div role="alert" className="banner banner-error">
            <strong>Look-alike Safe.</strong> This address begins and ends like your Safe {resembles.name ? `“${resembles.name}” ` : ''}
            <code>{resembles.address}</code> but is a different Safe. Someone may have planted it to be opened by mistake: compare every character
            with the Safe you know before you add it.
          </div>
        ) : null}
        <h3>Signers and confirmations</h3>
        <p>
          Any transaction requires the confirmation of: {safe.threshold} out of {safe.owners.length} signers
        </p>
        <ul aria-label="Signers">
          {safe.owners.map((owner) => (
            <li key={owner}>
              <Address address={owner} short />
            </li>
          ))}
        </ul>
        {error ? (
          <p role="alert" className="banner banner-error">
            {error}
          </p>
        ) : null}
        <p>Confirm adding Safe account to your Watchlist</p>
        <button type="button" onClick={() => actor.send({ type: 'user.back' })} disabled={!canConfirm}>
          Back
        </button>{' '}
        <button type="button" onClick={() => actor.send({ type: 'user.confirm' })} disabled={!canConfirm}>
          {canConfirm ? 'Add Safe account' : 'Adding…'}
        </button>
      </div>
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'user.submit', ...values });
  }
  return (
    <form className="load-safe-form" onSubmit={submit} aria-label="Choose address, network and a name" noValidate>
      <h2>Choose address, network and a name</h2>
      <NetworkSelect chains={chains} value={values.chainId} onChange={setChainId} disabled={checking} />
      <label>
        Safe account address{' '}
        <input
          value={values.address}
          onChange={(e) => setAddress(e.target.value)}
          placeholder="0x… or shortName:0x…"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'load-safe-address-error' : undefined}
          disabled={checking}
        />
      </label>
      {fieldError ? (
        <p id="load-safe-address-error" role="alert" className="field-error">
          {fieldError}
        </p>
      ) : null}
      <label>
        Name (optional){' '}
        <input value={values.name} onChange={(e) => setName(e.target.value)} maxLength={50} disabled={checking} />
      </label>
      {error ? (
        <p role="alert" className="banner banner-error">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={checking}>
        {checking ? 'Checking…' : 'Next'}
      </button>
    </form>
  );
}

/** /new-safe/load: add an existing Safe by network and address, then open it. */
export function LoadSafeScreen() {
  const search = useAppSelector((s) => s.context.location.search);
  const send = useAppSend();
  const logic = useLoadSafeLogic();
  // One actor per visit; the view supplies the navigation the machine's `openSafe` action asks for.
  const actor = useActorRef(logic.provide({ actions: { openSafe: (_, params) => send({ type: 'user.navigate', to: params.href }) } }), {
    input: loadSafePrefill(search),
  });
  return (
    <section aria-labelledby="screen-title" className="screen load-safe">
      <h1 id="screen-title">Add existing Safe account</h1>
      <LoadSafeFlow actor={actor} />
    </section>
  );
}
