import { BulkExecuteButton } from '../flows/FlowButtons.tsx';
import { SafeGate } from './SafeGate.tsx';
import { useListOpened } from './safeSessionContext.tsx';
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

/** The history loads when this screen first opens (the home does not show it). */
function HistoryList() {
  useListOpened('history');
  return <TxList list="history" what="transaction history" empty="No transactions yet." />;
}

export function HistoryScreen() {
  return (
    <SafeGate title="History">
      <HistoryList />
    </SafeGate>
  );
}
