import { BulkExecuteButton } from '../flows/FlowButtons.tsx';
import { SafeGate } from './SafeGate.tsx';
import { Suspense, lazy, useState } from 'react';
import { useAppSelector } from '../appContext.tsx';
import { useSelector } from '@xstate/react';
import { toCsvText } from '../../machines/addressBook/addressBook.csv.ts';
import { useAddressNameResolver } from '../addressBook/useAddressName.ts';
import { transactionsOf } from './connect.ts';
import { NO_HISTORY_FILTER, amountBounds, filterTxRows, historyTokens, matchesHistoryFilter, type AmountBounds, type HistoryFilter, type HistoryToken } from './historyFilter.ts';
import type { TransactionSummary } from './viewTypes.ts';
import { historyCsvRows } from './format.ts';
import { useListOpened, useSafeChild, useSafeSession } from './safeSessionContext.tsx';
import { TxList } from './TxList.tsx';
import { ImportPackage } from '../signingPackages/ImportPackage.tsx';
import { KeptPackages } from '../signingPackages/KeptPackages.tsx';
import { useChainReadSafe } from '../signingPackages/chainReadSafe.ts';

/**
 * Signing packages (decision 0055). Read from the chain: other signers' packages are imported here (the queue lists
 * the kept ones). With the gateway: a closed disclosure holds the import and the packages kept in this browser, to
 * propose them; its code loads only when it is opened.
 */
function PackageImport() {
  const chainRead = useChainReadSafe();
  const safe = useSafeSession((s) => (s.context.chain && s.context.safeInfo ? { chainId: s.context.chain.chainId, address: s.context.safe.address } : null), (a, b) => a?.chainId === b?.chainId && a?.address === b?.address);
  // A link that carries a package opens it.
  const [open, setOpen] = useState(() => window.location.hash.startsWith('#package='));
  if (chainRead) return <ImportPackage chainId={chainRead.chainId} safe={chainRead.address} />;
  if (!safe) return null;
  return (
    <details className="signing-packages" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Signing packages: import one, or propose those kept in this browser</summary>
      {open ? (
        <>
          <KeptPackages chainId={safe.chainId} safe={safe.address} />
          <ImportPackage chainId={safe.chainId} safe={safe.address} headingLevel={3} />
        </>
      ) : null}
    </details>
  );
}

/** Loads with the account-services screens' chunk (one chunk, not a new one in the first load's preload lists). */
const NestedApprovalRequest = lazy(() => import('../accountServices/index.ts').then((m) => ({ default: m.NestedApprovalRequest })));

/** A child Safe's "Approve as owner Safe" link opened this queue with `?approve=`: offer to start the approval. */
function ApprovalRequestFromLink() {
  const asked = useAppSelector((s) => new URLSearchParams(s.context.location.search).has('approve'));
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <NestedApprovalRequest />
    </Suspense>
  );
}

export function QueueScreen() {
  return (
    <SafeGate title="Queue">
      <ApprovalRequestFromLink />
      <div className="screen-actions">
        <BulkExecuteButton />
      </div>
      <PackageImport />
      <TxList list="queue" what="queued transactions" empty="No queued transactions." />
    </SafeGate>
  );
}

const NO_ITEMS: never[] = [];

interface HistoryToolsProps {
  filter: HistoryFilter;
  onChange: (filter: HistoryFilter) => void;
  tokens: readonly HistoryToken[];
  bounds: AmountBounds;
  /** The loaded transactions the filter shows (what the CSV exports). */
  shown: readonly TransactionSummary[];
}

/** An amount bound's field: its error is its description and marks it invalid. */
function AmountField({ id, label, value, error, onChange }: { id: string; label: string; value: string; error: string | undefined; onChange: (value: string) => void }) {
  return (
    <span className="history-amount">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        size={10}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}

/** Filters (kinds, days, token, amount) and "Export CSV" of what is loaded and shown. Presentational state: the filter form. */
function HistoryTools({ filter, onChange, tokens, bounds, shown }: HistoryToolsProps) {
  const native = useSafeSession((s) => s.context.chain?.nativeCurrency ?? null);
  const chainId = useSafeSession((s) => s.context.chain?.chainId ?? null);
  const safe = useSafeSession((s) => s.context.safeInfo?.address.value ?? 'safe');
  const nameOf = useAddressNameResolver(chainId);
  function exportCsv() {
    const blob = new Blob([toCsvText(historyCsvRows(shown, native, nameOf))], { type: 'text/csv' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `history-${safe}-${new Date().toISOString().slice(0, 10)}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  }
  const toggle = (key: 'incoming' | 'outgoing' | 'module') => onChange({ ...filter, [key]: !filter[key] });
  const token = tokens.find((t) => t.key === filter.token) ?? null;
  const unit = token && token.decimals !== null ? ` (${token.symbol})` : '';
  return (
    <div className="history-tools">
      <fieldset>
        <legend>Show</legend>
        <label>
          <input type="checkbox" checked={filter.incoming} onChange={() => toggle('incoming')} /> Incoming
        </label>
        <label>
          <input type="checkbox" checked={filter.outgoing} onChange={() => toggle('outgoing')} /> Outgoing
        </label>
        <label>
          <input type="checkbox" checked={filter.module} onChange={() => toggle('module')} /> Module-based
        </label>
      </fieldset>
      <label>
        From <input type="date" value={filter.from} onChange={(e) => onChange({ ...filter, from: e.target.value })} />
      </label>
      <label>
        To <input type="date" value={filter.to} onChange={(e) => onChange({ ...filter, to: e.target.value })} />
      </label>
      <label>
        Token{' '}
        <select value={filter.token} onChange={(e) => onChange({ ...filter, token: e.target.value })}>
          <option value="">Any</option>
          {tokens.map((t) => (
            <option key={t.key} value={t.key}>
              {t.symbol}
            </option>
          ))}
        </select>
      </label>
      <AmountField id="history-min" label={`Minimum amount${unit}`} value={filter.min} error={bounds.errors.min} onChange={(min) => onChange({ ...filter, min })} />
      <AmountField id="history-max" label={`Maximum amount${unit}`} value={filter.max} error={bounds.errors.max} onChange={(max) => onChange({ ...filter, max })} />
      <button type="button" onClick={exportCsv} disabled={shown.length === 0}>
        Export CSV
      </button>
      <span className="muted">Exports the {shown.length} loaded transactions shown; load more to include older ones.</span>
    </div>
  );
}

/** The history loads when this screen first opens (the home does not show it). */
function HistoryList() {
  useListOpened('history');
  const [filter, setFilter] = useState<HistoryFilter>(NO_HISTORY_FILTER);
  const ref = useSafeChild('history');
  const items = useSelector(ref, (s) => s?.context.items ?? NO_ITEMS);
  const native = useSafeSession((s) => s.context.chain?.nativeCurrency ?? null);
  const txs = transactionsOf(items);
  const tokens = historyTokens(txs, native);
  const bounds = amountBounds(filter, tokens);
  const shown = txs.filter((tx) => matchesHistoryFilter(tx, filter, bounds));
  return (
    <TxList
      list="history"
      what="transaction history"
      empty="No transactions yet."
      filter={(rows) => filterTxRows(rows, filter, bounds)}
      toolbar={<HistoryTools filter={filter} onChange={setFilter} tokens={tokens} bounds={bounds} shown={shown} />}
    />
  );
}

export function HistoryScreen() {
  return (
    <SafeGate title="History">
      <HistoryList />
    </SafeGate>
  );
}
