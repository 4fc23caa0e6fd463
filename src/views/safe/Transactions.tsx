import { BulkExecuteButton } from '../flows/FlowButtons.tsx';
import { SafeGate } from './SafeGate.tsx';
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

export function HistoryScreen() {
  return (
    <SafeGate title="History">
      <TxList list="history" what="transaction history" empty="No transactions yet." />
    </SafeGate>
  );
}
