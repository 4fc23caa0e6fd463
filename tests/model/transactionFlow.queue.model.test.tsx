/**
 * Model-based tests of the queue flows through their real dialogs: deleteTxFlow and bulkExecuteFlow. Effects are
 * deferred stubs; the sample events are the registry's (src/machines/transactionFlow/transactionFlow.registry.ts).
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { bulkExecuteFlowMachine } from '../../src/machines/transactionFlow/bulkExecuteFlow.machine.ts';
import { deleteTxFlowMachine } from '../../src/machines/transactionFlow/deleteTxFlow.machine.ts';
import { TX_FLOW_MACHINES } from '../../src/machines/transactionFlow/transactionFlow.registry.ts';
import { BulkExecuteDialog } from '../../src/views/transactionFlow/BulkExecuteDialog.tsx';
import { DeleteTxDialog } from '../../src/views/transactionFlow/DeleteTxDialog.tsx';
import { describeModel, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import { deferred, type Deferred } from '../harness/deferred.ts';
import { hashTypedData, type Address, type Hex } from 'viem';
import { deleteRequestHashes, deleteRequestTypedData } from '../../src/domain/safe/deleteRequest.ts';
import type { DeleteTxInput, ExecutionPlan } from '../../src/machines/transactionFlow/transactionFlow.types.ts';
import { confirmOnDevice, expectDeviceChanges, expectDeviceWaiting, expectExecutionCheck } from '../harness/deviceStep.ts';
import { typedDataDisplay } from '../../src/domain/wallet/deviceDisplay.ts';

interface QueueSut extends SystemUnderTest {
  pending: Record<string, Deferred<unknown>>;
}

const dialog = () => screen.getByRole('dialog');
const click = (name: string | RegExp) => act(async () => void fireEvent.click(within(dialog()).getByRole('button', { name })));
const live = (sut: QueueSut) => sut.actor.getSnapshot() as AnyMachineSnapshot;
const status = (text: RegExp) => () => {
  expect(within(dialog()).getByRole('status')).toHaveTextContent(text);
};
const alert = (text: RegExp) => () => {
  expect(within(dialog()).getByRole('alert')).toHaveTextContent(text);
};
const gone = () => {
  expect(screen.queryByRole('dialog')).toBeNull();
};

function effectEvents(actors: readonly string[]) {
  return Object.fromEntries(
    actors.flatMap((name) => [
      [`xstate.done.actor.${name}`, async (sut: QueueSut, e: AnyEventObject) => act(async () => sut.pending[name]!.resolve((e as unknown as { output: unknown }).output))],
      [`xstate.error.actor.${name}`, async (sut: QueueSut, e: AnyEventObject) => act(async () => sut.pending[name]!.reject((e as unknown as { error: unknown }).error))],
    ]),
  );
}

function startWith(machine: AnyStateMachine, actors: readonly string[], input: unknown, view: (actor: never) => React.ReactNode): QueueSut {
  const pending: Record<string, Deferred<unknown>> = {};
  const provided = Object.fromEntries(actors.map((name) => [name, fromPromise(() => (pending[name] = deferred<unknown>()).promise as Promise<never>)]));
  const actor = createActor(machine.provide({ actors: provided } as never), { input } as never);
  actor.start();
  render(<>{view(actor as never)}</>);
  return { actor, pending, cleanup: () => { cleanup(); actor.stop(); } };
}

const common = {
  'user.retry': () => click('Try again'),
  'user.cancel': () => click('Cancel'),
  'user.close': () => click('Close'),
  'wallet.changed': (sut: QueueSut, e: AnyEventObject) => act(async () => void sut.actor.send(e)),
  'system.recover': (sut: QueueSut, e: AnyEventObject) => act(async () => void sut.actor.send(e)),
};

const deleteEntry = TX_FLOW_MACHINES.find((m) => m.id === 'deleteTxFlow')!;
const DELETE_ACTORS = ['requestDeleteSignature', 'deleteTx'] as const;
const NOW = 1_700_000_000_000;
/** The dialog shows the DeleteRequest's three hashes, computed here the way a wallet shows EIP-712 data. */
function expectDeleteHashes(sut: QueueSut, nowMs: number) {
  const ctx = live(sut).context as { safe: { chainId: string; address: Address }; safeTxHash: Hex };
  const expected = deleteRequestHashes({ chainId: BigInt(ctx.safe.chainId), safeAddress: ctx.safe.address, safeTxHash: ctx.safeTxHash, nowMs });
  const section = screen.getByRole('region', { name: 'Delete request hashes' });
  expect(section).toHaveTextContent(`Domain hash${expected.domainHash}`);
  expect(section).toHaveTextContent(`Message hash${expected.messageHash}`);
  expect(section).toHaveTextContent(`DeleteRequest hash${expected.deleteRequestHash}`);
  expect(expected.deleteRequestHash).toBe(hashTypedData(deleteRequestTypedData({ chainId: BigInt(ctx.safe.chainId), safeAddress: ctx.safe.address, safeTxHash: ctx.safeTxHash, nowMs })));
}

