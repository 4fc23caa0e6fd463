/**
 * /apps/custom: Safe Apps added by URL. Adding reads the app's manifest.json and shows the unknown-app
 * warning, with the risk checkbox the user must tick; removing asks for confirmation.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { connectCustomApps } from '../../machines/safeApps/customApps.connect.ts';
import type { customAppsMachine } from '../../machines/safeApps/customApps.machine.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Link } from '../components/Link.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { SafeGate } from '../safeSession/SafeGate.tsx';
import { useSafeSession } from '../safeSession/safeSessionContext.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { DISMISS_LABEL } from '../ui/dismiss.ts';
import { AppIcon, openAppPath } from './AppCard.tsx';
import { AppsTabs } from './AppsScreen.tsx';
import { useSafeAppsLogic } from './safeAppsContext.tsx';
import './safeApps.css';

export type CustomAppsRef = ActorRefFrom<typeof customAppsMachine>;

export const RISK_TEXT = 'This Safe App is not part of Countersign and I agree to use it at my own risk.';

function AddForm({ actor }: { actor: CustomAppsRef }) {
  const [url, setUrl] = useState('');
  const { canAdd, fetchingManifest: fetching, localHttpApps } = useSelector(actor, connectCustomApps, shallowEqualViewModel);
  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'user.add', url });
  }
  return (
    <form onSubmit={submit} aria-label="Add custom app" className="safe-apps-add">
      <label>
        Safe App URL
        <input
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://"
          required
          {...(localHttpApps ? { 'aria-describedby': 'custom-app-local-hint' } : {})}
        />
      </label>
      <button type="submit" disabled={!canAdd}>
        Add app
      </button>
      {localHttpApps ? (
        <p id="custom-app-local-hint" className="muted safe-apps-add-hint">
          On this devnet you can also add an app you serve on this computer: http://localhost:&lt;port&gt; or http://127.0.0.1:&lt;port&gt;.
        </p>
      ) : null}
      {fetching ? (
        <span role="status">
          Reading manifest.json…{' '}
          <button type="button" onClick={() => actor.send({ type: 'user.cancel' })}>
            Cancel
          </button>
        </span>
      ) : null}
    </form>
  );
}

function ConfirmAdd({ actor }: { actor: CustomAppsRef }) {
  const { manifest, draftUrl: url, riskAccepted, saving, canConfirmAdd: canConfirm, canToggleRisk: canToggle, canCancel, error } = useSelector(
    actor,
    connectCustomApps,
    shallowEqualViewModel,
  );
  if (!manifest) return null;
  return (
    <Dialog title="Add custom Safe App" {...(canCancel ? { onClose: () => actor.send({ type: 'user.cancel' }) } : {})} closeLabel={DISMISS_LABEL}>
      <div className="safe-app-card-head">
        <AppIcon url={manifest.iconUrl} name={manifest.name} />
        <div>
          <strong>{manifest.name}</strong>
          <p className="muted">{url}</p>
        </div>
      </div>
      <p>{manifest.description}</p>
      <p role="note" className="banner banner-warning">
        The application you are trying to add is not in the default Safe Apps list. Check the link you are using and ensure that it comes from a source you trust.
      </p>
      <label>
        <input type="checkbox" checked={riskAccepted} disabled={!canToggle} onChange={() => actor.send({ type: 'user.toggleRisk' })} /> {RISK_TEXT}
      </label>
      <DialogError error={error} />
      <div className="ui-actions">
        <button type="button" disabled={!canCancel} onClick={() => actor.send({ type: 'user.cancel' })}>
          Cancel
        </button>
        <button type="button" className="primary" disabled={!canConfirm} onClick={() => actor.send({ type: 'user.confirmAdd' })}>
          {saving ? 'Adding…' : 'Add'}
        </button>
      </div>
    </Dialog>
  );
}

function DialogError({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="banner banner-error">
      {error}
    </p>
  ) : null;
}

function ConfirmRemove({ actor }: { actor: CustomAppsRef }) {
  const { removing, removingName: name, removingApp: busy, canConfirmRemove: canConfirm, canCancel, error } = useSelector(actor, connectCustomApps, shallowEqualViewModel);
  if (!removing) return null;
  return (
    <Dialog title="Remove Safe App" {...(canCancel ? { onClose: () => actor.send({ type: 'user.cancel' }) } : {})} closeLabel={DISMISS_LABEL}>
      <p>Remove {name} from your custom apps?</p>
      <DialogError error={error} />
      <div className="ui-actions">
        <button type="button" disabled={!canCancel} onClick={() => actor.send({ type: 'user.cancel' })}>
          Cancel
        </button>
        <button type="button" className="danger" disabled={!canConfirm} onClick={() => actor.send({ type: 'user.confirmRemove' })}>
          {busy ? 'Removing…' : 'Remove'}
        </button>
      </div>
    </Dialog>
  );
}

export function CustomAppsView({ actor }: { actor: CustomAppsRef }) {
  const { status, apps, error, canRetry, manifest, removing } = useSelector(actor, connectCustomApps, shallowEqualViewModel);
  const removable = useSelector(
    actor,
    (s) => s.context.apps.filter((app) => s.can({ type: 'user.remove', url: app.url })).map((app) => app.url),
    (a, b) => a.length === b.length && a.every((url, i) => url === b[i]),
  );
  return (
    <Loadable what="your custom apps" status={status} error={error} onRetry={() => actor.send({ type: 'user.retry' })} canRetry={canRetry}>
      <AddForm actor={actor} />
      {/* While a dialog is open the page behind it is hidden from assistive technology: the dialog shows the error. */}
      {error && !manifest && !removing ? <DialogError error={error} /> : null}
      <ConfirmAdd actor={actor} />
      <ConfirmRemove actor={actor} />
      {apps.length === 0 ? (
        <p>You have not added any custom apps on this network.</p>
      ) : (
        <ul aria-label="Custom apps" className="safe-app-grid">
          {apps.map((app) => (
            <li key={app.url} className="safe-app-card" data-testid="custom-app" aria-label={app.name}>
              <div className="safe-app-card-head">
                <AppIcon url={app.iconUrl} name={app.name} />
                <h3>
                  <Link to={openAppPath(app.url)}>{app.name}</Link>
                </h3>
                <button type="button" disabled={!removable.includes(app.url)} onClick={() => actor.send({ type: 'user.remove', url: app.url })} aria-label={`Remove ${app.name}`}>
                  Remove
                </button>
              </div>
              <p>{app.description}</p>
              <p className="muted">{app.url}</p>
            </li>
          ))}
        </ul>
      )}
    </Loadable>
  );
}

function CustomAppsForChain({ chainId }: { chainId: string }) {
  const logic = useSafeAppsLogic();
  const actor = useActorRef(logic.customApps, { input: { chainId, localHttpApps: logic.localHttpApps() } });
  return <CustomAppsView actor={actor} />;
}

function CustomAppsOfSession() {
  const chainId = useSafeSession((s) => s.context.chain?.chainId ?? null);
  return chainId ? <CustomAppsForChain key={chainId} chainId={chainId} /> : null;
}

export function CustomAppsScreen() {
  return (
    <SafeGate title="Custom apps">
      <AppsTabs />
      <CustomAppsOfSession />
    </SafeGate>
  );
}
