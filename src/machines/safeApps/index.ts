export { safeAppsListMachine, type SafeAppsListMachine } from './safeAppsList.machine.ts';
export { customAppsMachine, type CustomAppsMachine } from './customApps.machine.ts';
export { openAppMachine, BRIDGE_SESSION_ID, type OpenAppMachine } from './openApp.machine.ts';
export { appPermissionsMachine, type AppPermissionsMachine } from './appPermissions.machine.ts';
export * from './safeApps.logic.ts';
export type * from './safeApps.types.ts';
