/**
 * Dialog of the bulkExecuteFlow: each transaction as decoded here from its bytes, its locally computed safeTxHash and
 * its verified confirmations, then Execute / Relay.
 */
import { useSelector } from '@xstate/react';
import { isSafeInfoBlockText } from '../../domain/safe/safeInfoCheck.ts';
import type { ActorRefFrom } from 'xstate';
import { bulkBlocker, type BulkExecuteFlowMachine } from '../../machines/transactionFlow/bulkExecuteFlow.machine.ts';
import { connectBulkExecuteFlow } from '../../machines/transactionFlow/bulkExecuteFlow.connect.ts';
import { txSentence } from '../../machines/shared/txSentence.ts';
import { useAddressNameResolver } from '../addressBook/useAddressName.ts';
import { ConfirmationVerdicts } from '../components/ConfirmationVerdicts.tsx';
import { CopyButton } from '../components/CopyButton.tsx';
import { DEVICE_ERROR_TITLES, DeviceChanges, DeviceCheckStep, DeviceWaiting, deviceRejectionSuffix, isDeviceErrorKind } from '../components/DeviceCheck.tsx';
import { shallowEqualViewModel } from '../useViewModel.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { flowDialogParts } from './flowDialog.tsx';
import './compose.css';

export type BulkExecuteRef = ActorRefFrom<BulkExecuteFlowMachine>;

const WALLET_ERRORS: Record<string, string> = {
  rejected: 'User rejected the transaction.',
  wrongChain: 'Change your wallet network',
  disconnected: 'No wallet is connected.',
  insufficientFunds: "Your connected wallet doesn't have enough funds to execute this transaction.",
  ...DEVICE_ERROR_TITLES,
  other: 'Error submitting the transaction. Please try again.',
};

