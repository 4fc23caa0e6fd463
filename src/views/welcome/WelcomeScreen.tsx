import { Link } from '../components/Link.tsx';
import { connectWalletConnection } from '../../machines/walletConnection/walletConnection.connect.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { useWallet, useWalletSend } from '../walletConnection/walletContext.tsx';

/** /welcome: connect a wallet to see your Safes, or open one by address. */
export function WelcomeScreen() {
  const send = useWalletSend();
  const { connected, canConnect, busy } = useWallet(connectWalletConnection, shallowEqualViewModel);
  return (
    <section aria-labelledby="screen-title" className="screen welcome">
      <h1 id="screen-title">Welcome to Countersign</h1>
      <p>Open your existing Safe accounts, add one by its address, or create a new one.</p>
      <div className="welcome-cards">
        <article className="card">
          <h2>Your Safe accounts</h2>
          {connected ? (
            <>
              <p>See the Safes your connected wallet owns on every network.</p>
              <Link to="/welcome/accounts" className="button-link">
                View my accounts
              </Link>
            </>
          ) : (
            <>
              <p>Connect a wallet to see the Safes it owns on every network.</p>
              <button type="button" onClick={() => send({ type: 'user.connect' })} disabled={!canConnect}>
                {busy ? 'Connecting…' : 'Connect wallet'}
              </button>{' '}
              <Link to="/welcome/accounts">Added Safes</Link>
            </>
          )}
        </article>
        <article className="card">
          <h2>Watch any account</h2>
          <p>Add an existing Safe by network and address; you can open it read-only without a wallet.</p>
          <Link to="/new-safe/load" className="button-link">
            Add existing Safe
          </Link>{' '}
          <Link to="/new-safe/create" className="button-link">
            Create new Safe
          </Link>
        </article>
      </div>
    </section>
  );
}
