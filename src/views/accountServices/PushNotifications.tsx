/** /settings/notifications: this browser as a push-notification device, per Safe. */
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { connectPushNotifications, type PushNotificationsStep } from '../../machines/accountServices/pushNotifications.connect.ts';
import type { PushNotificationsMachine } from '../../machines/accountServices/pushNotifications.machine.ts';
import { Address } from '../components/Address.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { SafeGate } from '../safeSession/SafeGate.tsx';
import type { AccountServicesInput } from '../../machines/accountServices/accountServices.types.ts';
import { ForOpenSafe, useAccountServicesLogic } from './accountServicesContext.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Busy, Messages } from './parts.tsx';
import { SignatureOnDevice, useSignerChanges, useSignerDevice, withDevice } from './deviceStep.tsx';

export type PushNotificationsRef = ActorRefFrom<PushNotificationsMachine>;

const BUSY: Partial<Record<PushNotificationsStep, string>> = {
  signing: 'Sign the registration in your wallet…',
  registering: 'Registering this browser…',
  unregisteringSafe: 'Unregistering the Safe…',
  unregisteringDevice: 'Removing this browser…',
};

/** `now` supplies the time put in the register event (the signed timestamp, and what a device is shown, derive from it). */
export function PushNotificationsView({ actor, now = Date.now }: { actor: PushNotificationsRef; now?: () => number }) {
  const view = useSelector(actor, connectPushNotifications, shallowEqualViewModel);
  const { step: state, status, idle, canRegister, canUnregisterDevice, context: ctx } = view;
  const onDevice = view.deviceCheck !== undefined && (state === 'checkingOnDevice' || state === 'signing' || state === 'walletError');
  return (
    <section aria-labelledby="push-title" className="card">
      <h2 id="push-title">Push notifications</h2>
      <p>Get notified in this browser about transactions of the chosen Safes. Registering needs a signature of an owner.</p>
      <Loadable what="notification settings" status={status} error={ctx.error} onRetry={() => actor.send({ type: 'user.retry' })}>
        <Messages error={state === 'walletError' ? null : ctx.error} notice={ctx.notice} signer={ctx.signer} />
        <p aria-label="This browser">
          This browser: {ctx.uuid ? <code aria-label="Device id">{ctx.uuid}</code> : <span>not registered</span>}
        </p>
        <ul aria-label="Safes" className="plain">
          {ctx.safes.map((safe) => {
            const selected = ctx.selected.some((a) => a.toLowerCase() === safe.address.toLowerCase());
            return (
              <li key={safe.address} aria-label={`Safe ${safe.address}`}>
                <label>
                  <input
                    type="checkbox"
                    checked={selected}
                    disabled={!idle || !safe.owned || !actor.getSnapshot().can({ type: 'user.toggleSafe', address: safe.address })}
                    aria-label={`Choose ${safe.address}`}
                    onChange={() => actor.send({ type: 'user.toggleSafe', address: safe.address })}
                  />{' '}
                  <Address address={safe.address} chainId={ctx.safe.chainId} short />
                </label>{' '}
                <span className="chip" aria-label="Notification state">
                  {safe.registered ? 'Registered' : 'Not registered'}
                </span>
                {!safe.owned ? <span className="muted"> · not owned by the connected wallet</span> : null}{' '}
                {safe.registered ? (
                  <button
                    type="button"
                    disabled={!actor.getSnapshot().can({ type: 'user.unregisterSafe', address: safe.address })}
                    aria-label={`Unregister ${safe.address}`}
                    onClick={() => actor.send({ type: 'user.unregisterSafe', address: safe.address })}
                  >
                    Unregister
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
        <SignatureOnDevice
          step={view}
          signing={state === 'signing'}
          check={view.deviceCheck}
          purpose={`This signature lets the gateway send this browser notifications about the transactions of ${ctx.selected.length === 1 ? 'this Safe' : 'these Safes'}: ${ctx.selected.join(', ')}. It signs the hash of this browser’s id, its notification token, the Safes and the time.`}
          what="registration"
          error={ctx.error}
          onConfirm={() => actor.send({ type: 'user.confirmOnDevice' })}
          onCancel={() => actor.send({ type: 'user.cancel' })}
          onRetry={() => actor.send({ type: 'user.retry', nowMs: now() })}
        />
        {onDevice ? null : <Busy text={BUSY[state] ?? null} />}
        <p>
          <button type="button" disabled={!canRegister} onClick={() => actor.send({ type: 'user.register', nowMs: now() })}>
            Register chosen Safes
          </button>{' '}
          <button type="button" disabled={!canUnregisterDevice} onClick={() => actor.send({ type: 'user.unregisterDevice' })}>
            Unregister this browser
          </button>
        </p>
      </Loadable>
    </section>
  );
}

/**
 * One actor per Safe: other owners, another account (decision 0088) or a device (decision 0084) read later are told to
 * it, so the chosen Safes stay.
 */
function PushNotificationsActor({ input }: { input: AccountServicesInput }) {
  const logic = useAccountServicesLogic();
  const device = useSignerDevice(input);
  const actor = useActorRef(logic.pushNotifications, { input: withDevice(input, device), ...(logic.inspect ? { inspect: logic.inspect } : {}) });
  useSignerChanges(actor, input, device);
  return <PushNotificationsView actor={actor} />;
}

export function NotificationsSettingsScreen() {
  return (
    <SafeGate title="Notifications">
      <ForOpenSafe signerChangesTold render={(input) => <PushNotificationsActor input={input} />} />
    </SafeGate>
  );
}
