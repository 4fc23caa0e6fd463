/**
 * The user-facing steps of one Safe Apps request: the permission prompt (awaitingPermission) and the hand-over
 * to a transaction or message flow (handedOver, with Cancel). Minimal on purpose: the real confirmation screens
 * belong to the transaction and message flows. Enabled states come from `snapshot.can(event)`.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { bridgeRequestMachine } from '../../machines/bridgeRequest/bridgeRequest.machine.ts';

export type BridgeRequestRef = ActorRefFrom<typeof bridgeRequestMachine>;
type Snapshot = SnapshotFrom<typeof bridgeRequestMachine>;

const CAPABILITY_LABELS: Record<string, string> = { requestAddressBook: 'Access to your address book' };

function capabilities(snapshot: Snapshot): string[] {
  const { request } = snapshot.context;
  if (request.method === 'wallet_requestPermissions') return [...new Set(request.params.requests.flatMap((entry) => Object.keys(entry)))];
  return ['requestAddressBook'];
}

function txCount(snapshot: Snapshot): number {
  const { request } = snapshot.context;
  return request.method === 'sendTransactions' ? request.params.txs.length : 0;
}

/** `now` stamps the user's decision (the machine never reads a clock); tests pass a fixed one. */
export function BridgeRequestPrompt({ actor, now = Date.now }: { actor: BridgeRequestRef; now?: () => number }) {
  const snapshot = useSelector(actor, (s) => s);
  const origin = snapshot.context.appOrigin;

  if (snapshot.matches('validating')) return <p role="status">Checking the request from {origin}…</p>;
  if (snapshot.matches('fetching')) return <p role="status">Reading data for {origin}…</p>;

  if (snapshot.matches('awaitingPermission')) {
    return (
      <section role="dialog" aria-label="Permissions Request">
        <h2>Permissions Request</h2>
        <p>{origin} is requesting permissions for:</p>
        <ul>
          {capabilities(snapshot).map((capability) => (
            <li key={capability}>{CAPABILITY_LABELS[capability] ?? capability}</li>
          ))}
        </ul>
        <button type="button" disabled={!snapshot.can({ type: 'user.denyPermission', at: 0 })} onClick={() => actor.send({ type: 'user.denyPermission', at: now() })}>
          Reject
        </button>
        <button type="button" disabled={!snapshot.can({ type: 'user.grantPermission', at: 0 })} onClick={() => actor.send({ type: 'user.grantPermission', at: now() })}>
          Accept
        </button>
      </section>
    );
  }

  if (snapshot.matches('handedOver')) {
    const count = txCount(snapshot);
    const text = snapshot.matches({ handedOver: 'transaction' })
      ? `${origin} asks you to confirm ${count} ${count === 1 ? 'transaction' : 'transactions'}.`
      : snapshot.matches({ handedOver: 'offChainMessage' })
        ? `${origin} asks you to sign a message (off-chain signature).`
        : `${origin} asks you to sign a message (on-chain transaction).`;
    return (
      <section role="dialog" aria-label="Safe App request">
        <p>{text}</p>
        <button type="button" disabled={!snapshot.can({ type: 'user.cancel' })} onClick={() => actor.send({ type: 'user.cancel' })}>
          Cancel
        </button>
      </section>
    );
  }

  const reply = snapshot.context.reply;
  if (!reply) return null;
  return <p role="status">{reply.success ? `Answered ${snapshot.context.request.method}` : `Refused ${snapshot.context.request.method}: ${reply.error}`}</p>;
}
