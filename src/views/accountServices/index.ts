/**
 * The account-services settings tabs, for the registry's settingsTab mapping:
 *
 *   <AccountServicesProvider logic={screens.accountServices}> … </AccountServicesProvider>   (App, inside SafeSessionProvider)
 *   settingsTab 'notifications' | 'email' | 'security' → ACCOUNT_SETTINGS_TABS[tab]
 */
import type { ComponentType } from 'react';
import { EmailSettingsScreen } from './EmailAlerts.tsx';
import { NotificationsSettingsScreen } from './PushNotifications.tsx';
import { SecuritySettingsScreen } from './Security.tsx';

export const ACCOUNT_SETTINGS_TABS: Record<'notifications' | 'email' | 'security', ComponentType> = {
  notifications: NotificationsSettingsScreen,
  email: EmailSettingsScreen,
  security: SecuritySettingsScreen,
};

export { AccountServicesProvider, type AccountServicesLogic } from './accountServicesContext.tsx';
export { PushNotificationsView } from './PushNotifications.tsx';
export { EmailAlertsView } from './EmailAlerts.tsx';
export { UnsubscribeView } from './Unsubscribe.tsx';
export { RecoveryView, DelegatesView } from './Security.tsx';
export { SpendingLimitsView, SpendingLimitsSection } from './SpendingLimits.tsx';
export { NestedSafesView, NestedSafesSection, ApproveAsParent, ApproveAsParentView, NestedApprovalRequest } from './NestedSafes.tsx';
