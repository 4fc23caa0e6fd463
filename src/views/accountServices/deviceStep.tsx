/**
 * The on-device step of the account services' personal_sign signatures (issue 19, decision 0075): what the device
 * will show and what the signature authorises, before the prompt; the same values while the device waits; its
 * failure with Try again (at the time of the retry) and Cancel. Rendered by the push, e-mail, recovery and proposers
 * cards.
 */
import type { DeviceCheck } from '../../machines/transactionFlow/transactionFlow.types.ts';
import { useEffect, useRef } from 'react';
import type { AccountServicesInput } from '../../machines/accountServices/accountServices.types.ts';
import type { SignerDevice } from '../../domain/wallet/signerDevice.ts';
import type { DeviceStepView } from '../../machines/accountServices/deviceStep.connect.ts';
import { connectWalletConnection } from '../../machines/walletConnection/walletConnection.connect.ts';
import { DEVICE_ERROR_TITLES, DeviceCheckStep, DeviceWaiting, isDeviceErrorKind } from '../components/DeviceCheck.tsx';
import { useWallet } from '../walletConnection/walletContext.tsx';
import '../settings/settings.css';

/**
 * The device the wallet signs on (issue 19), as one JSON string ('' for none, or without a wallet) so the selector's
 * value stays equal between snapshots; read here, not in the shared input, so the first load carries none of it.
 */
export function useSignerDevice(input: AccountServicesInput): string {
  return useWallet((s) => {
    const device = connectWalletConnection(s).wallet?.device;
    return device && input.wallet ? JSON.stringify(device) : '';
  });
}

const deviceOfJson = (json: string): SignerDevice | null => (json ? (JSON.parse(json) as SignerDevice) : null);

/** A card's actor input with the device known when it starts (`useSignerDevice`). */
export function withDevice(input: AccountServicesInput, deviceJson: string): AccountServicesInput {
  const device = deviceOfJson(deviceJson);
  return device ? { ...input, device } : input;
}

type SignerChangeEvent = { type: 'system.deviceChanged'; device: SignerDevice | null } | { type: 'system.signerChanged'; owners: string[]; wallet: string | null };

/**
 * What changed after the card's actor started is told to the running actor instead of starting a new one, so the card
 * keeps what was typed or chosen (`<ForOpenSafe signerChangesTold>`):
 * - the Safe's owners (a poll read others) or the connected account: `system.signerChanged` (decision 0088), then
 *   the device the wallet signs on when there is one (a signer who was none has no device yet in the card);
 * - the device alone (the wallet reports its profile after connecting, or another device): `system.deviceChanged`
 *   (decision 0084).
 */
export function useSignerChanges(actor: { send(event: SignerChangeEvent): void }, input: AccountServicesInput, deviceJson: string): void {
  const owners = input.safe.owners.join(',');
  const wallet = input.wallet ?? '';
  const told = useRef({ owners, wallet, deviceJson });
  useEffect(() => {
    const before = told.current;
    if (before.owners === owners && before.wallet === wallet && before.deviceJson === deviceJson) return;
    told.current = { owners, wallet, deviceJson };
    const signerChanged = before.owners !== owners || before.wallet !== wallet;
    if (signerChanged) actor.send({ type: 'system.signerChanged', owners: owners ? owners.split(',') : [], wallet: wallet || null });
    if (before.deviceJson !== deviceJson || (signerChanged && deviceJson)) actor.send({ type: 'system.deviceChanged', device: deviceOfJson(deviceJson) });
  }, [actor, owners, wallet, deviceJson]);
}

interface SignatureOnDeviceProps {
  step: DeviceStepView;
  /** The machine is in its signing state. */
  signing: boolean;
  check: DeviceCheck | undefined;
  /** What the signature authorises, in words. */
  purpose: string | null;
  /** What was not signed, for the failure's region ("The registration was not signed"). */
  what: string;
  /** Said before the check (the proposers: which change the device signs); nothing when absent. */
  lead?: string | null | undefined;
  /** The failure keeps what was asked for Try again (the proposers' change): its text says so. */
  keeps?: boolean | undefined;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  onRetry: () => void;
}

/** The check, the wait, or the failure of a signature on a device; nothing without a device. */
export function SignatureOnDevice({ step, signing, check, purpose, what, lead, keeps, error, onConfirm, onCancel, onRetry }: SignatureOnDeviceProps) {
  if (step.checkingOnDevice && check) {
    return (
      <div className="proposer-device">
        {lead ? <p>{lead}</p> : null}
        <DeviceCheckStep check={check} {...(purpose ? { purpose } : {})} onConfirm={onConfirm} {...(step.canCancel ? { onCancel } : {})} />
      </div>
    );
  }
  if (signing && check) {
    return (
      <div className="proposer-device">
        <DeviceWaiting check={check} />
      </div>
    );
  }
  if (step.walletError === null) return null;
  const title = isDeviceErrorKind(step.walletError) ? DEVICE_ERROR_TITLES[step.walletError] : null;
  return (
    <section aria-label={`The ${what} was not signed`} className="device-check">
      <p role="alert" className="banner banner-error">
        {title ? `${title} ` : ''}
        {error ?? 'The wallet did not sign.'}
      </p>
      <p>
        Nothing was signed or sent. {keeps ? `The ${what} is kept: ` : ''}Try again shows the values to compare again, for a signature made now, then asks the
        device.
      </p>
      <p className="proposer-actions">
        {step.canCancel ? (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        {step.canRetryOnDevice ? (
          <button type="button" className="primary" onClick={onRetry}>
            Try again
          </button>
        ) : null}
      </p>
    </section>
  );
}
