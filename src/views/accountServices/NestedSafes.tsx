/**
 * Nested Safes seen from the child Safe (issue 21, decision 0063 — see docs/decisions):
 * - Settings › Setup, "Owner Safes": which owners are Safes (read on chain), which of them the connected wallet
 *   owns, and nested chains that can never reach a threshold;
 * - a queued transaction's details: "Approve as owner Safe …", a link to the parent Safe's queue that carries the
 *   request (`?approve=<child>:<safeTxHash>`);
 * - the parent's queue, given that request: a note that starts the parent's own transaction flow with
 *   approveHash(safeTxHash) on the child. The flow's review shows the child's transaction and checks it hashes to
 *   exactly that value (decision 0062); nothing here signs anything.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { TransactionDetails } from '../../domain/gateway/types.ts';
import { APPROVE_PARAM, approveHashCall, approveParamValue, parseApproveParam } from '../../domain/safe/nestedSafes.ts';
import { connectNestedSafes } from '../../machines/accountServices/nestedSafes.connect.ts';
import type { NestedSafesMachine } from '../../machines/accountServices/nestedSafes.machine.ts';
import type { AccountServicesInput } from '../../machines/accountServices/accountServices.types.ts';
import type { FlowRequest } from '../../machines/shared/flows.ts';
import { Address, shortAddress } from '../components/Address.tsx';
import { Link } from '../components/Link.tsx';
import { useAppSelector, useAppSend } from '../appContext.tsx';
import { useOpenFlow } from '../flows/flowsContext.tsx';
import { useOptionalWalletAddress } from '../walletConnection/walletContext.tsx';
import { useSafeSession } from '../safeSession/safeSessionContext.tsx';
import { ForOpenSafe, useAccountServicesLogic } from './accountServicesContext.tsx';
import { Loadable } from '../components/Loadable.tsx';
import './nestedSafes.css';

export type NestedSafesRef = ActorRefFrom<NestedSafesMachine>;

/** Who asks for the handed-over call, as the compose step names it. */
export const NESTED_APPROVAL_ORIGIN = 'Nested Safe approval';

/** The parent's flow request: approveHash(safeTxHash) on the child, handed over ready-made. */
export function approvalRequest(child: string, safeTxHash: `0x${string}`): FlowRequest {
  const call = approveHashCall(child as `0x${string}`, safeTxHash);
  return { kind: 'transaction', mode: 'create', initialDraft: { kind: 'rawCall', ...call, origin: NESTED_APPROVAL_ORIGIN } };
}

function useNestedSafesActor(input: AccountServicesInput): NestedSafesRef {
  const logic = useAccountServicesLogic();
  const inspect = logic.inspect ? { inspect: logic.inspect } : {};
  return useActorRef(logic.nestedSafes, { input, ...inspect });
}

