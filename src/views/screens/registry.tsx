/**
 * Which screen each route shows. Screens that later issues fill start as honest placeholders that say what
 * will be there.
 */
import { lazy, type ComponentType, type ReactNode } from 'react';
import type { MatchedRoute } from '../../machines/shared/routes.ts';
import { DashboardScreen } from '../safeSession/Dashboard.tsx';
import { NotFound } from './NotFound.tsx';
import { settingsTitle } from '../settings/sections.ts';

// Screens few visits start on load on demand, so a Safe's home does not download them (App wraps screens in
// Suspense). Their chunks are pinned by index.html's import map (decision 0022). Only a Safe's home is in the
// first load (decision 0019; the Assets screen joined the lazy ones in decision 0045, the welcome screen in its
// addendum: a signer's cold load is their Safe's home, a newcomer's welcome costs one more request).
/** A lazily loaded named export of a screen module. */
function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazy(() => load().then((m) => ({ default: pick(m) })));
}
const safeScreens = {
  balances: lazyScreen(() => import('../safeSession/Balances.tsx'), (m) => m.BalancesScreen),
  nfts: lazyScreen(() => import('../safeSession/Nfts.tsx'), (m) => m.NftsScreen),
  queue: lazyScreen(() => import('../safeSession/Transactions.tsx'), (m) => m.QueueScreen),
  history: lazyScreen(() => import('../safeSession/Transactions.tsx'), (m) => m.HistoryScreen),
  transaction: lazyScreen(() => import('../safeSession/TxDetails.tsx'), (m) => m.TxDetailsScreen),
  messages: lazyScreen(() => import('../safeSession/Messages.tsx'), (m) => m.MessagesScreen),
  message: lazyScreen(() => import('../safeSession/Messages.tsx'), (m) => m.MessageDetailsScreen),
  setup: lazyScreen(() => import('../safeSession/Settings.tsx'), (m) => m.SetupSettingsScreen),
  modules: lazyScreen(() => import('../safeSession/Settings.tsx'), (m) => m.ModulesSettingsScreen),
};
const WelcomeScreen = lazyScreen(() => import('../welcome/WelcomeScreen.tsx'), (m) => m.WelcomeScreen);
const walletScreens = {
  accounts: lazyScreen(() => import('../myAccounts/AccountsScreen.tsx'), (m) => m.AccountsScreen),
  loadSafe: lazyScreen(() => import('../loadSafe/LoadSafeScreen.tsx'), (m) => m.LoadSafeScreen),
  createSafe: lazyScreen(() => import('../createSafe/CreateSafeScreen.tsx'), (m) => m.CreateSafeScreen),
  addressBook: lazyScreen(() => import('../addressBook/AddressBookScreen.tsx'), (m) => m.AddressBookScreen),
};
const settingsScreens = {
  index: lazyScreen(() => import('../settings/SettingsIndex.tsx'), (m) => m.SettingsIndexScreen),
  appearance: lazyScreen(() => import('../settings/AppearanceScreen.tsx'), (m) => m.AppearanceScreen),
  data: lazyScreen(() => import('../settings/DataScreen.tsx'), (m) => m.DataScreen),
  environment: lazyScreen(() => import('../settings/EnvironmentScreen.tsx'), (m) => m.EnvironmentScreen),
};
// The settings sections' navigation comes with the first settings screen opened, not on the first load.
const SettingsNav = lazyScreen(() => import('../settings/SettingsNav.tsx'), (m) => m.SettingsNav);
const StatechartsScreen = lazy(() => import('../statecharts/StatechartsScreen.tsx').then((m) => ({ default: m.StatechartsScreen })));
const AuditScreen = lazy(() => import('../audit/AuditScreen.tsx').then((m) => ({ default: m.AuditScreen })));
const apps = () => import('../safeApps/index.ts');
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


function settingsTab(route: MatchedRoute): ReactNode {
  if (route.tab === 'setup' || route.tab === 'modules') {
    const SafeTab = safeScreens[route.tab];
    return <SafeTab />;
  }
  if (route.tab === 'appearance') return <settingsScreens.appearance />;
  if (route.tab === 'data') return <settingsScreens.data />;
  if (route.tab === 'environment-variables') return <settingsScreens.environment />;
  if (route.tab === 'safe-apps') {
    return <SafeAppsSettingsTab />;
  }
  const AccountTab = route.tab && route.tab in ACCOUNT_SETTINGS_TABS ? ACCOUNT_SETTINGS_TABS[route.tab as keyof typeof ACCOUNT_SETTINGS_TABS] : undefined;
  if (AccountTab) return <AccountTab />;
  return <NotFound />;
}

/** The document title of a route: the screen's, or "Settings · <section>" for a settings tab. */
export function screenTitle(route: MatchedRoute): string {
  return route.id === 'settingsTab' ? settingsTitle(route.tab) : SCREENS[route.id].title;
}

export const SCREENS: Record<MatchedRoute['id'], ScreenEntry> = {
  root: screen('Welcome', WelcomeScreen),
  welcome: screen('Welcome', WelcomeScreen),
  accounts: screen('My Safe accounts', walletScreens.accounts),
  home: screen('Overview', DashboardScreen),
  balances: screen('Assets', safeScreens.balances),
  nfts: screen('NFTs', safeScreens.nfts),
  queue: screen('Queue', safeScreens.queue),
  history: screen('History', safeScreens.history),
  transaction: screen('Transaction details', safeScreens.transaction),
  messages: screen('Messages', safeScreens.messages),
  message: screen('Message details', safeScreens.message),
  apps: screen('Safe Apps', AppsScreen),
  customApps: screen('Custom apps', CustomAppsScreen),
  openApp: screen('Safe App', OpenAppScreen),
  addressBook: screen('Address book', walletScreens.addressBook),
  settings: screen('Settings', settingsScreens.index),
  settingsTab: {
    title: 'Settings',
    render: (route) => (
      <>
        <SettingsNav />
        {settingsTab(route)}
      </>
    ),
  },
  loadSafe: screen('Add existing Safe', walletScreens.loadSafe),
  createSafe: screen('Create new Safe', walletScreens.createSafe),
  statecharts: { title: 'Statecharts', render: () => <StatechartsScreen /> },
  audit: { title: 'Audit', render: () => <AuditScreen /> },
  notFound: { title: 'Page not found', render: () => <NotFound /> },
};
