/** The nonce and review steps: the locally built SafeTx, its three hashes, the decoding, warnings and the submit choices. */
import { useId } from 'react';
import { validateNonce } from '../../machines/transactionFlow/draft.ts';
import { hasWalletSigned, isWalletOwner } from '../../machines/transactionFlow/transactionFlow.setup.ts';
import type { DecodedCall } from '../../machines/transactionFlow/transactionFlow.types.ts';
import { CopyButton } from '../components/CopyButton.tsx';
import { operationText } from './format.ts';
import { useTxFlow, useTxFlowSend } from './txFlowContext.tsx';

export function NonceStep() {
  const send = useTxFlowSend();
  const nonces = useTxFlow((s) => s.context.nonces);
  const safeNonce = useTxFlow((s) => s.context.safe.nonce);
  const value = useTxFlow((s) => s.context.nonceInput);
  const canContinue = useTxFlow((s) => s.can({ type: 'user.confirmNonce' }));
  const id = useId();
  const check = validateNonce(value, safeNonce, nonces?.recommended ?? null);
  const conflict = nonces?.queued.find((q) => String(q.nonce) === value.trim());
  return (
    <form
      className="txflow-nonce"
      aria-label="Choose nonce"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (canContinue) send({ type: 'user.confirmNonce' });
      }}
    >
      <div className="txflow-field">
        <label htmlFor={id}>Nonce</label>
        <input
          id={id}
          inputMode="numeric"
          value={value}
          aria-invalid={check.error !== null}
          aria-describedby={`${id}-msg`}
          onChange={(e) => send({ type: 'user.setNonce', nonce: e.target.value })}
        />
        <span id={`${id}-msg`} className={check.error ? 'txflow-error' : 'txflow-warning'}>
          {check.error ?? check.warning ?? ''}
        </span>
      </div>
      {nonces ? (
        <>
          <p>
            Recommended nonce: <strong>{nonces.recommended}</strong> (current Safe nonce {nonces.current}){' '}
            <button type="button" onClick={() => send({ type: 'user.setNonce', nonce: String(nonces.recommended) })}>
              Reset to recommended nonce
            </button>
          </p>
          {nonces.queued.length > 0 ? (
            <fieldset>
              <legend>Replace existing</legend>
              {nonces.queued.map((q) => (
                <button key={q.nonce} type="button" onClick={() => send({ type: 'user.setNonce', nonce: String(q.nonce) })}>
                  {q.nonce} - {q.labels.join(', ') || 'New transaction'}
                </button>
              ))}
            </fieldset>
          ) : null}
        </>
      ) : null}
      {conflict ? (
        <p className="txflow-warning" role="note">
          Nonce {conflict.nonce} is already used by: {conflict.labels.join(', ')}. Executing one of these transactions will replace the others.
        </p>
      ) : null}
      <div className="txflow-actions">
        <button type="button" onClick={() => send({ type: 'user.back' })}>
          Back
        </button>
        <button type="button" onClick={() => send({ type: 'user.cancel' })}>
          Cancel
        </button>
        <button type="submit" disabled={!canContinue}>
          Continue
        </button>
      </div>
    </form>
  );
}

