/** Dialog of the deleteTxFlow: "Delete this transaction?", DeleteRequest signature, DELETE. */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { DeleteTxFlowMachine } from '../../machines/transactionFlow/deleteTxFlow.machine.ts';
import { flowDialogParts } from './flowDialog.tsx';

export type DeleteTxRef = ActorRefFrom<DeleteTxFlowMachine>;

const WALLET_ERRORS: Record<string, string> = {
  rejected: 'User rejected signing.',
  wrongChain: 'Change your wallet network',
  disconnected: 'No wallet is connected.',
  other: 'Error submitting the transaction. Please try again.',
};

/** `now` supplies the time put in the confirm event (the DeleteRequest TOTP derives from it). */
export function DeleteTxDialog({ actor, now = Date.now }: { actor: DeleteTxRef; now?: () => number }) {
  const titleId = useId();
  const s = useSelector(actor, (snapshot) => snapshot);
  if (s.status === 'done') return null;
  const ctx = s.context;
  const { state, sub, button } = flowDialogParts(s, actor.send);
  return (
    <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="txflow-dialog">
      <h2 id={titleId}>Delete this transaction?</h2>
      <p>
        Transaction #{ctx.nonce}: {ctx.label}. It is removed from the queue; signatures already given will remain valid.
      </p>
      {state === 'confirming' ? (
        <>
          {!s.can({ type: 'user.confirmDelete', nowMs: 0 }) ? <p className="txflow-warning">Only the proposer’s wallet can delete this transaction.</p> : null}
          <div className="txflow-actions">
            {button('user.cancel', 'Cancel')}
            <button type="button" disabled={!s.can({ type: 'user.confirmDelete', nowMs: 0 })} onClick={() => actor.send({ type: 'user.confirmDelete', nowMs: now() })}>
              Delete
            </button>
          </div>
        </>
      ) : null}
      {state === 'signing' ? <p role="status">Confirm the delete request in your wallet…</p> : null}
      {state === 'deleting' ? <p role="status">Deleting the transaction…</p> : null}
      {state === 'walletError' ? (
        <>
          <p role="alert">{WALLET_ERRORS[sub ?? 'other']} {sub === 'other' ? ctx.walletFailure?.message : ''}</p>
          <div className="txflow-actions">{button('user.cancel', 'Cancel')}{button('user.retry', 'Try again')}</div>
        </>
      ) : null}
      {state === 'failed' ? (
        <>
          <p role="alert">The transaction could not be deleted. {ctx.error}</p>
          <div className="txflow-actions">{button('user.cancel', 'Cancel')}{button('user.retry', 'Try again')}</div>
        </>
      ) : null}
      {state === 'interrupted' ? (
        <>
          <p role="alert">The page was reloaded during the deletion. Nothing was sent again.</p>
          <div className="txflow-actions">{button('user.cancel', 'Cancel')}{button('user.retry', 'Try again')}</div>
        </>
      ) : null}
      {state === 'deleted' ? (
        <>
          <p role="status">The transaction was deleted.</p>
          <div className="txflow-actions">{button('user.close', 'Close')}</div>
        </>
      ) : null}
    </div>
  );
}
