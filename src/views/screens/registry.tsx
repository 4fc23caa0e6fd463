/**
 * Which screen each route shows. Screens that later issues fill start as honest placeholders that say what
 * will be there.
 */
import type { ReactNode } from 'react';
import type { MatchedRoute } from '../../machines/shared/routes.ts';
import { AuditScreen } from '../audit/AuditScreen.tsx';
import { StatechartsScreen } from '../statecharts/StatechartsScreen.tsx';
import { NotFound } from './NotFound.tsx';
import { Placeholder } from './Placeholder.tsx';

interface ScreenEntry {
  title: string;
  render: (route: MatchedRoute) => ReactNode;
}

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
  root: placeholder('Welcome', 'Connect a wallet or open a Safe to begin.'),
  welcome: placeholder('Welcome', 'Connect a wallet or open a Safe to begin.'),
  accounts: placeholder('My Safe accounts', 'The Safes your connected wallet owns on every chain, with their fiat total, threshold, owners and queued count.'),
  home: placeholder('Overview', 'The open Safe at a glance: total balance, pending transactions and assets.'),
  balances: placeholder('Assets', 'Token balances of the open Safe, in the currency you choose.'),
  nfts: placeholder('NFTs', 'The NFT collections the open Safe holds.'),
  queue: placeholder('Queue', 'Transactions waiting for confirmations or execution, grouped by nonce with conflicts shown.'),
  history: placeholder('History', 'Executed transactions and incoming transfers, grouped by date.'),
  transaction: placeholder('Transaction details', 'One transaction: what it does, its hashes computed locally, and who confirmed it.'),
  messages: placeholder('Messages', 'Off-chain Safe messages and their confirmations.'),
  message: placeholder('Message details', 'One message: its SafeMessage hash, signatures and status.'),
  apps: placeholder('Safe Apps', 'Apps that run inside Countersign and talk to your Safe through the bridge.'),
  customApps: placeholder('Custom apps', 'Safe Apps you added by URL.'),
  openApp: placeholder('Safe App', 'The selected Safe App, running in a sandboxed frame.'),
  addressBook: placeholder('Address book', 'Names for addresses, per chain; import and export as CSV.'),
  settings: placeholder('Settings', 'Choose a settings section.'),
  settingsTab: {
    title: 'Settings',
    render: (route) => {
      const description = route.tab ? SETTINGS_TABS[route.tab] : undefined;
      return description ? <Placeholder title={`Settings: ${route.tab}`} description={description} /> : <NotFound />;
    },
  },
  loadSafe: placeholder('Add existing Safe', 'Open a Safe by chain and address and add it to your list.'),
  statecharts: { title: 'Statecharts', render: () => <StatechartsScreen /> },
  audit: { title: 'Audit', render: () => <AuditScreen /> },
  notFound: { title: 'Page not found', render: () => <NotFound /> },
};
