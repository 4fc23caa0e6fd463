// The messageFlow statechart without effects (pure transitions): restore rules, hash refusals, the on-chain
// handoff and the output a Safe app receives.
import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyEventObject } from 'xstate';
import { messageFlowMachine, hashMismatchText, requestedMismatchText } from '../../../src/machines/messageFlow/index.ts';
import type { MessageFlowInput } from '../../../src/machines/messageFlow/index.ts';
import { findMachine, unrecoverableStates } from '../../../src/machines/registry.ts';
import { sanitizeForRestore } from '../../../src/services/eventLog/replay.ts';
import * as fx from './fixtures.ts';

type Snap = ReturnType<typeof initialTransition<typeof messageFlowMachine>>[0];

function fold(input: MessageFlowInput, events: AnyEventObject[]): Snap {
  let [s] = initialTransition(messageFlowMachine, input);
  for (const e of events) [s] = transition(messageFlowMachine, s, e as never);
  return s;
}

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const toReview = [{ type: 'user.compose', format: 'text', text: fx.TEXT }, done('computeMessageHash', fx.preview), done('loadMessage', null)];

describe('messageFlow machine', () => {
  it('is registered, and every nonIdempotent state leaves that tag on system.recover', () => {
    expect(findMachine('messageFlow')?.machine).toBe(messageFlowMachine);
    expect(unrecoverableStates(messageFlowMachine)).toEqual([]);
  });

  it('never re-requests an interrupted signature: restore goes to checkingStatus, then the user confirms again', () => {
    const signing = fold(fx.composeInput, [...toReview, { type: 'user.sign' }]);
    expect(signing.value).toBe('signing');
    const { snapshot, recoverEvent } = sanitizeForRestore(messageFlowMachine, signing as never);
    expect(recoverEvent).toEqual({ type: 'system.recover' });
    expect(snapshot.value).toBe('checkingStatus');
    const [interrupted] = transition(messageFlowMachine, snapshot as Snap, done('checkMessageStatus', null) as never);
    expect(interrupted.value).toBe('interrupted');
    const [review] = transition(messageFlowMachine, interrupted, { type: 'user.retry' });
    expect(review.value).toBe('review');
  });

  it('keeps a signature obtained before a reload and re-submits it only when the user retries', () => {
    const creating = fold(fx.composeInput, [...toReview, { type: 'user.sign' }, done('requestSignature', { signer: fx.owners[0], signature: fx.signature })]);
    expect(creating.value).toBe('creating');
    const restored = sanitizeForRestore(messageFlowMachine, creating as never).snapshot as Snap;
    // The gateway already has it: no second POST, straight to collecting.
    expect(transition(messageFlowMachine, restored, done('checkMessageStatus', fx.messages.signedByUs) as never)[0].value).toEqual({ collecting: 'waiting' });
    const [interrupted] = transition(messageFlowMachine, restored, done('checkMessageStatus', null) as never);
    expect(interrupted.value).toBe('interrupted');
    expect(interrupted.context.pendingSignature).toEqual({ signer: fx.owners[0], signature: fx.signature });
    expect(transition(messageFlowMachine, interrupted, { type: 'user.retry' })[0].value).toBe('creating');
  });

  it('refuses a gateway answer for another hash, and a stored message that hashes to another hash', () => {
    const refused = fold(fx.composeInput, [...toReview, { type: 'user.sign' }, done('requestSignature', { signer: fx.owners[0], signature: fx.signature }), done('createMessage', fx.messages.tampered)]);
    expect(refused.value).toBe('refused');
    expect(refused.context.error).toBe(hashMismatchText(fx.T, fx.H));
    const stored = fold(fx.confirmInput, [done('loadMessage', fx.messages.needs), done('computeMessageHash', fx.previewOther)]);
    expect(stored.value).toBe('refused');
    expect(stored.context.error).toBe(requestedMismatchText(fx.H, fx.previewOther.safeMessageHash));
  });

  it('a non-owner cannot sign: the Sign event is not accepted', () => {
    const review = fold({ ...fx.composeInput, wallet: { address: fx.nonOwner, chainId: '31337' } }, toReview);
    expect(review.value).toBe('review');
    expect(review.can({ type: 'user.sign' })).toBe(false);
  });

  it('hands the on-chain signature to the transaction flow and answers the app with its safeTxHash', () => {
    const [review] = [fold(fx.onChainInput, [done('computeMessageHash', fx.preview), done('prepareOnChainSignature', fx.onChainRequest)])];
    expect(review.value).toBe('onChainReview');
    const [awaiting, actions] = transition(messageFlowMachine, review, { type: 'user.confirmOnChain' });
    expect(awaiting.value).toBe('awaitingTransaction');
    // The named action emits the handoff event with the allow-listed SignMessageLib call.
    const emitted = actions.find((a) => (a.type as string) === 'xstate.emit') as unknown as { params: { event: unknown } };
    expect(emitted.params.event).toEqual({ type: 'startOnChainSignature', flowId: fx.onChainInput.flowId, safe: fx.safe, request: fx.onChainRequest });
    const [done_] = transition(messageFlowMachine, awaiting, { type: 'txFlow.proposed', safeTxHash: fx.safeTxHash });
    expect(done_.status).toBe('done');
    expect(done_.output).toEqual({ status: 'proposed', safeTxHash: fx.safeTxHash });
  });

  it('answers signed only once verified on chain; closing earlier is a rejection', () => {
    const confirmed = fold(fx.confirmInput, [
      done('loadMessage', fx.messages.confirmed),
      done('computeMessageHash', fx.preview),
      done('verifyOnChain', { valid: true, form: 'hash', hashFormResult: '0x1626ba7e', bytesFormResult: null }),
      { type: 'user.close' },
    ]);
    expect(confirmed.output).toEqual({ status: 'signed', messageHash: fx.H, signature: fx.prepared });
    const early = fold(fx.composeInput, [...toReview, { type: 'user.cancel' }]);
    expect(early.output).toEqual({ status: 'rejected', messageHash: fx.H });
  });
});
