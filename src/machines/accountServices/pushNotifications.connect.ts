/** The pushNotifications view model: the notifications card's step and data, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { PushNotificationsMachine } from './pushNotifications.machine.ts';
import { connectDeviceStep, type DeviceStepView } from './deviceStep.connect.ts';
import { registrationCheckOf } from './accountServices.logic.ts';
import type { DeviceCheck } from '../transactionFlow/transactionFlow.types.ts';

export type PushNotificationsSnapshot = SnapshotFrom<PushNotificationsMachine>;

export type PushNotificationsStep =
  | 'loading'
  | 'loadFailed'
  | 'idle'
  | 'checkingOnDevice'
  | 'signing'
  | 'walletError'
  | 'registering'
  | 'unregisteringSafe'
  | 'unregisteringDevice';

const STEPS: readonly PushNotificationsStep[] = ['loading', 'loadFailed', 'idle', 'checkingOnDevice', 'signing', 'walletError', 'registering', 'unregisteringSafe', 'unregisteringDevice'];

export interface PushNotificationsView extends DeviceStepView {
  step: PushNotificationsStep;
  /** The device state: loading, failed, or shown. */
  status: 'loading' | 'failed' | 'ready';
  /** Nothing is in flight: Safes can be chosen. */
  idle: boolean;
  canRegister: boolean;
  canUnregisterDevice: boolean;
  /** What the owner's device shows for the registration, while it is checked or signs (issue 19). */
  deviceCheck: DeviceCheck | undefined;
  context: PushNotificationsSnapshot['context'];
}

export function connectPushNotifications(snapshot: PushNotificationsSnapshot): PushNotificationsView {
  const step = STEPS.find((name) => snapshot.matches(name)) ?? 'loading';
  return {
    step,
    status: step === 'loading' ? 'loading' : step === 'loadFailed' ? 'failed' : 'ready',
    idle: step === 'idle',
    canRegister: snapshot.can({ type: 'user.register' }),
    canUnregisterDevice: snapshot.can({ type: 'user.unregisterDevice' }),
    ...connectDeviceStep(snapshot),
    deviceCheck: snapshot.context.checkedOnDevice ? registrationCheckOf(snapshot.context) : undefined,
    context: snapshot.context,
  };
}
