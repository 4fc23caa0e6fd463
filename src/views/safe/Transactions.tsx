import { SafeGate } from './SafeGate.tsx';
import { TxList } from './TxList.tsx';

export function QueueScreen() {
  return (
    <SafeGate title="Queue">
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
