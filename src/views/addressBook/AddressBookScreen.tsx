import { useState, type FormEvent } from 'react';
import { onTextFileChosen } from '../components/textFile.ts';
import { connectAddressBook } from '../../machines/addressBook/addressBook.connect.ts';
import { connectWalletConnection } from '../../machines/walletConnection/walletConnection.connect.ts';
import { findEntry } from '../../machines/addressBook/addressBook.csv.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Address } from '../components/Address.tsx';
import { SendToButton } from '../flows/FlowButtons.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { DISMISS_LABEL } from '../ui/dismiss.ts';
import { chainLabel } from '../walletConnection/chainLabel.ts';
import { useAddressBook, useAddressBookSend, useWallet } from '../walletConnection/walletContext.tsx';
import type { AddressBookEntry } from '../../machines/addressBook/addressBook.types.ts';
import './addressBook.css';

/** The entries whose name, address or network contains the search text (any case); all of them without one. */
function searchEntries(entries: readonly AddressBookEntry[], query: string, networkOf: (chainId: string) => string): AddressBookEntry[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...entries];
  return entries.filter((entry) => [entry.name, entry.address, networkOf(entry.chainId)].some((text) => text.toLowerCase().includes(needle)));
}

function EntryForm() {
  const send = useAddressBookSend();
  const { editing, entries, error, busy: saving } = useAddressBook(connectAddressBook, shallowEqualViewModel);
  const chainIds = useWallet((s) => connectWalletConnection(s).supportedChainIds);
  const chainNames = useWallet((s) => connectWalletConnection(s).chainNames);
  const existing = editing ? findEntry(entries, editing) : undefined;
  const [chainId, setChainId] = useState(existing?.chainId ?? chainIds?.[0] ?? '');
  const [address, setAddress] = useState(existing?.address ?? '');
  const [name, setName] = useState(existing?.name ?? '');
  function submit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'user.save', chainId, address, name });
  }
  const title = existing ? 'Edit entry' : 'Add entry';
  return (
    <Dialog title={title} closeLabel={DISMISS_LABEL} {...(saving ? {} : { onClose: () => send({ type: 'user.cancel' }) })}>
      <form className="address-book-form" onSubmit={submit} aria-label={title} noValidate>
        <label>
          Network{' '}
          {chainIds && chainIds.length > 0 ? (
            <select value={chainId} onChange={(e) => setChainId(e.target.value)} disabled={saving}>
              {chainIds.map((id) => (
                <option key={id} value={id}>
                  {chainLabel(chainNames, id)}
                </option>
              ))}
            </select>
          ) : (
            <input value={chainId} onChange={(e) => setChainId(e.target.value)} inputMode="numeric" placeholder="Chain id" disabled={saving} />
          )}
        </label>
        <label>
          Address <input value={address} onChange={(e) => setAddress(e.target.value)} spellCheck={false} autoComplete="off" disabled={saving} />
        </label>
        <label>
          Name <input value={name} onChange={(e) => setName(e.target.value)} maxLength={50} disabled={saving} />
        </label>
        {error ? (
          <p role="alert" className="field-error">
            {error}
          </p>
        ) : null}
        <div className="ui-actions">
          <button type="button" onClick={() => send({ type: 'user.cancel' })} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteConfirm() {
  const send = useAddressBookSend();
  const { deleting, entries, busy } = useAddressBook(connectAddressBook, shallowEqualViewModel);
  const entry = deleting ? findEntry(entries, deleting) : undefined;
  return (
    <Dialog title="Delete entry" closeLabel={DISMISS_LABEL} {...(busy ? {} : { onClose: () => send({ type: 'user.cancel' }) })}>
      <p>
        Delete <strong>{entry?.name}</strong> ({entry?.address}) from the address book?
      </p>
      <div className="ui-actions">
        <button type="button" onClick={() => send({ type: 'user.cancel' })} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="danger" onClick={() => send({ type: 'user.confirm' })} disabled={busy}>
          {busy ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </Dialog>
  );
}

function ImportReview() {
  const send = useAddressBookSend();
  const { importPreview: preview, error, canImport, busy } = useAddressBook(connectAddressBook, shallowEqualViewModel);
  const chainNames = useWallet((s) => connectWalletConnection(s).chainNames);
  if (!preview) return null;
  return (
    <Dialog title="Import address book" description={`From ${preview.fileName}`} closeLabel={DISMISS_LABEL} {...(busy ? {} : { onClose: () => send({ type: 'user.cancel' }) })}>
      {preview.errors.length > 0 ? (
        <div role="alert" className="banner banner-error">
          <strong>{preview.entries.length > 0 ? 'Some lines cannot be imported:' : 'Nothing can be imported:'}</strong>
          <ul>
            {preview.errors.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview.entries.length > 0 ? (
        <ul aria-label="Entries to import">
          {preview.entries.map((entry) => (
            <li key={`${entry.chainId}:${entry.address}`}>
              {entry.name} · {entry.address} · {chainLabel(chainNames, entry.chainId)}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <div className="ui-actions">
        <button type="button" onClick={() => send({ type: 'user.cancel' })} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={() => send({ type: 'user.confirm' })} disabled={!canImport || busy}>
          {busy ? 'Importing…' : `Import ${preview.entries.length} ${preview.entries.length === 1 ? 'entry' : 'entries'}`}
        </button>
      </div>
    </Dialog>
  );
}

/** The entries, narrowed by a search, with Send (from the open Safe), Edit and Delete per entry. */
function EntryList({ entries, idle }: { entries: readonly AddressBookEntry[]; idle: boolean }) {
  const send = useAddressBookSend();
  const chainNames = useWallet((s) => connectWalletConnection(s).chainNames);
  // Presentational: what the list is narrowed to (never recorded, never saved).
  const [query, setQuery] = useState('');
  const shown = searchEntries(entries, query, (chainId) => chainLabel(chainNames, chainId));
  return (
    <>
      <div className="address-book-search" role="search">
        <label>
          Search entries{' '}
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Name, address or network" spellCheck={false} autoComplete="off" />
        </label>
      </div>
      {shown.length === 0 ? (
        <p role="status">No entry matches “{query.trim()}”.</p>
      ) : (
        <table className="address-book-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Address</th>
              <th scope="col">Network</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((entry) => (
              <tr key={`${entry.chainId}:${entry.address}`}>
                <td>{entry.name}</td>
                <td>
                  {/* The name is in its own column: the address cell shows only the address. */}
                  <Address address={entry.address} short withoutName />
                </td>
                <td>{chainLabel(chainNames, entry.chainId)}</td>
                <td className="address-book-row-actions">
                  <SendToButton recipient={entry.address} name={entry.name} chainId={entry.chainId} />{' '}
                  <button type="button" onClick={() => send({ type: 'user.edit', chainId: entry.chainId, address: entry.address })} disabled={!idle} aria-label={`Edit ${entry.name}`}>
                    Edit
                  </button>{' '}
                  <button type="button" onClick={() => send({ type: 'user.delete', chainId: entry.chainId, address: entry.address })} disabled={!idle} aria-label={`Delete ${entry.name}`}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** /address-book: names for addresses per network; add, edit, delete, CSV import and export. */
export function AddressBookScreen() {
  const send = useAddressBookSend();
  const { status, panel, idle, entries, error, notice, canExport, editing: editingEntry } = useAddressBook(connectAddressBook, shallowEqualViewModel);
  const loading = status === 'loading';
  const loadFailed = status === 'loadFailed';
  const editingKey = editingEntry ? `${editingEntry.chainId}:${editingEntry.address}` : 'new';

  const readFile = onTextFileChosen((fileName, text) => send({ type: 'user.importFile', fileName, text }));

  return (
    <section aria-labelledby="screen-title" className="screen address-book">
      <h1 id="screen-title">Address book</h1>
      {loading ? (
        <p role="status" className="banner">
          Loading the address book…
        </p>
      ) : null}
      {loadFailed ? (
        <div role="alert" className="banner banner-error">
          <strong>Could not read the address book.</strong> {error}{' '}
          <button type="button" onClick={() => send({ type: 'user.retry' })}>
            Retry
          </button>
        </div>
      ) : null}
      {idle && error ? (
        <p role="alert" className="banner banner-error">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="banner">
          {notice}
        </p>
      ) : null}
      {/* Kept on the page (disabled) while a dialog is open: focus goes back to the button that opened it. */}
      {!loading && !loadFailed ? (
        <div className="address-book-actions">
          <button type="button" onClick={() => send({ type: 'user.add' })} disabled={!idle}>
            Add entry
          </button>{' '}
          <label className="button-link">
            Import CSV <input type="file" accept=".csv,text/csv" onChange={readFile} className="visually-hidden" aria-label="Import CSV" disabled={!idle} />
          </label>{' '}
          <button type="button" onClick={() => send({ type: 'user.export' })} disabled={!idle || !canExport}>
            Export CSV
          </button>
        </div>
      ) : null}
      {panel === 'form' ? <EntryForm key={editingKey} /> : null}
      {panel === 'deleteConfirm' ? <DeleteConfirm /> : null}
      {panel === 'importReview' ? <ImportReview /> : null}
      {!loading && !loadFailed ? (
        entries.length === 0 ? (
          <p className="muted">No entries yet. Add one, or import a CSV file with the columns address, name, chainId.</p>
        ) : (
          <EntryList entries={entries} idle={idle} />
        )
      ) : null}
    </section>
  );
}
