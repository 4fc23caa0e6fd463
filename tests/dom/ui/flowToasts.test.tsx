/**
 * FlowToasts: a flow that closes after an outcome leaves a notice with its links — only for what this page saw it
 * submit; a cancelled flow, or one that was already on its success step when the page found it, leaves none.
 * Real flow machines, driven by their registry sample events (effects answered by sending their done events).
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { createActor, type AnyActorRef, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { findMachine } from '../../../src/machines/registry.ts';
import { transactionFlowMachine } from '../../../src/machines/transactionFlow/transactionFlow.machine.ts';
import { deleteTxFlowMachine } from '../../../src/machines/transactionFlow/deleteTxFlow.machine.ts';
import { messageFlowMachine } from '../../../src/machines/messageFlow/messageFlow.machine.ts';
import type { FlowEntry, FlowKind } from '../../../src/machines/shared/flows.ts';
import { AppSessionProvider } from '../../../src/views/appContext.tsx';
import { ExplorerProvider } from '../../../src/views/components/explorer.tsx';
import FlowToasts from '../../../src/views/flows/FlowToasts.tsx';
import { forgetOwnExecutions, isOwnExecution } from '../../../src/views/flows/ownExecutions.ts';
import { ToastsProvider } from '../../../src/views/ui/toasts.tsx';
import { idleAppSession } from '../../harness/appSession.ts';

const SAFE_PARAM = 'devnet:0x5afe5afe5afe5afe5afe5afe5afe5afe5afe5afe';
const running: AnyActorRef[] = [];

afterEach(() => {
  cleanup();
  forgetOwnExecutions();
  for (const actor of running.splice(0)) actor.stop();
});

function sample(id: string, type: string, nth = 0): AnyEventObject {
  const found = findMachine(id)?.sampleEvents.filter((event) => event.type === type)[nth];
  if (!found) throw new Error(`${id} has no sample event ${type} #${nth}`);
  return found;
}

function flow(kind: FlowKind, id: string, machine: AnyStateMachine, input: unknown = findMachine(id)!.sampleInput): FlowEntry & { send: (...types: (string | [string, number])[]) => void } {
  const actor = createActor(machine, { input } as never);
  running.push(actor);
  actor.start();
  const send = (...types: (string | [string, number])[]) =>
    act(() => {
      for (const type of types) actor.send(typeof type === 'string' ? sample(id, type) : sample(id, type[0], type[1]));
    });
  return { id: `${id}-1`, kind, safeKey: '31337:0x5afe', streamId: `flow/${kind}/x/${id}-1`, actor, restored: false, send };
}

function show(flows: FlowEntry[]) {
  const app = idleAppSession();
  render(
    <AppSessionProvider actor={app}>
      <ToastsProvider>
        <ExplorerProvider templates={{ address: 'https://explorer.test/address/{{address}}', txHash: 'https://explorer.test/tx/{{txHash}}' }}>
          <FlowToasts flows={flows} safe={SAFE_PARAM} />
        </ExplorerProvider>
      </ToastsProvider>
    </AppSessionProvider>,
  );
  running.push(app);
}

const TO_REVIEW = ['user.compose', 'xstate.done.actor.loadNonces', 'user.confirmNonce', 'xstate.done.actor.buildSafeTx', 'xstate.done.actor.decodeTx', 'xstate.done.actor.crossCheck', 'xstate.done.actor.classifyRisks', 'xstate.done.actor.simulateTx', 'xstate.done.actor.loadRelayRemaining'];
const notices = () => screen.queryByRole('region', { name: 'Notifications (F8)' });

describe('FlowToasts', () => {
  it('a proposal closed after its success step: "Transaction proposed" with its details link in its Safe', async () => {
    const tx = flow('transaction', 'transactionFlow', transactionFlowMachine);
    show([tx]);
    tx.send(...TO_REVIEW, 'user.sign', 'xstate.done.actor.requestSignature', 'xstate.done.actor.proposeTx');
    expect(notices()).toBeNull();
    const hash = (tx.actor.getSnapshot() as { context: { hashes: { safeTxHash: string }; safe: { address: string } } }).context;
    tx.send('user.close');
    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    expect(await within(region).findByText('Transaction proposed')).toBeTruthy();
    const link = within(region).getByRole('link', { name: 'View transaction' });
    const id = `multisig_${getAddress(hash.safe.address)}_${hash.hashes.safeTxHash}`;
    expect(link).toHaveAttribute('href', `/transactions/tx?id=${encodeURIComponent(id)}&safe=${encodeURIComponent(SAFE_PARAM)}`);
    expect(within(region).queryByRole('link', { name: 'View on explorer' })).toBeNull();
  });

  it('an execution: "Transaction executed" with the explorer link of its hash', async () => {
    // A queued transaction this signer's signature completes: sign and execute.
    const confirm = findMachine('transactionFlow')!.extraSampleInputs!.find((input) => (input as { mode: string }).mode === 'confirm');
    const tx = flow('transaction', 'transactionFlow', transactionFlowMachine, confirm);
    show([tx]);
    tx.send('xstate.done.actor.loadTx', 'xstate.done.actor.crossCheck', 'xstate.done.actor.classifyRisks', 'xstate.done.actor.simulateTx', 'xstate.done.actor.loadRelayRemaining', 'user.signAndExecute', 'xstate.done.actor.requestSignature', 'xstate.done.actor.proposeTx', 'xstate.done.actor.executeTx', 'xstate.done.actor.waitForReceipt', 'user.close');
    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    expect(await within(region).findByText('Transaction executed')).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'View on explorer' })).toHaveAttribute('href', `https://explorer.test/tx/0x${'1'.repeat(64)}`);
  });

  it('records what this page executes as its own (decision 0043) from the moment it is sent; a signature alone is not', () => {
    const confirm = findMachine('transactionFlow')!.extraSampleInputs!.find((input) => (input as { mode: string }).mode === 'confirm');
    const tx = flow('transaction', 'transactionFlow', transactionFlowMachine, confirm);
    const proposal = flow('transaction', 'transactionFlow', transactionFlowMachine);
    show([tx, { ...proposal, id: 'proposal' }]);
    proposal.send(...TO_REVIEW, 'user.sign', 'xstate.done.actor.requestSignature', 'xstate.done.actor.proposeTx');
    const proposed = (proposal.actor.getSnapshot() as { context: { hashes: { safeTxHash: string }; safe: { address: string } } }).context;
    expect(isOwnExecution(`multisig_${getAddress(proposed.safe.address)}_${proposed.hashes.safeTxHash}`)).toBe(false);
    tx.send('xstate.done.actor.loadTx', 'xstate.done.actor.crossCheck', 'xstate.done.actor.classifyRisks', 'xstate.done.actor.simulateTx', 'xstate.done.actor.loadRelayRemaining');
    const txId = (tx.actor.getSnapshot() as { context: { txId: string } }).context.txId;
    expect(isOwnExecution(txId)).toBe(false);
    tx.send('user.signAndExecute', 'xstate.done.actor.requestSignature', 'xstate.done.actor.proposeTx', 'xstate.done.actor.executeTx');
    expect(isOwnExecution(txId)).toBe(true);
  });

  it('nothing for a cancelled flow, nor for one found already on its success step', async () => {
    const cancelled = flow('transaction', 'transactionFlow', transactionFlowMachine);
    const found = flow('transaction', 'transactionFlow', transactionFlowMachine);
    found.send(...TO_REVIEW, 'user.sign', 'xstate.done.actor.requestSignature', 'xstate.done.actor.proposeTx');
    const del = flow('deleteTx', 'deleteTxFlow', deleteTxFlowMachine);
    show([cancelled, { ...found, id: 'found' }, del]);
    cancelled.send(...TO_REVIEW, 'user.cancel');
    found.send('user.close');
    expect(notices()).toBeNull();
    // A flow that does leave one, after them: its notice is the only one (notices are added in order, at once).
    del.send('user.confirmDelete', 'xstate.done.actor.requestDeleteSignature', 'xstate.done.actor.deleteTx', 'user.close');
    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    expect(await within(region).findByText('Transaction deleted')).toBeTruthy();
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
  });

  it('a deletion says what happened, without a link to the deleted transaction', async () => {
    const del = flow('deleteTx', 'deleteTxFlow', deleteTxFlowMachine);
    show([del]);
    del.send('user.confirmDelete', 'xstate.done.actor.requestDeleteSignature', 'xstate.done.actor.deleteTx', 'user.close');
    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    expect(await within(region).findByText('Transaction deleted')).toBeTruthy();
    expect(within(region).getByText('Transaction #3 was removed from the queue.')).toBeTruthy();
    expect(within(region).queryByRole('link')).toBeNull();
  });

  it('a message signature that needs more signers: "Signature added to the message" with its details link', async () => {
    const msg = flow('message', 'messageFlow', messageFlowMachine);
    show([msg]);
    msg.send('user.compose', 'xstate.done.actor.computeMessageHash', ['xstate.done.actor.loadMessage', 0], 'user.sign', 'xstate.done.actor.requestSignature', ['xstate.done.actor.createMessage', 0], 'user.close');
    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    expect(await within(region).findByText('Signature added to the message')).toBeTruthy();
    const hash = (msg.actor.getSnapshot() as { context: { preview: { safeMessageHash: string } } }).context.preview.safeMessageHash;
    expect(within(region).getByRole('link', { name: 'View message' })).toHaveAttribute('href', `/transactions/msg?messageHash=${hash}&safe=${encodeURIComponent(SAFE_PARAM)}`);
  });
});
