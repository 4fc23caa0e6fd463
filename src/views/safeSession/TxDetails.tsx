import { useSelector } from '@xstate/react';
import type { TxDescription } from '../../domain/safe/txDescription.ts';
import { connectDetails } from '../../machines/safeSession/details.connect.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { useAddressNameResolver } from '../addressBook/useAddressName.ts';
import { txSentence, type SentenceFacts } from '../../machines/shared/txSentence.ts';
import { SimulationResult, WhatItDoes } from '../transactionFlow/ReviewStep.tsx';
import { ConfirmationVerdicts } from '../components/ConfirmationVerdicts.tsx';
import { Address } from '../components/Address.tsx';
import { hrefFor } from '../../machines/shared/routes.ts';
import { useAppSelector } from '../appContext.tsx';
import { CopyButton } from '../components/CopyButton.tsx';
import { ExecutedTxHash } from '../components/ExecutedTxHash.tsx';
import { DetailsBody, HashList, MissingSigners, useOpenFromRoute } from './details.tsx';
import { STATUS_LABELS, STATUS_TONES, formatDateTime, txInfoText, txTypeLabel } from './format.ts';
import { Amount } from '../ui/Amount.tsx';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { SafeGate } from './SafeGate.tsx';
import { Suspense, lazy } from 'react';
import { TxActionButtons, useNextNonce } from '../flows/FlowButtons.tsx';
import './lists.css';
import { SignerStepper } from './SignerStepper.tsx';
import { SharePackage } from '../signingPackages/SharePackage.tsx';
import { useChainReadSafe } from '../signingPackages/chainReadSafe.ts';
import { signerSteps } from './signerSteps.ts';
import { useSafeChild, useSafeSession } from './safeSessionContext.tsx';
import type { DataDecoded, HashCheck, TransactionDetails, TxHashes } from './viewTypes.ts';

/** "Approve as owner Safe …" (nested Safes); loads with the account-services screens' chunk. */
const ApproveAsParent = lazy(() => import('../accountServices/index.ts').then((m) => ({ default: m.ApproveAsParent })));

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

/** The counterparty a transaction names, with copy and explorer link: the recipient, the sender, the contract called. */
function Counterparty({ details }: { details: TransactionDetails }) {
  const info = details.txInfo;
  if (info.type === 'Transfer') {
    const incoming = info.direction === 'INCOMING';
    const party = incoming ? info.sender : info.recipient;
    return (
      <>
        <dt>{incoming ? 'From' : 'To'}</dt>
        <dd>
          <Address address={party.value} gatewayName={party.name} />
        </dd>
      </>
    );
  }
  if (info.type === 'Custom' && !info.isCancellation) {
    return (
      <>
        <dt>Interacts with</dt>
        <dd>
          <Address address={info.to.value} gatewayName={info.to.name} />
        </dd>
      </>
    );
  }
  return null;
}

/** A link to this transaction's details (with the Safe), to send to a co-signer. */
function ShareLink({ txId }: { txId: string }) {
  const location = useAppSelector((s) => s.context.location);
  const url = `${window.location.origin}${hrefFor(`/transactions/tx?id=${encodeURIComponent(txId)}`, location)}`;
  return <CopyButton value={url} label="link to this transaction" />;
}

