import { connectShell } from '../../machines/appSession/appSession.connect.ts';
import { useAppSelector, useAppSend } from '../appContext.tsx';
import { shortAddress } from '../components/Address.tsx';
import { Link } from '../components/Link.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { WalletButton } from '../walletConnection/WalletButton.tsx';
import { PhoneMenu } from './PhoneMenu.tsx';

export function Header() {
  const theme = useAppSelector((s) => s.context.theme);
  const { safeShortName, safeAddress } = useAppSelector(connectShell, shallowEqualViewModel);
  const send = useAppSend();
  return (
    <header className="header">
      <PhoneMenu />
      <div className="safe-selector">
        {safeShortName && safeAddress ? (
          <Link to="/welcome/accounts" aria-label={`Open Safe ${safeShortName}:${safeAddress}, choose another Safe`}>
            <span className="chip">{safeShortName}</span> <span aria-hidden="true">{shortAddress(safeAddress)}</span>
          </Link>
        ) : (
          <Link to="/welcome/accounts">Select a Safe</Link>
        )}
      </div>
      <div className="header-actions">
        <button type="button" onClick={() => send({ type: 'user.toggleTheme' })} aria-pressed={theme === 'dark'}>
          Dark theme
        </button>
        <WalletButton />
      </div>
    </header>
  );
}
