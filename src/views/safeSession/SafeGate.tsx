import { lazy, Suspense, type ReactNode } from 'react';
import { Address } from '../components/Address.tsx';
import { TechnicalDetail, WayOn, type WayOnLink } from '../components/WayOn.tsx';
import { connectShell } from '../../machines/appSession/appSession.connect.ts';
import { useAppSelector } from '../appContext.tsx';
import { canRetryOf, infoStatusOf, isOwnerOf, sessionStepOf, type SafeSessionSnapshot } from '../../machines/safeSession/safeSession.connect.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { useSafeSession, useSafeSessionRef, useSafeSessionSend } from './safeSessionContext.tsx';

function RetryButton({ what }: { what: string }) {
  const send = useSafeSessionSend();
  const canRetry = useSafeSession(canRetryOf);
  return (
    <button type="button" onClick={() => send({ type: 'user.retry' })} disabled={!canRetry} aria-label={`Retry loading ${what}`}>
      Retry
    </button>
  );
}

/** RPC-only mode's notice (decision 0054), loaded only when a Safe is read from the chain. */
const ChainReadNotice = lazy(() => import('./ChainReadNotice.tsx'));
/** The look-alike Safe warning (decision 0064), loaded only when a Safe that imitates a known one is opened. */
const LookAlikeWarning = lazy(() => import('./LookAlikeWarning.tsx'));

/**
 * What the status line shows (no `can()`, nothing it does not show: decision 0077). A poll in flight is not shown
 * (decision 0085): the line would change twice every 15 s for a few milliseconds, and re-render with it.
 */
const statusOf = (s: SafeSessionSnapshot) => ({
  paused: infoStatusOf(s) === 'paused',
  pollError: s.context.pollError,
  wallet: s.context.walletAddress,
  isOwner: isOwnerOf(s),
  readFromChain: s.context.safeInfo?.readFromChain ?? null,
});

/** What a Safe that is not (yet) open shows, and when it is ready. */
const sessionStateOf = (s: SafeSessionSnapshot) => ({
  state: sessionStepOf(s),
  safe: s.context.safe,
  chainName: s.context.chain?.chainName ?? s.context.safe.shortName,
  supported: s.context.supportedShortNames,
  error: s.context.error,
});

/** One line under the screen title: polling state, read-only mode, a failed refresh. */
export function SafeStatus() {
  const { paused, pollError, wallet, isOwner, readFromChain } = useSafeSession(statusOf, shallowEqualViewModel);
  return (
    <div className="safe-status">
      {/* The chip comes first: the polling text changes when the tab is hidden and would move whatever follows it. */}
      <p className="muted" aria-label="Safe updates">
        {!isOwner ? (
          <span className="chip" title={wallet ? 'The connected wallet is not an owner of this Safe' : 'No wallet connected'}>
            Read-only
          </span>
        ) : null}
        <span>{paused ? 'Updates paused while this tab is hidden.' : 'Refreshes every 15 s.'}</span>
      </p>
      {readFromChain ? (
        <Suspense fallback={null}>
          <ChainReadNotice reason={readFromChain} />
        </Suspense>
      ) : null}
      {pollError ? (
        <p role="alert" className="banner banner-error">
          Could not refresh the Safe: {pollError} Showing the last data received.
        </p>
      ) : null}
    </div>
  );
}

/** The ways on from a Safe that cannot be opened: the Safes you have, adding one by address, the welcome page. */
const SAFE_WAYS_ON: WayOnLink[] = [
  { to: '/welcome/accounts', label: 'My Safe accounts' },
  { to: '/new-safe/load', label: 'Add a Safe by address' },
  { to: '/welcome', label: 'Welcome page' },
];

function SessionState({ title, children }: { title: string; children: ReactNode }) {
  const { state, safe, chainName, supported, error } = useSafeSession(sessionStateOf, shallowEqualViewModel);
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
          <p>
            <strong>Invalid Safe address.</strong> “{safe.address}” is not a valid address (wrong length, characters or checksum). Check the link you followed.
          </p>
          <WayOn links={SAFE_WAYS_ON} />
        </div>
      );
    case 'chainNotSupported':
      return (
        <div role="alert" className="safe-error">
          <p>
            <strong>Network not supported.</strong> Countersign does not know a network called “{safe.shortName}”.
            {supported.length ? ` Networks it supports: ${supported.join(', ')}.` : ''}
          </p>
          <WayOn links={SAFE_WAYS_ON} />
        </div>
      );
    case 'notASafe':
      return (
        <div role="alert" className="safe-error">
          <p>
            <strong>Not a Safe.</strong> There is no Safe account at <Address address={safe.address} /> on {chainName}. It may be an ordinary account, or a Safe
            on another network.
          </p>
          <TechnicalDetail text={error} />
          <WayOn links={SAFE_WAYS_ON} />
        </div>
      );
    case 'lookAlike':
      return (
        <Suspense fallback={null}>
          <LookAlikeWarning />
        </Suspense>
      );
    case 'gatewayDown':
      return (
        <div role="alert" className="safe-error">
          <p>
            <strong>Gateway unavailable.</strong> The service that serves the Safe’s data did not answer properly; this is usually temporary.{' '}
            <RetryButton what="the Safe" />
          </p>
          <TechnicalDetail text={error} />
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

/** No Safe session: either the link's `?safe=` names no Safe (say what is wrong), or no Safe was chosen. */
function NoSafe() {
  const { badSafeLink, badSafeLinkProblem } = useAppSelector(connectShell, shallowEqualViewModel);
  if (badSafeLink !== null) {
    return (
      <div role="alert" className="safe-error">
        <p>
          <strong>This link does not name a Safe.</strong> {badSafeLinkProblem}
        </p>
        <p className="error-detail">
          The link says: <code>{badSafeLink}</code>
        </p>
        <WayOn links={SAFE_WAYS_ON} />
      </div>
    );
  }
  return (
    <div className="safe-none">
      <p>No Safe is open. Choose one of your Safe accounts, or add one by its address.</p>
      <WayOn links={SAFE_WAYS_ON} />
    </div>
  );
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
        <NoSafe />
      )}
    </section>
  );
}
