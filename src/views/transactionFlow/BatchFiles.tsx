/**
 * The compose step's two file imports and the review's export (decision 0058): a Safe Transaction Builder file (JSON) and a CSV payout
 * list. Both are read here with the domain's pure readers; every call of a Transaction Builder file is encoded
 * again locally and checked against the file's own data, and every payout line is checked against the Safe's
 * tokens. What comes out is an ordinary draft (a batch of calls) sent with `user.compose`: the review then
 * describes it from the bytes like any other transaction.
 */
import { useId, useMemo, useState } from 'react';
import { formatUnits, type Address } from 'viem';
import type { SafeTxJson } from '../../domain/safe/safeTxJson.ts';
import { exportableCalls, readTxBuilderFile, writeTxBuilderFile, type BatchFileRead } from '../../domain/safe/txBuilderFile.ts';
import { readPayoutCsv, type PayoutRead } from '../../domain/safe/payoutCsv.ts';
import type { CallDraft, TxDraft } from '../../machines/transactionFlow/transactionFlow.types.ts';
import { downloadText } from '../audit/download.ts';
import { onTextFileChosen } from '../components/textFile.ts';
import { useTxFlow, useTxFlowSend } from './txFlowContext.tsx';
import { TX_BUILDER_ORIGIN } from './format.ts';
import { BlockedNotice } from './BlockedNotice.tsx';

/** The draft of the calls already collected in the batch followed by the imported ones (one call alone stays one call). */
function draftOf(batch: readonly CallDraft[], imported: readonly CallDraft[]): TxDraft {
  const calls = [...batch, ...imported];
  return calls.length === 1 ? calls[0]! : { kind: 'batch', calls };
}

/** Cancel, and the button that composes what was imported (disabled while there is nothing the flow would take). */
function Actions({ label, draft }: { label: string; draft: TxDraft | null }) {
  const send = useTxFlowSend();
  const snapshot = useTxFlow((s) => s);
  return (
    <div className="txflow-actions">
      <button type="button" onClick={() => send({ type: 'user.cancel' })}>
        Cancel
      </button>
      <button
        type="button"
        className="primary"
        disabled={!draft || !snapshot.can({ type: 'user.compose', draft })}
        onClick={() => {
          if (draft) send({ type: 'user.compose', draft });
        }}
      >
        {label}
      </button>
    </div>
  );
}

const CHECKSUM_TEXT = {
  matches: 'Its checksum matches: the file is as the Transaction Builder wrote it.',
  absent: 'The file has no checksum.',
  mismatch: 'Its checksum does not match: the file was changed after it was written. Check every call below.',
} as const;

