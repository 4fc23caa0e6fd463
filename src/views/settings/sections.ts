/** The settings sections, once: the nav, the /settings index and the screen titles all read this list (the index's
 * one-line descriptions live with it, SettingsIndex.tsx: the titles are in the first load, they are not). */
export interface SettingsSection {
  /** The URL segment: `/settings/<tab>`. */
  tab: string;
  /** Human name, used in the nav, the index and the title ("Settings · Environment"). */
  label: string;
  /** The section is about the open Safe (it asks for one when none is open). */
  perSafe: boolean;
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { tab: 'setup', label: 'Setup', perSafe: true },
  { tab: 'modules', label: 'Modules', perSafe: true },
  { tab: 'security', label: 'Security', perSafe: true },
  { tab: 'notifications', label: 'Notifications', perSafe: true },
  { tab: 'email', label: 'E-mail alerts', perSafe: true },
  { tab: 'safe-apps', label: 'Safe Apps', perSafe: false },
  { tab: 'appearance', label: 'Appearance', perSafe: false },
  { tab: 'data', label: 'Data', perSafe: false },
  { tab: 'environment-variables', label: 'Environment', perSafe: false },
];

export function settingsSection(tab: string | undefined): SettingsSection | undefined {
  return SETTINGS_SECTIONS.find((s) => s.tab === tab);
}

/** The document title of a settings tab: "Settings · Environment"; "Settings" for the index or an unknown tab. */
export function settingsTitle(tab: string | undefined): string {
  const section = settingsSection(tab);
  return section ? `Settings · ${section.label}` : 'Settings';
}
