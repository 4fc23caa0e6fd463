import { canRetryBalancesOf, canRetryFiatCodesOf, fiatCodesStatusOf } from '../../machines/safeSession/safeSession.connect.ts';
import { TokenLogo } from '../components/TokenLogo.tsx';
import { Address } from '../components/Address.tsx';
import { Link } from '../components/Link.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { useRowsShown } from '../components/useRowsShown.ts';
import { visibleBalances, visibleFiatTotal, type VisibleBalance } from './connect.ts';
import { SendTokenButton } from '../flows/FlowButtons.tsx';
import './lists.css';
import './chainRead.css';
import { Amount, Fiat } from '../ui/Amount.tsx';
import { SafeGate } from './SafeGate.tsx';
import { useListOpened, useSafeSession, useSafeSessionSend } from './safeSessionContext.tsx';
import { useBalancesStatus, useFiatUpdating } from './balancesStatus.ts';
import './balances.css';
import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { createWalletLimitsStore, useWalletTokenLimit, WalletLimitsContext } from '../allowanceTransfer/walletLimitsStore.ts';
import { useOpenFlow } from '../flows/flowsContext.tsx';
import { useOptionalWalletAddress } from '../walletConnection/walletContext.tsx';

/** The connected wallet's spending limits, read from the chain after the table has rendered (decision 0063). */
const WalletLimits = lazy(() => import('../allowanceTransfer/WalletLimits.tsx'));

/** Token rows rendered per frame: about a screenful (decision 0068). */
const BALANCE_ROWS_PER_FRAME = 25;

const NATIVE_KEY = '0x0000000000000000000000000000000000000000';
const limitKeyOf = (tokenInfo: { type: string; address: string }) => (tokenInfo.type === 'NATIVE_TOKEN' ? NATIVE_KEY : tokenInfo.address);

/** "Your spending limit: 100 dUSD per day, 60 spent, 40 left, resets …" under the token, when the wallet has one. */
function TokenLimitText({ tokenKey }: { tokenKey: string }) {
  const limit = useWalletTokenLimit(tokenKey);
  return limit ? (
    <span className="spend-limit" data-testid="wallet-spending-limit">
      {limit.text}
    </span>
  ) : null;
}

function SpendWithLimitButton({ tokenKey }: { tokenKey: string }) {
  const limit = useWalletTokenLimit(tokenKey);
  const { open, error } = useOpenFlow();
  if (!limit) return null;
  return (
    <>
      <button type="button" onClick={() => void open({ kind: 'allowanceTransfer', token: limit.token })}>
        Send with spending limit
      </button>{' '}
      {error ? <span role="alert">{error}</span> : null}
    </>
  );
}

