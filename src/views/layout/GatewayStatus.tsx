import { connectAppSession } from '../../machines/appSession/appSession.connect.ts';
import { useAppSelector, useAppSend } from '../appContext.tsx';

/** A banner for the gateway's state: checking, or unreachable with a retry. Nothing when it answers. */
export function GatewayStatus() {
  const gateway = useAppSelector((s) => connectAppSession(s).gateway);
  const error = useAppSelector((s) => connectAppSession(s).error);
  const gatewayUrl = useAppSelector((s) => connectAppSession(s).gatewayUrl);
  const canRetry = useAppSelector((s) => connectAppSession(s).canRetry);
  const send = useAppSend();
  if (gateway === 'checking') {
    return (
      <p role="status" className="banner">
        Connecting to the gateway…
      </p>
    );
  }
  if (gateway !== 'unreachable') return null;
  return (
    <div role="alert" className="banner banner-error">
      {/* The error usually names the URL already ("Gateway unreachable at …"): said once. */}
      <strong>Gateway unreachable.</strong> {error}
      {gatewayUrl && !error?.includes(gatewayUrl) ? <span className="muted"> ({gatewayUrl})</span> : null}{' '}
      <button type="button" onClick={() => send({ type: 'user.retry' })} disabled={!canRetry}>
        Retry
      </button>
    </div>
  );
}