/** What the transaction does, first: the sentence, the counterparty, status and nonce, why it waits, the actions. */
function TxContent({ details, description }: { details: TransactionDetails; description: TxDescription | null }) {
  const native = useSafeSession((s) => s.context.chain?.nativeCurrency ?? null);
  const safeFacts = useSafeSession((s) => ({ address: s.context.safeInfo?.address.value ?? '0x', threshold: s.context.safeInfo?.threshold ?? 0, ownerCount: s.context.safeInfo?.owners.length ?? 0 }), (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const ref = useSafeChild('txDetails');
  const { check, hashing: checking } = useSelector(ref, connectDetails, shallowEqualViewModel);
  const nextNonce = useNextNonce();
  const exec = details.detailedExecutionInfo;
  // A multisig transaction is described from its hashed bytes; anything else only as the gateway reports it.
  const local = description ? { ...description, native: native ? { symbol: native.symbol, decimals: native.decimals } : description.native } : null;
  const chainId = useSafeSession((s) => s.context.chain?.chainId ?? null);
  const nameOf = useAddressNameResolver(chainId);
  const facts: SentenceFacts | null = local ? { safe: { ...safeFacts, address: safeFacts.address as `0x${string}` }, native: local.native, tokens: local.tokens, nameOf } : null;
  const isRejection = details.txInfo.type === 'Custom' && details.txInfo.isCancellation;
  const queued = details.txStatus === 'AWAITING_CONFIRMATIONS' || details.txStatus === 'AWAITING_EXECUTION';
  const verdicts = verifiedOnChain(check);
  const signatures = exec?.type === 'MULTISIG' ? (verdicts ? verdicts.counted.length : exec.confirmations.length) : 0;
  const waitsForEarlier = exec?.type === 'MULTISIG' && queued && exec.nonce > nextNonce && signatures >= exec.confirmationsRequired;
  // Read from the chain (decision 0055): a queued transaction is a signing package kept in this browser.
  const chainRead = useChainReadSafe();
  return (
    <>
      <section aria-labelledby="summary-title" className="card">
        <h2 id="summary-title" className="tx-summary-line">
          {local && facts && exec?.type === 'MULTISIG' ? txSentence(local, facts, String(exec.nonce)) : txTypeLabel(details.txInfo)}
        </h2>
        {local ? null : <p className="muted unverified">As the gateway reports it: nothing signed by the Safe's owners backs this description.</p>}
        <dl className="facts">
          {isRejection && exec?.type === 'MULTISIG' ? (
            <>
              <dt>Rejects</dt>
              <dd>Every queued transaction with nonce {exec.nonce}: executing this rejection replaces them and moves the Safe to the next nonce.</dd>
            </>
          ) : null}
          {!local && !isRejection && txInfoText(details.txInfo, native) ? (
            <>
              <dt>Summary (unverified)</dt>
              <dd>{txInfoText(details.txInfo, native)}</dd>
            </>
          ) : null}
          <Counterparty details={details} />
          <dt>Status</dt>
          <dd>
            <StatusBadge tone={STATUS_TONES[details.txStatus]}>{STATUS_LABELS[details.txStatus]}</StatusBadge>
          </dd>
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
          <dt>Link</dt>
          <dd>
            <ShareLink txId={details.txId} />
          </dd>
          {details.txHash ? (
            <>
              <dt>Transaction hash</dt>
              <dd>
                <ExecutedTxHash hash={details.txHash} />
              </dd>
            </>
          ) : null}
        </dl>
        {waitsForEarlier ? (
          <p className="tx-why-not" role="note">
            Transaction with nonce {nextNonce} must be executed first.
          </p>
        ) : null}
        <TxActionButtons details={details} verifiedSigners={checking ? null : (verdicts?.counted ?? null)} />
        {queued ? (
          <Suspense fallback={null}>
            <ApproveAsParent details={details} />
          </Suspense>
        ) : null}
      </section>
      {chainRead && queued && exec?.type === 'MULTISIG' ? <SharePackage chainId={chainRead.chainId} safe={chainRead.address} safeTxHash={exec.safeTxHash} /> : null}
      {local && facts ? <WhatItDoes description={local} facts={facts} chainId={chainId} /> : null}
      <DetailsSimulation check={check} native={local?.native ?? { symbol: native?.symbol ?? 'native coin', decimals: native?.decimals ?? 18 }} safe={safeFacts.address} />
      {exec?.type === 'MULTISIG' ? <Confirmations details={details} check={check} checking={checking} waitsForNonce={waitsForEarlier ? nextNonce : null} /> : null}
      {exec?.type === 'MODULE' ? (
        <p>
          Executed by module <Address address={exec.address.value} gatewayName={exec.address.name} />
        </p>
      ) : null}
    </>
  );
}

/** After the hashes: the raw call, and the advanced fields (gas, refund, proposer) in a disclosure. */
function TxRawData({ details }: { details: TransactionDetails }) {
  const native = useSafeSession((s) => s.context.chain?.nativeCurrency ?? null);
  const ref = useSafeChild('txDetails');
  const { check, hashing: checking } = useSelector(ref, connectDetails, shallowEqualViewModel);
  const description = useSelector(ref, (s) => s?.context.check?.description ?? null);
  const exec = details.detailedExecutionInfo;
  const data = details.txData;
  return (
    <>
      {data ? (
        <section aria-labelledby="data-title" className="card">
          <h2 id="data-title">Transaction data</h2>
          <dl className="facts">
            <dt>To</dt>
            <dd>
              <Address address={data.to.value} gatewayName={data.to.name} />
            </dd>
            <dt>Value</dt>
            <dd>
              <Amount value={data.value ?? '0'} decimals={native?.decimals ?? 18} symbol={native?.symbol ?? 'ETH'} />
            </dd>
            <dt>Operation</dt>
            <dd>{data.operation === 1 ? '1 (delegate call)' : '0 (call)'}</dd>
            <dt>Data</dt>
            <dd>
              <code className="hex">{data.hexData ?? '0x'}</code>
            </dd>
          </dl>
          {data.hexData && data.hexData !== '0x' && !description ? <DecodedData decoded={check?.decodedData ?? null} claimed={data.dataDecoded !== null} checked={!checking} /> : null}
        </section>
      ) : null}
      {exec?.type === 'MULTISIG' ? (
        <details className="card tx-advanced">
          <summary>Advanced details</summary>
          <dl className="facts">
            <dt>safeTxGas</dt>
            <dd>{exec.safeTxGas}</dd>
            <dt>baseGas</dt>
            <dd>{exec.baseGas}</dd>
            <dt>gasPrice</dt>
            <dd>{exec.gasPrice}</dd>
            <dt>gasToken</dt>
            <dd>
              <Address address={exec.gasToken} />
            </dd>
            <dt>refundReceiver</dt>
            <dd>
              <Address address={exec.refundReceiver.value} gatewayName={exec.refundReceiver.name} />
            </dd>
            <dt>Proposer</dt>
            <dd>{exec.proposer ? <Address address={exec.proposer.value} gatewayName={exec.proposer.name} /> : 'Not given by the gateway'}</dd>
          </dl>
        </details>
      ) : null}
    </>
  );
}

const NO_OWNERS: never[] = [];

/** The chain's verdicts of the check, when the chain could be read. */
const verifiedOnChain = (check: HashCheck<TxHashes> | null) => (check?.onChain && check.onChain.error === null ? check.onChain : null);

function Confirmations({ details, check, checking, waitsForNonce }: { details: TransactionDetails; check: HashCheck<TxHashes> | null; checking: boolean; waitsForNonce: number | null }) {
  const you = useSafeSession((s) => s.context.walletAddress);
  const owners = useSafeSession((s) => s.context.safeInfo?.owners ?? NO_OWNERS);
  const chainRead = useSafeSession((s) => Boolean(s.context.safeInfo?.readFromChain));
  const exec = details.detailedExecutionInfo;
  if (exec?.type !== 'MULTISIG') return null;
  const settled = details.txStatus === 'SUCCESS' || details.txStatus === 'FAILED' || details.txStatus === 'CANCELLED';
  const onChain = check?.onChain ?? null;
  const verdicts = verifiedOnChain(check);
  const counted = verdicts ? verdicts.counted.map((value) => ({ value })) : [];
  const isYou = (address: string) => you !== null && address.toLowerCase() === you.toLowerCase();
  const youSigned = verdicts ? verdicts.counted.some(isYou) : exec.confirmations.some((c) => isYou(c.signer.value));
  const steps = signerSteps({
    status: details.txStatus,
    verifiedSigners: verdicts ? verdicts.counted : null,
    listedCount: exec.confirmations.length,
    threshold: verdicts?.threshold ?? exec.confirmationsRequired,
    owners: verdicts ? verdicts.owners : owners.map((o) => o.value),
    you,
    waitsForNonce,
    executor: exec.executor?.value ?? null,
    executorFromChain: chainRead,
  });
  return (
    <section aria-labelledby="confirmations-title" className="card">
      <h2 id="confirmations-title">
        {verdicts ? `Confirmations (${verdicts.counted.length} of ${verdicts.threshold} verified)` : `Confirmations (${exec.confirmations.length} listed by the gateway, not verified here)`}
      </h2>
      <SignerStepper steps={steps} created={formatDateTime(exec.submittedAt)} />
      {exec.proposer ? (
        <div className="muted tx-proposer">
          Proposed by {owners.some((o) => o.value.toLowerCase() === exec.proposer!.value.toLowerCase()) ? 'an owner' : exec.proposedByDelegate ? 'a proposer (not an owner)' : 'an address that is not an owner'}, as the gateway
          reports it (who proposed is not recorded on chain):{' '}
          <Address address={exec.proposer.value} gatewayName={exec.proposer.name} />
        </div>
      ) : null}
      {youSigned ? <p className="tx-you">You already signed{verdicts ? ' (your signature is verified)' : ''}.</p> : null}
      {verdicts ? (
        <ConfirmationVerdicts checks={verdicts.confirmationChecks} />
      ) : (
        <>
          <p className="muted unverified" role={onChain?.error ? 'status' : undefined}>
            {checking ? 'Checking each confirmation against the chain…' : (onChain?.error ?? 'The confirmations could not be checked here: nothing counts as verified.')}
          </p>
          <ul className="plain unverified" aria-label="Listed by the gateway (not verified)">
            {exec.confirmations.map((c) => (
              <li key={c.signer.value}>
                <code>{c.signer.value}</code>
                {isYou(c.signer.value) ? <strong className="tx-you"> (you)</strong> : null} <span className="muted">{formatDateTime(c.submittedAt)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {settled || !verdicts ? null : <MissingSigners signers={verdicts.owners.map((value) => ({ value }))} confirmed={counted} you={you} />}
      {exec.executor ? (
        <p>
          Executed by <Address address={exec.executor.value} gatewayName={exec.executor.name} />
        </p>
      ) : null}
    </section>
  );
}

/** A queued transaction's execTransaction simulated on the user's RPC, with what needs attention. */
function DetailsSimulation({ check, native, safe }: { check: HashCheck<TxHashes> | null; native: { symbol: string; decimals: number }; safe: string }) {
  const onChain = check?.onChain ?? null;
  if (!onChain || onChain.simulation === null) return null;
  const blocking = onChain.findings.filter((f) => f.severity === 'blocking');
  return (
    <section className="card details-simulation">
      {blocking.length > 0 ? (
        <div role="alert" className="txflow-blocked">
          <strong>The simulation found a problem: signing this transaction is blocked.</strong>
          <ul>
            {blocking.map((f, i) => (
              <li key={i}>
                {f.title}: {f.detail}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <SimulationResult simulation={onChain.simulation} native={native} safe={safe} />
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
      after={details ? <TxRawData details={details} /> : null}
      hashes={
        hashes ? (
          <HashList
            title="Verify"
            note="Computed locally from the transaction’s own fields. Compare the safeTxHash with what your wallet or hardware wallet shows before you sign."
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
