/** The nonce and review steps: the locally built SafeTx, its three hashes, the decoding, warnings and the submit choices. */
import { Fragment, useId, useState } from 'react';
import { validateNonce } from '../../machines/transactionFlow/draft.ts';
import { connectTransactionFlow, type TransactionFlowView } from '../../machines/transactionFlow/transactionFlow.connect.ts';
import { LOOK_ALIKE_RISK_ID, hasWalletSigned, isWalletOwner } from '../../machines/transactionFlow/transactionFlow.setup.ts';
import type { DescribedCall, TxDescription, VerifiedDecoding } from '../../domain/safe/txDescription.ts';
import { useAddressNameResolver } from '../addressBook/useAddressName.ts';
import { callSentence, formatAmount, partiesOf, type SentenceFacts } from '../../machines/shared/txSentence.ts';
import type { BalanceChange, ConfigChange, Simulation } from '../../machines/shared/simulation.ts';
import { Address } from '../components/Address.tsx';
import { ConfirmationVerdicts } from '../components/ConfirmationVerdicts.tsx';
import { SafeInfoAgrees, SafeInfoBlocked } from '../components/SafeInfoCheck.tsx';
import { CopyButton } from '../components/CopyButton.tsx';
import { nativeValueText, operationText, rejectionExplanation, importedFileOf, requestOriginOf, reviewTitle } from './format.ts';
import { useOpenFlow } from '../flows/flowsContext.tsx';
import type { RejectedTx, TxFlowWallet } from '../../machines/transactionFlow/transactionFlow.types.ts';
import type { NestedApproval } from '../../domain/safe/nestedApproval.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { useTxFlow, useTxFlowSend } from './txFlowContext.tsx';
import { TxBuilderExport } from './BatchFiles.tsx';
import { BlockedNotice } from './BlockedNotice.tsx';
import './compose.css';

export function NonceStep() {
  const send = useTxFlowSend();
  const nonces = useTxFlow((s) => s.context.nonces);
  const safeNonce = useTxFlow((s) => s.context.safe.nonce);
  const value = useTxFlow((s) => s.context.nonceInput);
  const canContinue = useTxFlow((s) => connectTransactionFlow(s).canConfirmNonce);
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
              <p className="muted">Labels as the gateway lists them (not verified here); each transaction is checked when it is opened.</p>
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
        <button type="submit" className="primary" disabled={!canContinue}>
          Continue
        </button>
      </div>
    </form>
  );
}

