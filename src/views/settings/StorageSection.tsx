/**
 * Settings › Data › Storage (issue 18, decision 0049): how much this app's event log keeps, "Export all", and
 * "Delete streams older than N days" with a confirmation that says what would go. Open streams (this tab's, another
 * tab's) and unfinished signing flows are never deleted. A banner links here as /settings/data#storage.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { AuditDeletePlan, AuditDeleteResult, AuditStoragePort, AuditStorageUsage } from '../audit/auditPort.ts';
import { useAuditPort } from '../audit/auditContext.tsx';
import { downloadText } from '../audit/download.ts';
import './storage.css';

export const STORAGE_SECTION_ID = 'storage';

type StoragePort = AuditStoragePort;

export function formatBytes(bytes: number): string {
  if (bytes < 1_000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1_000).toFixed(1)} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "4 session histories and 1 finished signing flow". */
export function planWords(plan: Pick<AuditDeletePlan, 'session' | 'flow'>): string {
  const parts: string[] = [];
  if (plan.session > 0) parts.push(plural(plan.session, 'session history', 'session histories'));
  if (plan.flow > 0) parts.push(plural(plan.flow, 'finished signing flow', 'finished signing flows'));
  return parts.join(' and ');
}

function resultWords(result: AuditDeleteResult, days: number): string {
  const done = result.streams === 0 ? 'Nothing was deleted.' : `Deleted ${plural(result.streams, 'stream', 'streams')} older than ${plural(days, 'day', 'days')} (${plural(result.records, 'record', 'records')}).`;
  return result.failed.length > 0 ? `${done} ${plural(result.failed.length, 'stream', 'streams')} could not be deleted; try again.` : done;
}

