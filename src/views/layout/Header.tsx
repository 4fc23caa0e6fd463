import { useRef } from 'react';
import { connectShell } from '../../machines/appSession/appSession.connect.ts';
import { useAppSelector, useAppSend } from '../appContext.tsx';
import { shortAddress } from '../components/Address.tsx';
import { Link } from '../components/Link.tsx';
import { Tooltip } from '../ui/Tooltip.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { WalletButton } from '../walletConnection/WalletButton.tsx';
import { useWalletFocusReturn } from '../walletConnection/useWalletFocusReturn.ts';
import { PhoneMenu } from './PhoneMenu.tsx';

export function Header() {
  const theme = useAppSelector((s) => s.context.theme);
  const { safeShortName, safeAddress } = useAppSelector(connectShell, shallowEqualViewModel);
  const send = useAppSend();
  const walletSlot = useRef<HTMLSpanElement>(null);
  useWalletFocusReturn(walletSlot);
  return (
    <header className="header">
      <PhoneMenu />
      <div className="safe-selector">
        {safeShortName && safeAddress ? (
          <Tooltip content={`${safeShortName}:${safeAddress}`}>
            <Link to="/welcome/accounts" className="safe-link">
              {/* The name contains the visible text (WCAG label in name) and says the rest to screen readers. */}
              <span className="visually-hidden">Open Safe </span>
              <span className="chip">{safeShortName}</span> {shortAddress(safeAddress)}
              <span className="visually-hidden">
                {' '}
                ({safeShortName}:{safeAddress}), choose another Safe
              </span>
            </Link>
          </Tooltip>
        ) : (
          <Link to="/welcome/accounts">Select a Safe</Link>
        )}
      </div>
      <div className="header-actions">
        <button type="button" onClick={() => send({ type: 'user.toggleTheme' })} aria-pressed={theme === 'dark'}>
          Dark theme
        </button>
        <span className="header-wallet" ref={walletSlot}>
          <WalletButton />
        </span>
      </div>
    </header>
  );
}
