/**
 * Which screen each route shows. Screens that later issues fill start as honest placeholders that say what
 * will be there.
 */
import { lazy, type ComponentType, type ReactNode } from 'react';
import type { MatchedRoute } from '../../machines/shared/routes.ts';
import { SAFE_SCREENS, SAFE_SETTINGS_TABS } from '../safe/index.ts';
import { WALLET_SCREENS } from '../wallet/index.ts';
import { NotFound } from './NotFound.tsx';
import { Placeholder } from './Placeholder.tsx';
import { SettingsNav } from './SettingsNav.tsx';

// Screens few visits start on load on demand, so a Safe's home does not download them (App wraps screens in
// Suspense). Their chunks cannot carry SRI (decision 0008).
const StatechartsScreen = lazy(() => import('../statecharts/StatechartsScreen.tsx').then((m) => ({ default: m.StatechartsScreen })));
const AuditScreen = lazy(() => import('../audit/AuditScreen.tsx').then((m) => ({ default: m.AuditScreen })));
const apps = () => import('../apps/index.ts');
const AppsScreen = lazy(() => apps().then((m) => ({ default: m.APPS_SCREENS.apps })));
const CustomAppsScreen = lazy(() => apps().then((m) => ({ default: m.APPS_SCREENS.customApps })));
const OpenAppScreen = lazy(() => apps().then((m) => ({ default: m.APPS_SCREENS.openApp })));
const SafeAppsSettingsTab = lazy(() => apps().then((m) => ({ default: m.APPS_SETTINGS_TABS['safe-apps'] })));
const ACCOUNT_TABS = ['notifications', 'email', 'security'] as const;
type AccountTab = (typeof ACCOUNT_TABS)[number];
const ACCOUNT_SETTINGS_TABS = Object.fromEntries(
  ACCOUNT_TABS.map((tab) => [tab, lazy(() => import('../accountServices/index.ts').then((m) => ({ default: m.ACCOUNT_SETTINGS_TABS[tab] })))]),
) as unknown as Record<AccountTab, ComponentType>;

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

function settingsTab(route: MatchedRoute): ReactNode {
  const safeTab = route.tab === 'setup' || route.tab === 'modules' ? SAFE_SETTINGS_TABS[route.tab] : undefined;
  if (safeTab) return safeTab.render(route);
  if (route.tab === 'safe-apps') {
    return <SafeAppsSettingsTab />;
  }
  const AccountTab = route.tab && route.tab in ACCOUNT_SETTINGS_TABS ? ACCOUNT_SETTINGS_TABS[route.tab as keyof typeof ACCOUNT_SETTINGS_TABS] : undefined;
  if (AccountTab) return <AccountTab />;
  const description = route.tab ? SETTINGS_TABS[route.tab] : undefined;
  return description ? <Placeholder title={`Settings: ${route.tab}`} description={description} /> : <NotFound />;
}

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
  apps: screen('Safe Apps', AppsScreen),
  customApps: screen('Custom apps', CustomAppsScreen),
  openApp: screen('Safe App', OpenAppScreen),
  addressBook: screen('Address book', WALLET_SCREENS.addressBook),
  settings: placeholder('Settings', 'Choose a settings section.'),
  settingsTab: {
    title: 'Settings',
    render: (route) => (
      <>
        <SettingsNav />
        {settingsTab(route)}
      </>
    ),
  },
  loadSafe: screen('Add existing Safe', WALLET_SCREENS.loadSafe),
  createSafe: screen('Create new Safe', WALLET_SCREENS.createSafe),
  statecharts: { title: 'Statecharts', render: () => <StatechartsScreen /> },
  audit: { title: 'Audit', render: () => <AuditScreen /> },
  notFound: { title: 'Page not found', render: () => <NotFound /> },
};
