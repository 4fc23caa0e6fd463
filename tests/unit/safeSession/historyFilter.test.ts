/** The history's filters and CSV export (src/views/safeSession/connect.ts, format.ts): pure, over gateway-shaped rows. */
import { describe, expect, it } from 'vitest';
import { toCsvText } from '../../../src/machines/addressBook/addressBook.csv.ts';
import type { TxRow } from '../../../src/views/safeSession/connect.ts';
import { NO_HISTORY_FILTER, amountBounds, filterTxRows, historyTokens, matchesHistoryFilter } from '../../../src/views/safeSession/historyFilter.ts';
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

const DVT = '0xdDdDddDdDdDDdDdDddDddDDdDdddDdDdDDDdDdDd';
function tokenTransfer(id: string, value: string, decimals = 18): TransactionSummary {
  const tx = transfer(id, 'OUTGOING', '2026-11-03');
  return {
    ...tx,
    txInfo: { ...tx.txInfo, transferInfo: { type: 'ERC20', tokenAddress: DVT, value, tokenName: 'Devnet Token', tokenSymbol: 'DVT', logoUri: null, decimals, trusted: true } },
  } as TransactionSummary;
}
function nftTransfer(id: string): TransactionSummary {
  const tx = transfer(id, 'INCOMING', '2026-11-03');
  return { ...tx, txInfo: { ...tx.txInfo, transferInfo: { type: 'ERC721', tokenAddress: OTHER, tokenId: '2', tokenName: 'Devnet NFT', tokenSymbol: 'DNFT', logoUri: null, trusted: true } } } as TransactionSummary;
}
const ETH = { symbol: 'ETH', decimals: 18 };

describe('history filter by token and amount', () => {
  const txs = [transfer('eth', 'INCOMING', '2026-11-02'), tokenTransfer('dvt100', '100000000000000000000'), tokenTransfer('dvt5', '5000000000000000000'), nftTransfer('nft')];
  const tokens = historyTokens([...txs, tokenTransfer('again', '1')], ETH);
  const shown = (filter: typeof NO_HISTORY_FILTER) => txs.filter((tx) => matchesHistoryFilter(tx, filter, amountBounds(filter, tokens))).map((tx) => tx.id);

  it('lists the native coin first and each token the loaded transfers move, once', () => {
    expect(tokens.map((t) => [t.key, t.symbol, t.decimals])).toEqual([
      ['native', 'ETH', 18],
      [OTHER.toLowerCase(), 'DNFT (NFT)', null],
      [DVT.toLowerCase(), 'DVT', 18],
    ]);
  });
  it('keeps the transfers of the chosen token', () => {
    expect(shown({ ...NO_HISTORY_FILTER, token: 'native' })).toEqual(['eth']);
    expect(shown({ ...NO_HISTORY_FILTER, token: DVT.toLowerCase() })).toEqual(['dvt100', 'dvt5']);
    expect(shown({ ...NO_HISTORY_FILTER, token: OTHER.toLowerCase() })).toEqual(['nft']);
  });
  it('keeps amounts within an inclusive range in the token’s units', () => {
    const dvt = { ...NO_HISTORY_FILTER, token: DVT.toLowerCase() };
    expect(shown({ ...dvt, min: '5.5' })).toEqual(['dvt100']);
    expect(shown({ ...dvt, max: '5' })).toEqual(['dvt5']);
    expect(shown({ ...dvt, min: '5', max: '100' })).toEqual(['dvt100', 'dvt5']);
    expect(shown({ ...NO_HISTORY_FILTER, token: 'native', min: '0.5', max: '0.5' })).toEqual(['eth']);
    expect(shown({ ...NO_HISTORY_FILTER, token: 'native', min: '0.6' })).toEqual([]);
  });
  it('explains a bad bound and does not filter by it', () => {
    const dvt = { ...NO_HISTORY_FILTER, token: DVT.toLowerCase() };
    expect(amountBounds({ ...dvt, min: 'abc' }, tokens).errors.min).toBe('Enter a number such as 1.5');
    expect(amountBounds({ ...dvt, min: '-1' }, tokens).errors.min).toBe('Enter a number such as 1.5');
    expect(amountBounds({ ...dvt, max: '0.0000000000000000001' }, tokens).errors.max).toBe('DVT has at most 18 decimals');
    expect(amountBounds({ ...NO_HISTORY_FILTER, min: '1' }, tokens).errors.min).toBe('Choose a token first: the amount is in its units');
    expect(amountBounds({ ...NO_HISTORY_FILTER, token: OTHER.toLowerCase(), max: '1' }, tokens).errors.max).toBe('An NFT transfer has no amount');
    const crossed = amountBounds({ ...dvt, min: '10', max: '1' }, tokens);
    expect(crossed.errors.max).toBe('The maximum is below the minimum');
    expect(shown({ ...dvt, min: 'abc' })).toEqual(['dvt100', 'dvt5']);
    expect(shown({ ...dvt, min: '10', max: '1' })).toEqual(['dvt100']);
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
