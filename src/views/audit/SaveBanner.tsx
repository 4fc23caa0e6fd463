/**
 * The banner shown while the event log cannot save (decision 0050), loaded only then. It says so once as an alert,
 * then stays as a region at the top of every page: why, in plain words, that browsing goes on and signing is
 * paused, and the way forward: export what is kept, free space, try again.
 */
import { useId, useState } from 'react';
import { connectAppSession } from '../../machines/appSession/appSession.connect.ts';
import type { SaveFailureCause } from '../../machines/appSession/appSession.types.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { useAppSelector, useAppSend } from '../appContext.tsx';
import { Link } from '../components/Link.tsx';
import { useAuditPort } from './auditContext.tsx';
import { downloadText } from './download.ts';
import './saveBanner.css';

export const SAVE_BANNER_TEXTS = {
  title: 'The event log cannot save.',
  cause: {
    storageFull: 'The storage this browser gives Countersign is full.',
    storageUnavailable: 'This browser gives Countersign no storage in this mode (a private window, or storage blocked for this site).',
    other: 'Saving failed.',
  } satisfies Record<SaveFailureCause, string>,
  next: 'You can keep browsing your Safes, their balances, queue and history. Signing is paused until the log can save again, because nothing is signed without a record.',
  retrying: 'Saving the events kept so far…',
  /** Logs before decision 0050 only (a replayed stop): that build stopped instead of pausing. */
  stopped: 'Countersign stopped so that nothing happens without a record. Reload the page to start a new session.',
} as const;

function selectBanner(s: Parameters<typeof connectAppSession>[0]) {
  const view = connectAppSession(s);
  return {
    cause: view.saveFailureCause,
    message: view.phase === 'persistenceFailed' ? view.persistenceError : view.saveFailureMessage,
    retrying: view.eventLog === 'retrying',
    canRetry: view.canRetrySaving,
    stopped: view.phase === 'persistenceFailed',
  };
}

export default function SaveBanner() {
  const { cause, message, retrying, canRetry, stopped } = useAppSelector(selectBanner, shallowEqualViewModel);
  const send = useAppSend();
  const audit = useAuditPort();
  const [exported, setExported] = useState<string | null>(null);
  const titleId = useId();

  async function exportKept(): Promise<void> {
    if (!audit) return;
    const parts: string[] = [];
    try {
      const { fileName, text } = await audit.exportStream(audit.currentStreamId());
      downloadText(fileName, text);
      parts.push('the saved log of this session');
    } catch {
      // The storage cannot be read either (it never opened): the unsaved events are all there is.
    }
    const unsaved = audit.unsavedText();
    if (unsaved) {
      downloadText('countersign-unsaved-events.ndjson', unsaved);
      parts.push(`${unsaved.trimEnd().split('\n').length} unsaved events`);
    }
    setExported(parts.length ? `Exported ${parts.join(' and ')}.` : 'Nothing to export yet.');
  }

  return (
    <section className="banner banner-error save-banner" aria-labelledby={titleId}>
      <div className="save-banner-text">
        <p role="alert">
          <strong id={titleId}>{SAVE_BANNER_TEXTS.title}</strong> {SAVE_BANNER_TEXTS.cause[cause ?? 'other']}
        </p>
        <p>{stopped ? SAVE_BANNER_TEXTS.stopped : retrying ? SAVE_BANNER_TEXTS.retrying : SAVE_BANNER_TEXTS.next}</p>
        {message ? <p className="save-banner-detail">Details: {message}</p> : null}
        {exported ? <p role="status">{exported}</p> : null}
      </div>
      <div className="save-banner-actions">
        {audit ? (
          <button type="button" onClick={() => void exportKept()}>
            Export what is kept
          </button>
        ) : null}
        {stopped ? null : (
          <>
            <Link to="/settings/data" className="button-link" onClick={() => requestAnimationFrame(() => document.getElementById('storage')?.scrollIntoView())}>
              Free space
            </Link>
            <button type="button" className="primary" disabled={!canRetry} aria-busy={retrying} onClick={() => send({ type: 'user.retrySaving' })}>
              {retrying ? 'Trying again…' : 'Try again'}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
