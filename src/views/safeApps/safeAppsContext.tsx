/**
 * The Safe Apps screens' machines, handed in by the composition root (src/services/bridge.ts
 * `provideSafeAppsServices` returns exactly this shape). Each screen starts one actor per visit.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { appPermissionsMachine } from '../../machines/safeApps/appPermissions.machine.ts';
import type { customAppsMachine } from '../../machines/safeApps/customApps.machine.ts';
import type { openAppMachine } from '../../machines/safeApps/openApp.machine.ts';
import type { safeAppsListMachine } from '../../machines/safeApps/safeAppsList.machine.ts';
import type { AppFrameRegistry } from '../../bridge/host/frames.ts';
import { useResolved, type MaybeDeferred } from '../deferred.ts';

export interface SafeAppsLogic {
  safeAppsList: typeof safeAppsListMachine;
  customApps: typeof customAppsMachine;
  openApp: typeof openAppMachine;
  appPermissions: typeof appPermissionsMachine;
  /** Where the bridge looks up the open app's iframe window. */
  frames: AppFrameRegistry;
  /** Our own origin (`location.origin`). */
  hostOrigin: string;
  /** The devnet: http apps on this computer may be added and opened (decision 0052); read when a screen starts. */
  localHttpApps(): boolean;
}

const SafeAppsContext = createContext<MaybeDeferred<SafeAppsLogic> | null>(null);

/** `logic` may load on first use (decision 0019): the Safe Apps screens suspend until it has. */
export function SafeAppsProvider({ logic, children }: { logic: MaybeDeferred<SafeAppsLogic>; children: ReactNode }) {
  return <SafeAppsContext.Provider value={logic}>{children}</SafeAppsContext.Provider>;
}

export function useSafeAppsLogic(): SafeAppsLogic {
  const logic = useContext(SafeAppsContext);
  if (!logic) throw new Error('SafeAppsProvider is missing');
  return useResolved(logic);
}
