/**
 * Receive: the Safe's address as a QR code, with its chain prefix and a copy button. Loaded on first open
 * (with the `qrcode` package), never in a Safe's first load. The QR holds the plain address, which every wallet's
 * scanner reads; the chain is written beside it so the sender picks the right network.
 */
import { useEffect, useState } from 'react';
import { CopyButton } from '../components/CopyButton.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import type { SafeIdentity } from './SafeIdentity.tsx';

export function ReceiveDialog({ identity, name, onClose }: { identity: SafeIdentity; name: string | null; onClose: () => void }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(identity.address, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((text) => live && setSvg(text))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [identity.address]);
  const prefixed = `${identity.shortName}:${identity.address}`;
  return (
    <Dialog title="Receive" onClose={onClose} closeOnOutsideClick description={`Send assets on ${identity.chainName} only to this address.`}>
      <div className="receive">
        {svg ? (
          <img className="receive-qr" src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt={`QR code of the address ${identity.address}`} width={220} height={220} />
        ) : (
          <p className="receive-qr receive-qr-pending" role="status">
            {failed ? 'The QR code could not be drawn; copy the address instead.' : 'Drawing the QR code…'}
          </p>
        )}
        {name ? <strong>{name}</strong> : null}
        <p className="receive-address">
          <span className="chip">{identity.chainName}</span> <code>{prefixed}</code>
        </p>
        <div className="receive-actions">
          <span>
            Address <CopyButton value={identity.address} label="address" />
          </span>
          <span>
            With network prefix <CopyButton value={prefixed} label={`address with the ${identity.shortName} prefix`} />
          </span>
        </div>
      </div>
    </Dialog>
  );
}
