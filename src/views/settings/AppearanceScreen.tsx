import type { ThemePreference } from '../../machines/appSession/appSession.types.ts';
import { useAppSelector, useAppSend } from '../appContext.tsx';
import './settings.css';

const THEMES: { value: ThemePreference; label: string }[] = [
  { value: 'system', label: 'Same as the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Settings › Appearance: the theme, and whether token logos load from their hosts. Kept in this browser. */
export function AppearanceScreen() {
  const preference = useAppSelector((s) => s.context.themePreference);
  const logos = useAppSelector((s) => s.context.tokenLogos);
  const send = useAppSend();
  return (
    <section aria-labelledby="screen-title" className="screen">
      <h1 id="screen-title">Appearance</h1>
      <section className="card" aria-labelledby="theme-title">
        <h2 id="theme-title">Theme</h2>
        <fieldset className="settings-choice">
          <legend className="visually-hidden">Theme</legend>
          {THEMES.map((t) => (
            <label key={t.value}>
              <input type="radio" name="theme" value={t.value} checked={preference === t.value} onChange={() => send({ type: 'user.setTheme', preference: t.value })} />
              {t.label}
            </label>
          ))}
        </fieldset>
      </section>
      <section className="card" aria-labelledby="logos-title">
        <h2 id="logos-title">Token logos</h2>
        <label className="settings-switch">
          <input type="checkbox" role="switch" checked={logos} onChange={(e) => send({ type: 'user.setTokenLogos', enabled: e.target.checked })} />
          Load token logos
        </label>
        <p className="muted">
          Logos come from third-party hosts, which then learn your IP address and which tokens you look at. When off, a letter stands in for each
          logo and no logo is requested. NFT images follow the same switch: when off, a plain box stands in and no image is requested.
        </p>
      </section>
      <p className="muted">These settings are kept in this browser only.</p>
    </section>
  );
}
