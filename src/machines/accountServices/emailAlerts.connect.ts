/** The emailAlerts view model: the e-mail card's step, what is known of the registration, and what can be done. */
import type { SnapshotFrom } from 'xstate';
import type { EmailAlertsMachine } from './emailAlerts.machine.ts';
import { connectDeviceStep, type DeviceStepView } from './deviceStep.connect.ts';
import { emailCheckOf } from './accountServices.logic.ts';
import type { DeviceCheck } from '../transactionFlow/transactionFlow.types.ts';

export type EmailAlertsSnapshot = SnapshotFrom<EmailAlertsMachine>;

/**
 * `notOffered`: this gateway has no e-mail endpoints (decision 0051). `askingGateway`: an owner on a device waits
 * while the gateway is asked whether it offers them, before the device is asked to show anything (decision 0078).
 */
export type EmailAlertsStep = 'resting' | 'askingGateway' | 'checkingOnDevice' | 'signing' | 'walletError' | 'sending' | 'verifying' | 'resending' | 'notOffered';

/** What is known of this signer's registration while nothing is in flight. */
export type EmailRegistrationState = 'unknown' | 'notRegistered' | 'unverified' | 'verified';

const STEPS: readonly EmailAlertsStep[] = ['resting', 'askingGateway', 'checkingOnDevice', 'signing', 'walletError', 'sending', 'verifying', 'resending', 'notOffered'];
const REGISTRATION_STATES: readonly EmailRegistrationState[] = ['unknown', 'notRegistered', 'unverified', 'verified'];

export interface EmailAlertsView extends DeviceStepView {
  step: EmailAlertsStep;
  /** `null` while a request is in flight. */
  registrationState: EmailRegistrationState | null;
  canShow: boolean;
  /** A well-formed address would be accepted now. */
  canSubmitEmail: boolean;
  canDelete: boolean;
  /** A code would be accepted now. */
  canVerify: boolean;
  canResend: boolean;
  /** What the owner's device shows for the request, while it is checked or signs (issue 19). */
  deviceCheck: DeviceCheck | undefined;
  context: EmailAlertsSnapshot['context'];
}

export function connectEmailAlerts(snapshot: EmailAlertsSnapshot): EmailAlertsView {
  const step = STEPS.find((name) => snapshot.matches(name)) ?? 'resting';
  return {
    step,
    registrationState: step === 'resting' ? (REGISTRATION_STATES.find((name) => snapshot.matches({ resting: name })) ?? 'unknown') : null,
    canShow: snapshot.can({ type: 'user.show' }),
    canSubmitEmail: snapshot.can({ type: 'user.submitEmail', email: 'a@b.co' }),
    canDelete: snapshot.can({ type: 'user.delete' }),
    canVerify: snapshot.can({ type: 'user.verify', code: '0' }),
    canResend: snapshot.can({ type: 'user.resend' }),
    ...connectDeviceStep(snapshot),
    deviceCheck: snapshot.context.checkedOnDevice ? emailCheckOf(snapshot.context) : undefined,
    context: snapshot.context,
  };
}
