/** Queued transactions executed elsewhere (src/machines/safeSession/executedElsewhere.ts): pure, step by step. */
import { describe, expect, it } from 'vitest';
import { NOTHING_WATCHED, awaitsHistory, watchExecutions, type ExecutionFacts, type ExecutionWatch } from '../../../src/machines/safeSession/executedElsewhere.ts';
import type { TransactionItem, TransactionStatus } from '../../../src/domain/gateway/types.ts';

const addr = (value: string) => ({ value, name: null, logoUri: null });
function item(id: string, nonce: number, txStatus: TransactionStatus = 'AWAITING_CONFIRMATIONS', txHash: string | null = null): TransactionItem {
  return {
    type: 'TRANSACTION',
    conflictType: 'None',
    transaction: {
      id,
      timestamp: 0,
      txStatus,
      txInfo: { type: 'Custom', to: addr('0x90F79bf6EB2c4f870365E785982E1f101E93b906'), dataSize: '0', value: '0', methodName: null, actionCount: null, isCancellation: false },
      executionInfo: { type: 'MULTISIG', nonce, confirmationsRequired: 2, confirmationsSubmitted: 1 },
      safeAppInfo: null,
      txHash,
    },
  } as TransactionItem;
}
const none = () => false;
const facts = (over: Partial<ExecutionFacts>): ExecutionFacts => ({ nonce: 3, queue: [], history: [], own: none, ...over });

/** Runs the steps in order and collects every announcement. */
function run(steps: Partial<ExecutionFacts>[]): { watch: ExecutionWatch; announced: string[] } {
  let watch = NOTHING_WATCHED;
  const announced: string[] = [];
  for (const step of steps) {
    const next = watchExecutions(watch, facts(step));
    watch = next.watch;
    announced.push(...next.executed.map((e) => `${e.nonce}:${e.txId}:${e.txHash ?? ''}:${e.failed}`));
  }
  return { watch, announced };
}

const queue = [item('a3', 3), item('b4', 4), item('r4', 4)];

describe('executed elsewhere', () => {
  it('announces a queued transaction the page showed once the nonce moved on and the history lists it executed', () => {
    const { announced, watch } = run([
      { nonce: 3, queue },
      { nonce: 4, queue }, // the poll: nonce 3 passed; the history is not loaded yet
      { nonce: 4, queue: [item('b4', 4)] }, // the queue refreshed
      { nonce: 4, queue: [item('b4', 4)], history: [item('a3', 3, 'SUCCESS', '0xabc')] },
      { nonce: 4, queue: [item('b4', 4)], history: [item('a3', 3, 'SUCCESS', '0xabc')] }, // nothing twice
    ]);
    expect(announced).toEqual(['3:a3:0xabc:false']);
    expect(awaitsHistory(watch)).toBe(false);
  });
  it('waits for the history while a passed nonce has no executed entry there', () => {
    const { watch, announced } = run([{ nonce: 3, queue }, { nonce: 4, queue, history: [item('old', 2, 'SUCCESS')] }]);
    expect(announced).toEqual([]);
    expect(awaitsHistory(watch)).toBe(true);
  });
  it('never announces what this page executed', () => {
    const { announced, watch } = run([{ nonce: 3, queue }, { nonce: 4, queue, history: [item('a3', 3, 'SUCCESS')], own: (id) => id === 'a3' }]);
    expect(announced).toEqual([]);
    expect(awaitsHistory(watch)).toBe(false);
  });
  it('a replacement at that nonce (a rejection, or a transaction the page never showed) is not announced as the shown one', () => {
    expect(run([{ nonce: 4, queue }, { nonce: 5, history: [item('r4', 4, 'SUCCESS')] }]).announced).toEqual(['4:r4::false']);
    expect(run([{ nonce: 3, queue }, { nonce: 4, history: [item('elsewhere3', 3, 'SUCCESS')] }]).announced).toEqual([]);
  });
  it('several nonces at once, a failed execution said as such; nothing before the first nonce is known', () => {
    const { announced } = run([{ nonce: 3, queue }, { nonce: 5, history: [item('b4', 4, 'FAILED', '0x2'), item('a3', 3, 'SUCCESS', '0x1')] }]);
    expect(announced).toEqual(['3:a3:0x1:false', '4:b4:0x2:true']);
    // A page that opens after the execution (its first nonce already past) announces nothing.
    expect(run([{ nonce: 4, queue: [item('b4', 4)], history: [item('a3', 3, 'SUCCESS')] }]).announced).toEqual([]);
  });
});
