/** The benchmark's pure helpers (bench/lib): statistics, duplicate requests, goals, the report's Markdown, synthetic queues. */
import { describe, expect, it } from 'vitest';
import { countDuplicates, figure, formatMarkdown, formatTable, median, meets, type Report } from '../../../bench/lib/report.ts';
import { syntheticQueue, templateItem } from '../../../bench/lib/queue.ts';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones, without reordering its input', () => {
    const values = [5, 1, 3];
    expect(median(values)).toBe(3);
    expect(values).toEqual([5, 1, 3]);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow('median of no values');
  });
});

describe('countDuplicates', () => {
  it('counts the requests repeating an earlier method + URL', () => {
    const result = countDuplicates([
      { method: 'GET', url: 'http://gw/v1/chains' },
      { method: 'get', url: 'http://gw/v1/chains' },
      { method: 'POST', url: 'http://gw/v1/chains' },
      { method: 'GET', url: 'http://gw/v1/chains?cursor=2' },
      { method: 'GET', url: 'http://gw/v1/chains' },
    ]);
    expect(result).toEqual({ total: 5, unique: 3, duplicates: 2, repeated: [{ method: 'GET', url: 'http://gw/v1/chains', count: 3 }] });
    expect(countDuplicates([])).toEqual({ total: 0, unique: 0, duplicates: 0, repeated: [] });
  });
});

describe('goals', () => {
  it('meets ≤ and ≥ goals inclusively; no goal is neither met nor missed', () => {
    expect(meets(150, { op: '<=', target: 150 })).toBe(true);
    expect(meets(150.1, { op: '<=', target: 150 })).toBe(false);
    expect(meets(2, { op: '>=', target: 2 })).toBe(true);
    expect(meets(1, { op: '>=', target: 2 })).toBe(false);
    expect(meets(1, null)).toBeNull();
  });
});

describe('report formatting', () => {
  const report: Report = {
    generatedAt: '2026-01-01T00:00:00.000Z',
    commit: 'abc1234',
    machine: { cpus: 2 },
    figures: [
      figure({ id: 'bytes', title: 'JS + CSS', value: 279.2, unit: 'kB', goal: { op: '<=', target: 150 }, method: 'From the network log.', details: { jsKB: 276.1 } }),
      figure({ id: 'ratio', title: 'Queue ratio', value: 1.05, unit: '×', goal: { op: '<=', target: 1.5 }, method: 'Medians.', details: {}, notes: ['Boot dominates.'] }),
      figure({ id: 'rate', title: 'Validator', value: 123456, unit: 'messages/s', goal: null, method: 'fast-check.', details: {} }),
    ],
  };

  it('tables every figure with its goal and whether it was met', () => {
    expect(formatTable(report.figures)).toBe(
      [
        '| figure | measured | goal | result |',
        '|---|---|---|---|',
        '| JS + CSS | 279.2 kB | ≤ 150 kB | **missed** |',
        '| Queue ratio | 1.05× | ≤ 1.5× | met |',
        '| Validator | 123,456 messages/s | — | no goal |',
      ].join('\n'),
    );
  });

  it('names the missed goals and gives each figure its method and details', () => {
    const md = formatMarkdown(report);
    expect(md).toContain('on commit `abc1234`');
    expect(md).toContain('Goals missed: JS + CSS.');
    expect(md).toContain('## Queue ratio\n\n1.05× — goal ≤ 1.5×: met.\n\nMedians.\n\n- Boot dominates.\n\n```json');
    expect(md).toContain('"jsKB": 276.1');
    expect(md.endsWith('\n')).toBe(true);
  });
});

describe('syntheticQueue', () => {
  const SAFE = '0x599C86d40e80ac8D0a4B7b19642457A73333d91f';
  const real = {
    results: [
      { type: 'LABEL', label: 'Next' },
      { type: 'TRANSACTION', conflictType: 'None', transaction: { id: 'creation_x', timestamp: 1, executionInfo: null } },
      {
        type: 'TRANSACTION',
        conflictType: 'HasNext',
        transaction: { id: `multisig_${SAFE}_0x01`, timestamp: 1_700_000_000_000, txStatus: 'AWAITING_CONFIRMATIONS', executionInfo: { type: 'MULTISIG', nonce: 3, confirmationsRequired: 2, confirmationsSubmitted: 1 } },
      },
    ],
  };

  it('copies the first multisig transaction into Next, Queued and one transaction per nonce, with unique ids', () => {
    const template = templateItem(real);
    const page = syntheticQueue(template, SAFE, 7, 300);
    expect(page.results).toHaveLength(302);
    expect(page.count).toBe(302);
    expect(page.next).toBeNull();
    expect(page.results[0]).toEqual({ type: 'LABEL', label: 'Next' });
    expect(page.results[2]).toEqual({ type: 'LABEL', label: 'Queued' });
    const txs = page.results.filter((r) => (r as { type: string }).type === 'TRANSACTION') as (typeof template)[];
    expect(txs).toHaveLength(300);
    expect(new Set(txs.map((t) => t.transaction.id)).size).toBe(300);
    expect(txs.map((t) => t.transaction.executionInfo!.nonce)).toEqual(Array.from({ length: 300 }, (_, i) => 7 + i));
    for (const t of txs) {
      expect(t.conflictType).toBe('None');
      expect(t.transaction.id).toMatch(new RegExp(`^multisig_${SAFE}_0x[0-9a-f]{64}$`));
      expect(t.transaction).toMatchObject({ txStatus: 'AWAITING_CONFIRMATIONS', executionInfo: { type: 'MULTISIG', confirmationsRequired: 2, confirmationsSubmitted: 1 } });
    }
    // The template is not changed.
    expect(template.transaction.executionInfo!.nonce).toBe(3);
  });

  it('needs a multisig transaction to copy', () => {
    expect(() => templateItem({ results: [{ type: 'LABEL', label: 'Next' }] })).toThrow('no multisig transaction');
  });
});
