/**
 * The Safe Apps screens, for the lead to wire into screens/registry.tsx and App:
 *
 *   <SafeAppsProvider logic={provideSafeAppsServices(deps)}> … </SafeAppsProvider>   (inside SafeSessionProvider)
 *   SCREENS.apps / customApps / openApp → APPS_SCREENS[id]
 *   settingsTab 'safe-apps' → APPS_SETTINGS_TABS['safe-apps']
 */
import type { ComponentType } from 'react';
import { AppsScreen } from './AppsScreen.tsx';
import { CustomAppsScreen } from './CustomAppsScreen.tsx';
import { OpenAppScreen } from './OpenAppScreen.tsx';
import { SafeAppsSettingsScreen } from './SafeAppsSettings.tsx';

export const APPS_SCREENS = {
  apps: AppsScreen,
  customApps: CustomAppsScreen,
  openApp: OpenAppScreen,
  safeAppsSettings: SafeAppsSettingsScreen,
} as const satisfies Record<'apps' | 'customApps' | 'openApp' | 'safeAppsSettings', ComponentType>;

/** `/settings/<tab>` screens this module provides. */
export const APPS_SETTINGS_TABS: Record<'safe-apps', ComponentType> = { 'safe-apps': SafeAppsSettingsScreen };

export { SafeAppsProvider, useSafeAppsLogic, type SafeAppsLogic } from './safeAppsContext.tsx';
export { AppsList } from './AppsScreen.tsx';
export { CustomAppsView } from './CustomAppsScreen.tsx';
export { OpenAppView } from './OpenAppScreen.tsx';
export { AppPermissionsView } from './SafeAppsSettings.tsx';
