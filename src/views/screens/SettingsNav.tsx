import { Link } from '../components/Link.tsx';

const TABS: { tab: string; label: string }[] = [
  { tab: 'setup', label: 'Setup' },
  { tab: 'modules', label: 'Modules' },
  { tab: 'security', label: 'Security' },
  { tab: 'notifications', label: 'Notifications' },
  { tab: 'email', label: 'E-mail alerts' },
  { tab: 'safe-apps', label: 'Safe Apps' },
];

/** The settings sections, above every settings tab. */
export function SettingsNav() {
  return (
    <nav aria-label="Settings" className="settings-nav">
      <ul>
        {TABS.map((t) => (
          <li key={t.tab}>
            <Link to={`/settings/${t.tab}`}>{t.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
