import { useSelector } from '@xstate/react';
import { connectPagedList, type PagedListStep } from '../../machines/pagedList/pagedList.connect.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Link } from '../components/Link.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { VirtualList } from '../components/VirtualList.tsx';
import { toTxRows, type TxRow } from './connect.ts';
import { STATUS_LABELS, confirmationsText, formatDateLabel, formatDateTime, nonceOf, txInfoText, txTypeLabel } from './format.ts';
import { useSafeChild, useSafeSession } from './safeSessionContext.tsx';
import type { NativeCurrency, TransactionSummary } from './viewTypes.ts';

export const TX_ROW_HEIGHT = 56;
const LIST_HEIGHT = 640;

export function TxSummaryLine({ tx, native }: { tx: TransactionSummary; native: NativeCurrency | null }) {
  const nonce = nonceOf(tx);
  const confirmations = confirmationsText(tx);
  const type = txTypeLabel(tx.txInfo);
  return (
    <div className="tx-row" data-status={tx.txStatus}>
      <span className="tx-nonce">{nonce === null ? '' : nonce}</span>
      <span className="tx-type">{type}</span>
      <span className="tx-info">{txInfoText(tx.txInfo, native)}</span>
      <span className="tx-time">{formatDateTime(tx.timestamp)}</span>
      <span className="tx-confirmations" aria-label={confirmations ? `${confirmations} confirmations` : undefined}>
        {confirmations ?? ''}
      </span>
      <span className="tx-status">{STATUS_LABELS[tx.txStatus]}</span>
      <Link to={`/transactions/tx?id=${encodeURIComponent(tx.id)}`} aria-label={`Details of ${type}${nonce === null ? '' : ` (nonce ${nonce})`}`}>
        Details
      </Link>
    </div>
  );
}

function RowView({ row, native, safeNonce }: { row: TxRow; native: NativeCurrency | null; safeNonce: number | null }) {
  switch (row.kind) {
    case 'label':
      return (
        <div className="tx-label" role="heading" aria-level={2}>
          {row.label === 'Next' ? 'Next' : `Queued - transaction with nonce ${safeNonce ?? '?'} needs to be executed first`}
        </div>
      );
    case 'date':
      return (
        <div className="tx-date" role="heading" aria-level={2}>
          {formatDateLabel(row.timestamp)}
        </div>
      );
    case 'conflict':
      return (
        <div className="tx-conflict-header" role="heading" aria-level={3}>
          Nonce {row.nonce} · <strong>Conflicting transactions</strong>. Executing one will automatically replace the others.
        </div>
      );
    case 'tx':
      return (
        <div className={row.conflict === 'None' ? 'tx-plain' : `tx-in-conflict tx-conflict-${row.conflict}`}>
          <TxSummaryLine tx={row.tx} native={native} />
        </div>
      );
  }
}

/** The queue or the history: rows from the list child, windowed, with "load more" and retry. */
export function TxList({ list, what, empty }: { list: 'queue' | 'history'; what: string; empty: string }) {
  const ref = useSafeChild(list);
  const native = useSafeSession((s) => s.context.chain?.nativeCurrency ?? null);
  const safeNonce = useSafeSession((s) => s.context.safeInfo?.nonce ?? null);
  const { step, status, updating, items, error, hasLoaded, canLoadMore, canRetry } = useSelector(ref, connectPagedList, shallowEqualViewModel);
  const rows = toTxRows(items);
  return (
    <div className="tx-list">
      {updating ? (
        <p role="status" className="muted">
          Updating {what}…
        </p>
      ) : null}
      <Loadable what={what} status={status} error={error} onRetry={() => ref?.send({ type: 'user.retry' })} canRetry={canRetry} keepContent={hasLoaded}>
        {rows.length === 0 ? (
          <p>{empty}</p>
        ) : (
          <VirtualList
            label={what}
            items={rows}
            rowHeight={TX_ROW_HEIGHT}
            height={LIST_HEIGHT}
            getKey={(row) => row.key}
            renderRow={(row) => <RowView row={row} native={native} safeNonce={safeNonce} />}
          />
        )}
      </Loadable>
      <PagingControls what={what} state={step} error={error} canLoadMore={canLoadMore} canRetry={canRetry} send={(e) => ref?.send(e)} />
    </div>
  );
}

/** "Load more" while there is a next page; the next page's loading notice or error with retry. */
export function PagingControls({
  what,
  state,
  error,
  canLoadMore,
  canRetry,
  send,
}: {
  what: string;
  state: PagedListStep;
  error: string | null;
  canLoadMore: boolean;
  canRetry: boolean;
  send: (event: { type: 'user.loadMore' } | { type: 'user.retry' }) => void;
}) {
  if (state === 'loadingMore') {
    return (
      <p role="status" className="muted">
        Loading more {what}…
      </p>
    );
  }
  if (state === 'loadMoreFailed') {
    return (
      <div role="alert" className="loadable-error">
        Could not load more {what}. {error}{' '}
        <button type="button" onClick={() => send({ type: 'user.retry' })} disabled={!canRetry} aria-label={`Retry loading more ${what}`}>
          Retry
        </button>
      </div>
    );
  }
  if (!canLoadMore) return null;
  return (
    <button type="button" onClick={() => send({ type: 'user.loadMore' })}>
      Load more {what}
    </button>
  );
}
