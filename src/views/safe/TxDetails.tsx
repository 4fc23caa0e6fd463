import { useSelector } from '@xstate/react';
import type { TxDescription } from '../../machines/shared/txDescription.ts';
import { txSentence, type SentenceFacts } from '../../machines/shared/txSentence.ts';
import { WhatItDoes } from '../txFlow/ReviewStep.tsx';
import { Address } from '../components/Address.tsx';
import { DetailsBody, HashList, MissingSigners, useOpenFromRoute } from './details.tsx';
import { STATUS_LABELS, formatDateTime, formatTokenAmount, txInfoText, txTypeLabel } from './format.ts';
import { SafeGate } from './SafeGate.tsx';
import { TxActionButtons } from '../flows/FlowButtons.tsx';
import { useSafeChild, useSafeSession } from './safeSessionContext.tsx';
import type { DataDecoded, TransactionDetails, TxHashes } from './viewTypes.ts';

/**
 * The gateway's decoding, only as verified against the data (`check.decodedData`, decision 0023): while the check
 * runs, or when it did not verify the decoding, nothing of the gateway's method or values is shown.
 */
function DecodedData({ decoded, claimed, checked }: { decoded: DataDecoded | null; claimed: boolean; checked: boolean }) {
  if (!decoded) {
    if (!claimed) return <p className="muted">The data could not be decoded.</p>;
    if (!checked) return <p className="muted">Checking the gateway’s decoding against the data…</p>;
    return <p className="muted">The gateway’s decoding of this data could not be verified against it, so it is not shown. Read the raw data above.</p>;
  }
  return (
    <div className="decoded">
      <p>
        Method: <code>{decoded.method}</code> <span className="muted">(the gateway’s decoding, verified against the data)</span>
      </p>
      {decoded.parameters?.length ? (
        <table>
          <caption className="visually-hidden">Parameters of {decoded.method}</caption>
          <thead>
            <tr>
              <th scope="col">Parameter</th>
              <th scope="col">Type</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {decoded.parameters.map((param, index) => (
              <tr key={`${param.name}-${index}`}>
                <th scope="row">{param.name}</th>
                <td>{param.type}</td>
                <td>
                  <code>{typeof param.value === 'string' ? param.value : JSON.stringify(param.value)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

function TxContent({ details, description }: { details: TransactionDetails; description: TxDescription | null }) {
  const native = useSafeSession((s) => s.context.chain?.nativeCurrency ?? null);
  const safeFacts = useSafeSession((s) => ({ address: s.context.safeInfo?.address.value ?? '0x', threshold: s.context.safeInfo?.threshold ?? 0, ownerCount: s.context.safeInfo?.owners.length ?? 0 }), (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const ref = useSafeChild('txDetails');
  const check = useSelector(ref, (s) => s?.context.check ?? null);
  const checking = useSelector(ref, (s) => s?.matches('hashing') ?? false);
  const exec = details.detailedExecutionInfo;
  const data = details.txData;
  // A multisig transaction is described from its hashed bytes; anything else only as the gateway reports it.
  const local = description ? { ...description, native: native ? { symbol: native.symbol, decimals: native.decimals } : description.native } : null;
  const facts: SentenceFacts | null = local ? { safe: { ...safeFacts, address: safeFacts.address as `0x${string}` }, native: local.native, tokens: local.tokens } : null;
  return (
    <>
      <section aria-labelledby="summary-title" className="card">
        <h2 id="summary-title">{local && facts && exec?.type === 'MULTISIG' ? txSentence(local, facts, String(exec.nonce)) : txTypeLabel(details.txInfo)}</h2>
        {local ? null : <p className="muted unverified">As the gateway reports it: nothing signed by the Safe's owners backs this description.</p>}
        <dl className="facts">
          <dt>Status</dt>
          <dd>{STATUS_LABELS[details.txStatus]}</dd>
          {!local && txInfoText(details.txInfo, native) ? (
            <>
              <dt>Summary (unverified)</dt>
              <dd>{txInfoText(details.txInfo, native)}</dd>
            </>
          ) : null}
          {exec?.type === 'MULTISIG' ? (
            <>
              <dt>Nonce</dt>
              <dd>{exec.nonce}</dd>
              <dt>Created</dt>
              <dd>{formatDateTime(exec.submittedAt)}</dd>
            </>
          ) : null}
          {details.executedAt ? (
            <>
              <dt>Executed</dt>
              <dd>{formatDateTime(details.executedAt)}</dd>
            </>
          ) : null}
          {details.txHash ? (
            <>
              <dt>Transaction hash</dt>
              <dd>
                <code>{details.txHash}</code>
              </dd>
            </>
          ) : null}
        </dl>
        <TxActionButtons details={details} />
      </section>
      {data ? (
        <section aria-labelledby="data-title" className="card">
          <h2 id="data-title">Transaction data</h2>
          <dl className="facts">
            <dt>To</dt>
            <dd>
              <Address address={data.to.value} name={data.to.name} />
            </dd>
            <dt>Value</dt>
            <dd>
              {formatTokenAmount(data.value ?? '0', native?.decimals ?? 18)} {native?.symbol ?? 'ETH'}
            </dd>
            <dt>Operation</dt>
            <dd>{data.operation === 1 ? '1 (delegate call)' : '0 (call)'}</dd>
            <dt>Data</dt>
            <dd>
              <code className="hex">{data.hexData ?? '0x'}</code>
            </dd>
          </dl>
          {data.hexData && data.hexData !== '0x' && !local ? <DecodedData decoded={check?.decodedData ?? null} claimed={data.dataDecoded !== null} checked={!checking} /> : null}
        </section>
      ) : null}
      {local && facts ? <WhatItDoes description={local} facts={facts} /> : null}
      {exec?.type === 'MULTISIG' ? <Confirmations details={details} /> : null}
      {exec?.type === 'MODULE' ? (
        <p>
          Executed by module <Address address={exec.address.value} name={exec.address.name} />
        </p>
      ) : null}
    </>
  );
}

function Confirmations({ details }: { details: TransactionDetails }) {
  const exec = details.detailedExecutionInfo;
  if (exec?.type !== 'MULTISIG') return null;
  const confirmed = exec.confirmations.map((c) => c.signer);
  const settled = details.txStatus === 'SUCCESS' || details.txStatus === 'FAILED' || details.txStatus === 'CANCELLED';
  return (
    <section aria-labelledby="confirmations-title" className="card">
      <h2 id="confirmations-title">
        Confirmations ({exec.confirmations.length} of {exec.confirmationsRequired})
      </h2>
      <ul className="plain" aria-label="Confirmed by">
        {exec.confirmations.map((c) => (
          <li key={c.signer.value}>
            <Address address={c.signer.value} name={c.signer.name} /> <span className="muted">{formatDateTime(c.submittedAt)}</span>
          </li>
        ))}
      </ul>
      {settled ? null : <MissingSigners signers={exec.signers} confirmed={confirmed} />}
      {exec.executor ? (
        <p>
          Executed by <Address address={exec.executor.value} name={exec.executor.name} />
        </p>
      ) : null}
    </section>
  );
}

function TxDetailsBody() {
  const ref = useSafeChild('txDetails');
  const details = useSelector(ref, (s) => s?.context.details ?? null);
  const hashes = useSelector(ref, (s) => (s?.context.check?.hashes ?? null) as TxHashes | null);
  const description = useSelector(ref, (s) => s?.context.check?.description ?? null);
  return (
    <DetailsBody
      child="txDetails"
      what="transaction"
      hashName="safeTxHash"
      hashes={
        hashes ? (
          <HashList
            title="Hashes (computed locally)"
            hashes={[
              { label: 'Domain hash', value: hashes.domainHash },
              { label: 'Message hash', value: hashes.messageHash },
              { label: 'safeTxHash', value: hashes.safeTxHash },
            ]}
          />
        ) : null
      }
    >
      {details ? <TxContent details={details} description={description} /> : null}
    </DetailsBody>
  );
}

function OpenTx() {
  const id = useOpenFromRoute('txDetails', 'id');
  if (!id) return <p>No transaction selected.</p>;
  return <TxDetailsBody />;
}

export function TxDetailsScreen() {
  return (
    <SafeGate title="Transaction details">
      <OpenTx />
    </SafeGate>
  );
}
