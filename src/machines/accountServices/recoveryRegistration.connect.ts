/** The recoveryRegistration view model: the recovery-alerts card's step and data, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { RecoveryRegistrationMachine } from './recoveryRegistration.machine.ts';
import { connectDeviceStep, type DeviceStepView } from './deviceStep.connect.ts';

export type RecoveryRegistrationSnapshot = SnapshotFrom<RecoveryRegistrationMachine>;

export type RecoveryRegistrationStep = 'editing' | 'checkingOnDevice' | 'signing' | 'walletError' | 'sending' | 'registered';

const STEPS: readonly RecoveryRegistrationStep[] = ['editing', 'checkingOnDevice', 'signing', 'walletError', 'sending', 'registered'];

export interface RecoveryRegistrationView extends DeviceStepView {
  step: RecoveryRegistrationStep;
  /** The module address can be typed and submitted. */
  editing: boolean;
  /** A well-formed module address would be accepted now. */
  canSubmit: boolean;
  context: RecoveryRegistrationSnapshot['context'];
}

export function connectRecoveryRegistration(snapshot: RecoveryRegistrationSnapshot): RecoveryRegistrationView {
  const step = STEPS.find((name) => snapshot.matches(name)) ?? 'editing';
  return {
    step,
    editing: step === 'editing',
    canSubmit: snapshot.can({ type: 'user.submit', moduleAddress: '0x0000000000000000000000000000000000000001' }),
    ...connectDeviceStep(snapshot),
    context: snapshot.context,
  };
}
