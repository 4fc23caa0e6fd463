/**
 * Decision 0044 on screen: the review step's "Execute now?" choice, the execution-method choice and the one submit
 * button, driving the flow's existing events (user.sign / user.signAndExecute / user.execute / user.relay).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { transactionFlowMachine } from '../../src/machines/transactionFlow/transactionFlow.machine.ts';
import type { TxFlowInput } from '../../src/machines/transactionFlow/transactionFlow.types.ts';
import { ReviewStep } from '../../src/views/transactionFlow/ReviewStep.tsx';
import { TxFlowProvider } from '../../src/views/transactionFlow/txFlowContext.tsx';
import {
  SAMPLE_CHAIN_ID,
  SAMPLE_OWNERS,
  SAMPLE_SAFE,
  SAMPLE_SAFE_ADDRESS,
  SAMPLE_SAFE_TX,
  SAMPLE_SAFE_TX_HASH,
  SAMPLE_SIGNATURE,
  SAMPLE_TX_HASHES,
} from '../../src/machines/shared/samples.ts';

const [OWNER_A, OWNER_B] = SAMPLE_OWNERS;
const never = () => fromPromise(() => new Promise<never>(() => {}));

/** The review of a queued transaction of a 1-of-n Safe, confirmed by the given owners, seen by `wallet`. */
async function review(opts: { confirmedBy: string[]; wallet: string | null; relay: { remaining: number; limit: number } | null; mismatch?: boolean }) {
  const input: TxFlowInput = {
    flowId: 'review-submit-choice',
    mode: 'confirm',
    safe: { ...SAMPLE_SAFE, threshold: 1 },
    wallet: opts.wallet ? { address: opts.wallet as `0x${string}`, chainId: SAMPLE_CHAIN_ID } : null,
    txId: `multisig_${SAMPLE_SAFE_ADDRESS}_${SAMPLE_SAFE_TX_HASH}`,
  };
  const confirmations = opts.confirmedBy.map((signer) => ({ signer: signer as `0x${string}`, signature: SAMPLE_SIGNATURE }));
  const machine = transactionFlowMachine.provide({
    actors: {
      loadTx: fromPromise(async () => ({
        safeTx: SAMPLE_SAFE_TX,
        hashes: SAMPLE_TX_HASHES,
        confirmations,
        confirmationChecks: confirmations.map((c) => ({ ...c, kind: 'ecdsa', status: 'valid', detail: 'Signed by this owner.' })),
        proposer: null,
        gatewayView: { decoded: null, innerCalls: [], stored: null, summary: 'Send', raw: { details: null, dataDecoded: null, confirmationView: null } },
        label: 'Send',
      })),
      crossCheck: fromPromise(async () => ({ mismatches: opts.mismatch ? ['The gateway reports another to.'] : [] })),
      classifyRisks: fromPromise(async () => []),
      simulateTx: fromPromise(async () => {
        throw new Error('No RPC in this test.');
      }),
      loadRelayRemaining: fromPromise(async () => opts.relay),
      requestSignature: never(),
      executeTx: never(),
      relayTx: never(),
    },
  } as never);
  const actor = createActor(machine, { input });
  actor.start();
  await waitFor(actor, (s) => s.matches('review'));
  await act(async () => {
    render(
      <TxFlowProvider actor={actor}>
        <ReviewStep />
      </TxFlowProvider>,
    );
  });
  const submitted = () => {
    const s = actor.getSnapshot();
    return { state: JSON.stringify(s.value), intent: (s.context as { intent: string | null }).intent };
  };
  return { actor, submitted };
}

const choose = (name: string | RegExp) => act(async () => void fireEvent.click(screen.getByRole('radio', { name })));
const press = (name: string) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));
const submitButtons = () => screen.getAllByRole('button').filter((b) => /^(Sign|Sign and execute|Execute|Execute with relay)$/.test(b.textContent ?? ''));

afterEach(cleanup);

