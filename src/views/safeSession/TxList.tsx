import { useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { connectPagedList, type PagedListStep } from '../../machines/pagedList/pagedList.connect.ts';
import type { QueuedRowActions } from '../../machines/shared/txActions.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { useKnownNameResolver } from '../addressBook/useAddressName.ts';
import { Link } from '../components/Link.tsx';
import { transactionPath } from '../../machines/shared/routes.ts';
import { Loadable } from '../components/Loadable.tsx';
import { useRowsShown } from '../components/useRowsShown.ts';
import { TxRowButtons, useNextNonce, useQueuedRowActions } from '../flows/FlowButtons.tsx';
import { toTxRows, type TxRow } from './connect.ts';
import { STATUS_LABELS, STATUS_TONES, confirmationsText, formatDateLabel, formatDateTime, formatTime, nonceOf, txRowParts, txRowSentence } from './format.ts';
import { Amount } from '../ui/Amount.tsx';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { useSafeChild, useSafeSession } from './safeSessionContext.tsx';
import type { NativeCurrency, TransactionSummary } from './viewTypes.ts';
import '../ui/ui.css';
import './lists.css';

/** Which list a table shows: the queue and the dashboard's pending rows offer actions; the history groups by day. */
export type TxTableKind = 'queue' | 'history' | 'pending';

const NO_ACTIONS: QueuedRowActions = { needsYourSignature: false, readyToExecute: false, confirm: false, execute: false };

/** The column headers, for the eye and for screen readers (an ARIA table: rows stack at phone width). */
function TxTableHead({ kind }: { kind: TxTableKind }) {
  return (
    <div role="rowgroup" className="tx-table-head">
      <div role="row" className="tx-row tx-row-head">
        <span role="columnheader" className="tx-nonce">
          Nonce
        </span>
        <span role="columnheader" className="tx-main">
          Transaction
        </span>
        <span role="columnheader" className="tx-time">
          {kind === 'history' ? 'Time' : 'Created'}
        </span>
        <span role="columnheader" className="tx-confirmations">
          Signatures
        </span>
        <span role="columnheader" className="tx-status">
          Status
        </span>
        {kind === 'history' ? null : (
          <span role="columnheader" className="tx-actions">
            Actions
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * One transaction: what it does with its counterparty (a link to the details that covers the whole row), its
 * marks, when, signatures, status and — in the queue — the connected owner's Confirm / Execute.
 */
export function TxTableRow({
  tx,
  native,
  kind,
  actions,
  nameOf,
  className,
}: {
  tx: TransactionSummary;
  native: NativeCurrency | null;
  kind: TxTableKind;
  actions: QueuedRowActions;
  nameOf: (address: string) => string | null;
  className?: string;
}) {
  const nonce = nonceOf(tx);
  const confirmations = confirmationsText(tx);
  const sentence = txRowSentence(tx, native, nameOf);
  const parts = txRowParts(tx, native, nameOf);
  const what = nonce === null ? sentence : `${sentence} (nonce ${nonce})`;
  return (
    <div role="row" className={`tx-row${className ? ` ${className}` : ''}`} data-status={tx.txStatus}>
      <span role="cell" className="tx-nonce">
        {nonce === null ? '' : nonce}
      </span>
      <span role="cell" className="tx-main">
        <Link className="tx-row-link" to={transactionPath(tx.id)} aria-label={`Details of ${what}`}>
          {parts.before}
          {parts.amount ? <Amount value={parts.amount.value} decimals={parts.amount.decimals} symbol={parts.amount.symbol} /> : null}
          {parts.after}
        </Link>
        {actions.needsYourSignature ? <span className="tx-mark tx-mark-sign">Needs your signature</span> : null}
        {actions.readyToExecute ? <span className="tx-mark tx-mark-execute">Ready to execute</span> : null}
      </span>
      <span role="cell" className="tx-time">
        {kind === 'history' ? formatTime(tx.timestamp) : formatDateTime(tx.timestamp)}
      </span>
      <span role="cell" className="tx-confirmations">
        {confirmations === null ? '' : <span aria-label={`${confirmations} signatures`}>{confirmations}</span>}
      </span>
      <span role="cell" className="tx-status">
        <StatusBadge tone={STATUS_TONES[tx.txStatus]}>{STATUS_LABELS[tx.txStatus]}</StatusBadge>
      </span>
      {kind === 'history' ? null : (
        <span role="cell" className="tx-actions">
          <TxRowButtons tx={tx} actions={actions} what={nonce === null ? 'transaction' : `transaction ${nonce}`} />
        </span>
      )}
    </div>
  );
}

/** A labelled table of transaction rows with column headers. */
export function TxTable({ label, kind, children }: { label: string; kind: TxTableKind; children: ReactNode }) {
  return (
    <div role="table" aria-label={label} className={`tx-table tx-table-${kind}`}>
      <TxTableHead kind={kind} />
      <div role="rowgroup" className="tx-table-body">
        {children}
      </div>
    </div>
  );
}

/** A full-width row (a group label, a day, a conflict header). */
function SpanRow({ className, children }: { className: string; children: ReactNode }) {
  return (
    <div role="row" className={`tx-span-row ${className}`}>
      <span role="cell" aria-colspan={6}>
        {children}
      </span>
    </div>
  );
}

function RowView({
  row,
  native,
  safeNonce,
  kind,
  actionsOf,
  nameOf,
}: {
  row: TxRow;
  native: NativeCurrency | null;
  safeNonce: number | null;
  kind: TxTableKind;
  actionsOf: (tx: TransactionSummary) => QueuedRowActions;
  nameOf: (address: string) => string | null;
}) {
  switch (row.kind) {
    case 'label':
      return (
        <SpanRow className="tx-label">
          <span role="heading" aria-level={2}>
            {row.label === 'Next' ? 'Next' : `Queued - transaction with nonce ${safeNonce ?? '?'} needs to be executed first`}
          </span>
        </SpanRow>
      );
    case 'date':
      return (
        <SpanRow className="tx-date">
          <span role="heading" aria-level={2}>
            {formatDateLabel(row.timestamp)}
          </span>
        </SpanRow>
      );
    case 'conflict':
      return (
        <SpanRow className="tx-conflict-header">
          <span role="heading" aria-level={3}>
            Nonce {row.nonce} · <strong>Conflicting transactions</strong>. Executing one will automatically replace the others.
          </span>
        </SpanRow>
      );
    case 'tx':
      return (
        <TxTableRow
          tx={row.tx}
          native={native}
          kind={kind}
          actions={kind === 'history' ? NO_ACTIONS : actionsOf(row.tx)}
          nameOf={nameOf}
          className={row.conflict === 'None' ? 'tx-plain' : `tx-in-conflict tx-conflict-${row.conflict}`}
        />
      );
  }
}

/**
 * The queue or the history: rows from the list child (all the pages loaded so far, in the page's own scroll:
 * rows have no fixed height, so they can stack at phone width), with "load more" and retry. `filter` narrows
 * the rows shown (the history's filters), `toolbar` sits above them.
 */
export function TxList({
  list,
  what,
  empty,
  filter,
  toolbar,
}: {
  list: 'queue' | 'history';
  what: string;
  empty: string;
  filter?: (rows: TxRow[]) => TxRow[];
  toolbar?: ReactNode;
}) {
  const ref = useSafeChild(list);
  const native = useSafeSession((s) => s.context.chain?.nativeCurrency ?? null);
  const chainId = useSafeSession((s) => s.context.chain?.chainId ?? null);
  const nameOf = useKnownNameResolver(chainId);
  const safeNonce = useNextNonce();
  const actionsOf = useQueuedRowActions();
  const { step, status, updating, items, error, hasLoaded, canLoadMore, canRetry } = useSelector(ref, connectPagedList, shallowEqualViewModel);
  // Once per page of items, not once per frame of a long table's rendering.
  const allRows = useMemo(() => toTxRows(items), [items]);
  const rows = useMemo(() => (filter ? filter(allRows) : allRows), [filter, allRows]);
  const shown = useRowsShown(rows.length);
  return (
    <div className="tx-list">
      {updating ? (
        <p role="status" className="muted">
          Updating {what}…
        </p>
      ) : null}
      <Loadable what={what} status={status} error={error} onRetry={() => ref?.send({ type: 'user.retry' })} canRetry={canRetry} keepContent={hasLoaded}>
        {toolbar}
        {allRows.length === 0 ? (
          <p>{empty}</p>
        ) : rows.length === 0 ? (
          <p>No loaded transactions match the filters.</p>
        ) : (
          <TxTable label={what} kind={list}>
            {rows.slice(0, shown).map((row) => (
              <RowView key={row.key} row={row} native={native} safeNonce={safeNonce} kind={list} actionsOf={actionsOf} nameOf={nameOf} />
            ))}
          </TxTable>
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
