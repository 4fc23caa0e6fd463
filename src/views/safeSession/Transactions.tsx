import { BulkExecuteButton } from '../flows/FlowButtons.tsx';
import { SafeGate } from './SafeGate.tsx';
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { toCsvText } from '../../machines/addressBook/addressBook.csv.ts';
import { useAddressNameResolver } from '../addressBook/useAddressName.ts';
import { NO_HISTORY_FILTER, filterTxRows, matchesHistoryFilter, transactionsOf, type HistoryFilter } from './connect.ts';
import { historyCsvRows } from './format.ts';
import { useListOpened, useSafeChild, useSafeSession } from './safeSessionContext.tsx';
import { TxList } from './TxList.tsx';

export function QueueScreen() {
  return (
    <SafeGate title="Queue">
      <div className="screen-actions">
        <BulkExecuteButton />
      </div>
      <TxList list="queue" what="queued transactions" empty="No queued transactions." />
    </SafeGate>
  );
}

const NO_ITEMS: never[] = [];

/** Filters (kinds, days) and "Export CSV" of what is loaded and shown. Presentational state: the filter form. */
function HistoryTools({ filter, onChange }: { filter: HistoryFilter; onChange: (filter: HistoryFilter) => void }) {
  const ref = useSafeChild('history');
  const items = useSelector(ref, (s) => s?.context.items ?? NO_ITEMS);
  const native = useSafeSession((s) => s.context.chain?.nativeCurrency ?? null);
  const chainId = useSafeSession((s) => s.context.chain?.chainId ?? null);
  const safe = useSafeSession((s) => s.context.safeInfo?.address.value ?? 'safe');
  const nameOf = useAddressNameResolver(chainId);
  const shown = transactionsOf(items).filter((tx) => matchesHistoryFilter(tx, filter));
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
  return (
    <TxList
      list="history"
      what="transaction history"
      empty="No transactions yet."
      filter={(rows) => filterTxRows(rows, filter)}
      toolbar={<HistoryTools filter={filter} onChange={setFilter} />}
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
