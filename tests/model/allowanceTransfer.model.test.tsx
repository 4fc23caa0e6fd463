/**
 * Model-based test of the allowanceTransfer machine (decision 0063) through its real dialog: the compose form with
 * its texts, the chain check's refusals (the wallet never asked), the review derived from the calldata, the one
 * wallet prompt with each wallet error in its own state, the restore (system.recover → recovering → interrupted /
 * confirming), the receipt and "Sent. 40 dUSD left of your limit"; effects held in deferreds. 100 % transitions.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { allowanceTransferMachine } from '../../src/machines/allowanceTransfer/allowanceTransfer.machine.ts';
import { SPEND_TEXTS, checkCalldata, leftOf, spendRefusal, validateSpendDraft } from '../../src/machines/allowanceTransfer/allowanceTransfer.logic.ts';
import {
  ALLOWANCE_TRANSFER_PREPARED,
  ALLOWANCE_TRANSFER_SAMPLE,
  allowanceTransferDeviceInput,
  allowanceTransferSampleEvents,
  allowanceTransferSampleInput,
  serializeAllowanceTransferState,
} from '../../src/machines/allowanceTransfer/allowanceTransfer.samples.ts';
import type {
  AllowanceTransferContext,
  CheckTransferOutput,
  ExecutionPlan,
  FindTransferOutput,
  SendTransferInput,
  SendTransferOutput,
  SpendDraft,
  WaitForTransferOutput,
} from '../../src/machines/allowanceTransfer/allowanceTransfer.types.ts';
import { AllowanceTransferDialog, INTERRUPTED_TEXT } from '../../src/views/allowanceTransfer/AllowanceTransferDialog.tsx';
import { describeModel, withErrorInstances, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import { confirmOnDevice, expectDeviceChanges, expectDeviceWaiting, expectExecutionCheck } from '../harness/deviceStep.ts';
import { deferred, type Deferred } from '../harness/deferred.ts';

const events: AnyEventObject[] = withErrorInstances(allowanceTransferSampleEvents);

// jsdom lays nothing out: Radix's positioning (the copy button's tooltip) asks for a ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

interface Pending {
  checkTransfer: Deferred<CheckTransferOutput> | null;
  prepareTransfer: Deferred<ExecutionPlan> | null;
  sendTransfer: Deferred<SendTransferOutput> | null;
  waitForTransfer: Deferred<WaitForTransferOutput> | null;
  findTransfer: Deferred<FindTransferOutput> | null;
}

interface SpendSut extends SystemUnderTest {
  pending: Pending;
  sent: SendTransferInput[];
}

const payload = <T,>(event: AnyEventObject, key: 'output' | 'error'): T => (event as unknown as Record<string, T>)[key]!;
function running<K extends keyof Pending>(sut: SpendSut, name: K): NonNullable<Pending[K]> {
  const d = sut.pending[name];
  if (!d) throw new Error(`${name} is not running`);
  return d as NonNullable<Pending[K]>;
}
const ctx = (s: AnyMachineSnapshot) => s.context as AllowanceTransferContext;
const current = (sut: SpendSut) => sut.actor.getSnapshot() as AnyMachineSnapshot;
const click = (name: string | RegExp) => act(async () => screen.getByRole('button', { name }).click());
const topState = (s: AnyMachineSnapshot) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]!);
const hold =
  <K extends keyof Pending>(sut: SpendSut, name: K) =>
  () =>
    ((sut.pending[name] as Deferred<unknown>) = deferred()).promise as never;

const RETRY_BUTTON: Record<string, string> = { checkFailed: 'Try again', walletError: 'Check and try again', interrupted: 'Check and send again', trackingLost: 'Try again' };
const BACK_BUTTON: Record<string, string> = { review: 'Back', checkingExecution: 'Back', checkFailed: 'Edit', refused: 'Edit', walletError: 'Edit', failed: 'Edit' };
const { safe } = allowanceTransferSampleInput;

const dialog = () => screen.getByRole('dialog');
/** What the wallet is asked to send: exactly the reviewed calldata, to the module, from the checked delegate; with a device, exactly the plan checked. */
function expectSent(sut: SpendSut) {
  const c = ctx(current(sut));
  const prepared = c.prepared!;
  const base = { chainId: safe.chainId, chainName: safe.chainName, account: prepared.delegate, module: prepared.module, data: prepared.data };
  expect(sut.sent.at(-1)).toEqual(c.execution ? { ...base, execution: c.execution, deviceName: 'Ledger' } : base);
}

