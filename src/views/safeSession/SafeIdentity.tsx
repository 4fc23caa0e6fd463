/**
 * The open Safe's identity, as Safe{Wallet}'s sidebar card shows it: identicon, name (address book), address,
 * chain, threshold and owners; on the dashboard with Send and Receive. The Receive dialog (Radix, and the
 * `qrcode` package) loads on first open, so neither is in a Safe's first load.
 */
import { blo } from 'blo';
import { lazy, Suspense, useState } from 'react';
import { isOwnerOf, type SafeSessionSnapshot } from '../../machines/safeSession/safeSession.connect.ts';
import { useAddressName } from '../addressBook/useAddressName.ts';
import { Address, checksum, shortAddress } from '../components/Address.tsx';
import { Tooltip } from '../ui/Tooltip.tsx';
import { CopyButton } from '../components/CopyButton.tsx';
import { FlowButton } from '../flows/FlowButtons.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { useSafeSession } from './safeSessionContext.tsx';
import { visibleFiatTotal } from './connect.ts';
import { useFiatUpdating } from './balancesStatus.ts';
import { Fiat } from '../ui/Amount.tsx';

const ReceiveDialog = lazy(() => import('./ReceiveDialog.tsx').then((m) => ({ default: m.ReceiveDialog })));

export interface SafeIdentity {
  address: string;
  shortName: string;
  chainName: string;
  chainId: string | null;
  /** Confirmations required and owners, once the Safe is loaded. */
  threshold: number | null;
  owners: number | null;
}

function identityOf(s: SafeSessionSnapshot): SafeIdentity {
  const { safe, chain, safeInfo } = s.context;
  return {
    address: checksum(safeInfo?.address.value ?? safe.address),
    shortName: chain?.shortName ?? safe.shortName,
    chainName: chain?.chainName ?? safe.shortName,
    chainId: chain?.chainId ?? null,
    threshold: safeInfo?.threshold ?? null,
    owners: safeInfo?.owners.length ?? null,
  };
}

export function useSafeIdentity(): SafeIdentity {
  return useSafeSession(identityOf, shallowEqualViewModel);
}

function Threshold({ identity }: { identity: SafeIdentity }) {
  if (identity.threshold === null || identity.owners === null) return null;
  return (
    <span className="chip safe-threshold" title={`${identity.threshold} of ${identity.owners} signers must confirm a transaction`}>
      {identity.threshold}/{identity.owners}
    </span>
  );
}

/** The Safe's total as the session already holds it (no request of its own), without hidden tokens; null until loaded. */
function totalOf(s: SafeSessionSnapshot): { value: string; currency: string } | null {
  const { balances, hiddenTokens, currency } = s.context;
  // Read from the chain (decision 0054): no prices, so no total.
  return balances && !balances.readFromChain ? { value: visibleFiatTotal(balances.items, balances.fiatTotal, hiddenTokens), currency } : null;
}

/** The card's balance: the dashboard's total (hidden tokens not counted); nothing until the balances are loaded. */
function SafeBalance() {
  const total = useSafeSession(totalOf, shallowEqualViewModel);
  const updating = useFiatUpdating();
  if (!total) return null;
  return (
    <span className="safe-summary-balance" data-testid="safe-balance">
      <span className="visually-hidden">Safe balance: </span>
      <Fiat value={total.value} currency={total.currency} updating={updating} />
    </span>
  );
}

/** The sidebar's compact card: identicon, name, balance, short address with copy, chain and threshold. */
export function SafeIdentitySummary() {
  const identity = useSafeIdentity();
  const name = useAddressName(identity.address, identity.chainId);
  return (
    <section className="safe-summary" aria-label="Open Safe">
      <img className="safe-identicon" src={blo(identity.address as `0x${string}`)} alt="" width={36} height={36} />
      <div className="safe-summary-text">
        <strong className="safe-name">{name ?? 'Safe account'}</strong>
        <SafeBalance />
        <span className="safe-summary-address">
          <Tooltip content={`${identity.shortName}:${identity.address}`}>
            <code className="ui-tooltip-trigger" tabIndex={0}>
              {shortAddress(identity.address)}
            </code>
          </Tooltip>
          <CopyButton value={identity.address} label={`Safe address ${identity.address}`} />
        </span>
        <span className="safe-summary-chips">
          <span className="chip">{identity.chainName}</span> <Threshold identity={identity} />
        </span>
      </div>
    </section>
  );
}

/** A button that opens the Receive dialog (address, QR code, chain), loaded on first open. */
export function ReceiveButton({ label = 'Receive', className }: { label?: string; className?: string }) {
  const identity = useSafeIdentity();
  const name = useAddressName(identity.address, identity.chainId);
  const [receiving, setReceiving] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setReceiving(true)} aria-haspopup="dialog">
        {label}
      </button>
      {receiving ? (
        <Suspense fallback={<span role="status">Opening…</span>}>
          <ReceiveDialog identity={identity} name={name} onClose={() => setReceiving(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The dashboard's card: the Safe's full identity with Send and Receive. */
export function SafeIdentityCard() {
  const identity = useSafeIdentity();
  const isOwner = useSafeSession(isOwnerOf);
  const name = useAddressName(identity.address, identity.chainId);
  return (
    <section className="card safe-identity" aria-labelledby="safe-identity-title">
      <img className="safe-identicon safe-identicon-large" src={blo(identity.address as `0x${string}`)} alt="" width={48} height={48} />
      <div className="safe-identity-text">
        <h2 id="safe-identity-title">{name ?? 'Safe account'}</h2>
        <Address address={identity.address} chainId={identity.chainId} />
        <dl className="safe-identity-facts">
          <div>
            <dt>Network</dt>
            <dd>{identity.chainName}</dd>
          </div>
          <div>
            <dt>Threshold</dt>
            <dd>{identity.threshold !== null && identity.owners !== null ? `${identity.threshold}/${identity.owners}` : '…'}</dd>
          </div>
          <div>
            <dt>Owners</dt>
            <dd>{identity.owners ?? '…'}</dd>
          </div>
        </dl>
      </div>
      <div className="safe-identity-actions">
        <FlowButton
          request={{ kind: 'transaction', mode: 'create' }}
          label="Send"
          className="primary"
          disabled={!isOwner}
          {...(isOwner ? {} : { title: 'Connect the wallet of one of the Safe’s signers to send from it.' })}
        />
        <ReceiveButton />
      </div>
    </section>
  );
}
