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

  it('signs only a preview whose Safe info agrees with the chain (decision 0053); a preview recorded before the check signs as it did', () => {
    const withVerdict = (safeInfo: unknown) => [toReview[0]!, done('computeMessageHash', { ...fx.preview, safeInfo }), toReview[2]!];
    const agrees = fold(fx.composeInput, withVerdict({ status: 'agrees', chainNonce: '3', gatewayBehind: false }));
    expect(agrees.value).toBe('review');
    expect(agrees.can({ type: 'user.sign' })).toBe(true);
    for (const verdict of [{ status: 'differs', chainNonce: '3', differences: ['Threshold: gateway 2, chain 1.'] }, { status: 'unchecked', reason: 'HTTP request failed.' }]) {
      const blocked = fold(fx.composeInput, withVerdict(verdict));
      expect(blocked.value).toBe('review');
      expect(blocked.can({ type: 'user.sign' })).toBe(false);
      expect(transition(messageFlowMachine, blocked, { type: 'user.sign' })[0].value).toBe('review');
    }
    expect(fold(fx.composeInput, toReview).can({ type: 'user.sign' })).toBe(true);
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

  describe('typed data for another chain is blocked, typed data naming no chain needs the acknowledgement (decision 0026)', () => {
    const draftOf = (typed: unknown) => ({ type: 'user.compose', format: 'typed', text: JSON.stringify(typed) });

    it('compose: blocked before the gateway or the wallet is asked, with the reason; Back edits, Cancel rejects', () => {
      const blocked = fold(fx.composeInput, [draftOf(fx.permit(1)), done('computeMessageHash', fx.previewOtherChain)]);
      expect(blocked.value).toBe('chainBlocked');
      expect(blocked.context.error).toBe(fx.OTHER_CHAIN_TEXT);
      // No effect runs in chainBlocked, and no event leads to signing.
      expect(blocked.children).toEqual({});
      for (const event of [{ type: 'user.sign' }, { type: 'user.signOnChain' }, { type: 'user.confirmOnChain' }, { type: 'user.retry' }, { type: 'user.acknowledgeAnyChain', acknowledged: true }] as const) {
        expect(blocked.can(event as never), event.type).toBe(false);
      }
      const [back] = transition(messageFlowMachine, blocked, { type: 'user.back' });
      expect(back.value).toBe('composing');
      expect(back.context.request).toEqual({ kind: 'draft', format: 'typed', text: JSON.stringify(fx.permit(1)) });
      const [cancelled] = transition(messageFlowMachine, blocked, { type: 'user.cancel' });
      expect(cancelled.output).toEqual({ status: 'rejected', messageHash: fx.previewOtherChain.safeMessageHash });
    });

    it('a Safe app\'s signTypedMessage, off or on chain: blocked, no Back, Cancel answers the app with a rejection', () => {
      for (const signing of ['offChain', 'onChain'] as const) {
        const blocked = fold(fx.appTypedInput(fx.permit(1), signing), [done('computeMessageHash', fx.previewOtherChain)]);
        expect(blocked.value, signing).toBe('chainBlocked');
        expect(blocked.can({ type: 'user.back' })).toBe(false);
        expect(transition(messageFlowMachine, blocked, { type: 'user.cancel' })[0].output).toMatchObject({ status: 'rejected' });
      }
    });

    it('confirming a stored message for another chain from the list: blocked, even one already confirmed', () => {
      const blocked = fold(fx.confirmOtherChainInput, [done('loadMessage', fx.messages.otherChain), done('computeMessageHash', fx.previewOtherChain)]);
      expect(blocked.value).toBe('chainBlocked');
      expect(blocked.context.error).toBe(fx.OTHER_CHAIN_TEXT);
      const confirmed = { ...fx.messages.otherChain, status: 'CONFIRMED' as const, preparedSignature: fx.prepared };
      expect(fold(fx.confirmOtherChainInput, [done('loadMessage', confirmed), done('computeMessageHash', fx.previewOtherChain)]).value).toBe('chainBlocked');
    });

    it('no chain: Sign is refused until the user acknowledges; taking it back disables Sign again', () => {
      const review = fold(fx.composeInput, [draftOf(fx.permit()), done('computeMessageHash', fx.previewAnyChain), done('loadMessage', null)]);
      expect(review.value).toBe('review');
      expect(review.can({ type: 'user.sign' })).toBe(false);
      // Only a change is an event: acknowledging twice, or un-acknowledging what was not acknowledged, is not.
      expect(review.can({ type: 'user.acknowledgeAnyChain', acknowledged: false })).toBe(false);
      const [acknowledged] = transition(messageFlowMachine, review, { type: 'user.acknowledgeAnyChain', acknowledged: true });
      expect(acknowledged.value).toBe('review');
      expect(acknowledged.context.anyChainAcknowledged).toBe(true);
      expect(acknowledged.can({ type: 'user.acknowledgeAnyChain', acknowledged: true })).toBe(false);
      expect(acknowledged.can({ type: 'user.sign' })).toBe(true);
      const [signing] = transition(messageFlowMachine, acknowledged, { type: 'user.sign' });
      expect(signing.value).toBe('signing');
      // Only now is the wallet effect invoked (it checks the rule again itself).
      expect(signing.children.requestSignature).toBeDefined();
      const [takenBack] = transition(messageFlowMachine, acknowledged, { type: 'user.acknowledgeAnyChain', acknowledged: false });
      expect(takenBack.can({ type: 'user.sign' })).toBe(false);
      // A new message needs its own acknowledgement.
      const [recomposed] = transition(messageFlowMachine, transition(messageFlowMachine, acknowledged, { type: 'user.back' })[0], draftOf(fx.permit()) as never);
      expect(recomposed.context.anyChainAcknowledged).toBe(false);
    });

    it('no chain, confirmed from the list or signed on chain: the same acknowledgement', () => {
      const review = fold(fx.confirmAnyChainInput, [done('loadMessage', fx.messages.anyChain), done('computeMessageHash', fx.previewAnyChain)]);
      expect(review.value).toBe('review');
      expect(review.can({ type: 'user.sign' })).toBe(false);
      expect(transition(messageFlowMachine, review, { type: 'user.acknowledgeAnyChain', acknowledged: true })[0].can({ type: 'user.sign' })).toBe(true);

      const onChain = fold(fx.appTypedInput(fx.permit(), 'onChain'), [done('computeMessageHash', fx.previewAnyChain), done('prepareOnChainSignature', fx.onChainRequest)]);
      expect(onChain.value).toBe('onChainReview');
      expect(onChain.can({ type: 'user.confirmOnChain' })).toBe(false);
      const [acknowledged] = transition(messageFlowMachine, onChain, { type: 'user.acknowledgeAnyChain', acknowledged: true });
      expect(transition(messageFlowMachine, acknowledged, { type: 'user.confirmOnChain' })[0].value).toBe('awaitingTransaction');
    });

    it('typed data for the Safe\'s chain and plain text need nothing more', () => {
      const typed = fold(fx.composeInput, [draftOf(fx.permit(31337)), done('computeMessageHash', fx.previewSameChain), done('loadMessage', null)]);
      expect(typed.value).toBe('review');
      expect(typed.can({ type: 'user.sign' })).toBe(true);
      expect(typed.can({ type: 'user.acknowledgeAnyChain', acknowledged: true })).toBe(false);
      const text = fold(fx.composeInput, toReview);
      expect(text.can({ type: 'user.sign' })).toBe(true);
      expect(text.can({ type: 'user.acknowledgeAnyChain', acknowledged: true })).toBe(false);
    });

    it('a preview recorded before schemaVersion 2 (no chain verdict) replays as it ran then', () => {
      const { chain: _drop, ...old } = fx.previewAnyChain;
      const review = fold(fx.composeInput, [draftOf(fx.permit()), done('computeMessageHash', old), done('loadMessage', null)]);
      expect(review.value).toBe('review');
      expect(review.can({ type: 'user.sign' })).toBe(true);
      expect(findMachine('messageFlow')?.schemaVersion).toBe(2);
    });
  });
});