const driverFor = (input: typeof allowanceTransferSampleInput): ViewDriver<SpendSut> => ({
  start() {
    const sut = { pending: { checkTransfer: null, prepareTransfer: null, sendTransfer: null, waitForTransfer: null, findTransfer: null }, sent: [] } as unknown as SpendSut;
    const actor = createActor(
      allowanceTransferMachine.provide({
        actors: {
          checkTransfer: fromPromise(hold(sut, 'checkTransfer')),
          prepareTransfer: fromPromise(({ input: asked }) => {
            // The plan is fixed for exactly the reviewed transaction.
            const prepared = ctx(current(sut)).prepared!;
            expect(asked).toEqual({ chainId: safe.chainId, chainName: safe.chainName, account: prepared.delegate, module: prepared.module, data: prepared.data });
            return hold(sut, 'prepareTransfer')();
          }),
          sendTransfer: fromPromise(({ input }) => {
            sut.sent.push(input);
            return hold(sut, 'sendTransfer')();
          }),
          waitForTransfer: fromPromise(hold(sut, 'waitForTransfer')),
          findTransfer: fromPromise(hold(sut, 'findTransfer')),
        },
      }),
      { input },
    );
    actor.start();
    render(<AllowanceTransferDialog actor={actor} />);
    return Object.assign(sut, {
      actor,
      cleanup: () => {
        cleanup();
        actor.stop();
      },
    });
  },
  events: {
    'user.submit': async (_, e) => {
      const draft = (e as unknown as { draft: SpendDraft }).draft;
      const form = screen.getByRole('form', { name: 'Send with spending limit' });
      await act(async () => {
        fireEvent.change(within(form).getByRole('combobox', { name: 'Recipient address' }), { target: { value: draft.recipient } });
        fireEvent.change(within(form).getByRole('textbox', { name: 'Amount (dUSD)' }), { target: { value: draft.amount } });
      });
      await act(async () => within(form).getByRole('button', { name: 'Next' }).click());
    },
    'xstate.done.actor.checkTransfer': (sut, e) => act(async () => running(sut, 'checkTransfer').resolve(payload(e, 'output'))),
    'xstate.error.actor.checkTransfer': (sut, e) => act(async () => running(sut, 'checkTransfer').reject(payload(e, 'error'))),
    'user.back': (sut) => click(BACK_BUTTON[topState(current(sut))]!),
    'user.send': async (sut) => {
      await click('Send with your wallet');
      if (topState(current(sut)) === 'sending') expectSent(sut);
    },
    'user.confirmOnDevice': async (sut) => {
      await confirmOnDevice(dialog());
      expectSent(sut);
    },
    'xstate.done.actor.prepareTransfer': (sut, e) => act(async () => running(sut, 'prepareTransfer').resolve(payload(e, 'output'))),
    'xstate.error.actor.prepareTransfer': (sut, e) => act(async () => running(sut, 'prepareTransfer').reject(payload(e, 'error'))),
    'xstate.done.actor.sendTransfer': (sut, e) => act(async () => running(sut, 'sendTransfer').resolve(payload(e, 'output'))),
    'xstate.error.actor.sendTransfer': (sut, e) => act(async () => running(sut, 'sendTransfer').reject(payload(e, 'error'))),
    'user.retry': (sut) => click(RETRY_BUTTON[topState(current(sut))]!),
    'user.check': () => click('Check again'),
    'user.cancel': () => click('Cancel'),
    'user.close': () => click('Close'),
    // Sent by the flow host: the wallet connection changed; the event log when the flow is restored.
    'wallet.changed': (sut, e) => act(async () => sut.actor.send(e)),
    'system.recover': (sut, e) => act(async () => sut.actor.send(e)),
    'xstate.done.actor.findTransfer': (sut, e) => act(async () => running(sut, 'findTransfer').resolve(payload(e, 'output'))),
    'xstate.error.actor.findTransfer': (sut, e) => act(async () => running(sut, 'findTransfer').reject(payload(e, 'error'))),
    'xstate.done.actor.waitForTransfer': (sut, e) => act(async () => running(sut, 'waitForTransfer').resolve(payload(e, 'output'))),
    'xstate.error.actor.waitForTransfer': (sut, e) => act(async () => running(sut, 'waitForTransfer').reject(payload(e, 'error'))),
  },
  states: {
    composing: (_, s) => {
      const form = screen.getByRole('form', { name: 'Send with spending limit' });
      const { errors } = ctx(s);
      const recipient = within(form).getByRole('combobox', { name: 'Recipient address' });
      if (errors?.recipient) expect(recipient).toHaveAttribute('aria-invalid', 'true');
      else expect(recipient).toHaveAttribute('aria-invalid', 'false');
      const alerts = within(form).queryAllByRole('alert').map((a) => a.textContent);
      expect(alerts).toEqual([errors?.recipient, errors?.amount].filter(Boolean));
    },
    checking: () => void expect(screen.getByRole('status')).toHaveTextContent('Checking your spending limit and the Safe’s balance on chain…'),
    checkFailed: (_, s) => void expect(screen.getByRole('alert')).toHaveTextContent(`Could not read the chain: ${ctx(s).error} Nothing was sent.`),
    // Two checks end here (a refusal, a calldata contradiction): the text is the one the actor took.
    refused: (sut) => {
      expect(screen.getByTestId('spend-refusal')).toHaveTextContent(ctx(current(sut)).refusal!);
      expect(screen.queryByRole('button', { name: 'Send with your wallet' })).toBeNull();
    },
    review: () => {
      expect(screen.getByTestId('spend-sentence')).toHaveTextContent(`Send 60 dUSD from ${safe.address} to ${ALLOWANCE_TRANSFER_SAMPLE.recipient} with your spending limit`);
      expect(screen.getByTestId('spend-left-after')).toHaveTextContent('Left of your limit after this transfer: 40 dUSD of 100 dUSD per day (resets ');
      expect(screen.getByTestId('spend-calldata')).toHaveTextContent(ALLOWANCE_TRANSFER_PREPARED.data);
      expect(screen.getByRole('button', { name: 'Send with your wallet' })).toBeEnabled();
    },
    preparingExecution: () => void expect(screen.getByRole('status')).toHaveTextContent('Fixing the nonce, gas and fees of the transaction for your device…'),
    checkingExecution: (sut) => {
      expectExecutionCheck(dialog(), ctx(current(sut)).execution!);
      expect(screen.getByTestId('spend-sentence')).toBeInTheDocument();
    },
    sending: (sut) => {
      const c = ctx(current(sut));
      if (c.deviceCheck) expectDeviceWaiting(dialog(), c.execution!);
      else expect(screen.getByRole('status')).toHaveTextContent('Confirm the transfer in your wallet…');
      expect(screen.getByTestId('spend-sentence')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send with your wallet' })).toBeNull();
    },
    walletError: () => void expect(screen.getByTestId('spend-sentence')).toBeInTheDocument(),
    'walletError.rejected': () => void expect(screen.getByRole('alert')).toHaveTextContent('You rejected the transfer in your wallet. Nothing was sent.'),
    'walletError.wrongChain': () => void expect(screen.getByRole('alert')).toHaveTextContent('Your wallet is on another network'),
    'walletError.disconnected': () => void expect(screen.getByRole('alert')).toHaveTextContent('No wallet is connected'),
    'walletError.insufficientFunds': () => void expect(screen.getByRole('alert')).toHaveTextContent('Your wallet does not have enough funds to pay the network fee.'),
    'walletError.other': (sut) => void expect(screen.getByRole('alert')).toHaveTextContent(`The wallet did not send the transfer. ${ctx(current(sut)).walletFailure!.message}`),
    // A device's errors (issue 19): the title, and the failure's own text says what to do on the device.
    'walletError.deviceLocked': (sut) => void expect(screen.getByRole('alert')).toHaveTextContent(`Device locked. ${ctx(current(sut)).walletFailure!.message}`),
    'walletError.wrongApp': (sut) => void expect(screen.getByRole('alert')).toHaveTextContent(`Wrong app open on the device. ${ctx(current(sut)).walletFailure!.message}`),
    'walletError.blindSigningDisabled': (sut) => void expect(screen.getByRole('alert')).toHaveTextContent(`Blind signing is off on the device. ${ctx(current(sut)).walletFailure!.message}`),
    'walletError.deviceDisconnected': (sut) => void expect(screen.getByRole('alert')).toHaveTextContent(`Device not connected. ${ctx(current(sut)).walletFailure!.message}`),
    recovering: () => void expect(screen.getByRole('status')).toHaveTextContent('Looking on chain for the transfer that was being sent…'),
    interrupted: (_, s) => {
      expect(screen.getByRole('alert')).toHaveTextContent(INTERRUPTED_TEXT);
      if (ctx(s).error) expect(screen.getByRole('alert')).toHaveTextContent(ctx(s).error!);
    },
    confirming: (sut, s) => {
      expect(screen.getByRole('status')).toHaveTextContent(`Waiting for the transaction ${ctx(s).txHash} to be mined…`);
      expectDeviceChanges(dialog(), ctx(current(sut)).deviceChanges);
    },
    trackingLost: (_, s) => void expect(screen.getByRole('alert')).toHaveTextContent(`Could not read the receipt: ${ctx(s).error} The transaction may still be mined.`),
    failed: (sut, s) => {
      expect(screen.getByTestId('spend-failed')).toHaveTextContent(ctx(s).error!);
      expectDeviceChanges(dialog(), ctx(current(sut)).deviceChanges);
    },
    succeeded: (sut, s) => {
      expect(screen.getByTestId('spend-done')).toHaveTextContent('Sent. 40 dUSD left of your limit');
      expect(screen.getByText(ctx(s).txHash!)).toBeInTheDocument();
      expectDeviceChanges(dialog(), ctx(current(sut)).deviceChanges);
    },
    cancelled: () => void expect(screen.queryByRole('dialog')).toBeNull(),
    closed: () => void expect(screen.queryByRole('dialog')).toBeNull(),
  },
});

describeModel('allowanceTransfer (model-based, real dialog)', {
  machine: allowanceTransferMachine,
  input: allowanceTransferSampleInput,
  events,
  serializeState: serializeAllowanceTransferState,
  // A browser wallet, and a Ledger (issue 19, decision 0070): the execution-hash step before its prompt.
  plans: [
    { input: allowanceTransferSampleInput, driver: driverFor(allowanceTransferSampleInput) },
    { input: allowanceTransferDeviceInput, driver: driverFor(allowanceTransferDeviceInput), describe: 'on a Ledger' },
  ],
  states: 'with transitions',
  cases: () => {
    it('refuses bad input in words', () => {
      const token = allowanceTransferSampleInput.token;
      expect(validateSpendDraft({ recipient: '0x12', amount: '1.2.3' }, token, safe)).toEqual({ recipient: SPEND_TEXTS.recipient, amount: SPEND_TEXTS.amount });
      expect(validateSpendDraft({ recipient: safe.address.toLowerCase(), amount: '0' }, token, safe)).toEqual({ recipient: SPEND_TEXTS.recipientIsSafe, amount: SPEND_TEXTS.amountZero });
      expect(validateSpendDraft({ recipient: ALLOWANCE_TRANSFER_SAMPLE.recipient, amount: '0.0000001' }, token, safe)?.amount).toBe(SPEND_TEXTS.amount);
      expect(validateSpendDraft({ recipient: ALLOWANCE_TRANSFER_SAMPLE.recipient, amount: ' 12.5 ' }, token, safe)).toBeNull();
    });

    it('says why a transfer cannot go through: more than what is left, more than the Safe holds, no limit', () => {
      const token = allowanceTransferSampleInput.token;
      const allowance = { amount: '100000000', spent: '60000000', resetTimeMin: 1440, lastResetMin: 29_400_000, nonce: 2 };
      expect(leftOf(allowance)).toBe(40_000_000n);
      expect(spendRefusal({ amount: 50_000_000n, allowance, safeBalance: 10n ** 12n, token })).toBe(
        '50 dUSD is more than what is left of your spending limit: 40 dUSD of 100 dUSD per day (resets 2025-11-25 16:00 UTC). Nothing was sent.',
      );
      expect(spendRefusal({ amount: 40_000_000n, allowance, safeBalance: 10n ** 12n, token })).toBeNull();
      expect(spendRefusal({ amount: 30_000_000n, allowance, safeBalance: 20_000_000n, token })).toBe('30 dUSD is more than the Safe holds: 20 dUSD. Nothing was sent.');
      expect(spendRefusal({ amount: 1n, allowance: { ...allowance, amount: '0' }, safeBalance: 1n, token })).toBe('You have no spending limit for dUSD on this Safe (any more). Nothing was sent.');
      expect(spendRefusal({ amount: 1n, allowance: { ...allowance, resetTimeMin: 0 }, safeBalance: 1n, token })).toBeNull();
      expect(spendRefusal({ amount: 50_000_000n, allowance: { ...allowance, resetTimeMin: 0 }, safeBalance: 10n ** 12n, token })).toBe(
        '50 dUSD is more than what is left of your spending limit: 40 dUSD of 100 dUSD one time. Nothing was sent.',
      );
    });

    it('accepts only calldata that decodes to exactly the transfer typed', () => {
      const expected = { safe: safe.address, token: ALLOWANCE_TRANSFER_SAMPLE.token, to: ALLOWANCE_TRANSFER_SAMPLE.recipient, amount: '60000000', delegate: ALLOWANCE_TRANSFER_SAMPLE.delegate } as const;
      expect(checkCalldata(ALLOWANCE_TRANSFER_PREPARED.data, expected).mismatch).toBeNull();
      expect(checkCalldata(ALLOWANCE_TRANSFER_PREPARED.data, { ...expected, amount: '50000000' }).mismatch).toBe('The prepared calldata differs from your transfer in the amount (60000000). Nothing was sent.');
      expect(checkCalldata('0xdeadbeef', expected).mismatch).toBe('The prepared calldata is not an executeAllowanceTransfer call.');
    });
  },
});
