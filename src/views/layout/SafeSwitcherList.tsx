/**
 * The sidebar's list of your Safes (decision 0042): the rows of My Safe accounts — the Safes the connected wallet
 * owns and the ones added on this device — drawn from a myAccounts actor of their own, started when the list is
 * first opened (so a Safe's first load asks the gateway nothing more). Each row opens its Safe the way My Safe
 * accounts' Open does. This module and the machine load on first open.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { connectMyAccounts } from '../../machines/myAccounts/myAccounts.connect.ts';
import type { AccountRow } from '../../machines/myAccounts/myAccounts.types.ts';
import { useAddressName } from '../addressBook/useAddressName.ts';
import { shortAddress } from '../components/Address.tsx';
import { Link } from '../components/Link.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { useWalletAddress } from '../walletConnection/ReadOnlyBadge.tsx';
import { useAccountsLogic } from '../walletConnection/walletContext.tsx';

export interface OpenSafeRef {
  chainId: string | null;
  address: string;
}

const isOpen = (row: AccountRow, open: OpenSafeRef) => row.address.toLowerCase() === open.address.toLowerCase() && (open.chainId === null || open.chainId === row.chainId);

function SwitcherRow({ row, current, onChoose }: { row: AccountRow; current: boolean; onChoose: () => void }) {
  const bookName = useAddressName(row.address, row.chainId);
  const name = bookName ?? (row.name || null);
  return (
    <li>
      <Link
        to={`/home?safe=${row.shortName}:${row.address}`}
        className="safe-switcher-link"
        aria-current={current ? 'true' : undefined}
        onClick={onChoose}
      >
        {/* The name is the visible text (name, short address, chain), plus "(open)" for the open Safe. */}
        <span className="safe-switcher-name">{name ?? 'Safe account'}</span>{' '}
        <span className="safe-switcher-meta">
          <code>{shortAddress(row.address)}</code> <span className="chip">{row.chainName}</span>
        </span>
        {row.trusted ? (
          <span className="chip" title="Pinned as trusted">
            <span aria-hidden="true">📌 </span>Trusted
          </span>
        ) : null}
        {current ? <span className="visually-hidden"> (open)</span> : null}
      </Link>
    </li>
  );
}

function OwnerSafes({ owner, open, onChoose }: { owner: `0x${string}` | null; open: OpenSafeRef; onChoose: () => void }) {
  const actor = useActorRef(useAccountsLogic(), { input: { owner } });
  const { status, rows, error, failedChains } = useSelector(actor, connectMyAccounts, shallowEqualViewModel);
  if (status === 'loading') {
    return (
      <p role="status" className="muted">
        Loading your Safe accounts…
      </p>
    );
  }
  if (status === 'failed') {
    return (
      <div role="alert" className="safe-switcher-error">
        Could not load your Safe accounts. {error}{' '}
        <button type="button" onClick={() => actor.send({ type: 'user.retry' })}>
          Retry
        </button>
      </div>
    );
  }
  return (
    <>
      {rows.length === 0 ? (
        <p className="muted">{owner ? 'No Safe accounts yet.' : 'No added Safes yet. Connect a wallet to see the Safes it owns.'}</p>
      ) : (
        <ul className="safe-switcher-list" aria-label="Your Safe accounts">
          {rows.map((row) => (
            <SwitcherRow key={`${row.chainId}:${row.address}`} row={row} current={isOpen(row, open)} onChoose={onChoose} />
          ))}
        </ul>
      )}
      {failedChains.length > 0 ? <p className="muted">Owned Safes could not be read on: {failedChains.join(', ')}.</p> : null}
    </>
  );
}

/** The connected wallet's (or, with none, the added) Safes; a new actor when the wallet's account changes. */
export function SafeSwitcherList({ open, onChoose }: { open: OpenSafeRef; onChoose: () => void }) {
  const owner = useWalletAddress();
  return (
    <>
      <OwnerSafes key={owner ?? 'none'} owner={owner} open={open} onChoose={onChoose} />
      <p className="safe-switcher-all">
        <Link to="/welcome/accounts" aria-current={undefined} onClick={onChoose}>
          All Safe accounts
        </Link>
      </p>
    </>
  );
}
