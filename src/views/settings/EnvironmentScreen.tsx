import { useId, useState, type FormEvent } from 'react';
import type { LocalDataView, RpcRow } from '../../machines/localData/localData.connect.ts';
import type { LocalDataEvent } from '../../machines/localData/localData.types.ts';
import { useLocalData } from './useLocalData.ts';
import './settings.css';

function RpcForm({ row, disabled, send }: { row: RpcRow; disabled: boolean; send: (event: LocalDataEvent) => void }) {
  const [url, setUrl] = useState(row.custom ?? '');
  const id = useId();
  const errorId = `${id}-error`;
  function submit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'user.saveRpc', chainId: row.chainId, url });
  }
  return (
    <li aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="settings-rpc-chain">
        {row.chainName} <span className="muted">(chain {row.chainId})</span>
      </h2>
      <p className="muted">
        {row.custom ? 'Using your RPC.' : 'Using the default RPC:'} {row.custom ? null : <code>{row.defaultRpc}</code>}
      </p>
      <form onSubmit={submit} noValidate className="settings-field">
        <label htmlFor={id}>Custom RPC URL for {row.chainName}</label>
        <input
          id={id}
          type="url"
          inputMode="url"
          placeholder={row.defaultRpc}
          value={url}
          aria-invalid={row.error ? true : undefined}
          aria-describedby={row.error ? errorId : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
        {row.error ? (
          <p id={errorId} role="alert" className="settings-error">
            {row.error}
          </p>
        ) : null}
        {row.busy ? <p role="status">Checking the RPC…</p> : null}
        {row.saved ? (
          <p role="status" className="settings-ok">
            {row.saved === 'saved' ? 'Saved. Every chain read and simulation now uses this RPC.' : 'Reset. The default RPC is used again.'}
          </p>
        ) : null}
        <div className="settings-actions">
          <button type="submit" className="primary" disabled={disabled}>
            Check and save
          </button>
          {row.custom ? (
            <button
              type="button"
              disabled={disabled}
              onClick={() => {
                setUrl('');
                send({ type: 'user.resetRpc', chainId: row.chainId });
              }}
            >
              Reset to default
            </button>
          ) : null}
        </div>
      </form>
    </li>
  );
}

/** Settings › Environment: your own RPC URL per chain, checked with eth_chainId before it is saved. */
export function EnvironmentScreen() {
  const [view, send] = useLocalData();
  return <EnvironmentPanel view={view} send={send} />;
}

/** The Environment screen for a localData view model (the model test renders it on its own actor). */
export function EnvironmentPanel({ view, send }: { view: LocalDataView; send: (event: LocalDataEvent) => void }) {
  return (
    <section aria-labelledby="screen-title" className="screen">
      <h1 id="screen-title">Environment</h1>
      <p>
        Use your own RPC node for a chain. Every chain read and every simulation then goes through it. The URL is checked first: it must answer{' '}
        <code>eth_chainId</code> with the chain’s id. Kept in this browser only.
      </p>
      {view.step === 'loading' ? <p role="status">Loading chains…</p> : null}
      {view.step === 'loadFailed' ? (
        <p role="alert" className="settings-error">
          {view.error}{' '}
          <button type="button" onClick={() => send({ type: 'user.retry' })}>
            Retry
          </button>
        </p>
      ) : null}
      {view.step === 'ready' ? (
        <ul className="settings-rpc-list" aria-label="RPC per chain">
          {view.rows.map((row) => (
            <RpcForm key={row.chainId} row={row} disabled={view.rpcBusy} send={send} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
