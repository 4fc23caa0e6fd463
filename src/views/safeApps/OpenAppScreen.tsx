/**
 * /apps/open?appUrl=: the app's info and permissions prompt (with the unknown-app warning for apps that are
 * not in the gateway's list), then the app in a sandboxed iframe, answered by the bridge session child. An app
 * on our own origin is refused (S13); the iframe never gets `allow-same-origin` for our origin.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { bridgeRequestMachine } from '../../machines/bridgeRequest/bridgeRequest.machine.ts';
import type { bridgeSessionMachine } from '../../machines/bridgeRequest/bridgeSession.machine.ts';
import { BRIDGE_SESSION_ID, type openAppMachine } from '../../machines/safeApps/openApp.machine.ts';
import { connectBridgeRequest } from '../../machines/bridgeRequest/bridgeRequest.connect.ts';
import { connectOpenApp } from '../../machines/safeApps/openApp.connect.ts';
import { sandboxFor } from '../../machines/safeApps/safeApps.logic.ts';
import type { Permission } from '../../machines/safeApps/safeApps.types.ts';
import type { AppFrameRegistry } from '../../bridge/host/frames.ts';
import { useAppSelector } from '../appContext.tsx';
import { BridgeRequestPrompt } from '../bridgeRequest/BridgeRequestPrompt.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Link } from '../components/Link.tsx';
import { SafeGate } from '../safeSession/SafeGate.tsx';
import { useSafeSession } from '../safeSession/safeSessionContext.tsx';
import { AppIcon } from './AppCard.tsx';
import { useSafeAppsLogic } from './safeAppsContext.tsx';
import './safeApps.css';

export type OpenAppRef = ActorRefFrom<typeof openAppMachine>;
type BridgeSessionRef = ActorRefFrom<typeof bridgeSessionMachine>;
type BridgeRequestRef = ActorRefFrom<typeof bridgeRequestMachine>;

export const CAPABILITY_LABELS: Record<string, string> = { requestAddressBook: 'Access to your address book' };

export const UNKNOWN_APP_WARNING = 'The application you are trying to access is not in the default Safe Apps list';

const isRestricted = (permission: Permission): boolean => (permission.caveats ?? []).some((caveat) => caveat.type === 'userRestricted');

function PermissionList({ permissions }: { permissions: Permission[] }) {
  if (permissions.length === 0) return <p>This app has no permissions yet. It asks when it needs one (for example, your address book).</p>;
  return (
    <ul aria-label="Granted permissions">
      {permissions.map((permission) => (
        <li key={permission.parentCapability}>
          {CAPABILITY_LABELS[permission.parentCapability] ?? permission.parentCapability}: {isRestricted(permission) ? 'denied' : 'granted'}
        </li>
      ))}
    </ul>
  );
}

function Prompt({ actor }: { actor: OpenAppRef }) {
  const { info, appOrigin: origin, warningAccepted, canOpen, canToggleWarning: canToggle } = useSelector(actor, connectOpenApp, shallowEqualViewModel);
  if (!info) return null;
  return (
    // The page's own content, not a modal: the header (Connect wallet) must stay usable while the prompt shows.
    <section role="dialog" aria-labelledby="open-app-title" className="safe-apps-dialog">
      <h2 id="open-app-title">Open Safe App</h2>
      <div className="safe-app-card-head">
        <AppIcon url={info.iconUrl} name={info.name} />
        <div>
          <h3>{info.name}</h3>
          <p className="muted">{origin}</p>
        </div>
      </div>
      <p>{info.description}</p>
      <p>
        Safe Apps are third-party applications. Anything the app asks you to sign or execute is shown to you for confirmation first; the app never gets your keys.
      </p>
      {info.browserPermissions.length > 0 ? (
        <>
          <h3>Browser features this app asks for</h3>
          <p>{info.browserPermissions.join(', ')} (not granted: Countersign does not pass browser features to apps).</p>
        </>
      ) : null}
      <h3>Permissions</h3>
      <PermissionList permissions={info.permissions} />
      {!info.listed ? (
        <div role="note" className="banner banner-warning">
          <p>
            <strong>{UNKNOWN_APP_WARNING}.</strong> Check the link you are using and ensure that it comes from a source you trust.
          </p>
          <label>
            <input type="checkbox" checked={warningAccepted} disabled={!canToggle} onChange={() => actor.send({ type: 'user.toggleWarning' })} /> I understand the risk and want to open this app
          </label>
        </div>
      ) : null}
      <div className="ui-actions">
        <Link to="/apps" className="button-link">
          Back to Safe Apps
        </Link>
        <button type="button" className="primary" disabled={!canOpen} onClick={() => actor.send({ type: 'user.openApp' })}>
          Continue
        </button>
      </div>
    </section>
  );
}

function RequestSlot({ request, appName }: { request: BridgeRequestRef; appName: string }) {
  const prompting = useSelector(request, (s) => connectBridgeRequest(s).prompting);
  return prompting ? <BridgeRequestPrompt actor={request} appName={appName} /> : null;
}

function BridgeRequests({ session, appName }: { session: BridgeSessionRef; appName: string }) {
  const ids = useSelector(
    session,
    (s) => Object.keys(s.children as Record<string, AnyActorRef | undefined>).filter((id) => id.startsWith('request:')),
    (a, b) => a.length === b.length && a.every((id, i) => id === b[i]),
  );
  const children = session.getSnapshot().children as Record<string, AnyActorRef | undefined>;
  return (
    <div aria-label="App requests" className="safe-app-requests">
      {ids.map((id) => {
        const child = children[id];
        return child ? <RequestSlot key={id} request={child as BridgeRequestRef} appName={appName} /> : null;
      })}
    </div>
  );
}

function AppFrame({ actor, frames, hostOrigin }: { actor: OpenAppRef; frames: AppFrameRegistry; hostOrigin: string }) {
  const info = useSelector(actor, (s) => s.context.info);
  const origin = useSelector(actor, (s) => s.context.appOrigin ?? '');
  const session = useSelector(actor, (s) => s.children[BRIDGE_SESSION_ID] as BridgeSessionRef | undefined);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => frames.register(origin, () => frame.current?.contentWindow ?? null), [frames, origin]);
  if (!info) return null;
  return (
    <div className="safe-app-frame">
      <p className="safe-app-frame-bar">
        <strong>{info.name}</strong> <span className="muted">{origin}</span>{' '}
        <button type="button" onClick={() => actor.send({ type: 'user.closeApp' })}>
          Close app
        </button>
      </p>
      {session ? <BridgeRequests session={session} appName={info.name} /> : null}
      <iframe
        ref={frame}
        id={`iframe-${encodeURIComponent(info.url)}`}
        title={info.name}
        src={info.url}
        sandbox={sandboxFor(origin, hostOrigin)}
        allow=""
        referrerPolicy="strict-origin"
        className="safe-app-iframe"
      />
    </div>
  );
}

/** What to do about an http app (decision 0052): outside the devnet, and on it (an http app elsewhere than this computer). */
export const INSECURE_URL_HINT = 'Open the app’s https:// address; apps on http://localhost or http://127.0.0.1 open only on the local devnet (npm start).';
export const DEVNET_HTTP_HINT = 'On the devnet an http app must run on this computer: open it at http://localhost:<port> or http://127.0.0.1:<port>, or use its https:// address.';

