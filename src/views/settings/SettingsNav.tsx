import { Link } from '../components/Link.tsx';
import { SETTINGS_SECTIONS } from './sections.ts';
import './settings.css';

/** The settings sections, above every settings screen; the open one carries aria-current="page". */
export function SettingsNav() {
  return (
    <nav aria-label="Settings" className="settings-nav">
      <ul>
        {SETTINGS_SECTIONS.map((s) => (
          <li key={s.tab}>
            <Link to={`/settings/${s.tab}`}>{s.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