/**
 * What the proposer's Ledger will show for the DeleteRequest (issue 19): the domain and message hashes, computed here
 * from the typed data requestDeleteSignature sends, at the time of the confirm event.
 */
function expectDeviceLines(sut: QueueSut) {
  const ctx = live(sut).context as { safe: { chainId: string; address: Address }; safeTxHash: Hex; requestedAtMs: number };
  const typed = deleteRequestTypedData({ chainId: BigInt(ctx.safe.chainId), safeAddress: ctx.safe.address, safeTxHash: ctx.safeTxHash, nowMs: ctx.requestedAtMs });
  const expected = typedDataDisplay('hashes', typed as never);
  const hashes = deleteRequestHashes({ chainId: BigInt(ctx.safe.chainId), safeAddress: ctx.safe.address, safeTxHash: ctx.safeTxHash, nowMs: ctx.requestedAtMs });
  expect(expected).toEqual([
    { label: 'Domain hash', value: hashes.domainHash },
    { label: 'Message hash', value: hashes.messageHash },
  ]);
  expect(live(sut).context.deviceCheck?.lines).toEqual(expected);
  const shown = within(dialog()).getByLabelText('What your Ledger will show');
  for (const line of expected) expect(shown).toHaveTextContent(`${line.label}${line.value}`);
}

const deviceAlert = (title: string, text: RegExp) => () => {
  alert(new RegExp(title.replace(/\./g, '\\.')))();
  alert(text)();
  expect(within(dialog()).getByText(/Nothing was signed or sent\. The transaction is still queued/)).toBeInTheDocument();
};

