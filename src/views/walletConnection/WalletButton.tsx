import { useState } from 'react';
import { Address, shortAddress } from '../components/Address.tsx';
import { useAddressName } from '../addressBook/useAddressName.ts';
import { connectWalletConnection } from '../../machines/walletConnection/walletConnection.connect.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { chainLabel } from './chainLabel.ts';
import { useWallet, useWalletSend } from './walletContext.tsx';

/**
 * The header's wallet control: "Connect wallet" when none is connected, a busy label while connecting, and
 * when connected a button with the address and network that opens a small menu (details, disconnect).
 */
export function WalletButton() {
  const send = useWalletSend();
  const { wallet, chainNames, connected, canConnect, disconnecting, busy } = useWallet(connectWalletConnection, shallowEqualViewModel);
  const name = useAddressName(wallet?.address ?? null, wallet?.chainId ?? null);
  const [open, setOpen] = useState(false);

  if (connected && wallet) {
    const network = chainLabel(chainNames, wallet.chainId);
    return (
      <div className="wallet-menu">
        <button type="button" aria-haspopup="true" aria-expanded={open} onClick={() => setOpen(!open)} >
          {/* The name says the account in full and contains the visible text (WCAG label in name). */}
          <span className="visually-hidden">
            Wallet {wallet.address} on {network}:{' '}
          </span>
          <span className="wallet-dot" aria-hidden="true" /> {name ?? shortAddress(wallet.address)} <span className="chip">{network}</span>
        </button>
        {open ? (
          <div className="wallet-popover" role="dialog" aria-label="Connected wallet">
            <p>
              Connected with <strong>{wallet.label}</strong> on <strong>{network}</strong>.
            </p>
            <Address address={wallet.address} name={name} />
            <p className="muted">To use another account, switch accounts in your wallet; Countersign follows it.</p>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                send({ type: 'user.disconnect' });
              }}
            >
              Disconnect
            </button>
          </div>
        ) : null}
      </div>
    );
  }
  if (busy) {
    return (
      <button type="button" disabled aria-busy="true">
        {disconnecting ? 'Disconnecting…' : 'Connecting…'}
      </button>
    );
  }
  return (
    <button type="button" onClick={() => send({ type: 'user.connect' })} disabled={!canConnect}>
      Connect wallet
    </button>
  );
}
