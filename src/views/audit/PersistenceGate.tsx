import { lazy, Suspense, type ReactNode } from 'react';
import { connectAppSession } from '../../machines/appSession/appSession.connect.ts';
import { useAppSelector } from '../appContext.tsx';
import { useAuditPort } from './auditContext.tsx';
import { downloadText } from './download.ts';

/** The banner loads only when the event log cannot save (decision 0050): a cold load never needs it. */
const SaveBanner = lazy(() => import('./SaveBanner.tsx'));

/**
 * The event log and the app (decision 0050): when a write fails, the app keeps browsing under a banner that says
 * why, pauses signing, and offers to export what is kept, free space and try again. Logs written before that
 * decision can still replay to the state where the app stopped (`persistenceFailed`); it is shown as it was.
 */
export function PersistenceGate({ children }: { children: ReactNode }) {
  const stopped = useAppSelector((s) => connectAppSession(s).phase === 'persistenceFailed');
  const paused = useAppSelector((s) => connectAppSession(s).signingPaused);
  if (stopped) return <Stopped />;
  return (
    <>
      {paused ? (
        <Suspense fallback={null}>
          <SaveBanner />
        </Suspense>
      ) : null}
      {children}
    </>
  );
}

/** Only a replayed log from before decision 0050 reaches this: this build never stops. */
function Stopped() {
  const reason = useAppSelector((s) => connectAppSession(s).persistenceError);
  const audit = useAuditPort();
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
