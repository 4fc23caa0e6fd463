import type { SafeApp } from '../../machines/safeApps/safeApps.types.ts';
import { isBatched } from '../../machines/safeApps/safeApps.logic.ts';
import { Link } from '../components/Link.tsx';

const PLATFORM_LABELS: Record<string, string> = { TWITTER: 'X (Twitter)', GITHUB: 'GitHub', DISCORD: 'Discord', TELEGRAM: 'Telegram', UNKNOWN: 'Website' };

export const openAppPath = (url: string): string => `/apps/open?appUrl=${encodeURIComponent(url)}`;

/** Only http(s) links are rendered as links (gateway data is not trusted to be safe to click). */
const safeHref = (url: string | null | undefined): string | null => (url && /^https?:\/\//i.test(url) ? url : null);

export function AppIcon({ url, name }: { url: string | null; name: string }) {
  const src = safeHref(url);
  return src ? <img className="safe-app-icon" src={src} alt="" width={40} height={40} loading="lazy" referrerPolicy="no-referrer" /> : <span className="safe-app-icon safe-app-icon-empty" aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>;
}

export function AppCard({ app, pinned, onTogglePin, canPin }: { app: SafeApp; pinned: boolean; onTogglePin: () => void; canPin: boolean }) {
  const website = safeHref(app.developerWebsite);
  return (
    <li className="safe-app-card" data-testid="safe-app-card" aria-label={app.name}>
      <div className="safe-app-card-head">
        <AppIcon url={app.iconUrl} name={app.name} />
        <h3>
          <Link to={openAppPath(app.url)}>{app.name}</Link>
        </h3>
        <button type="button" className="safe-app-pin" aria-pressed={pinned} disabled={!canPin} onClick={onTogglePin} aria-label={`${pinned ? 'Unpin' : 'Pin'} ${app.name}`}>
          {pinned ? '★' : '☆'}
        </button>
      </div>
      <p>{app.description}</p>
      <p className="safe-app-tags">
        {app.tags.map((tag) => (
          <span key={tag} className="chip">
            {tag}
          </span>
        ))}
        {isBatched(app) ? (
          <span className="chip safe-app-batched" title="Optimized with Batch transactions">
            Batch transactions
          </span>
        ) : null}
      </p>
      {app.socialProfiles.length > 0 || website ? (
        <p className="safe-app-links">
          {website ? (
            <a href={website} target="_blank" rel="noopener noreferrer">
              Developer website
            </a>
          ) : null}
          {app.socialProfiles.map((profile) => {
            const href = safeHref(profile.url);
            return href ? (
              <a key={`${profile.platform}:${href}`} href={href} target="_blank" rel="noopener noreferrer">
                {PLATFORM_LABELS[profile.platform] ?? profile.platform}
              </a>
            ) : null;
          })}
        </p>
      ) : null}
    </li>
  );
}
