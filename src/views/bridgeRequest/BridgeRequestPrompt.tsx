/**
 * The user-facing steps of one Safe Apps request: the permission prompt (awaitingPermission, a modal dialog) and
 * the hand-over to a transaction or message flow (handedOver: a card with Cancel, under the flow's own dialog).
 * Minimal on purpose: the real confirmation screens belong to the transaction and message flows. Enabled states come from `snapshot.can(event)`, through
 * `connectBridgeRequest`.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { bridgeRequestMachine } from '../../machines/bridgeRequest/bridgeRequest.machine.ts';
import { connectBridgeRequest } from '../../machines/bridgeRequest/bridgeRequest.connect.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { DISMISS_LABEL } from '../ui/dismiss.ts';
import { shallowEqualViewModel } from '../useViewModel.ts';

export type BridgeRequestRef = ActorRefFrom<typeof bridgeRequestMachine>;

const CAPABILITY_LABELS: Record<string, string> = { requestAddressBook: 'Access to your address book' };

/**
 * The app is named by its name where the caller knows it (the open app's manifest), its origin shown beside it:
 * the origin is what the bridge checked, the name is what the user recognises.
 */
function AppName({ name, origin }: { name: string | undefined; origin: string }) {
  if (!name) return <strong>{origin}</strong>;
  return (
    <>
      <strong>{name}</strong> <span className="muted">({origin})</span>
    </>
  );
}

/** `now` stamps the user's decision (the machine never reads a clock); tests pass a fixed one. */
export function BridgeRequestPrompt({ actor, appName, now = Date.now }: { actor: BridgeRequestRef; appName?: string; now?: () => number }) {
  const view = useSelector(actor, connectBridgeRequest, shallowEqualViewModel);
  const origin = view.appOrigin;
  const app = <AppName name={appName} origin={origin} />;

  if (view.step === 'validating') return <p role="status">Checking the request from {app}…</p>;
  if (view.step === 'fetching') return <p role="status">Reading data for {app}…</p>;

  if (view.step === 'awaitingPermission') {
    const deny = () => actor.send({ type: 'user.denyPermission', at: now() });
    // Closing the prompt (× or Escape) answers the app as Reject does: it must not wait for an answer forever.
    return (
      <Dialog title="Permissions Request" closeLabel={DISMISS_LABEL} {...(view.canDeny ? { onClose: deny } : {})}>
        <p>{app} is requesting permissions for:</p>
        <ul>
          {view.capabilities.map((capability) => (
            <li key={capability}>{CAPABILITY_LABELS[capability] ?? capability}</li>
          ))}
        </ul>
        <div className="ui-actions">
          <button type="button" className="danger" disabled={!view.canDeny} onClick={deny}>
            Reject
          </button>
          <button type="button" className="primary" disabled={!view.canGrant} onClick={() => actor.send({ type: 'user.grantPermission', at: now() })}>
            Accept
          </button>
        </div>
      </Dialog>
    );
  }

  if (view.step === 'handedOver') {
    const count = view.txCount;
    const what =
      view.handOver === 'transaction'
        ? ` asks you to confirm ${count} ${count === 1 ? 'transaction' : 'transactions'}.`
        : view.handOver === 'offChainMessage'
          ? ' asks you to sign a message (off-chain signature).'
          : ' asks you to sign a message (on-chain transaction).';
    // Not a modal: the transaction or message flow's dialog is the modal, above this card.
    return (
      <section aria-label="Safe App request" className="card ui-request">
        <p>
          {app}
          {what}
        </p>
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
