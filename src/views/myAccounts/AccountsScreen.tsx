import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { myAccountsMachine } from '../../machines/myAccounts/myAccounts.machine.ts';
import { connectMyAccounts } from '../../machines/myAccounts/myAccounts.connect.ts';
import { connectWalletConnection } from '../../machines/walletConnection/walletConnection.connect.ts';
import type { AccountRow } from '../../machines/myAccounts/myAccounts.types.ts';
import { Address } from '../components/Address.tsx';
import { Link } from '../components/Link.tsx';
import { useAddressName } from '../addressBook/useAddressName.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { useWalletAddress } from '../walletConnection/ReadOnlyBadge.tsx';
import { useAccountsLogic, useWallet, useWalletSend } from '../walletConnection/walletContext.tsx';
import './accounts.css';

function formatFiat(value: string, currency: string): string {
  const amount = Number(value);
  if (!Number.isFinite(amount)) return `${value} ${currency.toUpperCase()}`;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), maximumFractionDigits: 2 }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/**
 * Pin or unpin as trusted (S17, decision 0064): a toggle button, so its state is announced and it works by keyboard.
 * Its label stays the same in both states (aria-pressed and the pressed style say which; the row's Trusted chip too),
 * and its accessible name begins with that visible label (WCAG 2.5.3) before the Safe it pins.
 */
function PinButton({ row, name, onPin, disabled }: { row: AccountRow; name: string; onPin: (trusted: boolean) => void; disabled: boolean }) {
  const trusted = row.trusted === true;
  return (
    <button type="button" className="account-pin" aria-pressed={trusted} disabled={disabled} onClick={() => onPin(!trusted)} aria-label={`Pin as trusted: ${name} on ${row.chainName}`}>
      Pin as trusted
    </button>
  );
}

function AccountItem({ row, onPin, canPin }: { row: AccountRow; onPin: (trusted: boolean) => void; canPin: boolean }) {
  const bookName = useAddressName(row.address, row.chainId);
  const name = row.name || bookName;
  return (
    <li className="account-row" data-testid="account-row">
      <div className="account-main">
        <span className="chip">{row.chainName}</span> <Address address={row.address} name={name} short />
        {row.owned ? <span className="chip chip-owned">Owner</span> : null}
        {row.added ? <span className="chip">Added</span> : null}
        {row.trusted ? (
          <span className="chip chip-trusted" title="Pinned as trusted: a Safe that only resembles it is warned about before it opens">
            <span aria-hidden="true">📌 </span>Trusted
          </span>
        ) : null}
      </div>
      {row.overview ? (
        <dl className="account-overview">
          <dt>Total</dt>
          <dd>{formatFiat(row.overview.fiatTotal, row.overview.currency)}</dd>
          <dt>Threshold</dt>
          <dd>
            {row.overview.threshold}/{row.overview.owners}
          </dd>
          <dt>Queued</dt>
          <dd>{row.overview.queued}</dd>
        </dl>
      ) : (
        <p className="muted account-overview">No overview available.</p>
      )}
      {/* The link covers the whole row (a click anywhere opens the Safe); the copy button and explorer link sit above it. */}
      <Link className="account-open" to={`/home?safe=${row.shortName}:${row.address}`} aria-label={`Open ${name ?? row.address} on ${row.chainName}`}>
        Open
      </Link>
      <PinButton row={row} name={name ?? row.address} onPin={onPin} disabled={!canPin} />
    </li>
  );
}

export type MyAccountsRef = ActorRefFrom<typeof myAccountsMachine>;

/** The owned and added Safes, drawn from one myAccounts actor. */
export function AccountsList({ actor }: { actor: MyAccountsRef }) {
  const { status, owner, rows, failedChains, error, canRefresh, canPin, trustError } = useSelector(actor, connectMyAccounts, shallowEqualViewModel);
  const item = (row: AccountRow) => (
    <AccountItem
      key={`${row.chainId}:${row.address}`}
      row={row}
      canPin={canPin}
      onPin={(trusted) => actor.send({ type: 'user.setTrusted', chainId: row.chainId, address: row.address, trusted })}
    />
  );
  if (status === 'loading') {
    return (
      <p role="status" className="banner">
        Loading your Safe accounts…
      </p>
    );
  }
  if (status === 'failed') {
    return (
      <div role="alert" className="banner banner-error">
        <strong>Could not load your Safe accounts.</strong> {error}{' '}
        <button type="button" onClick={() => actor.send({ type: 'user.retry' })}>
          Retry
        </button>
      </div>
    );
  }
  const owned = rows.filter((r) => r.owned);
  const added = rows.filter((r) => !r.owned);
  return (
    <>
      {failedChains.length > 0 ? (
        <p role="note" className="banner">
          Owned Safes could not be read on: {failedChains.join(', ')}.
        </p>
      ) : null}
      {trustError ? (
        <p role="alert" className="banner banner-error">
          {trustError}
        </p>
      ) : null}
      <h2>{owner ? `Owned by ${owner.slice(0, 6)}…${owner.slice(-4)} (${owned.length})` : 'Owned Safes'}</h2>
      {owner === null ? (
        <p className="muted">Connect a wallet to see the Safes it owns.</p>
      ) : owned.length === 0 ? (
        <p className="muted">This wallet owns no Safe on the networks the gateway lists.</p>
      ) : (
        <ul className="account-list" aria-label="Owned Safes">
          {owned.map(item)}
        </ul>
      )}
      <h2>Added Safes ({added.length})</h2>
      {added.length === 0 ? (
        <p className="muted">No added Safes yet.</p>
      ) : (
        <ul className="account-list" aria-label="Added Safes">
          {added.map(item)}
        </ul>
      )}
      <p>
        <button type="button" onClick={() => actor.send({ type: 'user.refresh' })} disabled={!canRefresh}>
          Refresh
        </button>
      </p>
    </>
  );
}

/** A new myAccounts actor per owner, so switching accounts in the wallet reloads the list (also on the welcome page). */
export function OwnerAccounts({ owner }: { owner: `0x${string}` | null }) {
  const actor = useActorRef(useAccountsLogic(), { input: { owner } });
  return <AccountsList actor={actor} />;
}

/** /welcome/accounts: the Safes the connected wallet owns on every chain, plus the added ones. */
export function AccountsScreen() {
  const owner = useWalletAddress();
  const send = useWalletSend();
  const canConnect = useWallet((s) => connectWalletConnection(s).canConnect);
  return (
    <section aria-labelledby="screen-title" className="screen accounts">
      <h1 id="screen-title">My Safe accounts</h1>
      <p>
        <Link to="/new-safe/load">Add existing Safe</Link> <Link to="/new-safe/create">Create new Safe</Link>
        {owner === null && canConnect ? (
          <>
            {' '}
            <button type="button" onClick={() => send({ type: 'user.connect' })}>
              Connect wallet
            </button>
          </>
        ) : null}
      </p>
      <OwnerAccounts key={owner ?? 'none'} owner={owner} />
    </section>
  );
}
