import { lazy, Suspense } from 'react';
import { Link } from '../components/Link.tsx';
import { connectWalletConnection } from '../../machines/walletConnection/walletConnection.connect.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { useWalletAddress } from '../walletConnection/ReadOnlyBadge.tsx';
import { useWallet, useWalletSend } from '../walletConnection/walletContext.tsx';
import './welcome.css';

// The accounts list is the My Safe accounts screen's own component, loaded when a wallet is connected (the welcome
// page is in the first load; the list is not).
const OwnerAccounts = lazy(() => import('../myAccounts/AccountsScreen.tsx').then((m) => ({ default: m.OwnerAccounts })));

/** /welcome: your Safes (listed here once a wallet is connected), create a new one, or add one by its address. */
export function WelcomeScreen() {
  const send = useWalletSend();
  const { connected, canConnect, busy } = useWallet(connectWalletConnection, shallowEqualViewModel);
  const owner = useWalletAddress();
  return (
    <section aria-labelledby="screen-title" className="screen welcome">
      <h1 id="screen-title">Welcome to Countersign</h1>
      <p>Open your existing Safe accounts, create a new one, or add one by its address.</p>
      <div className="welcome-cards">
        <article className="card">
          <h2>Create new Safe</h2>
          <p>A new Safe account on any network, with the signers and confirmations you choose.</p>
          <Link to="/new-safe/create" className="button-link">
            Create new Safe
          </Link>
        </article>
        <article className="card">
          <h2>Add existing Safe</h2>
          <p>Add a Safe by network and address; you can watch it read-only without a wallet.</p>
          <Link to="/new-safe/load" className="button-link">
            Add existing Safe
          </Link>
        </article>
        {connected ? null : (
          <article className="card">
            <h2>Your Safe accounts</h2>
            <p>Connect a wallet to see the Safes it owns on every network.</p>
            <button type="button" onClick={() => send({ type: 'user.connect' })} disabled={!canConnect}>
              {busy ? 'Connecting…' : 'Connect wallet'}
            </button>{' '}
            <Link to="/welcome/accounts">Added Safes</Link>
          </article>
        )}
      </div>
      {connected ? (
        <section aria-labelledby="welcome-accounts-title" className="welcome-accounts">
          <h2 id="welcome-accounts-title">Your Safe accounts</h2>
          <Suspense fallback={<p role="status">Loading your Safe accounts…</p>}>
            <OwnerAccounts key={owner ?? 'none'} owner={owner} />
          </Suspense>
        </section>
      ) : null}
    </section>
  );
}