export function StorageSection() {
  const audit = useAuditPort();
  const [port, setPort] = useState<StoragePort | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    audit
      ?.storage?.()
      .then((loaded) => live && setPort(loaded))
      .catch((error: unknown) => live && setFailed(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, [audit]);
  if (!audit?.storage) return null;
  if (failed)
    return (
      <section className="card storage" id={STORAGE_SECTION_ID} aria-labelledby="storage-title">
        <h2 id="storage-title">Storage</h2>
        <p role="alert" className="settings-error">
          Could not load this section ({failed}). Reload the page to try again.
        </p>
      </section>
    );
  if (!port)
    return (
      <section className="card storage" id={STORAGE_SECTION_ID} aria-labelledby="storage-title">
        <h2 id="storage-title">Storage</h2>
        <p role="status">Loading…</p>
      </section>
    );
  return <StoragePanel port={port} />;
}

export function StoragePanel({ port }: { port: StoragePort }) {
  const daysId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const [usage, setUsage] = useState<AuditStorageUsage | null>(null);
  const [usageError, setUsageError] = useState<string | null>(null);
  const [days, setDays] = useState('30');
  const [plan, setPlan] = useState<AuditDeletePlan | null>(null);
  const [busy, setBusy] = useState<'export' | 'plan' | 'delete' | null>(null);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  const refresh = useCallback(async () => {
    try {
      setUsage(await port.storageUsage());
      setUsageError(null);
    } catch (error) {
      setUsageError(`Could not read the event log: ${error instanceof Error ? error.message : String(error)}. Reload the page to try again.`);
    }
  }, [port]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // Opened as /settings/data#storage (a banner's link): the screen loads after the browser looked for the anchor.
  useEffect(() => {
    if (window.location.hash !== `#${STORAGE_SECTION_ID}`) return;
    sectionRef.current?.scrollIntoView?.({ block: 'start' });
    sectionRef.current?.focus({ preventScroll: true });
  }, []);

  const dayCount = Number(days);
  const validDays = Number.isInteger(dayCount) && dayCount >= 1;

  const exportAll = async () => {
    setBusy('export');
    setMessage(null);
    try {
      const { fileName, text, streams } = await port.exportAll();
      if (streams === 0) setMessage({ tone: 'ok', text: 'There is nothing to export yet.' });
      else {
        downloadText(fileName, text);
        setMessage({ tone: 'ok', text: `Exported ${plural(streams, 'stream', 'streams')} to ${fileName}.` });
      }
    } catch (error) {
      setMessage({ tone: 'error', text: `Export failed: ${error instanceof Error ? error.message : String(error)}. Try again.` });
    } finally {
      setBusy(null);
    }
  };

  const askDelete = async () => {
    if (!validDays) return;
    setBusy('plan');
    setMessage(null);
    try {
      const next = await port.planDeleteOlderThan(dayCount);
      if (next.streams === 0) setMessage({ tone: 'ok', text: `No stream older than ${plural(dayCount, 'day', 'days')} can be deleted. Open streams and unfinished signing flows are always kept.` });
      else setPlan(next);
    } catch (error) {
      setMessage({ tone: 'error', text: `Could not check what to delete: ${error instanceof Error ? error.message : String(error)}.` });
    } finally {
      setBusy(null);
    }
  };

  const confirmDelete = async () => {
    if (!plan) return;
    setBusy('delete');
    try {
      const result = await port.deleteOlderThan(plan.days);
      setMessage({ tone: result.failed.length > 0 ? 'error' : 'ok', text: resultWords(result, plan.days) });
      setPlan(null);
      await refresh();
    } catch (error) {
      setMessage({ tone: 'error', text: `Delete failed: ${error instanceof Error ? error.message : String(error)}. Nothing else was changed; try again.` });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section ref={sectionRef} className="card storage" id={STORAGE_SECTION_ID} aria-labelledby="storage-title" tabIndex={-1}>
      <h2 id="storage-title">Storage</h2>
      <p>
        Countersign keeps an event log in this browser: what each page and each signing flow did, for you or an auditor to check. Polls that found
        nothing new are left out, and your own sessions’ logs are removed after 7 days. Finished signing flows are kept until you delete them here (the
        newest 1,000 at most).
      </p>
      {usageError ? (
        <p role="alert" className="settings-error">
          {usageError}
        </p>
      ) : usage ? (
        <dl className="storage-usage" aria-label="Event log usage">
          <div>
            <dt>Streams</dt>
            <dd>
              {usage.streams.toLocaleString('en-US')} ({plural(usage.sessionStreams, 'session history', 'session histories')},{' '}
              {plural(usage.flowStreams, 'signing flow', 'signing flows')}
              {usage.openFlowStreams > 0 ? `, ${usage.openFlowStreams.toLocaleString('en-US')} unfinished` : ''})
            </dd>
          </div>
          <div>
            <dt>Records</dt>
            <dd>{usage.records.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Size</dt>
            <dd>about {formatBytes(usage.approxBytes)}</dd>
          </div>
          {usage.estimate ? (
            <div>
              <dt>This site in the browser</dt>
              <dd>
                {formatBytes(usage.estimate.usage)} used of {formatBytes(usage.estimate.quota)} available
              </dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p aria-busy="true">Counting…</p>
      )}
      <div className="settings-actions">
        <button type="button" onClick={() => void exportAll()} disabled={busy !== null}>
          {busy === 'export' ? 'Exporting…' : 'Export all'}
        </button>
      </div>
      <h3 className="storage-subtitle">Delete old streams</h3>
      <form
        className="storage-delete"
        onSubmit={(event) => {
          event.preventDefault();
          void askDelete();
        }}
      >
        <div className="settings-field">
          <label htmlFor={daysId}>Delete streams last written more than this many days ago</label>
          <input
            id={daysId}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={days}
            aria-invalid={!validDays}
            aria-describedby={validDays ? undefined : `${daysId}-error`}
            disabled={busy !== null || plan !== null}
            onChange={(event) => {
              setDays(event.target.value);
              setMessage(null);
            }}
          />
          {validDays ? null : (
            <span id={`${daysId}-error`} className="settings-error">
              Enter a whole number of days, 1 or more.
            </span>
          )}
        </div>
        <button type="submit" disabled={!validDays || busy !== null || plan !== null}>
          {busy === 'plan' ? 'Checking…' : 'Delete older streams…'}
        </button>
      </form>
      {plan ? (
        <div role="alertdialog" aria-labelledby="storage-confirm-title" aria-describedby="storage-confirm-text" className="storage-confirm">
          <p id="storage-confirm-title" className="storage-confirm-title">
            Delete {plural(plan.streams, 'stream', 'streams')}?
          </p>
          <p id="storage-confirm-text">
            This deletes {planWords(plan)} last written more than {plural(plan.days, 'day', 'days')} ago ({plural(plan.records, 'record', 'records')}). It
            cannot be undone: use Export all first to keep a copy. Open streams and unfinished signing flows are kept.
          </p>
          <div className="settings-actions">
            <button type="button" onClick={() => setPlan(null)} disabled={busy === 'delete'}>
              Cancel
            </button>
            <button type="button" className="danger" onClick={() => void confirmDelete()} disabled={busy === 'delete'} autoFocus>
              {busy === 'delete' ? 'Deleting…' : `Delete ${plural(plan.streams, 'stream', 'streams')}`}
            </button>
          </div>
        </div>
      ) : null}
      {message ? (
        <p role={message.tone === 'error' ? 'alert' : 'status'} className={message.tone === 'error' ? 'settings-error' : 'settings-ok'}>
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
