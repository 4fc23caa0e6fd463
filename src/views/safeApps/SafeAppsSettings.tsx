/** /settings/safe-apps: the bridge permissions granted (or denied) per app origin, with revoke. */
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { connectAppPermissions } from '../../machines/safeApps/appPermissions.connect.ts';
import type { appPermissionsMachine } from '../../machines/safeApps/appPermissions.machine.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Loadable } from '../components/Loadable.tsx';
import { CAPABILITY_LABELS } from './OpenAppScreen.tsx';
import { useSafeAppsLogic } from './safeAppsContext.tsx';
import './safeApps.css';

export type AppPermissionsRef = ActorRefFrom<typeof appPermissionsMachine>;

export function AppPermissionsView({ actor }: { actor: AppPermissionsRef }) {
  const { status, entries, error, canRevoke, canRetry } = useSelector(actor, connectAppPermissions, shallowEqualViewModel);
  const origins = Object.keys(entries).sort();
  return (
    <Loadable what="Safe App permissions" status={status} error={error} onRetry={() => actor.send({ type: 'user.retry' })} canRetry={canRetry}>
      {error ? (
        <p role="alert" className="banner banner-error">
          {error}
        </p>
      ) : null}
      {origins.length === 0 ? (
        <p>No Safe App has asked for permissions yet.</p>
      ) : (
        <ul aria-label="Safe App permissions" className="safe-app-permissions">
          {origins.map((origin) => (
            <li key={origin} aria-label={origin} data-testid="app-permissions">
              <h3>{origin}</h3>
              <ul>
                {(entries[origin] ?? []).map((permission) => {
                  const denied = (permission.caveats ?? []).some((caveat) => caveat.type === 'userRestricted');
                  const label = CAPABILITY_LABELS[permission.parentCapability] ?? permission.parentCapability;
                  return (
                    <li key={permission.parentCapability}>
                      {label}: {denied ? 'denied' : 'granted'}
                      {permission.date ? <span className="muted"> · {new Date(permission.date).toISOString().slice(0, 10)}</span> : null}{' '}
                      <button
                        type="button"
                        disabled={!canRevoke}
                        aria-label={`Revoke ${label} for ${origin}`}
                        onClick={() => actor.send({ type: 'user.revoke', origin, capability: permission.parentCapability })}
                      >
                        Revoke
                      </button>
                    </li>
                  );
                })}
              </ul>
              <button type="button" disabled={!canRevoke} onClick={() => actor.send({ type: 'user.revoke', origin, capability: null })}>
                Remove all for {origin}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Loadable>
  );
}

export function SafeAppsSettingsScreen() {
  const logic = useSafeAppsLogic();
  const actor = useActorRef(logic.appPermissions);
  return (
    <section aria-labelledby="screen-title" className="screen">
      <h1 id="screen-title">Safe Apps</h1>
      <p>Permissions you granted or denied to Safe Apps, per app origin. Revoking makes the app ask again.</p>
      <AppPermissionsView actor={actor} />
    </section>
  );
}
