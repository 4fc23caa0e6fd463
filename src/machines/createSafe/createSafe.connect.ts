/** The createSafe view model: the create-a-Safe screen's step and data, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { createSafeMachine } from './createSafe.machine.ts';
import { SEND_FAILURE_KINDS, type SendFailureKind } from '../shared/deviceExecution.ts';
import type { CreateSafeContext } from './createSafe.types.ts';
import { walletFit } from './createSafe.logic.ts';

export type CreateSafeSnapshot = SnapshotFrom<typeof createSafeMachine>;

/** The machine's top-level state (`walletError` for all its kinds; see `walletErrorKind`). */
export type CreateSafeStep =
  | 'preparing'
  | 'prepareFailed'
  | 'editing'
  | 'predicting'
  | 'review'
  | 'preparingExecution'
  | 'checkingExecution'
  | 'deploying'
  | 'walletError'
  | 'checking'
  | 'interrupted'
  | 'tracking'
  | 'trackingLost'
  | 'failed'
  | 'discarded'
  | 'succeeded';

const STEPS: readonly CreateSafeStep[] = ['preparing', 'prepareFailed', 'editing', 'predicting', 'review', 'preparingExecution', 'checkingExecution', 'deploying', 'walletError', 'checking', 'interrupted', 'tracking', 'trackingLost', 'failed', 'discarded', 'succeeded'];

export interface CreateSafeView {
  step: CreateSafeStep;
  /** Why the wallet did not send the deployment; null outside `walletError`. */
  walletErrorKind: SendFailureKind | null;
  /** Computing the predicted address: the form is disabled. */
  busy: boolean;
  /** The form (or the review) is shown rather than the networks' loading or failure. */
  showsForm: boolean;
  canDiscard: boolean;
  /** Whether the connected wallet can pay for the deployment on the chosen chain. */
  walletFit: ReturnType<typeof walletFit>;
  chains: CreateSafeContext['chains'];
  form: CreateSafeContext['form'];
  errors: CreateSafeContext['errors'];
  error: CreateSafeContext['error'];
  deployment: CreateSafeContext['deployment'];
  prediction: CreateSafeContext['prediction'];
  txHash: CreateSafeContext['txHash'];
  walletFailure: CreateSafeContext['walletFailure'];
  /** What the device will show for the deployment (issue 19); absent without a device. */
  deviceCheck: CreateSafeContext['deviceCheck'];
  /** What the device changed in the deployment it signed; absent when nothing. */
  deviceChanges: CreateSafeContext['deviceChanges'];
  /** The device's name ("Ledger"), or null for a browser wallet. */
  deviceName: string | null;
}

export function connectCreateSafe(snapshot: CreateSafeSnapshot): CreateSafeView {
  const step = STEPS.find((name) => snapshot.matches(name)) ?? 'editing';
  const { context } = snapshot;
  return {
    step,
    walletErrorKind: step === 'walletError' ? (SEND_FAILURE_KINDS.find((kind) => snapshot.matches({ walletError: kind })) ?? null) : null,
    busy: step === 'predicting',
    showsForm: step === 'editing' || step === 'predicting',
    canDiscard: snapshot.can({ type: 'user.discard' }),
    walletFit: walletFit(context),
    chains: context.chains,
    form: context.form,
    errors: context.errors,
    error: context.error,
    deployment: context.deployment,
    prediction: context.prediction,
    txHash: context.txHash,
    walletFailure: context.walletFailure,
    deviceCheck: context.deviceCheck,
    deviceChanges: context.deviceChanges,
    deviceName: context.wallet?.device?.name ?? null,
  };
}
