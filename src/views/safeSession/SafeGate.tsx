import type { ReactNode } from 'react';
import { Address } from '../components/Address.tsx';
import { Link } from '../components/Link.tsx';
import { connectSafeSession } from '../../machines/safeSession/safeSession.connect.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { useSafeSession, useSafeSessionRef, useSafeSessionSend } from './safeSessionContext.tsx';

function RetryButton({ what }: { what: string }) {
  const send = useSafeSessionSend();
  const canRetry = useSafeSession((s) => connectSafeSession(s).canRetry);
  return (
    <button type="button" onClick={() => send({ type: 'user.retry' })} disabled={!canRetry} aria-label={`Retry loading ${what}`}>
      Retry
    </button>
  );
}

/** One line under the screen title: polling state, read-only mode, a failed refresh. */
export function SafeStatus() {
  const { infoStatus: info, pollError, walletAddress: wallet, isOwner } = useSafeSession(connectSafeSession, shallowEqualViewModel);
  return (
    <div className="safe-status">
      <p className="muted" aria-label="Safe updates">
        {info === 'refreshing' ? 'Refreshing Safe info…' : info === 'paused' ? 'Updates paused while this tab is hidden.' : 'Up to date · refreshes every 15 s.'}
        {!isOwner ? (
          <span className="chip" title={wallet ? 'The connected wallet is not an owner of this Safe' : 'No wallet connected'}>
            Read-only
          </span>
        ) : null}
      </p>
      {pollError ? (
        <p role="alert" className="banner banner-error">
          Could not refresh the Safe: {pollError} Showing the last data received.
        </p>
      ) : null}
    </div>
  );
}

function SessionState({ title, children }: { title: string; children: ReactNode }) {
  const { step: state, safe, chainName, supportedShortNames: supported, error } = useSafeSession(connectSafeSession, shallowEqualViewModel);
  switch (state) {
    case 'ready':
      return (
        <>
          <SafeStatus />
          {children}
        </>
      );
    case 'invalidAddress':
      return (
        <div role="alert" className="safe-error">
          <strong>Invalid Safe address.</strong> “{safe.address}” is not a valid address (wrong length, characters or checksum).
        </div>
      );
    case 'chainNotSupported':
      return (
        <div role="alert" className="safe-error">
          <strong>Chain not supported.</strong> The gateway lists no chain with the short name “{safe.shortName}”.
          {supported.length ? ` Supported: ${supported.join(', ')}.` : ''}
        </div>
      );
    case 'notASafe':
      return (
        <div role="alert" className="safe-error">
          <strong>Not a Safe.</strong> There is no Safe account at <Address address={safe.address} /> on {chainName}. <span className="muted">{error}</span>{' '}
          <RetryButton what="the Safe" />
        </div>
      );
    case 'gatewayDown':
      return (
        <div role="alert" className="safe-error">
          <strong>Gateway unavailable.</strong> {error} <RetryButton what="the Safe" />
        </div>
      );
    default:
      return (
        <p role="status" aria-label={`${title} loading`}>
          {state === 'resolvingChain' ? 'Loading chain configuration…' : 'Loading Safe…'}
        </p>
      );
  }
}

/**
 * Wraps every Safe screen: the screen's title, then either the session's blocking state (no Safe, loading,
 * invalid address, chain not supported, not a Safe, gateway down with retry) or the screen's content.
 */
export function SafeGate({ title, children }: { title: string; children: ReactNode }) {
  const actor = useSafeSessionRef();
  return (
    <section aria-labelledby="screen-title" className="screen safe-screen">
      <h1 id="screen-title">{title}</h1>
      {actor ? (
        <SessionState title={title}>{children}</SessionState>
      ) : (
        <p>
          No Safe is open. <Link to="/welcome/accounts">Choose a Safe account</Link>.
        </p>
      )}
    </section>
  );
}