const deleteDriverFor = (input: DeleteTxInput): ViewDriver<QueueSut> => ({
  start: () => startWith(deleteTxFlowMachine, DELETE_ACTORS, input, (actor) => <DeleteTxDialog actor={actor} now={() => NOW} />),
  events: {
    ...effectEvents(DELETE_ACTORS),
    ...common,
    'user.confirmDelete': async (sut) => {
      await click('Delete');
      expect(live(sut).context.requestedAtMs).toBe(NOW);
    },
    'user.confirmOnDevice': async () => {
      const go = within(dialog()).getByRole('button', { name: 'Continue on the Ledger' });
      expect(go).toBeDisabled();
      await act(async () => void fireEvent.click(within(dialog()).getByRole('checkbox', { name: /I will compare these values with my Ledger/ })));
      await click('Continue on the Ledger');
    },
  },
  states: {
    confirming: (sut) => {
      expect(screen.getByRole('dialog', { name: 'Delete this transaction?' })).toHaveTextContent('signatures already given will remain valid');
      expectDeleteHashes(sut, NOW);
    },
    // A proposer on a Ledger (issue 19): what it will show before its prompt, and Continue only after the tick.
    checkingOnDevice: (sut) => {
      expect(within(dialog()).getByRole('heading', { name: 'Check the signature on your Ledger' })).toBeInTheDocument();
      expectDeviceLines(sut);
      expect(within(dialog()).getByRole('button', { name: 'Continue on the Ledger' })).toBeDisabled();
      expect(screen.queryByRole('region', { name: 'Delete request hashes' })).toBeNull();
    },
    signing: (sut) => {
      if (live(sut).context.deviceCheck) {
        status(/Confirm the signature on your Ledger\. Approve only if it shows these values/)();
        expectDeviceLines(sut);
        return;
      }
      status(/Confirm the delete request in your wallet/)();
      expectDeleteHashes(sut, live(sut).context.requestedAtMs as number);
    },
    deleting: status(/Deleting the transaction/),
    'walletError.rejected': alert(/User rejected signing\./),
    'walletError.wrongChain': alert(/Change your wallet network/),
    'walletError.disconnected': alert(/No wallet is connected\./),
    // Each device error (issue 19): its title, then the failure's own text (what to do on the device).
    'walletError.deviceLocked': deviceAlert('Device locked.', /deviceLocked/),
    'walletError.wrongApp': deviceAlert('Wrong app open on the device.', /wrongApp/),
    'walletError.blindSigningDisabled': deviceAlert('Blind signing is off on the device.', /blindSigningDisabled/),
    'walletError.deviceDisconnected': deviceAlert('Device not connected.', /deviceDisconnected/),
    'walletError.noTypedData': deviceAlert('This wallet cannot sign typed data.', /noTypedData/),
    'walletError.other': alert(/Error submitting the transaction/),
    failed: alert(/could not be deleted\. Provided signer is not the proposer/),
    interrupted: alert(/reloaded during the deletion\. Nothing was sent again/),
    deleted: status(/The transaction was deleted/),
    cancelled: gone,
    closed: gone,
  },
});

