import type { ReactNode } from 'react';
import { connectAppSession } from '../../machines/appSession/appSession.connect.ts';
import { useAppSelector } from '../appContext.tsx';
import { useAuditPort } from './auditContext.tsx';
import { downloadText } from './download.ts';

/**
 * When the event log cannot save (appSession `persistenceFailed`), the app stops and says so instead of
 * carrying on without an audit trail. The events it could not save can still be downloaded.
 */
export function PersistenceGate({ children }: { children: ReactNode }) {
  const failed = useAppSelector((s) => connectAppSession(s).phase === 'persistenceFailed');
  const reason = useAppSelector((s) => connectAppSession(s).persistenceError);
  const audit = useAuditPort();
  if (!failed) return <>{children}</>;

  return (
    <main className="boot">
      <div role="alert" className="banner banner-error">
        <strong>The event log could not be saved.</strong> {reason} Countersign stopped so that nothing happens without a record.
        Reload the page to start a new session.
      </div>
      {audit ? (
        <button
          type="button"
          onClick={() => {
            const unsaved = audit.unsavedText();
            if (unsaved) downloadText('countersign-unsaved-events.ndjson', unsaved);
          }}
        >
          Download unsaved events
        </button>
      ) : null}
    </main>
  );
}
