/**
 * The user-facing steps of one Safe Apps request: the permission prompt (awaitingPermission) and the hand-over
 * to a transaction or message flow (handedOver, with Cancel). Minimal on purpose: the real confirmation screens
 * belong to the transaction and message flows. Enabled states come from `snapshot.can(event)`, through
 * `connectBridgeRequest`.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { bridgeRequestMachine } from '../../machines/bridgeRequest/bridgeRequest.machine.ts';
import { connectBridgeRequest } from '../../machines/bridgeRequest/bridgeRequest.connect.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';

export type BridgeRequestRef = ActorRefFrom<typeof bridgeRequestMachine>;

const CAPABILITY_LABELS: Record<string, string> = { requestAddressBook: 'Access to your address book' };

/** `now` stamps the user's decision (the machine never reads a clock); tests pass a fixed one. */
export function BridgeRequestPrompt({ actor, now = Date.now }: { actor: BridgeRequestRef; now?: () => number }) {
  const view = useSelector(actor, connectBridgeRequest, shallowEqualViewModel);
  const origin = view.appOrigin;

  if (view.step === 'validating') return <p role="status">Checking the request from {origin}…</p>;
  if (view.step === 'fetching') return <p role="status">Reading data for {origin}…</p>;

  if (view.step === 'awaitingPermission') {
    return (
      <section role="dialog" aria-label="Permissions Request">
        <h2>Permissions Request</h2>
        <p>{origin} is requesting permissions for:</p>
        <ul>
          {view.capabilities.map((capability) => (
            <li key={capability}>{CAPABILITY_LABELS[capability] ?? capability}</li>
          ))}
        </ul>
        <button type="button" disabled={!view.canDeny} onClick={() => actor.send({ type: 'user.denyPermission', at: now() })}>
          Reject
        </button>
        <button type="button" disabled={!view.canGrant} onClick={() => actor.send({ type: 'user.grantPermission', at: now() })}>
          Accept
        </button>
      </section>
    );
  }

  if (view.step === 'handedOver') {
    const count = view.txCount;
    const text =
      view.handOver === 'transaction'
        ? `${origin} asks you to confirm ${count} ${count === 1 ? 'transaction' : 'transactions'}.`
        : view.handOver === 'offChainMessage'
          ? `${origin} asks you to sign a message (off-chain signature).`
          : `${origin} asks you to sign a message (on-chain transaction).`;
    return (
      <section role="dialog" aria-label="Safe App request">
        <p>{text}</p>
        <button type="button" disabled={!view.canCancel} onClick={() => actor.send({ type: 'user.cancel' })}>
          Cancel
        </button>
      </section>
    );
  }

  const reply = view.reply;
  if (!reply) return null;
  return <p role="status">{reply.success ? `Answered ${view.method}` : `Refused ${view.method}: ${reply.error}`}</p>;
}
