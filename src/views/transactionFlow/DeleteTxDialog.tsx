/** Dialog of the deleteTxFlow: "Delete this transaction?", DeleteRequest signature, DELETE. */
import { useSelector } from '@xstate/react';
import { isSafeInfoBlockText } from '../../domain/safe/safeInfoCheck.ts';
import type { ActorRefFrom } from 'xstate';
import type { DeleteTxFlowMachine } from '../../machines/transactionFlow/deleteTxFlow.machine.ts';
import { connectDeleteTxFlow } from '../../machines/transactionFlow/deleteTxFlow.connect.ts';
import { deleteRequestHashes } from '../../domain/safe/deleteRequest.ts';
import { CopyButton } from '../components/CopyButton.tsx';
import { DEVICE_ERROR_TITLES, DeviceCheckStep, DeviceWaiting, deviceRejectionSuffix } from '../components/DeviceCheck.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { flowDialogParts, type FlowCommand } from './flowDialog.tsx';
import './compose.css';

export type DeleteTxRef = ActorRefFrom<DeleteTxFlowMachine>;

const WALLET_ERRORS: Record<string, string> = {
  rejected: 'User rejected signing.',
  wrongChain: 'Change your wallet network',
  disconnected: 'No wallet is connected.',
  // Device errors (issue 19): the failure's own text, which names the device, says what to do on it.
  ...DEVICE_ERROR_TITLES,
  other: 'Error submitting the transaction. Please try again.',
};

/** Wallet errors whose failure text is shown after the title (it says what to do). */
const SAYS_MORE: ReadonlySet<string> = new Set(['other', ...Object.keys(DEVICE_ERROR_TITLES)]);

/** What the wallet is asked to sign, hashed here: compare with the wallet or device before approving. */
function DeleteRequestHashes({ ctx, nowMs }: { ctx: { safe: { chainId: string; address: `0x${string}` }; safeTxHash: `0x${string}` }; nowMs: number }) {
  const hashes = deleteRequestHashes({ chainId: BigInt(ctx.safe.chainId), safeAddress: ctx.safe.address, safeTxHash: ctx.safeTxHash, nowMs });
  const rows: [string, string][] = [
    ['Domain hash', hashes.domainHash],
    ['Message hash', hashes.messageHash],
    ['DeleteRequest hash', hashes.deleteRequestHash],
  ];
  return (
    <section aria-label="Delete request hashes">
      <h3>What your wallet signs</h3>
      <p className="muted">
        A DeleteRequest (EIP-712, domain “Safe Transaction Service” 1.0) for safeTxHash <code className="txflow-wrap">{ctx.safeTxHash}</code>, valid for this hour. It moves no funds.
        Compare these hashes, computed here, with what your wallet or device shows.
      </p>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="txflow-hash">
            <dt>{label}</dt>
            <dd>
              <code>{value}</code> <CopyButton value={value} label={label} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * `now` supplies the time put in the confirm event (the DeleteRequest TOTP derives from it). `onDeletedClose` runs
 * when the user closes the dialog after the deletion (the host then leaves the deleted transaction's page).
 */
export function DeleteTxDialog({ actor, now = Date.now, onDeletedClose }: { actor: DeleteTxRef; now?: () => number; onDeletedClose?: () => void }) {
  const view = useSelector(actor, connectDeleteTxFlow, shallowEqualViewModel);
  if (view.ended) return null;
  const ctx = view.context;
  const send = (event: { type: FlowCommand }) => {
    actor.send(event);
    if (event.type === 'user.close' && view.status === 'deleted') onDeletedClose?.();
  };
  const { state, sub, button, onClose, closeLabel } = flowDialogParts(view, send);
  return (
    <Dialog title="Delete this transaction?" closeLabel={closeLabel} {...(onClose ? { onClose } : {})} className="txflow-dialog">
      <p>
        {/* The label is often just "Transaction #n": say the nonce once. */}
        {ctx.label && ctx.label !== `Transaction #${ctx.nonce}` ? `Transaction #${ctx.nonce}: ${ctx.label}.` : `Transaction #${ctx.nonce}.`} It is removed from the queue; signatures already
        given will remain valid.
      </p>
      {state === 'confirming' || (state === 'signing' && !ctx.deviceCheck) ? <DeleteRequestHashes ctx={ctx} nowMs={ctx.requestedAtMs ?? now()} /> : null}
      {state === 'confirming' ? (
        <>
          {!view.canConfirmDelete ? <p className="txflow-warning">Only the proposer’s wallet can delete this transaction.</p> : null}
          <div className="txflow-actions">
            {button('user.cancel', 'Cancel')}
            <button type="button" className="danger" disabled={!view.canConfirmDelete} onClick={() => actor.send({ type: 'user.confirmDelete', nowMs: now() })}>
              Delete
            </button>
          </div>
        </>
      ) : null}
      {state === 'checkingOnDevice' && ctx.deviceCheck ? (
        <DeviceCheckStep check={ctx.deviceCheck} onConfirm={() => actor.send({ type: 'user.confirmOnDevice' })} onCancel={() => send({ type: 'user.cancel' })} />
      ) : null}
      {state === 'signing' ? ctx.deviceCheck ? <DeviceWaiting check={ctx.deviceCheck} /> : <p role="status">Confirm the delete request in your wallet…</p> : null}
      {state === 'deleting' ? <p role="status">Deleting the transaction…</p> : null}
      {state === 'walletError' ? (
        <>
          <p role="alert">
            {/* The two-source check refused before the wallet was asked (decision 0053): its text alone says why. */}
            {isSafeInfoBlockText(ctx.walletFailure?.message) ? ctx.walletFailure?.message : `${WALLET_ERRORS[sub ?? 'other']}${deviceRejectionSuffix(sub, ctx.walletFailure?.message)} ${SAYS_MORE.has(sub ?? 'other') ? (ctx.walletFailure?.message ?? '') : ''}`}
          </p>
          {sub !== null && sub !== 'other' && SAYS_MORE.has(sub) ? <p>Nothing was signed or sent. The transaction is still queued; try again to delete it.</p> : null}
          <div className="txflow-actions">{button('user.cancel', 'Cancel')}{button('user.retry', 'Try again', 'primary')}</div>
        </>
      ) : null}
      {state === 'failed' ? (
        <>
          <p role="alert">The transaction could not be deleted. {ctx.error}</p>
          <div className="txflow-actions">{button('user.cancel', 'Cancel')}{button('user.retry', 'Try again', 'primary')}</div>
        </>
      ) : null}
      {state === 'interrupted' ? (
        <>
          <p role="alert">The page was reloaded during the deletion. Nothing was sent again.</p>
          <div className="txflow-actions">{button('user.cancel', 'Cancel')}{button('user.retry', 'Try again', 'primary')}</div>
        </>
      ) : null}
      {state === 'deleted' ? (
        <>
          <p role="status">The transaction was deleted.</p>
          <div className="txflow-actions">{button('user.close', 'Close', 'primary')}</div>
        </>
      ) : null}
    </Dialog>
  );
}
