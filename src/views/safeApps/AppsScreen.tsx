/**
 * /apps: the gateway's Safe Apps for the open Safe's chain — search, category, the batch-transactions filter,
 * pinned and featured apps. Drawn from one safeAppsList actor.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { safeAppsListMachine } from '../../machines/safeApps/safeAppsList.machine.ts';
import { connectSafeAppsList } from '../../machines/safeApps/safeAppsList.connect.ts';
import { categoriesOf, filterApps, pinnedApps } from '../../machines/safeApps/safeApps.logic.ts';
import type { SafeApp } from '../../machines/safeApps/safeApps.types.ts';
import { useAppSelector, useAppSend } from '../appContext.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Link } from '../components/Link.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { SafeGate } from '../safeSession/SafeGate.tsx';
import { useSafeSession } from '../safeSession/safeSessionContext.tsx';
import { AppCard, openAppPath } from './AppCard.tsx';
import { useSafeAppsLogic } from './safeAppsContext.tsx';
import './safeApps.css';

export type SafeAppsListRef = ActorRefFrom<typeof safeAppsListMachine>;

export function AppsTabs() {
  return (
    <nav aria-label="Safe Apps sections" className="safe-apps-tabs">
      {/* Each link marks itself aria-current="page" on its own path (Link). */}
      <Link to="/apps">All apps</Link> <Link to="/apps/custom">My custom apps</Link>
    </nav>
  );
}

function AppGrid({ label, apps, actor }: { label: string; apps: SafeApp[]; actor: SafeAppsListRef }) {
  const { pinned, canPin } = useSelector(actor, connectSafeAppsList, shallowEqualViewModel);
  return (
    <ul aria-label={label} className="safe-app-grid">
      {apps.map((app) => (
        <AppCard key={app.id} app={app} pinned={pinned.includes(app.id)} canPin={canPin} onTogglePin={() => actor.send({ type: 'user.togglePin', appId: app.id })} />
      ))}
    </ul>
  );
}

export function AppsList({ actor }: { actor: SafeAppsListRef }) {
  const { status, error, apps, pinned, query, tag, batchedOnly, canFilter, canRetry, pinError } = useSelector(actor, connectSafeAppsList, shallowEqualViewModel);
  const filtering = query.trim() !== '' || tag !== null || batchedOnly;
  const visible = filterApps(apps, { query, tag, batchedOnly });
  const pinnedList = pinnedApps(apps, pinned);
  const featured = apps.filter((app) => app.featured);

  return (
    <Loadable what="Safe Apps" status={status} error={error} onRetry={() => actor.send({ type: 'user.retry' })} canRetry={canRetry}>
      {apps.length === 0 ? (
        <p>Safe Apps are not available on this network.</p>
      ) : (
        <>
          <div className="safe-apps-filters" role="search">
            <label>
              Search
              <input type="search" placeholder="Search by name or category" value={query} disabled={!canFilter} onChange={(e) => actor.send({ type: 'user.search', query: e.target.value })} />
            </label>
            <label>
              Category
              <select value={tag ?? ''} disabled={!canFilter} onChange={(e) => actor.send({ type: 'user.selectTag', tag: e.target.value || null })}>
                <option value="">All categories</option>
                {categoriesOf(apps).map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <label className="safe-apps-check">
              <input type="checkbox" checked={batchedOnly} disabled={!canFilter} onChange={() => actor.send({ type: 'user.toggleBatched' })} /> Optimized with Batch transactions
            </label>
          </div>
          {pinError ? (
            <p role="alert" className="error">
              {pinError}
            </p>
          ) : null}
          {!filtering && pinnedList.length > 0 ? (
            <section aria-labelledby="pinned-apps">
              <h2 id="pinned-apps">My pinned apps</h2>
              <AppGrid label="My pinned apps" apps={pinnedList} actor={actor} />
            </section>
          ) : null}
          {!filtering && featured.length > 0 ? (
            <section aria-labelledby="featured-apps">
              <h2 id="featured-apps">Featured apps</h2>
              <AppGrid label="Featured apps" apps={featured} actor={actor} />
            </section>
          ) : null}
          <section aria-labelledby="all-apps">
            <h2 id="all-apps">{filtering ? `Results (${visible.length})` : `All apps (${apps.length})`}</h2>
            {visible.length === 0 ? <p>No Safe Apps found.</p> : <AppGrid label="All apps" apps={visible} actor={actor} />}
          </section>
        </>
      )}
    </Loadable>
  );
}

function AppsForChain({ chainId }: { chainId: string }) {
  const logic = useSafeAppsLogic();
  const actor = useActorRef(logic.safeAppsList, { input: { chainId, clientUrl: logic.hostOrigin } });
  return <AppsList actor={actor} />;
}

function AppsOfSession() {
  const chainId = useSafeSession((s) => s.context.chain?.chainId ?? null);
  return chainId ? <AppsForChain key={chainId} chainId={chainId} /> : null;
}

export function AppsScreen() {
  // `/apps?appUrl=` is the old share link: it opens the app.
  const appUrl = useAppSelector((s) => new URLSearchParams(s.context.location.search).get('appUrl'));
  const send = useAppSend();
  useEffect(() => {
    if (appUrl) send({ type: 'user.navigate', to: openAppPath(appUrl) });
  }, [appUrl, send]);
  return (
    <SafeGate title="Safe Apps">
      <AppsTabs />
      <AppsOfSession />
    </SafeGate>
  );
}