export function BulkExecuteDialog({ actor }: { actor: BulkExecuteRef }) {
  const view = useSelector(actor, connectBulkExecuteFlow, shallowEqualViewModel);
  const nameOf = useAddressNameResolver(view.context.safe.chainId);
  if (view.ended) return null;
  const ctx = view.context;
  const { state, sub, button, onClose, closeLabel } = flowDialogParts(view, actor.send);
  const blocker = bulkBlocker(ctx);
  const blocking = ctx.items.some((item) => item.risks.some((r) => r.severity === 'blocking'));
  const safeFacts = { address: ctx.safe.address, threshold: ctx.safe.threshold, ownerCount: ctx.safe.owners.length };
  return (
    <Dialog title="Bulk execute" closeLabel={closeLabel} {...(onClose ? { onClose } : {})} className="txflow-dialog">
      {state === 'loading' || state === 'loadingRelay' ? <p role="status">Loading the transactions…</p> : null}
      {state === 'loadFailed' ? (
        <>
          <p role="alert">{isSafeInfoBlockText(ctx.error) ? ctx.error : `The transactions could not be loaded. ${ctx.error ?? ''}`}</p>
          <div className="txflow-actions">{button('user.cancel', 'Cancel')}{button('user.retry', 'Try again', 'primary')}</div>
        </>
      ) : null}
      {state === 'review' ? (
        <>
          <p>
            This batch contains {ctx.items.length} transactions. All {ctx.items.length} listed below are executed together, in nonce order, in one
            transaction sent by your wallet (or the relay).
          </p>
          <ol aria-label="Transactions">
            {ctx.items.map((item) => (
              <li key={item.txId}>
                <strong>
                  #{item.safeTx.nonce} {item.description ? txSentence(item.description, { safe: safeFacts, nameOf }, item.safeTx.nonce) : null}
                </strong>
                {item.description ? null : <span className="muted unverified"> {item.label} (gateway label, unverified)</span>}
                <div>
                  safeTxHash <code className="txflow-wrap">{item.hashes.safeTxHash}</code> <CopyButton value={item.hashes.safeTxHash} label={`safeTxHash of #${item.safeTx.nonce}`} />
                </div>
                <p>
                  Confirmations: {item.confirmations.length} of {ctx.safe.threshold} verified
                </p>
                <ConfirmationVerdicts checks={item.confirmationChecks ?? []} label={`Confirmations of #${item.safeTx.nonce}`} />
                {item.risks.map((r, i) => (
                  <p key={i} className={`txflow-risk-${r.severity}`}>
                    <strong>{r.title}</strong>: {r.detail}
                  </p>
                ))}
              </li>
            ))}
          </ol>
          {blocker ? <p role="alert">{blocker}</p> : null}
          {blocking ? (
            <label className="txflow-ack">
              <input type="checkbox" checked={ctx.risksAcknowledged} onChange={(e) => actor.send({ type: 'user.acknowledgeRisks', acknowledged: e.target.checked })} />
              I understand the risks and would like to proceed with this transaction.
            </label>
          ) : null}
          <div className="txflow-actions">
            {button('user.cancel', 'Cancel')}
            <button type="button" disabled={!view.canRelay} onClick={() => actor.send({ type: 'user.relay' })}>
              {ctx.relay ? `Execute with relay (${ctx.relay.remaining} of ${ctx.relay.limit} left)` : 'Execute with relay (unavailable)'}
            </button>
            <button type="button" className="primary" disabled={!view.canExecute} onClick={() => actor.send({ type: 'user.execute' })}>
              Execute
            </button>
            {!view.canExecute || !view.canRelay ? (
              <p className="ui-reason">
                {[
                  !view.canExecute ? (blocker ?? (blocking && !ctx.risksAcknowledged ? 'Tick “I understand the risks” above to execute.' : '')) : '',
                  !view.canRelay ? (ctx.relay === null ? 'Relaying is not available on this network.' : ctx.relay.remaining === 0 ? 'This Safe has no relayed transactions left.' : '') : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
              </p>
            ) : null}
          </div>
        </>
      ) : null}
      {state === 'preparingExecution' ? <p role="status">Fixing the nonce, gas and fees of the execution for your device…</p> : null}
      {state === 'checkingExecution' && ctx.deviceCheck ? (
        <DeviceCheckStep check={ctx.deviceCheck} onConfirm={() => actor.send({ type: 'user.confirmOnDevice' })} onBack={() => actor.send({ type: 'user.back' })} onCancel={() => actor.send({ type: 'user.cancel' })} />
      ) : null}
      {state === 'executing' ? ctx.deviceCheck ? <DeviceWaiting check={ctx.deviceCheck} /> : <p role="status">Confirm the execution in your wallet…</p> : null}
      {state === 'relaying' ? <p role="status">Relaying the transactions…</p> : null}
      {state === 'checkingStatus' ? <p role="status">Checking the transactions’ status…</p> : null}
      {state === 'tracking' || state === 'succeeded' || state === 'failed' ? <DeviceChanges changes={ctx.deviceChanges} device={ctx.wallet?.device?.name ?? 'device'} /> : null}
      {state === 'tracking' ? <p role="status">Transaction is being processed…</p> : null}
      {state === 'walletError' ? (
        <>
          <p role="alert">
            {WALLET_ERRORS[sub ?? 'other']}
            {deviceRejectionSuffix(sub, ctx.walletFailure?.message)} {sub === 'other' || isDeviceErrorKind(sub) ? ctx.walletFailure?.message : ''}
          </p>
          <div className="txflow-actions">{button('user.cancel', 'Cancel')}{button('user.retry', 'Try again', 'primary')}</div>
        </>
      ) : null}
      {state === 'submitFailed' || state === 'interrupted' || state === 'trackingLost' ? (
        <>
          <p role="alert">
            {state === 'interrupted' ? 'The page was reloaded during the execution. Nothing was sent again.' : state === 'trackingLost' ? 'The status is not known yet.' : 'Error submitting the transaction. Please try again.'}{' '}
            {ctx.error}
          </p>
          <div className="txflow-actions">{button('user.cancel', 'Cancel')}{button('user.close', 'Close')}{button('user.retry', 'Try again', 'primary')}</div>
        </>
      ) : null}
      {state === 'succeeded' || state === 'failed' ? (
        <>
          <p role="status">{state === 'succeeded' ? 'Transaction was successful' : 'Transaction failed'}</p>
          {ctx.txHash ? (
            <p>
              Transaction hash <code className="txflow-wrap">{ctx.txHash}</code> <CopyButton value={ctx.txHash} label="Copy transaction hash" />
            </p>
          ) : null}
          <div className="txflow-actions">{button('user.close', 'Close', 'primary')}</div>
        </>
      ) : null}
    </Dialog>
  );
}
