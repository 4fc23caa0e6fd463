import { Link } from '../components/Link.tsx';
import { SETTINGS_SECTIONS } from './sections.ts';
import { SettingsNav } from './SettingsNav.tsx';
import './settings.css';

/** `/settings`: every section with one line on what it holds. */
export function SettingsIndexScreen() {
  return (
    <>
      <SettingsNav />
      <section aria-labelledby="screen-title" className="screen">
        <h1 id="screen-title">Settings</h1>
        <ul className="settings-index" aria-label="Settings sections">
          {SETTINGS_SECTIONS.map((s) => (
            <li key={s.tab}>
              <Link to={`/settings/${s.tab}`} className="settings-index-link">
                <span className="settings-index-label">{s.label}</span>
                <span className="settings-index-text">{s.description}</span>
              </Link>
              {s.perSafe ? <span className="muted settings-index-scope">For the open Safe</span> : null}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
