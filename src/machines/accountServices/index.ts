export { pushNotificationsMachine, PUSH_NOTIFICATIONS_ID, type PushNotificationsMachine } from './pushNotifications.machine.ts';
export { emailAlertsMachine, EMAIL_ALERTS_ID, type EmailAlertsMachine } from './emailAlerts.machine.ts';
export { recoveryRegistrationMachine, RECOVERY_REGISTRATION_ID, type RecoveryRegistrationMachine } from './recoveryRegistration.machine.ts';
export { delegatesListMachine, DELEGATES_LIST_ID, type DelegatesListMachine } from './delegatesList.machine.ts';
export { unsubscribeMachine, UNSUBSCRIBE_ID, type UnsubscribeMachine } from './unsubscribe.machine.ts';
export { ACCOUNT_TEXTS, SUBSCRIPTION_CATEGORIES, codeProblemText } from './accountServices.logic.ts';
export type * from './accountServices.types.ts';
export { spendingLimitsMachine, SPENDING_LIMITS_ID, type SpendingLimitsMachine } from './spendingLimits.machine.ts';
export { nestedSafesMachine, NESTED_SAFES_ID, type NestedSafesMachine } from './nestedSafes.machine.ts';
