/**
 * The on-device step of the account services' signatures (issue 19, decision 0075), as the views read it from any of
 * the machines that have it (pushNotifications, emailAlerts, recoveryRegistration): the check before the prompt, the
 * device's failure, and the ways on.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { PROPOSER_DEVICE_FAILURE_KINDS, type ProposerDeviceFailureKind } from './accountServices.logic.ts';

export interface DeviceStepView {
  /** An owner on a device compares what it will show before its prompt. */
  checkingOnDevice: boolean;
  /** Why the device or wallet did not sign a checked signature; null otherwise. */
  walletError: ProposerDeviceFailureKind | null;
  canConfirmOnDevice: boolean;
  /** Try again (after a device's failure: back to the check, at the time of the retry). */
  canRetryOnDevice: boolean;
  /** Leave the on-device step or its failure without signing. */
  canCancel: boolean;
}

export function connectDeviceStep(snapshot: Pick<AnyMachineSnapshot, 'matches' | 'can'>): DeviceStepView {
  const failed = snapshot.matches('walletError');
  return {
    checkingOnDevice: snapshot.matches('checkingOnDevice'),
    walletError: failed ? (PROPOSER_DEVICE_FAILURE_KINDS.find((kind) => snapshot.matches({ walletError: kind })) ?? 'other') : null,
    canConfirmOnDevice: snapshot.can({ type: 'user.confirmOnDevice' }),
    canRetryOnDevice: failed && snapshot.can({ type: 'user.retry' }),
    canCancel: snapshot.can({ type: 'user.cancel' }),
  };
}
