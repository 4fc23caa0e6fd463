import { useSelector } from '@xstate/react';
import { connectPagedList } from '../../machines/pagedList/pagedList.connect.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Link } from '../components/Link.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { useBalancesStatus, useFiatUpdating } from './balancesStatus.ts';
import { Amount, Fiat } from '../ui/Amount.tsx';
import { transactionsOf, visibleFiatTotal } from './connect.ts';
import { SafeGate } from './SafeGate.tsx';
import { ReceiveButton, SafeIdentityCard } from './SafeIdentity.tsx';
import { useSafeChild, useSafeSession, useSafeSessionSend } from './safeSessionContext.tsx';
import { TxTable, TxTableRow } from './TxList.tsx';
import { useKnownNameResolver } from '../addressBook/useAddressName.ts';
import { useQueuedRowActions } from '../flows/FlowButtons.tsx';

/** "Outdated" / "unsupported base contract" warning from Safe info's implementationVersionState. */
export function VersionWarning() {
  const state = useSafeSession((s) => s.context.safeInfo?.implementationVersionState ?? 'UNKNOWN');
  const version = useSafeSession((s) => s.context.safeInfo?.version ?? null);
  const latest = useSafeSession((s) => s.context.chain?.recommendedMasterCopyVersion ?? null);
  if (state === 'UP_TO_DATE') return null;
  return (
    <aside className="warning" aria-label="Safe version warning">
      {state === 'OUTDATED'
        ? `Your Safe account's version (${version ?? 'unknown'}) is outdated${latest ? `; the latest is ${latest}` : ''}. Update it from Settings.`
        : 'This Safe account was created with an unsupported base contract. It should only be used for fund recovery.'}
    </aside>
  );
}

function PendingTransactions() {
  const ref = useSafeChild('queue');
  const native = useSafeSession((s) => s.context.chain?.nativeCurrency ?? null);
  const chainId = useSafeSession((s) => s.context.chain?.chainId ?? null);
  const nameOf = useKnownNameResolver(chainId);
  const actionsOf = useQueuedRowActions();
  const { step: state, items, error } = useSelector(ref, connectPagedList, shallowEqualViewModel);
  const txs = transactionsOf(items).slice(0, 5);
  return (
    <section aria-labelledby="pending-title" className="card">
      <h2 id="pending-title">Pending transactions</h2>
      <Loadable
        what="pending transactions"
        status={state === 'failed' ? 'failed' : state === 'loading' ? 'loading' : 'ready'}
        error={error}
        onRetry={() => ref?.send({ type: 'user.retry' })}
      >
        {txs.length === 0 ? (
          <p>No pending transactions.</p>
        ) : (
          <TxTable label="Pending transactions" kind="pending">
            {txs.map((tx) => (
              <TxTableRow key={tx.id} tx={tx} native={native} kind="pending" actions={actionsOf(tx)} nameOf={nameOf} />
            ))}
          </TxTable>
        )}
        <Link to="/transactions/queue">View all queued transactions</Link>
      </Loadable>
    </section>
  );
}

/** Nothing held at all (a new Safe): every balance is zero, or there are none. */
function isEmpty(items: readonly { balance: string }[]): boolean {
  return items.every((item) => /^0*$/.test(item.balance));
}

/** A new Safe holds nothing yet: how to fund it, with the Receive dialog one click away. */
function AddFunds() {
  const chainName = useSafeSession((s) => s.context.chain?.chainName ?? null);
  const symbol = useSafeSession((s) => s.context.chain?.nativeCurrency.symbol ?? null);
  return (
    <div className="add-funds" role="note" aria-label="Add funds">
      <p>
        <strong>This Safe holds no assets yet.</strong> To add funds, send {symbol ?? 'coins'} or tokens to the Safe&apos;s address
        {chainName ? ` on ${chainName}` : ''} from any wallet or exchange. Receive shows the address and its QR code.
      </p>
      <ReceiveButton label="Receive funds" />
    </div>
  );
}

function Overview() {
  const send = useSafeSessionSend();
  const balances = useSafeSession((s) => s.context.balances);
  const currency = useSafeSession((s) => s.context.currency);
  const error = useSafeSession((s) => s.context.balancesError);
  const status = useBalancesStatus();
  const updating = useFiatUpdating();
  const hiddenTokens = useSafeSession((s) => s.context.hiddenTokens);
  // A token hidden on Assets is neither listed nor counted here.
  const top = (balances?.items ?? []).filter((item) => !hiddenTokens.includes(item.tokenInfo.address.toLowerCase())).slice(0, 5);
  return (
    <section aria-labelledby="assets-title" className="card">
      <h2 id="assets-title">Assets</h2>
      <Loadable what="balances" status={status} error={error} onRetry={() => send({ type: 'user.retryBalances' })} keepContent={balances !== null}>
        {balances ? (
          <>
            {balances.readFromChain ? null : (
              <p className="total">
                Total balance:{' '}
                <strong aria-label="Total balance">
                  <Fiat value={visibleFiatTotal(balances.items, balances.fiatTotal, hiddenTokens)} currency={currency} updating={updating} />
                </strong>
              </p>
            )}
            {isEmpty(balances.items) ? <AddFunds /> : null}
            <ul className="plain">
              {top.map((item) => (
                <li key={item.tokenInfo.address}>
                  <Amount value={item.balance} decimals={item.tokenInfo.decimals} symbol={item.tokenInfo.symbol} {...(balances.readFromChain ? {} : { fiat: { value: item.fiatBalance, currency, updating } })} />
                </li>
              ))}
            </ul>
            <Link to="/balances">View all assets</Link>
          </>
        ) : null}
      </Loadable>
    </section>
  );
}

export function DashboardScreen() {
  return (
    <SafeGate title="Overview">
      <SafeIdentityCard />
      <VersionWarning />
      <Overview />
      <PendingTransactions />
    </SafeGate>
  );
}
