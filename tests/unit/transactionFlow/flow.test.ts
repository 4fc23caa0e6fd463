/** The machine's signing guards: a cross-check mismatch blocks everything; a blocking risk blocks until acknowledged. */
import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyEventObject } from 'xstate';
import { unrecoverableStates } from '../../../src/machines/registry.ts';
import { bulkExecuteFlowMachine, deleteTxFlowMachine, transactionFlowMachine } from '../../../src/machines/transactionFlow/index.ts';
import type { TxFlowInput } from '../../../src/machines/transactionFlow/transactionFlow.types.ts';
import { bulkBlocker } from '../../../src/machines/transactionFlow/bulkExecuteFlow.machine.ts';
import { SAMPLE_OWNERS, SAMPLE_SAFE_ADDRESS, ZERO_ADDRESS } from '../../../src/machines/shared/samples.ts';

const [A, B] = SAMPLE_OWNERS;
const input: TxFlowInput = {
  flowId: 'f',
  mode: 'confirm',
  txId: 'x',
  wallet: { address: A, chainId: '1' },
  safe: { chainId: '1', chainName: 'Ethereum', address: SAMPLE_SAFE_ADDRESS, version: '1.4.1', nonce: 0, threshold: 2, owners: [A, B], modules: [], guard: null, fallbackHandler: null },
};
const safeTx = { to: B, value: '1', data: '0x', operation: 0, safeTxGas: '0', baseGas: '0', gasPrice: '0', gasToken: ZERO_ADDRESS, refundReceiver: ZERO_ADDRESS, nonce: '0' };
const hashes = { domainHash: '0x01', messageHash: '0x02', safeTxHash: '0x03' };
const view = { decoded: null, innerCalls: [], stored: null, summary: '', raw: { details: null, dataDecoded: null, confirmationView: null } };

function reviewWith(mismatches: string[], risks: unknown[], safeInfo?: unknown) {
  let [s] = initialTransition(transactionFlowMachine, input);
  const events: AnyEventObject[] = [
    { type: 'xstate.done.actor.loadTx', output: { safeTx, hashes, confirmations: [{ signer: B, signature: '0x' }], proposer: B, gatewayView: view, label: 'Send' } },
    { type: 'xstate.done.actor.crossCheck', output: safeInfo ? { mismatches, safeInfo } : { mismatches } },
    { type: 'xstate.done.actor.classifyRisks', output: risks },
    { type: 'xstate.error.actor.simulateTx', error: new Error('No RPC in this test.') },
    { type: 'xstate.done.actor.loadRelayRemaining', output: { remaining: 1, limit: 5 } },
  ];
  for (const e of events) [s] = transition(transactionFlowMachine, s, e as never);
  expect(s.value).toBe('review');
  return s;
}

describe('transactionFlow guards', () => {
  it('allows signing, signing+executing when nothing blocks', () => {
    const s = reviewWith([], []);
    expect(s.can({ type: 'user.sign' })).toBe(true);
    expect(s.can({ type: 'user.signAndExecute' })).toBe(true);
    expect(s.can({ type: 'user.execute' })).toBe(false);
  });
  it('blocks signing, execution and relay on any cross-check mismatch, even acknowledged', () => {
    let [s] = [reviewWith(['The gateway reports txData.to = 0xbad'], [])];
    [s] = transition(transactionFlowMachine, s, { type: 'user.acknowledgeRisks', acknowledged: true });
    for (const type of ['user.sign', 'user.signAndExecute', 'user.execute', 'user.relay'] as const) expect(s.can({ type })).toBe(false);
  });
  it("keeps the Safe info's verdict (decision 0053); a difference is a mismatch, so nothing can be signed or executed", () => {
    const agrees = { status: 'agrees', chainNonce: '0', gatewayBehind: false };
    const ok = reviewWith([], [], agrees);
    expect(ok.context.safeInfo).toEqual(agrees);
    expect(ok.can({ type: 'user.sign' })).toBe(true);
    const differs = { status: 'differs', chainNonce: '0', differences: ['Threshold: gateway 2, chain 1.'] };
    const blocked = reviewWith(['Threshold: gateway 2, chain 1.'], [], differs);
    expect(blocked.context.safeInfo).toEqual(differs);
    for (const type of ['user.sign', 'user.signAndExecute', 'user.execute', 'user.relay'] as const) expect(blocked.can({ type })).toBe(false);
    // A crossCheck recorded before the check existed has no verdict: the context keeps no field (its digest is unchanged).
    expect('safeInfo' in reviewWith([], []).context).toBe(false);
  });

  it('blocks on a blocking risk until it is acknowledged', () => {
    let s = reviewWith([], [{ id: 'untrusted-delegatecall', severity: 'blocking', title: 'Unexpected delegate call', detail: '' }]);
    expect(s.can({ type: 'user.sign' })).toBe(false);
    [s] = transition(transactionFlowMachine, s, { type: 'user.acknowledgeRisks', acknowledged: true });
    expect(s.can({ type: 'user.sign' })).toBe(true);
  });
  it('a look-alike counterparty (S17) blocks signing, execution and relay whatever is acknowledged, here and in a bulk execution', () => {
    const lookAlike = { id: 'look-alike-address', severity: 'blocking', title: 'Look-alike address', detail: 'The recipient 0xB0b…0001 begins and ends like an owner of this Safe' };
    let s = reviewWith([], [lookAlike]);
    expect(s.context.blocks).toEqual([lookAlike.detail]);
    [s] = transition(transactionFlowMachine, s, { type: 'user.acknowledgeRisks', acknowledged: true });
    for (const type of ['user.sign', 'user.signAndExecute', 'user.execute', 'user.relay'] as const) expect(s.can({ type })).toBe(false);

    const safe = { ...input.safe, threshold: 1 };
    const item = (nonce: number, risks: unknown[]) => ({ safeTx: { ...safeTx, nonce: String(nonce) }, mismatches: [], confirmations: [{ signer: A, signature: '0x' }], risks }) as never;
    const ok = bulkBlocker({ safe, risksAcknowledged: true, items: [item(0, []), item(1, [{ ...lookAlike, id: 'gas-refund' }])] });
    expect(ok).toBeNull();
    expect(bulkBlocker({ safe, risksAcknowledged: true, items: [item(0, []), item(1, [lookAlike])] })).toBe(`Transaction 1 is blocked: ${lookAlike.detail}`);
  });

  it('moves every in-flight state to a checking state on system.recover', () => {
    for (const m of [transactionFlowMachine, deleteTxFlowMachine, bulkExecuteFlowMachine]) expect(unrecoverableStates(m)).toEqual([]);
    let s = reviewWith([], []);
    [s] = transition(transactionFlowMachine, s, { type: 'user.sign' });
    expect(s.hasTag('nonIdempotent')).toBe(true);
    [s] = transition(transactionFlowMachine, s, { type: 'system.recover' });
    expect(s.value).toBe('checkingStatus');
    expect(s.hasTag('nonIdempotent')).toBe(false);
  });
});
