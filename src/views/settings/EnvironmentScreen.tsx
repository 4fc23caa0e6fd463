import { useEffect, useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import type { LocalDataView, RpcRow } from '../../machines/localData/localData.connect.ts';
import type { LocalDataEvent } from '../../machines/localData/localData.types.ts';
import { useLocalData } from './useLocalData.ts';
import './settings.css';

/** A field checked by an effect before it is saved: its error, its check in progress, and what was saved. */
function CheckedInput({ id, label, error, busy, saved, ...input }: { id: string; label: string; error: string | null; busy: string | null; saved: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${id}-error`;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
      {error ? (
        <p id={errorId} role="alert" className="settings-error">
          {error}
        </p>
      ) : null}
      {busy ? <p role="status">{busy}</p> : null}
      {saved ? (
        <p role="status" className="settings-ok">
          {saved}
        </p>
      ) : null}
    </>
  );
}

/** The tokens added for a chain: read with the bundled ones when the Safe's balances come from the chain (decision 0056). */
function AddedTokens({ row, disabled, send }: { row: RpcRow; disabled: boolean; send: (event: LocalDataEvent) => void }) {
  const [address, setAddress] = useState('');
  const id = useId();
  // A token added (or removed) empties the field for the next one.
  const count = row.tokens.length;
  useEffect(() => setAddress(''), [count]);
  function submit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'user.addToken', chainId: row.chainId, address });
  }
  return (
    <div className="settings-tokens">
      <h3 id={`${id}-title`}>Tokens read from the chain</h3>
      <p className="muted">When the gateway is not available, a Safe’s balances on {row.chainName} are read from the chain: the native coin, a short list of well-known tokens, and the tokens added here.</p>
      {row.tokens.length > 0 ? (
        <table className="settings-token-table" aria-labelledby={`${id}-title`}>
          <thead>
            <tr>
              <th scope="col">Token</th>
              <th scope="col">Contract</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {row.tokens.map((token) => (
              <tr key={token.address}>
                <td>{token.symbol}</td>
                <td>
                  <code className="settings-token-address">{token.address}</code>
                </td>
                <td>
                  <button type="button" disabled={disabled} aria-label={`Remove ${token.symbol} (${token.address})`} onClick={() => send({ type: 'user.removeToken', chainId: row.chainId, address: token.address })}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <form onSubmit={submit} noValidate className="settings-field">
        <CheckedInput
          id={id}
          label={`Token contract address on ${row.chainName}`}
          error={row.tokenError}
          busy={row.tokenBusy === 'checking' ? 'Reading the token on the chain…' : null}
          saved={
            row.tokenSaved
              ? row.tokenSaved.removed
                ? `Removed ${row.tokenSaved.symbol}.`
                : `Added ${row.tokenSaved.symbol}. Its balance shows whenever ${row.chainName}’s balances are read from the chain.`
              : null
          }
          type="text"
          spellCheck={false}
          autoComplete="off"
          placeholder="0x…"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
        <div className="settings-actions">
          <button type="submit" disabled={disabled}>
            Check and add
          </button>
        </div>
      </form>
    </div>
  );
}

function RpcForm({ row, disabled, tokensDisabled, send }: { row: RpcRow; disabled: boolean; tokensDisabled: boolean; send: (event: LocalDataEvent) => void }) {
  const [url, setUrl] = useState(row.custom ?? '');
  const id = useId();
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
        <CheckedInput
          id={id}
          label={`Custom RPC URL for ${row.chainName}`}
          error={row.error}
          busy={row.busy ? 'Checking the RPC…' : null}
          saved={row.saved ? (row.saved === 'saved' ? 'Saved. Every chain read and simulation now uses this RPC.' : 'Reset. The default RPC is used again.') : null}
          type="url"
          inputMode="url"
          placeholder={row.defaultRpc}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
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
      <AddedTokens row={row} disabled={tokensDisabled} send={send} />
    </li>
  );
}

/** Settings › Environment: your own RPC URL per chain, checked with eth_chainId before it is saved, and the tokens added per chain. */
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
        <code>eth_chainId</code> with the chain’s id. Add the tokens a Safe holds that are read when the gateway is not available. Kept in this browser
        only.
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
            <RpcForm key={row.chainId} row={row} disabled={view.rpcBusy} tokensDisabled={view.tokensBusy} send={send} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
