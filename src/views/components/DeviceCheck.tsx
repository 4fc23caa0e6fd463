/**
 * The on-device check (issue 19): before a hardware or remote signer is asked, the flow shows exactly what the
 * device will show — computed here from the bytes that are sent to it — and the signer says they will approve on
 * the device only if it shows the same. While the device waits, the same values stay on screen to compare with.
 */
import { useId, useState } from 'react';
import type { DeviceCheck } from '../../machines/transactionFlow/transactionFlow.types.ts';
import { CopyButton } from './CopyButton.tsx';
import { deviceRejectionWords } from '../../domain/wallet/deviceDisplay.ts';
import './deviceCheck.css';

const WHAT: Record<DeviceCheck['what'], string> = {
  signature: 'signature',
  execution: 'execution',
  message: 'message',
};

/** A message's line in hex (bytes that are not text, decision 0075). */
const isHexLine = (check: DeviceCheck) => check.lines.some((line) => /^0x[0-9a-f]*$/.test(line.value));

/** The lines the device will show, each with a copy button. */
export function DeviceLines({ check }: { check: DeviceCheck }) {
  return (
    <dl className="device-lines" aria-label={`What your ${check.device.name} will show`}>
      {check.lines.map((line) => (
        <div key={line.label}>
          <dt>{line.label}</dt>
          <dd>
            <code>{line.value}</code> <CopyButton value={line.value} label={`Copy ${line.label}`} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function intro(check: DeviceCheck): string {
  const name = check.device.name;
  if (check.what === 'execution') {
    return `Countersign fixed the nonce, gas and fees of this execution itself. Your ${name} will show the transaction below; its transaction hash is the hash of exactly these fields. Approve on the ${name} only if it shows the same values.`;
  }
  if (check.what === 'message') {
    if (check.device.display === 'remote') return `The wallet on your other device will show the message below, computed here from the exact bytes sent to it. Approve there only if it shows the same.`;
    if (isHexLine(check))
      return `These bytes are not text, so your ${name} shows them in hex. They are computed here from the exact bytes sent to it. Approve on the ${name} only if it shows the same hex.`;
    return `Your ${name} will show the message below. It is computed here from the exact bytes sent to it. Approve on the ${name} only if it shows the same text.`;
  }
  if (check.device.display === 'qr')
    return `Your ${name} reads this request from the QR code and will show the values below: the domain, the primary type, for a Safe transaction its three hashes, then the message's fields. They are computed here from the exact data in the QR code. Approve on the ${name} only if every value matches.`;
  if (check.device.display === 'fields') return `Your ${name} will show the fields below, one by one. They are computed here from the exact data sent to it. Approve on the ${name} only if every field matches.`;
  if (check.device.display === 'remote')
    return `The wallet on your other device will show the request. If it shows hashes, they must be these two, computed here from the exact data sent to it. Approve there only if they match.`;
  return `Your ${name} cannot show in words what it signs here: it shows two hashes instead. They are computed here from the exact data sent to it. Approve on the ${name} only if both match.`;
}

/** The step before the prompt: the values, and the signer's word that they will compare. */
export function DeviceCheckStep({
  check,
  purpose,
  onConfirm,
  onBack,
  onCancel,
}: {
  check: DeviceCheck;
  /** What the signature authorises, in words (shown under the heading). */
  purpose?: string;
  onConfirm: () => void;
  onBack?: () => void;
  onCancel?: () => void;
}) {
  const [ticked, setTicked] = useState(false);
  const tickId = useId();
  return (
    <section aria-labelledby={`${tickId}-heading`} className="device-check">
      <h3 id={`${tickId}-heading`}>
        Check the {WHAT[check.what]} on your {check.device.name}
      </h3>
      {purpose ? <p>{purpose}</p> : null}
      <p>{intro(check)}</p>
      <DeviceLines check={check} />
      <p className="device-check-tick">
        <input id={tickId} type="checkbox" checked={ticked} onChange={(event) => setTicked(event.target.checked)} />
        <label htmlFor={tickId}>I will compare these values with my {check.device.name} and approve there only if they all match.</label>
      </p>
      <div className="txflow-actions">
        {onBack ? (
          <button type="button" onClick={onBack}>
            Back
          </button>
        ) : null}
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="button" className="primary" disabled={!ticked} onClick={onConfirm}>
          Continue on the {check.device.name}
        </button>
      </div>
    </section>
  );
}

/** While the device waits: what to do there, and the values to compare. */
export function DeviceWaiting({ check }: { check: DeviceCheck }) {
  return (
    <>
      <p role="status">
        Confirm the {WHAT[check.what]} on your {check.device.name}. Approve only if it shows these values:
      </p>
      <DeviceLines check={check} />
    </>
  );
}

/**
 * The titles of a device's errors (issue 19); the failure's own text, which names the device, follows the title and
 * says what to do on the device.
 */
export const DEVICE_ERROR_TITLES = {
  deviceLocked: 'Device locked.',
  wrongApp: 'Wrong app open on the device.',
  blindSigningDisabled: 'Blind signing is off on the device.',
  deviceDisconnected: 'Device not connected.',
  noTypedData: 'This wallet cannot sign typed data.',
} as const;

/**
 * What follows a flow's "rejected" title: a device's own words for its rejection (a Keystone's closed QR window,
 * decision 0083) with a leading space, or '' (another wallet or device, or another kind).
 */
export function deviceRejectionSuffix(kind: string | null | undefined, message: string | null | undefined): string {
  const words = kind === 'rejected' ? deviceRejectionWords(message) : null;
  return words ? ` ${words}` : '';
}

/** A device error's kind (its failure text says what to do on the device, so a dialog shows it). */
export const isDeviceErrorKind = (kind: string | null | undefined): kind is keyof typeof DEVICE_ERROR_TITLES => kind != null && kind in DEVICE_ERROR_TITLES;

/** What a device changed in the execution it signed (issue 19): shown from the broadcast on. */
export function DeviceChanges({ changes, device }: { changes: string[] | undefined; device: string }) {
  if (!changes || changes.length === 0) return null;
  return (
    <div role="alert" className="device-changes">
      <strong>Your {device} changed the transaction before signing it.</strong> It was sent as the device signed it, not as you checked it: {changes.join('; ')}.
      The execution hash you compared is not the one sent.
    </div>
  );
}
