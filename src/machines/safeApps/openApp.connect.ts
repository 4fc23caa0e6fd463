/** The openApp view model: the open-a-Safe-App screen's step and data, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { openAppMachine } from './openApp.machine.ts';

export type OpenAppSnapshot = SnapshotFrom<typeof openAppMachine>;
type Context = OpenAppSnapshot['context'];

export type OpenAppStep = 'checking' | 'refused' | 'loadingInfo' | 'failed' | 'prompt' | 'running' | 'closed';

const STEPS: readonly OpenAppStep[] = ['checking', 'refused', 'loadingInfo', 'failed', 'prompt', 'running', 'closed'];

export interface OpenAppView {
  step: OpenAppStep;
  canOpen: boolean;
  canToggleWarning: boolean;
  canRetry: boolean;
  info: Context['info'];
  appOrigin: Context['appOrigin'];
  warningAccepted: Context['warningAccepted'];
  refusal: Context['refusal'];
  /** The devnet: http apps on this computer open too (decision 0052). */
  localHttpApps: Context['localHttpApps'];
  error: Context['error'];
}

export function connectOpenApp(snapshot: OpenAppSnapshot): OpenAppView {
  const { context } = snapshot;
  return {
    step: STEPS.find((name) => snapshot.matches(name)) ?? 'checking',
    canOpen: snapshot.can({ type: 'user.openApp' }),
    canToggleWarning: snapshot.can({ type: 'user.toggleWarning' }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    info: context.info,
    appOrigin: context.appOrigin,
    warningAccepted: context.warningAccepted,
    refusal: context.refusal,
    localHttpApps: context.localHttpApps,
    error: context.error,
  };
}
