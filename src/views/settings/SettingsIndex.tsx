import { Link } from '../components/Link.tsx';
import { SETTINGS_SECTIONS } from './sections.ts';
import { SettingsNav } from './SettingsNav.tsx';
import './settings.css';

/** One line per section on what it holds. */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  setup: 'Signers, required confirmations, nonce and Safe version.',
  modules: 'Enabled modules, transaction guard and fallback handler.',
  security: 'Recovery and signing safeguards.',
  notifications: 'Push notifications for this browser, per Safe.',
  email: 'E-mail alerts for this Safe.',
  'safe-apps': 'What each Safe App may do (permissions per origin).',
  appearance: 'Theme, and whether token logos load from their hosts.',
  data: 'Back up or restore your local data: address book, added Safes, settings.',
  'environment-variables': 'Your own RPC URL per chain.',
};

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
                <span className="settings-index-text">{DESCRIPTIONS[s.tab]}</span>
              </Link>
              {s.perSafe ? <span className="muted settings-index-scope">For the open Safe</span> : null}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
