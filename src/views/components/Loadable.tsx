import type { ReactNode } from 'react';

export interface LoadableProps {
  /** What is loading, e.g. "balances": used in "Loading balances…" and "Could not load balances". */
  what: string;
  status: 'loading' | 'failed' | 'ready';
  error?: string | null | undefined;
  onRetry?: (() => void) | undefined;
  /** Disables the retry button (from `snapshot.can(...)`). */
  canRetry?: boolean;
  /** Shown when ready; also shown under the loading/error notice when `keepContent` (stale data). */
  children?: ReactNode;
  keepContent?: boolean;
}

/** Loading notice, or an error with a retry, or the content. Never an endless blank. */
export function Loadable({ what, status, error, onRetry, canRetry = true, children, keepContent = false }: LoadableProps) {
  if (status === 'ready') return <>{children}</>;
  return (
    <>
      {status === 'loading' ? (
        <p role="status" className="loadable-loading">
          Loading {what}…
        </p>
      ) : (
        <div role="alert" className="loadable-error">
          <span>
            Could not load {what}.{error ? ` ${error}` : ''}
          </span>{' '}
          {onRetry ? (
            <button type="button" onClick={onRetry} disabled={!canRetry} aria-label={`Retry loading ${what}`}>
              Retry
            </button>
          ) : null}
        </div>
      )}
      {keepContent ? children : null}
    </>
  );
}
