/** The audit screen's sentences, from recorded events only (src/views/audit/describeFlow.ts). */
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { describeFlow, groupBySafe, safeHeading } from '../../../src/views/audit/describeFlow.ts';
import { describeCall } from '../../../src/domain/safe/describe.ts';
import type { AuditRecord, AuditStream } from '../../../src/views/audit/auditPort.ts';

const SAFE = getAddress('0x5afe000000000000000000000000000000005afe');
const ALICE = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906');
const safeKey = `31337:${SAFE.toLowerCase()}`;
const safe = { chainId: '31337', address: SAFE, threshold: 2, owners: [ALICE, SAFE], nativeCurrency: { symbol: 'ETH', decimals: 18 } };

const stream = (streamId: string, updatedAt: string, machineId = 'transactionFlow'): AuditStream => ({
  streamId,
  machineId,
  machineVersion: 'v',
  headSeq: 1,
  headHash: 'h',
  status: 'open',
  createdAt: updatedAt,
  updatedAt,
});
let seq = 0;
const rec = (type: string, payload: Record<string, unknown>, state = 'review'): AuditRecord => ({
  seq: seq++,
  type,
  payload: payload as AuditRecord['payload'],
  origin: 'user',
  sourceActorId: null,
  recordedAt: '2026-11-28T10:00:00Z',
  correlationId: null,
  stateAfter: { value: state, status: 'active', digest: 'd' },
  hash: 'h',
});
const ctx = { chainId: 31337, safeAddress: SAFE, version: '1.4.1' };
const sendDescription = { call: describeCall({ to: ALICE, data: '0x', value: 10n ** 17n, operation: 0 }, ctx), native: { symbol: 'ETH', decimals: 18 }, tokens: {} };

describe('describeFlow', () => {
  it('a proposed send: what it did in units, its nonce, signed by you — from the recorded description, not the gateway', () => {
    const records = [
      rec('xstate.init', { input: { mode: 'create', safe } }, 'composing'),
      rec('user.compose', { draft: { kind: 'nativeTransfer', recipient: ALICE, amount: '0.1', decimals: 18 } }, 'loadingNonces'),
      rec('xstate.done.actor.buildSafeTx', { output: { safeTx: { nonce: '6' }, label: 'gateway text never used' } }),
      rec('xstate.done.actor.crossCheck', { output: { mismatches: [], description: sendDescription } }),
      rec('xstate.done.actor.requestSignature', { output: { signer: ALICE, signature: '0x' } }),
      rec('xstate.done.actor.proposeTx', { output: {} }, 'signed'),
    ];
    const s = describeFlow(stream(`flow/transaction/${safeKey}/a`, '2026-11-28T10:00:00Z'), records, (a) => (a === ALICE ? 'Alice' : null));
    expect(s.title).toBe('Sent 0.1 ETH to Alice (0x90F7…b906)');
    expect(s.facts).toEqual(['nonce 6', 'signed by you', 'proposed']);
    expect(s.safeKey).toBe(safeKey);
  });

  it('a rejection, a flow cancelled while composing, a message and a Safe creation', () => {
    const reject = describeFlow(stream(`flow/transaction/${safeKey}/b`, 'x'), [rec('xstate.init', { input: { mode: 'reject', safe, nonce: 4 } }), rec('user.cancel', {}, 'cancelled')]);
    expect(reject).toMatchObject({ title: 'Rejected transaction #4', facts: ['nonce 4', 'cancelled'] });
    const cancelled = describeFlow(stream(`flow/transaction/${safeKey}/c`, 'x'), [rec('xstate.init', { input: { mode: 'create', safe } }), rec('user.cancel', {}, 'cancelled')]);
    expect(cancelled.title).toBe('New transaction (not composed)');
    const message = describeFlow(stream(`flow/message/${safeKey}/d`, 'x', 'messageFlow'), [
      rec('xstate.init', { input: { mode: 'sign', message: { kind: 'text', message: 'hello' } } }),
      rec('xstate.done.actor.requestSignature', { output: '0xsig' as unknown as Record<string, unknown> }),
    ]);
    expect(message.title).toBe('Signed message “hello”');
    const created = describeFlow(stream('createSafe/visit-1', 'x', 'createSafe'), [
      rec('xstate.init', { input: {} }),
      rec('xstate.done.actor.predictSafe', { output: { address: SAFE, saltNonce: '0' } }),
      rec('xstate.done.actor.waitForDeployment', { output: { ok: true } }),
    ]);
    expect(created).toMatchObject({ title: `Created Safe ${SAFE.slice(0, 6)}…${SAFE.slice(-4)}`, safeKey: null, facts: ['deployed'] });
  });

  it('a spend within a spending limit (decision 0063): sent, or where it stopped', () => {
    const init = rec('xstate.init', { input: { safe, token: { address: SAFE, symbol: 'dUSD', decimals: 6 } } }, 'composing');
    const submit = rec('user.submit', { draft: { recipient: ALICE, amount: ' 60 ' } }, 'checking');
    const sent = describeFlow(stream(`flow/allowanceTransfer/${safeKey}/e`, 'x', 'allowanceTransfer'), [
      init,
      submit,
      rec('xstate.done.actor.waitForTransfer', { output: { status: 'SUCCESS', txHash: '0x1' } }, 'succeeded'),
    ]);
    expect(sent).toMatchObject({ title: 'Sent 60 dUSD to 0x90F7…b906 with a spending limit', facts: ['sent'], safeKey });
    const refused = describeFlow(stream(`flow/allowanceTransfer/${safeKey}/f`, 'x', 'allowanceTransfer'), [init, submit, rec('xstate.done.actor.checkTransfer', { output: { refusal: 'no' } }, 'refused')]);
    expect(refused).toMatchObject({ title: 'Send 60 dUSD to 0x90F7…b906 with a spending limit', facts: ['refused'] });
  });

  it('groups by Safe, newest first, other records last', () => {
    const a = { streamId: 'a', title: 'A', facts: [], safeKey: '1:0xa', at: '2026-11-01T00:00:00Z' };
    const b = { streamId: 'b', title: 'B', facts: [], safeKey: '1:0xb', at: '2026-11-03T00:00:00Z' };
    const c = { streamId: 'c', title: 'C', facts: [], safeKey: '1:0xa', at: '2026-11-02T00:00:00Z' };
    const d = { streamId: 'd', title: 'D', facts: [], safeKey: null, at: '2026-11-04T00:00:00Z' };
    expect(groupBySafe([a, b, c, d]).map((g) => [g.safeKey, g.items.map((i) => i.streamId)])).toEqual([
      ['1:0xb', ['b']],
      ['1:0xa', ['c', 'a']],
      [null, ['d']],
    ]);
    expect(safeHeading(safeKey)).toBe('Safe 0x5afe…5afe on chain 31337');
  });
});
