import { parseSafeParam } from '../../machines/shared/routes.ts';
import { useAppSelector, useAppSend } from '../appContext.tsx';
import { shortAddress } from '../components/Address.tsx';
import { Link } from '../components/Link.tsx';
import { WalletButton } from '../walletConnection/WalletButton.tsx';

export function Header() {
  const search = useAppSelector((s) => s.context.location.search);
  const theme = useAppSelector((s) => s.context.theme);
  const send = useAppSend();
  const safe = parseSafeParam(search);
  return (
    <header className="header">
      <div className="safe-selector">
        {safe ? (
          <Link to="/welcome/accounts" aria-label={`Open Safe ${safe.shortName}:${safe.address}, choose another Safe`}>
            <span className="chip">{safe.shortName}</span> {shortAddress(safe.address)}
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
