/**
 * The root's view model (issue 16): what the shell shows, read from a snapshot, so views and the composition root
 * never name its states or reach into its children's contexts.
 */
import type { SnapshotFrom } from 'xstate';
import type { SafeSessionContext } from '../safeSession/safeSession.types.ts';
import type { AppSessionMachine } from './appSession.machine.ts';
import type { ConnectedAccount, Theme, ThemePreference } from './appSession.types.ts';
import type { Location } from '../shared/routes.ts';

export type AppSessionSnapshot = SnapshotFrom<AppSessionMachine>;

export interface AppSessionView {
  /** Where the app is: starting, stopped by a config error, stopped because the event log failed, or running. */
  phase: 'booting' | 'configError' | 'persistenceFailed' | 'running';
  /** The gateway check while running: `checking`, `online` or `unreachable`; null before. */
  gateway: 'checking' | 'online' | 'unreachable' | null;
  /** The last error text (config or gateway), or null. */
  error: string | null;
  /** Why the event log stopped saving, or null. */
  persistenceError: string | null;
  gatewayUrl: string;
  canRetry: boolean;
  theme: Theme;
  themePreference: ThemePreference;
  /** Token logos may load from their hosts. */
  tokenLogos: boolean;
  location: Location;
  account: ConnectedAccount | null;
}

function phaseOf(snapshot: AppSessionSnapshot): AppSessionView['phase'] {
  if (snapshot.matches('running')) return 'running';
  if (snapshot.matches('configError')) return 'configError';
  if (snapshot.matches('persistenceFailed')) return 'persistenceFailed';
  return 'booting';
}

function gatewayOf(snapshot: AppSessionSnapshot): AppSessionView['gateway'] {
  if (snapshot.matches({ running: 'checkingGateway' })) return 'checking';
  if (snapshot.matches({ running: 'gatewayOnline' })) return 'online';
  if (snapshot.matches({ running: 'gatewayUnreachable' })) return 'unreachable';
  return null;
}

export function connectAppSession(snapshot: AppSessionSnapshot): AppSessionView {
  const { context } = snapshot;
  return {
    phase: phaseOf(snapshot),
    gateway: gatewayOf(snapshot),
    error: context.error,
    persistenceError: context.persistenceError,
    gatewayUrl: context.config?.gatewayUrl ?? '',
    canRetry: snapshot.can({ type: 'user.retry' }),
    theme: context.theme,
    themePreference: context.themePreference,
    tokenLogos: context.tokenLogos,
    location: context.location,
    account: context.account,
  };
}

/** The open Safe's session (chain, Safe info, connected address), or null when no Safe is open. */
export function openSafeSessionOf(snapshot: AppSessionSnapshot): SafeSessionContext | null {
  return snapshot.children.safeSession?.getSnapshot().context ?? null;
}