/** The currency selector: the supported fiat currencies load when it first shows (the home has none). */
function CurrencySelect() {
  useListOpened('fiatCodes');
  const send = useSafeSessionSend();
  const currency = useSafeSession((s) => s.context.currency);
  const codes = useSafeSession((s) => s.context.fiatCodes);
  const status = useSafeSession(fiatCodesStatusOf);
  const error = useSafeSession((s) => s.context.fiatCodesError);
  const canRetry = useSafeSession(canRetryFiatCodesOf);
  const options = codes.some((code) => code.toLowerCase() === currency) ? codes : [currency.toUpperCase(), ...codes];
  return (
    <div className="currency">
      <label>
        Currency{' '}
        <select value={currency.toUpperCase()} onChange={(event) => send({ type: 'user.setCurrency', currency: event.target.value })}>
          {options.map((code) => (
            <option key={code} value={code.toUpperCase()}>
              {code.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      {status !== 'ready' ? (
        <Loadable what="fiat currencies" status={status} error={error} onRetry={() => send({ type: 'user.retryFiatCodes' })} canRetry={canRetry} />
      ) : null}
    </div>
  );
}

export function BalancesTable() {
  const [limits] = useState(createWalletLimitsStore);
  const wallet = useOptionalWalletAddress();
  return (
    <WalletLimitsContext.Provider value={limits}>
      {wallet ? (
        <Suspense fallback={null}>
          <WalletLimits store={limits} />
        </Suspense>
      ) : null}
      <BalancesTableBody />
    </WalletLimitsContext.Provider>
  );
}

/**
 * One token row, memoised: the table renders its rows in frames (decision 0068), and each frame should render only
 * the rows it adds, not again the ones already in the page (1,500 tokens: 60 frames).
 */
const BalanceRow = memo(function BalanceRow({
  balance,
  hidden,
  chainRead,
  currency,
  updating,
}: {
  balance: VisibleBalance['balance'];
  hidden: boolean;
  chainRead: boolean;
  currency: string;
  updating: boolean;
}) {
  const send = useSafeSessionSend();
  return (
    <tr data-hidden={hidden || undefined}>
      <th scope="row">
        <span className="asset-cell">
          <TokenLogo src={balance.tokenInfo.logoUri} symbol={balance.tokenInfo.symbol} /> <span>{balance.tokenInfo.name}</span> <span className="asset-symbol">{balance.tokenInfo.symbol}</span>
          {balance.tokenInfo.type !== 'NATIVE_TOKEN' ? (
            <span className="asset-address">
              {' '}
              <Address address={balance.tokenInfo.address} short />
            </span>
          ) : null}
        </span>
        <TokenLimitText tokenKey={limitKeyOf(balance.tokenInfo)} />
      </th>
      <td>
        <Amount value={balance.balance} decimals={balance.tokenInfo.decimals} symbol={balance.tokenInfo.symbol} />
      </td>
      {chainRead ? null : (
        <td>
          <Fiat value={balance.fiatBalance} currency={currency} updating={updating} />
        </td>
      )}
      <td className="asset-actions">
        {hidden ? null : (
          <SendTokenButton
            token={{ address: balance.tokenInfo.address, symbol: balance.tokenInfo.symbol, decimals: balance.tokenInfo.decimals ?? 18, native: balance.tokenInfo.type === 'NATIVE_TOKEN' }}
          />
        )}{' '}
        {hidden ? null : <SpendWithLimitButton tokenKey={limitKeyOf(balance.tokenInfo)} />}
        <button type="button" onClick={() => send({ type: 'user.toggleTokenHidden', tokenAddress: balance.tokenInfo.address })}>
          {hidden ? `Unhide ${balance.tokenInfo.symbol}` : `Hide ${balance.tokenInfo.symbol}`}
        </button>
      </td>
    </tr>
  );
});

function BalancesTableBody() {
  const send = useSafeSessionSend();
  const balances = useSafeSession((s) => s.context.balances);
  const currency = useSafeSession((s) => s.context.currency);
  const hiddenTokens = useSafeSession((s) => s.context.hiddenTokens);
  const showHiddenTokens = useSafeSession((s) => s.context.showHiddenTokens);
  const hideSmallBalances = useSafeSession((s) => s.context.hideSmallBalances);
  const status = useBalancesStatus();
  const error = useSafeSession((s) => s.context.balancesError);
  const canRetry = useSafeSession(canRetryBalancesOf);
  const updating = useFiatUpdating();
  const rows = useMemo(() => visibleBalances(balances?.items ?? [], { hiddenTokens, showHiddenTokens, hideSmallBalances }), [balances, hiddenTokens, showHiddenTokens, hideSmallBalances]);
  // A treasury's 1,500 tokens: a screenful at once, the rest in the frames after (decision 0068). A token row holds a
  // logo (an SVG document each when it is a data: URI, which loading="lazy" does not defer), links and buttons.
  const shown = useRowsShown(rows.length, BALANCE_ROWS_PER_FRAME);
  // Read from the chain (RPC-only mode, decision 0054): no prices, and only the known and added tokens are read (0056).
  const chainRead = balances?.readFromChain !== undefined;
  return (
    <>
      {chainRead ? (
        <p className="balances-chain-note">
          Read from the chain: the native coin, the tokens this app knows for this chain and the tokens you added. Prices come from the gateway, so
          no values are shown. A token is missing? <Link to="/settings/environment-variables">Add it in Settings › Environment</Link>.
        </p>
      ) : null}
      <div className="balances-controls">
        {chainRead ? null : <CurrencySelect />}
        <label>
          <input type="checkbox" checked={hideSmallBalances} onChange={() => send({ type: 'user.toggleHideSmallBalances' })} /> Hide small balances
        </label>
        <label>
          <input type="checkbox" checked={showHiddenTokens} onChange={() => send({ type: 'user.toggleShowHiddenTokens' })} /> Show hidden tokens (
          {hiddenTokens.length})
        </label>
      </div>
      <Loadable what="balances" status={status} error={error} onRetry={() => send({ type: 'user.retryBalances' })} canRetry={canRetry} keepContent={balances !== null}>
        {balances ? (
          <>
            <p className="total" hidden={chainRead}>
              Total value:{' '}
              <strong aria-label="Total value">
                <Fiat value={visibleFiatTotal(balances.items, balances.fiatTotal, hiddenTokens)} currency={currency} updating={updating} />
              </strong>
              {hiddenTokens.length > 0 ? (
                <span className="muted">
                  {' '}
                  (without {hiddenTokens.length} hidden {hiddenTokens.length === 1 ? 'token' : 'tokens'})
                </span>
              ) : null}
            </p>
            <table className="balances">
              <caption className="visually-hidden">Token balances</caption>
              <thead>
                <tr>
                  <th scope="col">Asset</th>
                  <th scope="col">Balance</th>
                  {chainRead ? null : <th scope="col">Value</th>}
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, shown).map(({ balance, hidden }) => (
                  <BalanceRow key={balance.tokenInfo.address} balance={balance} hidden={hidden} chainRead={chainRead} currency={currency} updating={updating} />
                ))}
              </tbody>
            </table>
            {rows.length === 0 ? <p>No assets to show.</p> : null}
          </>
        ) : null}
      </Loadable>
    </>
  );
}

export function BalancesScreen() {
  return (
    <SafeGate title="Assets">
      <BalancesTable />
    </SafeGate>
  );
}