const bulkEntry = TX_FLOW_MACHINES.find((m) => m.id === 'bulkExecuteFlow')!;
const BULK_ACTORS = ['loadBatch', 'loadRelayRemaining', 'prepareBatchExecution', 'executeBatch', 'relayBatch', 'checkBatchStatus', 'waitForReceipt'] as const;
type BulkCtx = { execution?: ExecutionPlan; deviceCheck?: unknown; deviceChanges?: string[] };
const bulkCtx = (sut: QueueSut) => live(sut).context as BulkCtx;
const bulkDriverFor = (input: unknown): ViewDriver<QueueSut> => ({
  start: () => startWith(bulkExecuteFlowMachine, BULK_ACTORS, input, (actor) => <BulkExecuteDialog actor={actor} />),
  events: {
    ...effectEvents(BULK_ACTORS),
    ...common,
    'user.execute': () => click(/^Execute$/),
    'user.back': () => click('Back'),
    'user.confirmOnDevice': () => confirmOnDevice(dialog()),
    'user.relay': () => click(/Execute with relay \(5 of 5 left\)/),
    'user.acknowledgeRisks': () => act(async () => void fireEvent.click(within(dialog()).getByRole('checkbox', { name: /I understand the risks/ }))),
  },
  states: {
    loading: status(/Loading the transactions/),
    loadingRelay: status(/Loading the transactions/),
    loadFailed: alert(/could not be loaded\. Not found/),
    review: (sut) => {
      const items = live(sut).context.items as unknown[];
      expect(within(dialog()).getByRole('list', { name: 'Transactions' }).querySelectorAll('li')).toHaveLength(items.length);
      // Says which transactions are included (all listed), not "highlighted" ones: nothing is highlighted.
      expect(within(dialog()).getByText(/This batch contains 2 transactions\. All 2 listed below are executed together, in nonce order/)).toBeInTheDocument();
      // The blocking risk of item #3 keeps Execute disabled until it is acknowledged.
      expect(within(dialog()).getByText(/Unexpected delegate call/)).toBeInTheDocument();
      const acknowledged = live(sut).context.risksAcknowledged as boolean;
      expect(within(dialog()).getByRole('checkbox', { name: /I understand the risks/ })).toHaveProperty('checked', acknowledged);
      if (!acknowledged) expect(within(dialog()).getByRole('button', { name: /^Execute$/ })).toBeDisabled();
    },
    preparingExecution: status(/Fixing the nonce, gas and fees of the execution for your device/),
    checkingExecution: (sut) => expectExecutionCheck(dialog(), bulkCtx(sut).execution!),
    executing: (sut) => (bulkCtx(sut).deviceCheck ? expectDeviceWaiting(dialog(), bulkCtx(sut).execution!) : status(/Confirm the execution in your wallet/)()),
    relaying: status(/Relaying the transactions/),
    checkingStatus: status(/Checking the transactions’ status/),
    tracking: (sut) => {
      status(/Transaction is being processed/)();
      expectDeviceChanges(dialog(), bulkCtx(sut).deviceChanges);
    },
    'walletError.rejected': alert(/User rejected the transaction\./),
    'walletError.wrongChain': alert(/Change your wallet network/),
    'walletError.disconnected': alert(/No wallet is connected\./),
    'walletError.insufficientFunds': alert(/doesn't have enough funds/),
    'walletError.other': alert(/Error submitting the transaction/),
    // A device's errors (issue 19): the title, and the failure's own text (what to do on the device).
    'walletError.deviceLocked': alert(/Device locked\. Your Ledger: deviceLocked/),
    'walletError.wrongApp': alert(/Wrong app open on the device\. Your Ledger: wrongApp/),
    'walletError.blindSigningDisabled': alert(/Blind signing is off on the device\. Your Ledger: blindSigningDisabled/),
    'walletError.deviceDisconnected': alert(/Device not connected\. Your Ledger: deviceDisconnected/),
    submitFailed: alert(/Error submitting the transaction\. Please try again\. Relay limit reached/),
    interrupted: alert(/reloaded during the execution\. Nothing was sent again/),
    trackingLost: alert(/status is not known yet\. Timed out/),
    succeeded: (sut) => {
      status(/Transaction was successful/)();
      expectDeviceChanges(dialog(), bulkCtx(sut).deviceChanges);
    },
    failed: status(/Transaction failed/),
    cancelled: gone,
    closed: gone,
  },
});

const deleteInput = deleteEntry.sampleInput as DeleteTxInput;
const deleteDeviceInput = deleteEntry.extraSampleInputs![0] as DeleteTxInput;
describeModel(`${deleteEntry.id} (model-based, real views)`, {
  machine: deleteEntry.machine,
  events: deleteEntry.sampleEvents,
  ...(deleteEntry.serializeState ? { serializeState: deleteEntry.serializeState } : {}),
  plans: [
    { input: deleteInput, driver: deleteDriverFor(deleteInput) },
    // The proposer on a Ledger (issue 19): the on-device step, and every device error with its own state.
    { input: deleteDeviceInput, driver: deleteDriverFor(deleteDeviceInput), describe: 'the proposer on a Ledger (issue 19)' },
  ],
  name: deleteEntry.id,
});

// bulkExecuteFlow with a browser wallet, and with a Ledger (issue 19, decision 0070): the execution-hash step.
describeModel(`${bulkEntry.id} (model-based, real views)`, {
  machine: bulkEntry.machine,
  input: bulkEntry.sampleInput,
  events: bulkEntry.sampleEvents,
  ...(bulkEntry.serializeState ? { serializeState: bulkEntry.serializeState } : {}),
  plans: [bulkEntry.sampleInput, ...(bulkEntry.extraSampleInputs ?? [])].map((input, i) => ({ input, driver: bulkDriverFor(input), ...(i > 0 ? { describe: 'on a Ledger' } : {}) })),
  name: bulkEntry.id,
});
