/** The settings sections, once: the nav, the /settings index and the screen titles all read this list. */
export interface SettingsSection {
  /** The URL segment: `/settings/<tab>`. */
  tab: string;
  /** Human name, used in the nav, the index and the title ("Settings · Environment"). */
  label: string;
  /** One line on the index. */
  description: string;
  /** The section is about the open Safe (it asks for one when none is open). */
  perSafe: boolean;
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { tab: 'setup', label: 'Setup', description: 'Signers, required confirmations, nonce and Safe version.', perSafe: true },
  { tab: 'modules', label: 'Modules', description: 'Enabled modules, transaction guard and fallback handler.', perSafe: true },
  { tab: 'security', label: 'Security', description: 'Recovery and signing safeguards.', perSafe: true },
  { tab: 'notifications', label: 'Notifications', description: 'Push notifications for this browser, per Safe.', perSafe: true },
  { tab: 'email', label: 'E-mail alerts', description: 'E-mail alerts for this Safe.', perSafe: true },
  { tab: 'safe-apps', label: 'Safe Apps', description: 'What each Safe App may do (permissions per origin).', perSafe: false },
  { tab: 'appearance', label: 'Appearance', description: 'Theme, and whether token logos load from their hosts.', perSafe: false },
  { tab: 'data', label: 'Data', description: 'Back up or restore your local data: address book, added Safes, settings.', perSafe: false },
  { tab: 'environment-variables', label: 'Environment', description: 'Your own RPC URL per chain.', perSafe: false },
];

export function settingsSection(tab: string | undefined): SettingsSection | undefined {
  return SETTINGS_SECTIONS.find((s) => s.tab === tab);
}

/** The document title of a settings tab: "Settings · Environment"; "Settings" for the index or an unknown tab. */
export function settingsTitle(tab: string | undefined): string {
  const section = settingsSection(tab);
  return section ? `Settings · ${section.label}` : 'Settings';
}