/** Settings › Setup: the owners that are Safes, and deadlocks. */
export function NestedSafesView({ actor, chainId, footer = null }: { actor: NestedSafesRef; chainId: string; footer?: ReactNode }) {
  const view = useSelector(actor, connectNestedSafes);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="card nested-safes">
      <h2 id={titleId}>Owner Safes</h2>
      <Loadable what="owner Safes" status={view.step === 'shown' ? 'ready' : view.step === 'failed' ? 'failed' : 'loading'} error={view.error} onRetry={() => actor.send({ type: 'user.retry' })}>
        {view.deadlocks.length > 0 ? (
          <div role="alert" className="warning nested-deadlock">
            {view.deadlocks.map((d) => (
              <p key={d.safe ?? 'self'}>{d.text}</p>
            ))}
          </div>
        ) : null}
        {view.ownerSafes.length === 0 ? (
          <p>None of this Safe’s signers is a Safe (read on chain).</p>
        ) : (
          <ul className="plain" aria-label="Owner Safes">
            {view.ownerSafes.map((o) => {
              const yours = view.parents.some((p) => p.address === o.address);
              return (
                <li key={o.address} aria-label={`Owner Safe ${o.address}`}>
                  <Address address={o.address} chainId={chainId} />
                  <p className="muted">
                    A Safe with {o.owners.length} {o.owners.length === 1 ? 'owner' : 'owners'}, {o.threshold} of {o.owners.length} required (read on chain).
                    {yours ? ' Your wallet is one of its owners: you can approve this Safe’s transactions as it, from its own queue.' : ''}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
        <button type="button" onClick={() => actor.send({ type: 'user.refresh' })} disabled={view.step !== 'shown'} aria-label="Refresh owner Safes">
          Refresh
        </button>
      </Loadable>
      {footer}
    </section>
  );
}

export function NestedSafesSection() {
  return <ForOpenSafe render={(input) => <NestedSafesActorView input={input} />} />;
}

function NestedSafesActorView({ input }: { input: AccountServicesInput }) {
  const shortName = useSafeSession((s) => s.context.chain?.shortName ?? '');
  const footer = shortName ? (
    <p>
      <Link className="button-link" to={`/new-safe/create?chain=${shortName}&owner=${input.safe.address}`}>
        Create a Safe owned by this Safe
      </Link>{' '}
      <span className="muted">Its only signer is this Safe: what it does is approved by this Safe’s own transactions.</span>
    </p>
  ) : null;
  return <NestedSafesView actor={useNestedSafesActor(input)} chainId={input.safe.chainId} footer={footer} />;
}

/**
 * A queued transaction's details: one link per owner Safe the wallet owns and that has not confirmed yet. It opens
 * the parent's queue with the request; the parent's own flow does the rest.
 */
export function ApproveAsParentView({ actor, details, shortName }: { actor: NestedSafesRef; details: TransactionDetails; shortName: string }) {
  const view = useSelector(actor, connectNestedSafes);
  const exec = details.detailedExecutionInfo;
  if (view.step !== 'shown' || exec?.type !== 'MULTISIG') return null;
  const confirmed = new Set(exec.confirmations.map((c) => c.signer.value.toLowerCase()));
  const parents = details.txStatus === 'AWAITING_CONFIRMATIONS' ? view.parents.filter((p) => !confirmed.has(p.address.toLowerCase())) : [];
  const done = view.parents.filter((p) => confirmed.has(p.address.toLowerCase()));
  if (parents.length === 0 && done.length === 0) return null;
  const child = details.safeAddress;
  return (
    <div className="nested-offer" role="group" aria-label="Approve as an owner Safe">
      {done.map((p) => (
        <p key={p.address}>Owner Safe {shortAddress(p.address)}, which your wallet owns, has approved this transaction.</p>
      ))}
      {parents.length > 0 ? <p>An owner of this Safe is a Safe your wallet owns. It approves this transaction with its own transaction (approveHash), signed by its owners.</p> : null}
      {parents.map((p) => (
        <Link key={p.address} className="button-link" to={`/transactions/queue?safe=${shortName}:${p.address}&${APPROVE_PARAM}=${approveParamValue(child, exec.safeTxHash)}`}>
          Approve as owner Safe {shortAddress(p.address)}
        </Link>
      ))}
    </div>
  );
}

export function ApproveAsParent({ details }: { details: TransactionDetails }) {
  const shortName = useSafeSession((s) => s.context.chain?.shortName ?? '');
  const exec = details.detailedExecutionInfo;
  const waiting = (details.txStatus === 'AWAITING_CONFIRMATIONS' || details.txStatus === 'AWAITING_EXECUTION') && exec?.type === 'MULTISIG';
  // Only a connected wallet can own a parent Safe (and a details screen shown without one reads nothing).
  const wallet = useOptionalWalletAddress();
  if (!waiting || !shortName || !wallet) return null;
  return <ForOpenSafe render={(input) => <ApproveAsParentActor input={input} details={details} shortName={shortName} />} />;
}

function ApproveAsParentActor({ input, details, shortName }: { input: AccountServicesInput; details: TransactionDetails; shortName: string }) {
  return <ApproveAsParentView actor={useNestedSafesActor(input)} details={details} shortName={shortName} />;
}

/** The parent's queue, opened with `?approve=<child>:<safeTxHash>`: start the parent's approval flow, or dismiss. */
export function NestedApprovalRequest() {
  const search = useAppSelector((s) => s.context.location.search);
  const path = useAppSelector((s) => s.context.location.path);
  const send = useAppSend();
  const raw = new URLSearchParams(search).get(APPROVE_PARAM);
  const request = parseApproveParam(raw);
  const safe = useSafeSession((s) => s.context.safeInfo?.address.value ?? null);
  const { open, error } = useOpenFlow();
  const titleId = useId();
  if (raw === null || !safe) return null;
  const dismiss = () => {
    const params = new URLSearchParams(search);
    params.delete(APPROVE_PARAM);
    send({ type: 'user.navigate', to: `${path}?${params.toString()}` });
  };
  if (!request) {
    return (
      <section aria-labelledby={titleId} className="card nested-request">
        <h2 id={titleId}>Approve another Safe’s transaction</h2>
        <p role="alert">The link’s approval request is not valid: it must name a Safe address and a 32-byte safeTxHash. Nothing was started.</p>
        <button type="button" onClick={dismiss}>
          Dismiss
        </button>
      </section>
    );
  }
  return (
    <section aria-labelledby={titleId} className="card nested-request">
      <h2 id={titleId}>Approve another Safe’s transaction</h2>
      <p>
        You came from Safe <Address address={request.child} short /> to approve its transaction <code className="hash">{request.safeTxHash}</code> as this Safe. This Safe proposes
        approveHash on that Safe; its review shows the transaction it approves and checks it hashes to exactly this value.
      </p>
      {error ? <p role="alert">{error}</p> : null}
      <div className="settings-actions">
        <button type="button" className="primary" onClick={() => void open(approvalRequest(request.child, request.safeTxHash))}>
          Start the approval
        </button>
        <button type="button" onClick={dismiss}>
          Dismiss
        </button>
      </div>
    </section>
  );
}
