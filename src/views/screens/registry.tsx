/**
 * Which screen each route shows. Screens that later issues fill start as honest placeholders that say what
 * will be there.
 */
import type { ComponentType, ReactNode } from 'react';
import type { MatchedRoute } from '../../machines/shared/routes.ts';
import { AuditScreen } from '../audit/AuditScreen.tsx';
import { StatechartsScreen } from '../statecharts/StatechartsScreen.tsx';
import { SAFE_SCREENS, SAFE_SETTINGS_TABS } from '../safe/index.ts';
import { WALLET_SCREENS } from '../wallet/index.ts';
import { APPS_SCREENS, APPS_SETTINGS_TABS } from '../apps/index.ts';
import { ACCOUNT_SETTINGS_TABS } from '../accountServices/index.ts';
import { NotFound } from './NotFound.tsx';
import { Placeholder } from './Placeholder.tsx';

interface ScreenEntry {
  title: string;
  render: (route: MatchedRoute) => ReactNode;
}

const screen = (title: string, Component: ComponentType): ScreenEntry => ({ title, render: () => <Component /> });

const placeholder = (title: string, description: string): ScreenEntry => ({
  title,
  render: () => <Placeholder title={title} description={description} />,
});

const SETTINGS_TABS: Record<string, string> = {
  setup: 'Owners, required confirmations, nonce and Safe version.',
  appearance: 'Light or dark theme.',
  security: 'Recovery and signing safeguards.',
  notifications: 'Push notifications for this browser, per Safe.',
  modules: 'Enabled modules, transaction guard and fallback handler.',
  'safe-apps': 'Safe App permissions per origin.',
  data: 'Export and import your local data (address book, settings, added Safes).',
  'environment-variables': 'Custom RPC URL per chain.',
  email: 'E-mail alerts for this Safe.',
};

export const SCREENS: Record<MatchedRoute['id'], ScreenEntry> = {
  root: screen('Welcome', WALLET_SCREENS.welcome),
  welcome: screen('Welcome', WALLET_SCREENS.welcome),
  accounts: screen('My Safe accounts', WALLET_SCREENS.accounts),
  home: SAFE_SCREENS.home,
  balances: SAFE_SCREENS.balances,
  nfts: SAFE_SCREENS.nfts,
  queue: SAFE_SCREENS.queue,
  history: SAFE_SCREENS.history,
  transaction: SAFE_SCREENS.transaction,
  messages: SAFE_SCREENS.messages,
  message: SAFE_SCREENS.message,
  apps: screen('Safe Apps', APPS_SCREENS.apps),
  customApps: screen('Custom apps', APPS_SCREENS.customApps),
  openApp: screen('Safe App', APPS_SCREENS.openApp),
  addressBook: screen('Address book', WALLET_SCREENS.addressBook),
  settings: placeholder('Settings', 'Choose a settings section.'),
  settingsTab: {
    title: 'Settings',
    render: (route) => {
      const safeTab = route.tab === 'setup' || route.tab === 'modules' ? SAFE_SETTINGS_TABS[route.tab] : undefined;
      if (safeTab) return safeTab.render(route);
      if (route.tab === 'safe-apps') {
        const AppsTab = APPS_SETTINGS_TABS['safe-apps'];
        return <AppsTab />;
      }
      const AccountTab = route.tab && route.tab in ACCOUNT_SETTINGS_TABS ? ACCOUNT_SETTINGS_TABS[route.tab as keyof typeof ACCOUNT_SETTINGS_TABS] : undefined;
      if (AccountTab) return <AccountTab />;
      const description = route.tab ? SETTINGS_TABS[route.tab] : undefined;
      return description ? <Placeholder title={`Settings: ${route.tab}`} description={description} /> : <NotFound />;
    },
  },
  loadSafe: screen('Add existing Safe', WALLET_SCREENS.loadSafe),
  createSafe: screen('Create new Safe', WALLET_SCREENS.createSafe),
  statecharts: { title: 'Statecharts', render: () => <StatechartsScreen /> },
  audit: { title: 'Audit', render: () => <AuditScreen /> },
  notFound: { title: 'Page not found', render: () => <NotFound /> },
};
