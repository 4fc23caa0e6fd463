/** The first step of the flows that start by reading the gateway's networks: loading, or failed with a retry. */
export function NetworksPending({ failed, error, onRetry }: { failed: boolean; error: string | null; onRetry: () => void }) {
  if (!failed) {
    return (
      <p role="status" className="banner">
        Loading networks…
      </p>
    );
  }
  return (
    <div role="alert" className="banner banner-error">
      <strong>Could not load the networks.</strong> {error}{' '}
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
