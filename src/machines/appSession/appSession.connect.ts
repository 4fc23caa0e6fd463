/**
 * The root's view model (issue 16): what the shell shows, read from a snapshot, so views and the composition root
 * never name its states or reach into its children's contexts.
 */
import type { SnapshotFrom } from 'xstate';
import type { SafeSessionContext } from '../safeSession/safeSession.types.ts';
import { SIGNING_PAUSED_TAG, type AppSessionMachine } from './appSession.machine.ts';
import type { ConnectedAccount, SaveFailureCause, Theme, ThemePreference } from './appSession.types.ts';
import { isSafeFreeRoute, matchRoute, navKeyOf, readSafeParam, type Location, type NavKey, type RouteId } from '../shared/routes.ts';

export type AppSessionSnapshot = SnapshotFrom<AppSessionMachine>;

export interface AppSessionView {
  /** Where the app is: starting, stopped by a config error, stopped because the event log failed, or running. */
  phase: 'booting' | 'configError' | 'persistenceFailed' | 'running';
  /** The gateway check while running: `checking`, `online` or `unreachable`; null before. */
  gateway: 'checking' | 'online' | 'unreachable' | null;
  /** The last error text (config or gateway), or null. */
  error: string | null;
  /** Why the event log stopped saving (logs before decision 0050, when the app stopped), or null. */
  persistenceError: string | null;
  /**
   * The event log while running (decision 0050): `saving`; `paused` (a write failed: browsing goes on, signing is
   * paused); `retrying` ("Try again" is writing what it kept). Null before running.
   */
  eventLog: 'saving' | 'paused' | 'retrying' | null;
  /** Why the event log cannot save, in the user's terms, and the error; both null while it saves. */
  saveFailureCause: SaveFailureCause | null;
  saveFailureMessage: string | null;
  /** No flow may ask the wallet to sign or send: the event log cannot save. */
  signingPaused: boolean;
  /** The banner's "Try again" is possible now. */
  canRetrySaving: boolean;
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
  if (snapshot.matches({ running: { gateway: 'checkingGateway' } })) return 'checking';
  if (snapshot.matches({ running: { gateway: 'gatewayOnline' } })) return 'online';
  if (snapshot.matches({ running: { gateway: 'gatewayUnreachable' } })) return 'unreachable';
  return null;
}

function eventLogOf(snapshot: AppSessionSnapshot): AppSessionView['eventLog'] {
  const { value } = snapshot;
  return typeof value === 'object' && 'running' in value ? value.running.eventLog : null;
}

/** No flow may ask the wallet to sign or send now (the event log cannot save; decision 0050). */
export function isSigningPaused(snapshot: AppSessionSnapshot): boolean {
  return snapshot.hasTag(SIGNING_PAUSED_TAG) || snapshot.matches('persistenceFailed');
}

export function connectAppSession(snapshot: AppSessionSnapshot): AppSessionView {
  const { context } = snapshot;
  return {
    phase: phaseOf(snapshot),
    gateway: gatewayOf(snapshot),
    error: context.error,
    persistenceError: context.persistenceError,
    eventLog: eventLogOf(snapshot),
    saveFailureCause: context.saveFailure?.cause ?? null,
    saveFailureMessage: context.saveFailure?.message ?? null,
    signingPaused: isSigningPaused(snapshot),
    canRetrySaving: snapshot.can({ type: 'user.retrySaving' }),
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

/**
 * What the shell (header, navigation, Safe gate) shows about the route and the Safe named in the URL. Flat, so
 * `shallowEqualViewModel` keeps a view that reads it from re-rendering on unrelated snapshots.
 */
export interface ShellView {
  routeId: RouteId;
  /** The navigation entry of the current page (every settings tab lights up Settings), or null. */
  activeNav: NavKey | null;
  /**
   * The Safe the header and navigation show (its chain short name and address): the one in `?safe=`, except on
   * the screens that open or create a Safe (welcome, my accounts, load, create), where the previous page's Safe is
   * not shown. Both null when none.
   */
  safeShortName: string | null;
  safeAddress: `0x${string}` | null;
  /** A `?safe=` value that names no Safe, and what is wrong with it in words; both null when absent or valid. */
  badSafeLink: string | null;
  badSafeLinkProblem: string | null;
}

export function connectShell(snapshot: AppSessionSnapshot): ShellView {
  const { location } = snapshot.context;
  const routeId = matchRoute(location.path).id;
  const param = readSafeParam(location.search);
  const shown = param.kind === 'safe' && !isSafeFreeRoute(routeId) ? param.safe : null;
  return {
    routeId,
    activeNav: navKeyOf(routeId),
    safeShortName: shown?.shortName ?? null,
    safeAddress: shown?.address ?? null,
    badSafeLink: param.kind === 'invalid' ? param.value : null,
    badSafeLinkProblem: param.kind === 'invalid' ? param.problem : null,
  };
}
