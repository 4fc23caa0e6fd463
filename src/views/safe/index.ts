/**
 * The Safe screens, for the lead to wire into screens/registry.tsx and App:
 *
 *   <SafeSessionProvider actor={safeSessionChildOrNull}> … </SafeSessionProvider>   (around the content)
 *   SCREENS = { ...SCREENS, ...SAFE_SCREENS }                                       (route id → screen)
 *   settingsTab: SAFE_SETTINGS_TABS[route.tab] for 'setup' and 'modules'
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import type { MatchedRoute, RouteId } from '../../machines/shared/routes.ts';
import { BalancesScreen } from './Balances.tsx';
import { DashboardScreen } from './Dashboard.tsx';
import { MessageDetailsScreen, MessagesScreen } from './Messages.tsx';
import { NftsScreen } from './Nfts.tsx';
import { ModulesSettingsScreen, SetupSettingsScreen } from './Settings.tsx';
import { HistoryScreen, QueueScreen } from './Transactions.tsx';
import { TxDetailsScreen } from './TxDetails.tsx';

export interface SafeScreenEntry {
  title: string;
  component: ComponentType;
  /** Same shape as the registry's entries. */
  render: (route: MatchedRoute) => ReactNode;
}

const entry = (title: string, component: ComponentType): SafeScreenEntry => ({ title, component, render: () => createElement(component) });

export const SAFE_SCREENS = {
  home: entry('Overview', DashboardScreen),
  balances: entry('Assets', BalancesScreen),
  nfts: entry('NFTs', NftsScreen),
  queue: entry('Queue', QueueScreen),
  history: entry('History', HistoryScreen),
  transaction: entry('Transaction details', TxDetailsScreen),
  messages: entry('Messages', MessagesScreen),
  message: entry('Message details', MessageDetailsScreen),
} satisfies Partial<Record<RouteId, SafeScreenEntry>>;

/** `/settings/<tab>` screens this module provides. */
export const SAFE_SETTINGS_TABS: Record<'setup' | 'modules', SafeScreenEntry> = {
  setup: entry('Settings: setup', SetupSettingsScreen),
  modules: entry('Settings: modules', ModulesSettingsScreen),
};

export { SafeSessionProvider, useSafeSession, useSafeSessionRef, useSafeSessionSend, useSafeChild } from './safeSessionContext.tsx';
export type { SafeSessionRef, SafeSessionSnapshot } from './safeSessionContext.tsx';
export { SafeGate, SafeStatus } from './SafeGate.tsx';