describe('review step, the submit choice', () => {
  it('the last signature: "Execute now?" defaults to Yes (Sign and execute); No makes it Sign', async () => {
    const { submitted } = await review({ confirmedBy: [], wallet: OWNER_A, relay: { remaining: 4, limit: 5 } });
    const group = screen.getByRole('group', { name: 'Execute now?' });
    expect(screen.getByRole('radio', { name: 'Yes, execute' })).toBeChecked();
    expect(group).toContainElement(screen.getByRole('radio', { name: 'No, only sign (anyone can execute later)' }));
    // The relay executes only what is fully signed: no method choice, a line instead.
    expect(screen.queryByRole('group', { name: 'Execute with' })).toBeNull();
    expect(screen.getByText(/The relay executes only fully signed transactions \(4 of 5 left\)/)).toBeInTheDocument();
    expect(submitButtons().map((b) => b.textContent)).toEqual(['Sign and execute']);

    await choose('No, only sign (anyone can execute later)');
    expect(submitButtons().map((b) => b.textContent)).toEqual(['Sign']);
    expect(screen.queryByText(/The relay executes only/)).toBeNull();
    await press('Sign');
    expect(submitted()).toEqual({ state: '"signing"', intent: 'sign' });
  });

  it('Yes sends user.signAndExecute', async () => {
    const { submitted } = await review({ confirmedBy: [], wallet: OWNER_A, relay: null });
    expect(screen.getByText('Relaying is not available on this network.')).toBeInTheDocument();
    await press('Sign and execute');
    expect(submitted()).toEqual({ state: '"signing"', intent: 'signAndExecute' });
  });

  it('already fully signed: Yes offers the connected wallet or the relay, and executes without a new signature', async () => {
    const first = await review({ confirmedBy: [OWNER_B], wallet: OWNER_A, relay: { remaining: 4, limit: 5 } });
    expect(screen.getByRole('radio', { name: 'Yes, execute' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Connected wallet' })).toBeChecked();
    expect(submitButtons().map((b) => b.textContent)).toEqual(['Execute']);
    await choose('Relay (4 of 5 left)');
    expect(submitButtons().map((b) => b.textContent)).toEqual(['Execute with relay']);
    await press('Execute with relay');
    expect(first.submitted()).toEqual({ state: '"relaying"', intent: 'relay' });
    // The relay fails; back at the review (a new ReviewStep), the relay is still the choice.
    cleanup();
    await act(async () => first.actor.send({ type: 'xstate.error.actor.relayTx', error: new Error('Relayer unavailable') } as never));
    await act(async () => first.actor.send({ type: 'user.retry' }));
    expect(first.submitted().state).toBe('"review"');
    await act(async () => {
      render(
        <TxFlowProvider actor={first.actor}>
          <ReviewStep />
        </TxFlowProvider>,
      );
    });
    expect(screen.getByRole('radio', { name: 'Relay (4 of 5 left)' })).toBeChecked();
    expect(submitButtons().map((b) => b.textContent)).toEqual(['Execute with relay']);
    cleanup();

    const second = await review({ confirmedBy: [OWNER_B], wallet: OWNER_A, relay: { remaining: 4, limit: 5 } });
    await press('Execute');
    expect(second.submitted()).toEqual({ state: '"executing"', intent: 'execute' });
  });

  it('only executing is possible: no "Execute now?", the method choice only when both ways exist', async () => {
    await review({ confirmedBy: [OWNER_A], wallet: OWNER_A, relay: { remaining: 0, limit: 5 } });
    expect(screen.queryByRole('group', { name: 'Execute now?' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Execute with' })).toBeNull();
    expect(screen.getByText('This Safe has no relayed transactions left.')).toBeInTheDocument();
    expect(submitButtons().map((b) => b.textContent)).toEqual(['Execute']);
    cleanup();

    // No wallet: the relay is the one way; the button says so and what is left.
    const relayOnly = await review({ confirmedBy: [OWNER_B], wallet: null, relay: { remaining: 2, limit: 5 } });
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('Relay: 2 of 5 left.')).toBeInTheDocument();
    await press('Execute with relay');
    expect(relayOnly.submitted()).toEqual({ state: '"relaying"', intent: 'relay' });
  });

  it('nothing possible: one disabled button, described by the reason beside it', async () => {
    await review({ confirmedBy: [], wallet: OWNER_A, relay: { remaining: 4, limit: 5 }, mismatch: true });
    expect(screen.queryByRole('radio')).toBeNull();
    const buttons = submitButtons();
    expect(buttons.map((b) => b.textContent)).toEqual(['Sign']);
    expect(buttons[0]).toBeDisabled();
    expect(buttons[0]).toHaveAccessibleDescription('Signing and execution are blocked: see the warning above.');
  });
});