function Decoded({ call }: { call: VerifiedDecoding }) {
  return (
    <div className="txflow-decoded">
      <p>
        Method: <code>{call.method}</code> <span className="muted">(decoding verified against the call data)</span>
      </p>
      {call.parameters.length > 0 ? (
        <dl>
          {call.parameters.map((p, i) => (
            <div key={i}>
              <dt>
                {p.name} ({p.type})
              </dt>
              <dd>
                <code className="txflow-wrap">{p.value}</code>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/** One described call and, for a batch, its calls in order (recursively); all from the bytes. */
function CallItems({ call, facts }: { call: DescribedCall; facts: SentenceFacts }) {
  const e = call.effect;
  return (
    <>
      {callSentence(call, facts)}
      {e.kind === 'contractCall' && e.decoded ? <Decoded call={e.decoded} /> : null}
      {e.kind === 'batch' ? (
        <ol aria-label="Calls in this batch">
          {e.calls.map((inner, i) => (
            <li key={i}>
              <CallItems call={inner} facts={facts} />
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}

function configChangeText(change: ConfigChange): string {
  const label: Record<ConfigChange['field'], string> = {
    owners: 'Owners',
    modules: 'Modules',
    threshold: 'Threshold',
    ownerCount: 'Number of owners',
    singleton: 'Implementation (singleton)',
    guard: 'Guard',
    fallbackHandler: 'Fallback handler',
  };
  const text = (v: unknown) => (Array.isArray(v) ? v.join(', ') || 'none' : String(v));
  return `${label[change.field]}: ${text(change.before)} → ${text(change.after)}`;
}

/** "+1.5 USDC", "−0.5 ETH", "+1 NFT #7 of 0x12…": a balance change in the asset's units. */
export function balanceChangeText(change: BalanceChange, native: { symbol: string; decimals: number }, tokens: Record<string, { symbol: string; decimals: number }>): string {
  const sign = change.delta.startsWith('-') ? '−' : '+';
  const amount = change.delta.replace(/^-/, '');
  const asset = change.asset;
  switch (asset.kind) {
    case 'native':
      return `${sign}${formatAmount(amount, native.decimals)} ${native.symbol}`;
    case 'ERC20': {
      const meta = tokens[asset.token.toLowerCase()];
      return meta ? `${sign}${formatAmount(amount, meta.decimals)} ${meta.symbol}` : `${sign}${amount} base units of token ${asset.token}`;
    }
    case 'ERC721':
      return `${sign}NFT #${asset.tokenId} of ${asset.token}`;
    case 'ERC1155':
      return `${sign}${amount} × token #${asset.tokenId} of ${asset.token}`;
  }
}

/** What running the transaction in the Safe's own context showed (or why it could not run). */
export function SimulationResult({ simulation, native, safe }: { simulation: Simulation | null; native: { symbol: string; decimals: number }; safe?: string | undefined }) {
  if (simulation === null) return null;
  return (
    <section aria-label="Simulation">
      <h4>What changes (simulation)</h4>
      {simulation.status === 'unavailable' ? (
        <p className="txflow-warning">Simulation unavailable: {simulation.reason} Check the hashes and the decoded data with extra care.</p>
      ) : (
        <>
          <p className={simulation.success ? undefined : 'txflow-risk-blocking'}>
            {simulation.success ? 'The transaction succeeds.' : `The transaction fails. ${simulation.revertReason ?? ''}`}
          </p>
          {simulation.configChanges.length === 0 ? (
            <p>No change to the owners, threshold, implementation, guard or fallback handler.</p>
          ) : (
            <ul aria-label="Configuration changes">
              {simulation.configChanges.map((c, i) => (
                <li key={i}>{configChangeText(c)}</li>
              ))}
            </ul>
          )}
          {simulation.balanceChanges.length === 0 ? (
            <p>No balance changes.</p>
          ) : (
            <ul aria-label="Balance changes" className="txflow-balance-changes">
              {simulation.balanceChanges.map((b, i) => (
                <li key={i}>
                  {safe && b.holder.toLowerCase() === safe.toLowerCase() ? <strong>The Safe</strong> : <Address address={b.holder} short />}:{' '}
                  <span className={b.delta.startsWith('-') ? 'txflow-out' : 'txflow-in'}>{balanceChangeText(b, native, simulation.tokens ?? {})}</span>
                </li>
              ))}
            </ul>
          )}
          <details>
            <summary>How it was simulated</summary>
            <p className="muted">{simulation.method}.</p>
            <ul className="muted">
              {simulation.assumptions.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          </details>
        </>
      )}
    </section>
  );
}

/** What the transaction does, decoded here from the bytes that are hashed and signed. */
export function WhatItDoes({
  description,
  facts,
  chainId,
  rejectionNote = true,
}: {
  description: TxDescription;
  facts: SentenceFacts;
  chainId: string | null;
  /** Say what an on-chain rejection does (the review says it in its own section instead). */
  rejectionNote?: boolean;
}) {
  const e = description.call.effect;
  const parties = partiesOf(description.call, facts.safe.address);
  return (
    <section aria-label="What it does">
      <h4>What it does</h4>
      <div>
        <CallItems call={description.call} facts={facts} />
      </div>
      {parties.length > 0 ? (
        <dl className="facts txflow-parties" aria-label="Addresses it names">
          {parties.map((p) => (
            <Fragment key={p.address}>
              <dt>{p.role}</dt>
              <dd>
                <Address address={p.address} chainId={chainId} />
              </dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
      {e.kind === 'rejection' && rejectionNote ? (
        <p className="muted">
          An on-chain rejection replaces every queued transaction with the same nonce: once executed, they can no longer be executed. To withdraw a proposal that
          nobody needs to act on, its proposer can delete it instead (off-chain, no gas).
        </p>
      ) : null}
      <p className="muted">Decoded on this device from the transaction data; the gateway’s description is only used where it matches.</p>
    </section>
  );
}

/**
 * What an on-chain rejection costs (signatures and gas) and replaces, and the off-chain Delete offered instead to
 * the proposer of the transaction it was opened from.
 */
function RejectionExplainer({ nonce, threshold, ownerCount, replaces, wallet, onDelete }: {
  nonce: string;
  threshold: number;
  ownerCount: number;
  replaces: RejectedTx | null;
  wallet: TxFlowWallet | null;
  onDelete: (replaced: RejectedTx) => void;
}) {
  const isProposer = Boolean(replaces?.proposer && wallet && replaces.proposer.toLowerCase() === wallet.address.toLowerCase());
  return (
    <section aria-label="About rejecting" className="txflow-rejection">
      <h4>Rejecting transaction #{nonce}</h4>
      {rejectionExplanation(nonce, threshold, ownerCount).map((line) => (
        <p key={line}>{line}</p>
      ))}
      {replaces && isProposer ? (
        <div className="txflow-rejection-alt">
          <p>
            You proposed this transaction. If nobody needs to act on it, you can delete it from the queue instead: off-chain, with no gas and no other
            signatures. Signatures already given stay valid.
          </p>
          <button type="button" onClick={() => onDelete(replaces)}>
            Delete transaction #{nonce} instead
          </button>
        </div>
      ) : (
        <p className="muted">Its proposer can instead delete it from the queue, off-chain and without gas (Delete on the transaction’s details).</p>
      )}
    </section>
  );
}

/**
 * Nested Safes (S21): the other Safe's transaction this one approves (approveHash), beside this one's own hashes. Its
 * fields and hashes are shown only when they hash here to the approved bytes; a contradiction is a blocking mismatch
 * above, and an unknown hash is said to be approved blind.
 */
function ApprovedTransaction({ nested, chainId, native }: { nested: NestedApproval | undefined; chainId: string; native: { symbol: string; decimals: number } }) {
  if (!nested) return null;
  const inner = nested.status === 'verified' ? nested.inner : null;
  return (
    <section aria-label="Transaction it approves" className="txflow-nested">
      <h4>Transaction it approves</h4>
      <p>
        As an owner of <Address address={nested.safe} chainId={chainId} />, this Safe approves (approveHash) the transaction whose safeTxHash is{' '}
        <code className="txflow-wrap">{nested.approvedHash}</code>.
      </p>
      {inner ? (
        <>
          <p className="muted">Hashed here from the transaction below, with that Safe’s version read from the chain: it is exactly the hash approved.</p>
          <dl className="txflow-data">
            <div><dt>To</dt><dd><code>{inner.tx.to}</code></dd></div>
            <div><dt>Value</dt><dd>{nativeValueText(inner.tx.value.toString(), native)}</dd></div>
            <div><dt>Data</dt><dd><code className="txflow-wrap">{inner.tx.data}</code></dd></div>
            <div><dt>Operation</dt><dd>{operationText(inner.tx.operation)}</dd></div>
            <div><dt>Nonce</dt><dd>{inner.tx.nonce.toString()}</dd></div>
          </dl>
          <dl>
            <HashRow label="Its domain hash" value={inner.hashes.domainHash} />
            <HashRow label="Its message hash" value={inner.hashes.messageHash} />
            <HashRow label="Its safeTxHash" value={inner.hashes.safeTxHash} />
          </dl>
        </>
      ) : null}
      {nested.status === 'unknown' ? <p className="txflow-warning">{nested.problems[0]} Approve only a hash you have checked yourself.</p> : null}
      {nested.ownerProblem ? <p className="txflow-warning">{nested.ownerProblem}</p> : null}
    </section>
  );
}

/** One hash of a definition list: its name, the hash in full and a copy button. */
export function HashRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="txflow-hash">
      <dt>{label}</dt>
      <dd>
        <code>{value}</code> <CopyButton value={value} label={label} />
      </dd>
    </div>
  );
}

const REVIEW_REASONS_ID = 'txflow-review-reasons';

/** The one thing the review's submit button does: the flow's existing event of that name (`user.<action>`). */
type SubmitAction = 'sign' | 'signAndExecute' | 'execute' | 'relay';

const SUBMIT_NAMES: Record<SubmitAction, string> = {
  sign: 'Sign',
  signAndExecute: 'Sign and execute',
  execute: 'Execute',
  relay: 'Execute with relay',
};

/**
 * What the review offers (decision 0044): whether to execute now, when signing and executing are both possible;
 * how to execute, when both the connected wallet and the relay can; and what the single submit button then does.
 * The wallet executes with the confirmations already collected where they suffice (no extra signature), else it
 * signs and executes. The relay only executes what is already fully signed (as `canRelay` has it).
 */
export function submitChoices(
  can: { sign: boolean; signAndExecute: boolean; execute: boolean; relay: boolean },
  choice: { executeNow: boolean; method: 'wallet' | 'relay' },
): { askExecuteNow: boolean; askMethod: boolean; executing: boolean; action: SubmitAction | null } {
  const wallet: SubmitAction | null = can.execute ? 'execute' : can.signAndExecute ? 'signAndExecute' : null;
  const relay: SubmitAction | null = can.relay ? 'relay' : null;
  const canExecuteNow = wallet !== null || relay !== null;
  const askExecuteNow = can.sign && canExecuteNow;
  const executing = canExecuteNow && (!askExecuteNow || choice.executeNow);
  const askMethod = executing && wallet !== null && relay !== null;
  const action = executing ? ((choice.method === 'relay' ? relay : wallet) ?? wallet ?? relay) : can.sign ? 'sign' : null;
  return { askExecuteNow, askMethod, executing, action };
}

/** Why nothing can be submitted, in words (shown beside the one disabled button, never just greyed out). */
function disabledReasons(ctx: TransactionFlowView['context'], blockingRisks: boolean): string[] {
  const reasons: string[] = [];
  if (ctx.mismatches.length > 0 || ctx.blocks.length > 0) reasons.push('Signing and execution are blocked: see the warning above.');
  else if (blockingRisks && !ctx.risksAcknowledged) reasons.push('Tick “I understand the risks” above to sign or execute.');
  else if (ctx.wallet === null) reasons.push('Connect the wallet of one of the Safe’s signers to sign or execute.');
  else if (!isWalletOwner(ctx)) reasons.push(ctx.mode === 'create' ? 'The connected wallet is not a signer of this Safe; a proposer an owner added can propose it.' : 'The connected wallet is not a signer of this Safe.');
  else {
    if (hasWalletSigned(ctx)) reasons.push('You have already signed.');
    if (ctx.confirmations.length < ctx.safe.threshold) reasons.push(`Execute needs ${ctx.safe.threshold} confirmations (${ctx.confirmations.length} so far).`);
    if (ctx.confirmations.length + 1 < ctx.safe.threshold && !hasWalletSigned(ctx)) reasons.push('Your signature alone does not reach the threshold.');
  }
  return reasons;
}

/** Why the relay is not among the ways to execute, when executing is on offer; null when it is (or says nothing new). */
function relayNote(ctx: TransactionFlowView['context'], canRelay: boolean, signatureNeeded: boolean): string | null {
  if (canRelay) return null;
  if (ctx.relay === null) return 'Relaying is not available on this network.';
  if (ctx.relay.remaining === 0) return 'This Safe has no relayed transactions left.';
  if (signatureNeeded)
    return `The relay executes only fully signed transactions (${ctx.relay.remaining} of ${ctx.relay.limit} left): to use it, only sign now, then execute with the relay.`;
  return null;
}

export function ReviewStep() {
  const send = useTxFlowSend();
  const { context: ctx, canSign, canSignAndExecute, canExecute, canRelay, canPropose, canBack, canEditNonce } = useTxFlow(connectTransactionFlow, shallowEqualViewModel);
  const can = { sign: canSign, signAndExecute: canSignAndExecute, execute: canExecute, relay: canRelay, back: canBack, editNonce: canEditNonce };
  const { safeTx, hashes, risks, mismatches, safe, description } = ctx;
  const nameOf = useAddressNameResolver(safe.chainId);
  const { open } = useOpenFlow();
  // Yes and the connected wallet by default; back at the review after a failed attempt, what was chosen then.
  const [executeNow, setExecuteNow] = useState(ctx.intent !== 'sign');
  const [method, setMethod] = useState<'wallet' | 'relay'>(ctx.intent === 'relay' ? 'relay' : 'wallet');
  const choiceId = useId();
  if (!safeTx || !hashes) return null;
  const safeFacts = { address: safe.address, threshold: safe.threshold, ownerCount: safe.owners.length };
  const facts: SentenceFacts | null = description ? { safe: safeFacts, native: description.native, tokens: description.tokens, nameOf } : null;
  // A look-alike counterparty has its own blocking notice (no acknowledgement lifts it); the other hard blocks theirs.
  const lookAlikes = risks.filter((r) => r.id === LOOK_ALIKE_RISK_ID);
  const warnings = risks.filter((r) => r.id !== LOOK_ALIKE_RISK_ID);
  const implementationBlocks = ctx.blocks.filter((b) => !lookAlikes.some((r) => r.detail === b));
  const blocking = warnings.filter((r) => r.severity === 'blocking');
  // The Safe info's differences are mismatches too (they block); they are listed in their own notice.
  const safeInfoDifferences = ctx.safeInfo?.status === 'differs' ? ctx.safeInfo.differences : [];
  const txMismatches = mismatches.filter((m) => !safeInfoDifferences.includes(m));
  const confirmations = ctx.confirmations.length;
  // One submit button: what the choices above it say (decision 0044). When nothing can be submitted, it says why beside it.
  const { askExecuteNow, askMethod, executing, action } = submitChoices(can, { executeNow, method });
  const signatureNeeded = can.signAndExecute && !can.execute;
  // A connected wallet that is not an owner proposes instead (the flow asks the gateway whether it is a proposer first).
  const proposes = action === null && canPropose;
  const reasons = action === null && !proposes ? disabledReasons(ctx, blocking.length > 0) : [];
  const relayLine = executing ? relayNote(ctx, can.relay, signatureNeeded) : null;
  const relayLeft = ctx.relay ? `${ctx.relay.remaining} of ${ctx.relay.limit} left` : '';
  const submitName = proposes ? 'Propose transaction' : action ? SUBMIT_NAMES[action] : hasWalletSigned(ctx) || confirmations >= safe.threshold ? SUBMIT_NAMES.execute : SUBMIT_NAMES.sign;
  const native = description?.native ?? safe.nativeCurrency ?? { symbol: 'native coin', decimals: 18 };
  const origin = requestOriginOf(ctx.draft);
  const importedFile = importedFileOf(ctx.draft);
  const isRejection = ctx.mode === 'reject' || description?.call.effect.kind === 'rejection';
  const deleteInstead = (replaced: RejectedTx) => {
    void open({ kind: 'deleteTx', safeTxHash: replaced.safeTxHash, nonce: Number(safeTx.nonce), proposer: replaced.proposer, label: replaced.label }).then((entry) => {
      if (entry) send({ type: 'user.cancel' });
    });
  };
  return (
    <div className="txflow-review">
      <h3>{reviewTitle(description, { safe: safeFacts, nameOf }, safeTx.nonce, origin)}</h3>
      {origin ? (
        <p className="muted">
          Requested by the app at <strong>{origin}</strong>. What it does below is decoded here from the transaction’s bytes, not taken from the app.
        </p>
      ) : null}
      {importedFile !== null ? (
        <p className="muted">
          Imported from the Transaction Builder file <strong>{importedFile}</strong>. What it does below is decoded here from the calls’ bytes, not taken from the file’s
          labels.
        </p>
      ) : null}
      {isRejection ? (
        <RejectionExplainer
          nonce={safeTx.nonce}
          threshold={safe.threshold}
          ownerCount={safe.owners.length}
          replaces={ctx.replaces ?? null}
          wallet={ctx.wallet}
          onDelete={deleteInstead}
        />
      ) : null}
      {/* The Safe info against the chain (decision 0053); closing the flow reloads the Safe's info. */}
      <SafeInfoBlocked verdict={ctx.safeInfo} onReload={() => send({ type: 'user.cancel' })} />
      <BlockedNotice title="Signing is blocked: the gateway’s answer does not match the transaction built here." reasons={txMismatches} />
      <BlockedNotice title="Signing is blocked: an address in this transaction imitates one you know." reasons={lookAlikes.map((r) => r.detail)} />
      <BlockedNotice title="Signing is blocked: the Safe’s implementation would be replaced." reasons={implementationBlocks} />
      {description && facts ? <WhatItDoes description={description} facts={facts} chainId={safe.chainId} rejectionNote={!isRejection} /> : null}
      <ApprovedTransaction nested={ctx.nested} chainId={safe.chainId} native={native} />
      <SimulationResult simulation={ctx.simulation} native={native} safe={safe.address} />

      {warnings.length > 0 ? (
        <section aria-label="Warnings" className="txflow-risks">
          <h4>Warnings</h4>
          <ul>
            {warnings.map((r, i) => (
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

      <section aria-label="Hashes">
        <h4>Hashes</h4>
        <p className="muted">Computed here. Compare them with what your wallet or hardware device shows before you sign.</p>
        <dl>
          <HashRow label="Domain hash" value={hashes.domainHash} />
          <HashRow label="Message hash" value={hashes.messageHash} />
          <HashRow label="safeTxHash" value={hashes.safeTxHash} />
        </dl>
      </section>

      <section aria-label="Transaction data">
        <h4>Data</h4>
        <dl className="txflow-data">
          <div><dt>To</dt><dd><code>{safeTx.to}</code></dd></div>
          <div>
            <dt>Value</dt>
            <dd>
              {nativeValueText(safeTx.value, native)} <span className="muted txflow-raw">({safeTx.value} wei)</span>
            </dd>
          </div>
          <div><dt>Data</dt><dd><code className="txflow-wrap">{safeTx.data}</code></dd></div>
          <div><dt>Operation</dt><dd>{operationText(safeTx.operation)}</dd></div>
          <div><dt>SafeTxGas</dt><dd>{safeTx.safeTxGas}</dd></div>
          <div><dt>BaseGas</dt><dd>{safeTx.baseGas}</dd></div>
          <div><dt>GasPrice</dt><dd>{safeTx.gasPrice}</dd></div>
          <div><dt>GasToken</dt><dd><code>{safeTx.gasToken}</code></dd></div>
          <div><dt>RefundReceiver</dt><dd><code>{safeTx.refundReceiver}</code></dd></div>
          <div><dt>Nonce</dt><dd>{safeTx.nonce}</dd></div>
        </dl>
        <TxBuilderExport safeTx={safeTx} owner={ctx.wallet?.address ?? null} />
      </section>

      <SafeInfoAgrees verdict={ctx.safeInfo} />
      <p>
        Confirmed {confirmations} of {safe.threshold}
        {ctx.confirmationChecks.length > confirmations ? ' (only confirmations verified here count)' : ''}
      </p>
      <ConfirmationVerdicts checks={ctx.confirmationChecks} />
      {ctx.wallet === null ? <p className="txflow-warning">Please connect your wallet</p> : null}
      {ctx.wallet !== null && !isWalletOwner(ctx) ? (
        ctx.mode === 'create' ? (
          <p className="txflow-warning">
            You are not a signer of this Safe. If an owner added this wallet as a proposer, you can propose this transaction for the owners to confirm and execute. Proposing
            signs it with your wallet, but your signature does not count as a confirmation.
          </p>
        ) : (
          <p className="txflow-warning">You are currently not a signer of this Safe account and won't be able to submit this transaction.</p>
        )
      ) : null}
      {hasWalletSigned(ctx) ? <p>You have already signed this transaction.</p> : null}
      {signatureNeeded ? <p>You're providing the last signature. After you sign, anyone can execute this transaction.</p> : null}
      {can.sign && can.execute ? <p>The transaction already has the confirmations it needs: executing does not need your signature.</p> : null}

      {askExecuteNow ? (
        <fieldset className="txflow-choice">
          <legend>Execute now?</legend>
          <label>
            <input type="radio" name={`${choiceId}-now`} checked={executeNow} onChange={() => setExecuteNow(true)} />
            Yes, execute
          </label>
          <label>
            <input type="radio" name={`${choiceId}-now`} checked={!executeNow} onChange={() => setExecuteNow(false)} />
            No, only sign (anyone can execute later)
          </label>
        </fieldset>
      ) : null}
      {askMethod ? (
        <fieldset className="txflow-choice">
          <legend>Execute with</legend>
          <label>
            <input type="radio" name={`${choiceId}-method`} checked={method === 'wallet'} onChange={() => setMethod('wallet')} />
            Connected wallet
          </label>
          <label>
            <input type="radio" name={`${choiceId}-method`} checked={method === 'relay'} onChange={() => setMethod('relay')} />
            Relay ({relayLeft})
          </label>
        </fieldset>
      ) : null}
      {executing && can.relay && !askMethod ? <p className="muted">Relay: {relayLeft}.</p> : null}
      {relayLine ? <p className="muted">{relayLine}</p> : null}

      {ctx.error ? (
        <p role="alert" className="txflow-error">
          {ctx.error}
        </p>
      ) : null}
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
        <button
          type="button"
          className="primary"
          disabled={action === null && !proposes}
          aria-describedby={reasons.length > 0 ? REVIEW_REASONS_ID : undefined}
          onClick={() => {
            if (proposes) send({ type: 'user.propose' });
            else if (action) send({ type: `user.${action}` });
          }}
        >
          {submitName}
        </button>
        {reasons.length > 0 ? (
          <p className="ui-reason" id={REVIEW_REASONS_ID}>
            {reasons.join(' ')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
