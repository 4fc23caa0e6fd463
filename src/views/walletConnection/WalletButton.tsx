import { lazy, Suspense, useId, useRef, useState } from 'react';
import { shortAddress } from '../components/Address.tsx';
import { useAddressName } from '../addressBook/useAddressName.ts';
import { connectWalletConnection } from '../../machines/walletConnection/walletConnection.connect.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { chainLabel } from './chainLabel.ts';
import { useWallet, useWalletSend } from './walletContext.tsx';

// The menu (and Radix's Popover under it) loads on the first open: the cold load has a budget.
const WalletMenu = lazy(() => import('./WalletMenu.tsx').then((m) => ({ default: m.WalletMenu })));

/**
 * The header's wallet control: "Connect wallet" when none is connected, a busy label while connecting, and
 * when connected a button with the address and network that opens the wallet menu (WalletMenu: details, the
 * devnet account switcher in devnet builds, disconnect). Escape or a click outside closes the menu; Escape gives
 * focus back to the button.
 */
export function WalletButton() {
  const send = useWalletSend();
  const { wallet, chainNames, connected, canConnect, disconnecting, busy } = useWallet(connectWalletConnection, shallowEqualViewModel);
  const name = useAddressName(wallet?.address ?? null, wallet?.chainId ?? null);
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so that closing runs its focus return instead of unmounting it.
  const [menuUsed, setMenuUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // A wallet that went away closes its menu: the next connection starts with it closed.
  if (open && !(connected && wallet)) setOpen(false);

  if (connected && wallet) {
    const network = chainLabel(chainNames, wallet.chainId);
    return (
      <div className="wallet-menu">
        <button
          ref={button}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => {
            setMenuUsed(true);
            setOpen(!open);
          }}
        >
          {/* The name says the account in full and contains the visible text (WCAG label in name). */}
          <span className="visually-hidden">
            Wallet {wallet.address} on {network}:{' '}
          </span>
          <span className="wallet-dot" aria-hidden="true" /> {name ?? shortAddress(wallet.address)} <span className="chip">{network}</span>
        </button>
        {menuUsed ? (
          <Suspense fallback={null}>
            <WalletMenu
              anchor={button}
              id={menuId}
              open={open}
              onOpenChange={setOpen}
              wallet={wallet}
              network={network}
              name={name}
              onDisconnect={() => {
                setOpen(false);
                send({ type: 'user.disconnect' });
              }}
            />
          </Suspense>
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
