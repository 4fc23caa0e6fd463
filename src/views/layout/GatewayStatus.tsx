import { useAppSelector, useAppSend } from '../appContext.tsx';

/** A banner for the gateway's state: checking, or unreachable with a retry. Nothing when it answers. */
export function GatewayStatus() {
  const checking = useAppSelector((s) => s.matches({ running: 'checkingGateway' }));
  const unreachable = useAppSelector((s) => s.matches({ running: 'gatewayUnreachable' }));
  const error = useAppSelector((s) => s.context.error);
  const gatewayUrl = useAppSelector((s) => s.context.config?.gatewayUrl ?? '');
  const canRetry = useAppSelector((s) => s.can({ type: 'user.retry' }));
  const send = useAppSend();
  if (checking) {
    return (
      <p role="status" className="banner">
        Connecting to the gateway…
      </p>
    );
  }
  if (!unreachable) return null;
  return (
    <div role="alert" className="banner banner-error">
      <strong>Gateway unreachable.</strong> {error} <span className="muted">({gatewayUrl})</span>{' '}
      <button type="button" onClick={() => send({ type: 'user.retry' })} disabled={!canRetry}>
        Retry
      </button>
    </div>
  );
}
