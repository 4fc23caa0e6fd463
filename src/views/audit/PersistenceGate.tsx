import { lazy, Suspense, type ReactNode } from 'react';
import { isSigningPaused } from '../../machines/appSession/appSession.connect.ts';
import { useAppSelector } from '../appContext.tsx';

/** The banner loads only when the event log cannot save (decision 0050): a cold load never needs it. */
const SaveBanner = lazy(() => import('./SaveBanner.tsx'));

/**
 * The event log and the app (decision 0050): when a write fails, the app keeps browsing under a banner that says
 * why, pauses signing, and offers to export what is kept, free space and try again. A log from before that decision
 * can replay to the state where the app stopped (`persistenceFailed`): the banner then stands alone, as it did.
 */
export function PersistenceGate({ children }: { children: ReactNode }) {
  const paused = useAppSelector(isSigningPaused);
  const stopped = useAppSelector((s) => s.context.persistenceError !== null);
  return (
    <>
      {paused ? (
        <Suspense fallback={null}>
          <SaveBanner />
        </Suspense>
      ) : null}
      {stopped ? null : children}
    </>
  );
}
