/** The history's filters and CSV export (src/views/safeSession/connect.ts, format.ts): pure, over gateway-shaped rows. */
import { describe, expect, it } from 'vitest';
import { toCsvText } from '../../../src/machines/addressBook/addressBook.csv.ts';
import { NO_HISTORY_FILTER, filterTxRows, type TxRow } from '../../../src/views/safeSession/connect.ts';
import { historyCsvRows } from '../../../src/views/safeSession/format.ts';
import type { TransactionSummary } from '../../../src/views/safeSession/viewTypes.ts';

const SAFE = '0x5afE5afE5afE5afE5afE5afE5aFe5afE5Afe5aFe';
const OTHER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const addr = (value: string) => ({ value, name: null, logoUri: null });
const day = (d: string) => Date.parse(`${d}T12:00:00`);

function transfer(id: string, direction: 'INCOMING' | 'OUTGOING', date: string, module = false): TransactionSummary {
  return {
    id,
    timestamp: day(date),
    txStatus: 'SUCCESS',
    txInfo: { type: 'Transfer', sender: addr(direction === 'INCOMING' ? OTHER : SAFE), recipient: addr(direction === 'INCOMING' ? SAFE : OTHER), direction, transferInfo: { type: 'NATIVE_COIN', value: '500000000000000000' } },
    executionInfo: module ? { type: 'MODULE', address: addr(OTHER) } : direction === 'INCOMING' ? null : { type: 'MULTISIG', nonce: 1, confirmationsRequired: 2, confirmationsSubmitted: 2 },
    safeAppInfo: null,
    txHash: null,
  } as TransactionSummary;
}

const rows: TxRow[] = [
  { kind: 'date', key: 'd1', timestamp: day('2026-11-02') },
  { kind: 'tx', key: 'in', tx: transfer('in', 'INCOMING', '2026-11-02'), conflict: 'None' },
  { kind: 'date', key: 'd2', timestamp: day('2026-11-01') },
  { kind: 'tx', key: 'out', tx: transfer('out', 'OUTGOING', '2026-11-01'), conflict: 'None' },
  { kind: 'tx', key: 'mod', tx: transfer('mod', 'OUTGOING', '2026-11-01', true), conflict: 'None' },
];
const ids = (r: TxRow[]) => r.map((row) => row.key);

describe('history filters', () => {
  it('shows everything without a filter', () => {
    expect(ids(filterTxRows(rows, NO_HISTORY_FILTER))).toEqual(ids(rows));
  });
  it('narrows by kind, dropping day headings left without transactions', () => {
    expect(ids(filterTxRows(rows, { ...NO_HISTORY_FILTER, incoming: true }))).toEqual(['d1', 'in']);
    expect(ids(filterTxRows(rows, { ...NO_HISTORY_FILTER, outgoing: true }))).toEqual(['d2', 'out']);
    expect(ids(filterTxRows(rows, { ...NO_HISTORY_FILTER, module: true, incoming: true }))).toEqual(['d1', 'in', 'd2', 'mod']);
  });
  it('narrows by an inclusive day range', () => {
    expect(ids(filterTxRows(rows, { ...NO_HISTORY_FILTER, from: '2026-11-02' }))).toEqual(['d1', 'in']);
    expect(ids(filterTxRows(rows, { ...NO_HISTORY_FILTER, to: '2026-11-01' }))).toEqual(['d2', 'out', 'mod']);
  });
});

describe('history CSV', () => {
  it('writes a header and one line per transaction, with the counterparty', () => {
    const csv = toCsvText(historyCsvRows([transfer('in', 'INCOMING', '2026-11-02')], { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: null } as never, () => null));
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('date,nonce,transaction,status,executionType,transactionHash,id');
    expect(lines[1]).toContain('Received 0.5 ETH from 0x90F7…b906');
    expect(lines).toHaveLength(2);
  });
});
