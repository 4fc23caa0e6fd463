/** The customApps view model: the custom-apps screen's step and data, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { customAppsMachine } from './customApps.machine.ts';

export type CustomAppsSnapshot = SnapshotFrom<typeof customAppsMachine>;

export type CustomAppsStep = 'loading' | 'failed' | 'ready' | 'fetchingManifest' | 'confirmingAdd' | 'saving' | 'confirmingRemove' | 'removing';

const STEPS: readonly CustomAppsStep[] = ['loading', 'failed', 'ready', 'fetchingManifest', 'confirmingAdd', 'saving', 'confirmingRemove', 'removing'];

export interface CustomAppsView {
  step: CustomAppsStep;
  /** The stored list: loading, failed, or shown. */
  status: 'loading' | 'failed' | 'ready';
  /** Reading the new app's manifest.json. */
  fetchingManifest: boolean;
  /** Saving the confirmed app. */
  saving: boolean;
  /** Removing the confirmed app. */
  removingApp: boolean;
  /** A well-formed URL would be accepted now. */
  canAdd: boolean;
  canConfirmAdd: boolean;
  canToggleRisk: boolean;
  canConfirmRemove: boolean;
  canCancel: boolean;
  canRetry: boolean;
  apps: CustomAppsSnapshot['context']['apps'];
  error: CustomAppsSnapshot['context']['error'];
  manifest: CustomAppsSnapshot['context']['manifest'];
  draftUrl: CustomAppsSnapshot['context']['draftUrl'];
  riskAccepted: CustomAppsSnapshot['context']['riskAccepted'];
  /** The devnet: http apps on this computer are accepted too (decision 0052). */
  localHttpApps: boolean;
  /** The URL of the app awaiting removal. */
  removing: CustomAppsSnapshot['context']['removing'];
  /** That app's name (its URL when it has none). */
  removingName: string | null;
}

export function connectCustomApps(snapshot: CustomAppsSnapshot): CustomAppsView {
  const step = STEPS.find((name) => snapshot.matches(name)) ?? 'ready';
  const { context } = snapshot;
  return {
    step,
    status: step === 'loading' ? 'loading' : step === 'failed' ? 'failed' : 'ready',
    fetchingManifest: step === 'fetchingManifest',
    saving: step === 'saving',
    removingApp: step === 'removing',
    canAdd: snapshot.can({ type: 'user.add', url: 'https://example.org' }),
    canConfirmAdd: snapshot.can({ type: 'user.confirmAdd' }),
    canToggleRisk: snapshot.can({ type: 'user.toggleRisk' }),
    canConfirmRemove: snapshot.can({ type: 'user.confirmRemove' }),
    canCancel: snapshot.can({ type: 'user.cancel' }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    apps: context.apps,
    error: context.error,
    manifest: context.manifest,
    draftUrl: context.draftUrl,
    riskAccepted: context.riskAccepted,
    localHttpApps: context.localHttpApps,
    removing: context.removing,
    removingName: context.apps.find((app) => app.url === context.removing)?.name ?? context.removing,
  };
}