/** "Transaction Builder file": choose a JSON file, see every call, continue to the review. */
export function TxBuilderImport() {
  const safe = useTxFlow((s) => s.context.safe);
  const batch = useTxFlow((s) => s.context.batch);
  const [read, setRead] = useState<(BatchFileRead & { fileName: string }) | null>(null);
  const chosen = onTextFileChosen((fileName, text) => setRead({ ...readTxBuilderFile(text, safe.chainId), fileName }));
  const imported: CallDraft[] =
    read?.ok === true
      ? read.batch.calls.map((call) => ({ kind: 'rawCall', to: call.to, value: call.value.toString(), data: call.data, operation: 0, origin: `${TX_BUILDER_ORIGIN}${read.batch.name}` }))
      : [];
  const draft = imported.length > 0 ? draftOf(batch, imported) : null;
  const otherSafe = read?.ok === true && read.batch.createdFromSafe !== null && read.batch.createdFromSafe.toLowerCase() !== safe.address.toLowerCase() ? read.batch.createdFromSafe : null;
  return (
    <section aria-label="Transaction Builder file" className="txflow-import">
      <p className="muted">
        A batch saved by Safe’s Transaction Builder (or by Download on a review here). Every call is encoded again here and checked against the file before it is shown.
      </p>
      <label className="button-link">
        Choose a Transaction Builder file <input type="file" accept=".json,application/json" onChange={chosen} className="visually-hidden" />
      </label>
      {read && !read.ok ? (
        <p role="alert" className="txflow-blocked">
          <strong>{read.fileName} cannot be imported.</strong> {read.error}
        </p>
      ) : null}
      {read?.ok ? (
        <>
          <p role="status">
            <strong>{read.batch.name}</strong> ({read.fileName}): {read.batch.calls.length === 1 ? 'one call' : `${read.batch.calls.length} calls`}. {CHECKSUM_TEXT[read.batch.checksum]}
          </p>
          {otherSafe ? <p className="txflow-warning">The file was made for another Safe ({otherSafe}). Check that these calls are meant for this one.</p> : null}
          <ol className="txflow-batch" aria-label="Calls in the file">
            {read.batch.calls.map((call, i) => (
              <li key={i}>
                <dl className="txflow-kv">
                  <dt>To</dt>
                  <dd className="mono">{call.to}</dd>
                  <dt>Value (wei)</dt>
                  <dd className="mono">{call.value.toString()}</dd>
                  <dt>{call.method ? 'Method' : 'Data'}</dt>
                  <dd className="mono txflow-data">{call.method ?? call.data}</dd>
                </dl>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <Actions label={draft ? `Review ${imported.length === 1 ? 'the call' : `${imported.length} calls`}` : 'Review'} draft={draft} />
    </section>
  );
}

const payoutCalls = (read: PayoutRead): CallDraft[] =>
  read.lines.map((line) =>
    line.token.address === null
      ? { kind: 'nativeTransfer', recipient: line.recipient, amount: line.amount, decimals: line.token.decimals }
      : { kind: 'erc20Transfer', token: line.token.address, symbol: line.token.symbol, recipient: line.recipient, amount: line.amount, decimals: line.token.decimals },
  );

/** "CSV payout": paste or choose lines of address, token, amount; see every payment and the totals; continue. */
export function PayoutImport() {
  const tokens = useTxFlow((s) => s.context.tokens);
  const batch = useTxFlow((s) => s.context.batch);
  const [text, setText] = useState('');
  const [read, setRead] = useState<PayoutRead | null>(null);
  const textId = useId();
  const take = (value: string) => {
    setText(value);
    setRead(value.trim() === '' ? null : readPayoutCsv(value, tokens));
  };
  const chosen = onTextFileChosen((_, value) => take(value));
  const over = read?.totals.filter((t) => t.exceedsBalance) ?? [];
  const ready = read !== null && read.problems.length === 0 && over.length === 0 && read.lines.length > 0;
  const draft = ready ? draftOf(batch, payoutCalls(read)) : null;
  return (
    <section aria-label="CSV payout" className="txflow-import">
      <div className="txflow-field">
        <label htmlFor={textId}>Payments: address, token, amount (one per line)</label>
        <textarea
          id={textId}
          rows={6}
          value={text}
          spellCheck={false}
          placeholder={'0x…, USDC, 250\n0x…, , 0.5'}
          onChange={(e) => take(e.target.value)}
        />
        <span className="muted">The token is its symbol or address; leave it empty for {tokens.find((t) => t.address === null)?.symbol ?? 'the native coin'}.</span>
      </div>
      <label className="button-link">
        Choose a CSV file <input type="file" accept=".csv,text/csv,text/plain" onChange={chosen} className="visually-hidden" />
      </label>
      <BlockedNotice
        title={read && read.lines.length > 0 ? 'Fix these lines to continue:' : 'No payment can be made from this list:'}
        reasons={read?.problems.map((p) => p.message) ?? []}
      />
      <BlockedNotice
        title="The Safe does not hold enough:"
        reasons={over.map(
          (t) => `The payments send ${formatUnits(t.baseUnits, t.token.decimals)} ${t.token.symbol}; the Safe holds ${formatUnits(BigInt(t.token.balance), t.token.decimals)}.`,
        )}
      />
      {read && read.lines.length > 0 ? (
        <>
          <p role="status">
            {read.lines.length === 1 ? 'One payment' : `${read.lines.length} payments`}:{' '}
            {read.totals.map((t) => `${formatUnits(t.baseUnits, t.token.decimals)} ${t.token.symbol}`).join(', ')} in all.
          </p>
          {/* A long list scrolls on its own; it takes focus so a keyboard can scroll it. */}
          <ol className="txflow-batch txflow-payouts" aria-label="Payments" tabIndex={0}>
            {read.lines.map((line) => (
              <li key={line.line}>
                {line.amount} {line.token.symbol} to <span className="mono">{line.recipient}</span> <span className="muted">(line {line.line})</span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <Actions label={ready ? `Review ${read.lines.length === 1 ? 'the payment' : `${read.lines.length} payments`}` : 'Review'} draft={draft} />
    </section>
  );
}

/**
 * The review's "Download as Transaction Builder file": the SafeTx's calls (one call, or the calls of a
 * MultiSendCallOnly batch) as a file Safe's Transaction Builder and our import read. A SafeTx that DELEGATECALLs
 * anything else cannot be written in that format, and the button says why instead.
 */
export function TxBuilderExport({ safeTx, owner }: { safeTx: SafeTxJson; owner: Address | null }) {
  const safe = useTxFlow((s) => s.context.safe);
  // Decodes a batch's calls: once per SafeTx, not on every render of the review.
  const calls = useMemo(() => exportableCalls(safeTx, { chainId: safe.chainId, version: safe.version }), [safeTx, safe.chainId, safe.version]);
  const reasonId = useId();
  const name = `Transaction #${safeTx.nonce} of ${safe.address}`;
  return (
    <p className="txflow-export">
      <button
        type="button"
        disabled={!calls.ok}
        aria-describedby={calls.ok ? undefined : reasonId}
        onClick={() => {
          if (!calls.ok) return;
          const text = writeTxBuilderFile({ chainId: safe.chainId, safe: safe.address, owner, name, createdAt: Date.now(), calls: calls.calls });
          downloadText(`safe-${safe.address.slice(0, 8)}-nonce-${safeTx.nonce}.json`, text, 'application/json');
        }}
      >
        Download as Transaction Builder file
      </button>
      {calls.ok ? null : (
        <span className="muted" id={reasonId}>
          {' '}
          {calls.reason}
        </span>
      )}
    </p>
  );
}
