import type { ReactNode } from 'react';
import { onTextFileChosen } from '../components/textFile.ts';
import type { LocalDataView } from '../../machines/localData/localData.connect.ts';
import type { ImportChange, LocalDataEvent } from '../../machines/localData/localData.types.ts';
import { useLocalData } from './useLocalData.ts';
import { StorageSection } from './StorageSection.tsx';
import './settings.css';

function changeLine(change: ImportChange, mode: 'merge' | 'replace'): string {
  const parts = [`${change.added} new`, `${change.changed} changed`, `${change.unchanged} unchanged`];
  if (mode === 'replace' && change.removedByReplace > 0) parts.push(`${change.removedByReplace} removed`);
  return `${change.label}: ${parts.join(', ')}`;
}

/** Settings › Data: export all local data as one JSON file, and import one with a preview. */
export function DataScreen() {
  const [view, send] = useLocalData();
  return (
    <DataPanel view={view} send={send}>
      <StorageSection />
    </DataPanel>
  );
}

/** The Data screen for a localData view model (the model test renders it on its own actor); `children` follow its cards (Storage). */
export function DataPanel({ view, send, children }: { view: LocalDataView; send: (event: LocalDataEvent) => void; children?: ReactNode }) {
  const previewing = view.transfer === 'previewing' || view.transfer === 'importing';
  const chooseFile = onTextFileChosen((fileName, text) => send({ type: 'user.chooseFile', fileName, text }));
  return (
    <section aria-labelledby="screen-title" className="screen">
      <h1 id="screen-title">Data</h1>
      <p>
        Everything Countersign keeps is in this browser: the address book, added Safes, settings, Safe Apps and their permissions, your RPC URLs. Back it
        up as one file, or bring it to another browser.
      </p>
      {view.step === 'loading' ? <p role="status">Loading…</p> : null}
      {view.error ? (
        <p role="alert" className="settings-error">
          {view.error}
        </p>
      ) : null}
      {view.step === 'loadFailed' ? (
        <button type="button" onClick={() => send({ type: 'user.retry' })}>
          Retry
        </button>
      ) : null}
      {view.step === 'ready' ? (
        <>
          <section className="card" aria-labelledby="export-title">
            <h2 id="export-title">Export</h2>
            <p>Downloads a JSON file with all your local data. It holds no keys, but it names your Safes and contacts: keep it private.</p>
            <button type="button" className={previewing ? undefined : 'primary'} disabled={view.transfer !== 'idle'} onClick={() => send({ type: 'user.export' })}>
              {view.transfer === 'exporting' ? 'Exporting…' : 'Export local data'}
            </button>
            {view.lastExport ? (
              <p role="status" className="settings-ok">
                Exported {view.lastExport.items} items and your settings to {view.lastExport.fileName}.
              </p>
            ) : null}
          </section>
          <section className="card" aria-labelledby="import-title">
            <h2 id="import-title">Import</h2>
            <p>Choose a file exported from Settings › Data. You see what it would change before anything is written.</p>
            <div className="settings-field">
              <label htmlFor="import-file">Export file to import</label>
              <input id="import-file" type="file" accept="application/json,.json" disabled={view.transfer === 'reading' || view.transfer === 'importing'} onChange={(e) => void chooseFile(e)} />
            </div>
            {view.transfer === 'reading' ? <p role="status">Reading the file…</p> : null}
            {view.preview ? (
              <section aria-label="Import preview">
                <h3>What “{view.preview.fileName}” would change</h3>
                {view.preview.exportedAt ? <p className="muted">Exported {view.preview.exportedAt}</p> : null}
                <ul className="settings-preview">
                  {view.preview.changes.map((change) => (
                    <li key={change.kind}>{changeLine(change, view.importMode)}</li>
                  ))}
                </ul>
                {view.preview.errors.length > 0 ? (
                  <div role="alert" className="settings-error">
                    <p>
                      {view.preview.errors.length === 1 ? 'One item is invalid' : `${view.preview.errors.length} items are invalid`} and will be skipped:
                    </p>
                    <ul className="settings-preview">
                      {view.preview.errors.map((error) => (
                        <li key={error}>{error}</li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <fieldset className="settings-choice">
                  <legend>How to import</legend>
                  <label>
                    <input type="radio" name="import-mode" checked={view.importMode === 'merge'} onChange={() => send({ type: 'user.setImportMode', mode: 'merge' })} />
                    Merge: keep what is here, add and update from the file
                  </label>
                  <label>
                    <input type="radio" name="import-mode" checked={view.importMode === 'replace'} onChange={() => send({ type: 'user.setImportMode', mode: 'replace' })} />
                    Replace: this browser keeps only the file’s data
                  </label>
                </fieldset>
                {view.importMode === 'replace' && view.preview.errors.length > 0 ? (
                  <p className="settings-error">Replace needs a file without invalid items, or the skipped ones would be lost. Merge instead, or fix the file.</p>
                ) : null}
                <div className="settings-actions">
                  <button type="button" onClick={() => send({ type: 'user.cancelImport' })} disabled={view.transfer === 'importing'}>
                    Cancel
                  </button>
                  <button type="button" className={view.importMode === 'replace' ? 'danger' : 'primary'} disabled={!view.canImport} onClick={() => send({ type: 'user.confirmImport' })}>
                    {view.transfer === 'importing' ? 'Importing…' : view.importMode === 'replace' ? 'Replace local data' : 'Import'}
                  </button>
                </div>
              </section>
            ) : null}
            {view.lastImport ? (
              <p role="status" className="settings-ok">
                Imported {view.lastImport.written} items ({view.lastImport.mode === 'merge' ? 'merged' : 'replaced'})
                {view.lastImport.skipped ? `, skipped ${view.lastImport.skipped} invalid` : ''}.
              </p>
            ) : null}
          </section>
        </>
      ) : null}
      {children}
    </section>
  );
}