export function OpenAppView({ actor, frames, hostOrigin }: { actor: OpenAppRef; frames: AppFrameRegistry; hostOrigin: string }) {
  const { step: state, refusal, localHttpApps, error, canRetry } = useSelector(actor, connectOpenApp, shallowEqualViewModel);
  switch (state) {
    case 'refused':
      return (
        <div role="alert" className="banner banner-error">
          {refusal === 'sameOrigin'
            ? 'This app is served from Countersign’s own origin and cannot be opened: it could act as Countersign itself.'
            : refusal === 'originMismatch'
              ? 'The app’s listing points to another origin than the address you opened, so it is not opened.'
              : refusal === 'insecureUrl'
                ? localHttpApps
                  ? DEVNET_HTTP_HINT
                  : `This app is served over http, which is not opened here. ${INSECURE_URL_HINT}`
                : 'This is not a valid Safe App URL (it must be an http or https address).'}{' '}
          <Link to="/apps">Back to Safe Apps</Link>
        </div>
      );
    case 'failed':
      return (
        <div role="alert" className="banner banner-error">
          Could not load the Safe App. {error}{' '}
          <button type="button" disabled={!canRetry} onClick={() => actor.send({ type: 'user.retry' })}>
            Retry
          </button>
        </div>
      );
    case 'prompt':
      return <Prompt actor={actor} />;
    case 'running':
      return <AppFrame actor={actor} frames={frames} hostOrigin={hostOrigin} />;
    case 'closed':
      return (
        <p role="status">
          The app was closed. <Link to="/apps">Back to Safe Apps</Link>
        </p>
      );
    default:
      return <p role="status">Loading the Safe App…</p>;
  }
}

function OpenAppForChain({ chainId, appUrl }: { chainId: string; appUrl: string }) {
  const logic = useSafeAppsLogic();
  const actor = useActorRef(logic.openApp, { input: { appUrl, chainId, hostOrigin: logic.hostOrigin, localHttpApps: logic.localHttpApps() } });
  return <OpenAppView actor={actor} frames={logic.frames} hostOrigin={logic.hostOrigin} />;
}

function OpenAppOfSession() {
  const chainId = useSafeSession((s) => s.context.chain?.chainId ?? null);
  const appUrl = useAppSelector((s) => new URLSearchParams(s.context.location.search).get('appUrl') ?? '');
  if (!chainId) return null;
  if (!appUrl) {
    return (
      <p>
        No app chosen. <Link to="/apps">Choose a Safe App</Link>.
      </p>
    );
  }
  return <OpenAppForChain key={`${chainId}|${appUrl}`} chainId={chainId} appUrl={appUrl} />;
}

export function OpenAppScreen() {
  return (
    <SafeGate title="Safe App">
      <OpenAppOfSession />
    </SafeGate>
  );
}