function Decoded({ call }: { call: DecodedCall }) {
  return (
    <div className="txflow-decoded">
      <p>
        Method: <code>{call.method}</code>
      </p>
      {call.parameters.length > 0 ? (
        <dl>
          {call.parameters.map((p, i) => (
            <div key={i}>
              <dt>
                {p.name} ({p.type})
              </dt>
              <dd>
                <code>{p.value}</code>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

function HashRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="txflow-hash">
      <dt>{label}</dt>
      <dd>
        <code>{value}</code> <CopyButton value={value} label={label} />
      </dd>
    </div>
  );
}

export function ReviewStep() {
  const send = useTxFlowSend();
  const ctx = useTxFlow((s) => s.context);
  const can = useTxFlow((s) => ({
    sign: s.can({ type: 'user.sign' }),
    signAndExecute: s.can({ type: 'user.signAndExecute' }),
    execute: s.can({ type: 'user.execute' }),
    relay: s.can({ type: 'user.relay' }),
    back: s.can({ type: 'user.back' }),
    editNonce: s.can({ type: 'user.editNonce' }),
  }), (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const { safeTx, hashes, gatewayView, risks, mismatches, safe } = ctx;
  if (!safeTx || !hashes) return null;
  const blocking = risks.filter((r) => r.severity === 'blocking');
  const confirmations = ctx.confirmations.length;
  return (
    <div className="txflow-review">
      <h3>{ctx.txLabel}</h3>
      {mismatches.length > 0 ? (
        <div role="alert" className="txflow-blocked">
          <strong>Signing is blocked: the gateway’s answer does not match the transaction built here.</strong>
          <ul>
            {mismatches.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <section aria-label="Decoded data">
        <h4>Decoded data</h4>
        {gatewayView?.decoded ? (
          <Decoded call={gatewayView.decoded} />
        ) : gatewayView && (gatewayView.raw.dataDecoded ?? gatewayView.raw.details?.txData?.dataDecoded) ? (
          // The gateway decoded the call, but that decoding was not verified against the bytes: it is not shown.
          <p className="muted">The gateway’s decoding of this call could not be verified against the data signed here, so it is not shown. Read the data below.</p>
        ) : (
          <p>{gatewayView?.summary ?? 'No data'}</p>
        )}
        {gatewayView && gatewayView.innerCalls.length > 0 ? (
          <ol aria-label="Batch calls">
            {gatewayView.innerCalls.map((call, i) => (
              <li key={i}>
                {operationText(call.operation)} to <code>{call.to}</code>, value {call.value}
                {call.decoded ? <Decoded call={call.decoded} /> : null}
              </li>
            ))}
          </ol>
        ) : null}
      </section>

      {risks.length > 0 ? (
        <section aria-label="Warnings" className="txflow-risks">
          <h4>Warnings</h4>
          <ul>
            {risks.map((r, i) => (
              <li key={i} className={`txflow-risk-${r.severity}`}>
                <strong>{r.title}</strong>: {r.detail}
              </li>
            ))}
          </ul>
          {blocking.length > 0 ? (
            <label className="txflow-ack">
              <input type="checkbox" checked={ctx.risksAcknowledged} onChange={(e) => send({ type: 'user.acknowledgeRisks', acknowledged: e.target.checked })} />
              I understand the risks and would like to proceed with this transaction.
            </label>
          ) : null}
        </section>
      ) : null}

      <section aria-label="Transaction data">
        <h4>Data</h4>
        <dl className="txflow-data">
          <div><dt>To</dt><dd><code>{safeTx.to}</code></dd></div>
          <div><dt>Value</dt><dd>{safeTx.value}</dd></div>
          <div><dt>Data</dt><dd><code className="txflow-wrap">{safeTx.data}</code></dd></div>
          <div><dt>Operation</dt><dd>{operationText(safeTx.operation)}</dd></div>
          <div><dt>SafeTxGas</dt><dd>{safeTx.safeTxGas}</dd></div>
          <div><dt>BaseGas</dt><dd>{safeTx.baseGas}</dd></div>
          <div><dt>GasPrice</dt><dd>{safeTx.gasPrice}</dd></div>
          <div><dt>GasToken</dt><dd><code>{safeTx.gasToken}</code></dd></div>
          <div><dt>RefundReceiver</dt><dd><code>{safeTx.refundReceiver}</code></dd></div>
          <div><dt>Nonce</dt><dd>{safeTx.nonce}</dd></div>
        </dl>
      </section>

      <section aria-label="Hashes">
        <h4>Hashes</h4>
        <p className="muted">Computed here. Compare them with what your wallet or hardware device shows before you sign.</p>
        <dl>
          <HashRow label="Domain hash" value={hashes.domainHash} />
          <HashRow label="Message hash" value={hashes.messageHash} />
          <HashRow label="safeTxHash" value={hashes.safeTxHash} />
        </dl>
      </section>

      <p>
        Confirmed {confirmations} of {safe.threshold}
      </p>
      {ctx.wallet === null ? <p className="txflow-warning">Please connect your wallet</p> : null}
      {ctx.wallet !== null && !isWalletOwner(ctx) ? (
        <p className="txflow-warning">You are currently not a signer of this Safe account and won't be able to submit this transaction.</p>
      ) : null}
      {hasWalletSigned(ctx) ? <p>You have already signed this transaction.</p> : null}
      {can.signAndExecute ? <p>You're providing the last signature. After you sign, anyone can execute this transaction.</p> : null}

      <div className="txflow-actions">
        {can.back ? (
          <button type="button" onClick={() => send({ type: 'user.back' })}>
            Back
          </button>
        ) : null}
        {can.editNonce ? (
          <button type="button" onClick={() => send({ type: 'user.editNonce' })}>
            Edit nonce
          </button>
        ) : null}
        <button type="button" onClick={() => send({ type: 'user.cancel' })}>
          Cancel
        </button>
        <button type="button" disabled={!can.sign} onClick={() => send({ type: 'user.sign' })}>
          Sign
        </button>
        <button type="button" disabled={!can.signAndExecute} onClick={() => send({ type: 'user.signAndExecute' })}>
          Sign and execute
        </button>
        <button type="button" disabled={!can.execute} onClick={() => send({ type: 'user.execute' })}>
          Execute
        </button>
        <button type="button" disabled={!can.relay} onClick={() => send({ type: 'user.relay' })}>
          {ctx.relay ? `Execute with relay (${ctx.relay.remaining} of ${ctx.relay.limit} left)` : 'Execute with relay (unavailable)'}
        </button>
      </div>
    </div>
  );
}
