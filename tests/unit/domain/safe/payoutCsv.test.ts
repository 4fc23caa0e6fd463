/**
 * CSV payout lists: every line is read on its own (good lines kept, each problem named with its line), tokens are
 * found by address, symbol or (empty) the native coin, amounts are exact in base units, and totals say when a
 * token's payments exceed the Safe's balance.
 */
import { getAddress, parseUnits, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { MAX_PAYOUT_CHARS, MAX_PAYOUT_LINES, readPayoutCsv, type PayoutToken } from '../../../../src/domain/safe/payoutCsv.ts';

const ALICE = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc');
const BOB = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906');

const ETH: PayoutToken = { address: null, symbol: 'ETH', decimals: 18, balance: parseUnits('10', 18).toString() };
const USDC: PayoutToken = { address: getAddress('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'), symbol: 'USDC', decimals: 6, balance: '1000000' /* 1 USDC */ };
const DAI_A: PayoutToken = { address: getAddress('0x6b175474e89094c44da98b954eedeac495271d0f'), symbol: 'DAI', decimals: 18, balance: '0' };
const DAI_B: PayoutToken = { address: getAddress('0x1111111111111111111111111111111111111111'), symbol: 'dai', decimals: 18, balance: '0' };
const NFTISH: PayoutToken = { address: getAddress('0x2222222222222222222222222222222222222222'), symbol: 'WHOLE', decimals: 0, balance: '100' };
const tokens = [ETH, USDC, DAI_A, DAI_B, NFTISH];

const problemsOf = (text: string, list: readonly PayoutToken[] = tokens) => readPayoutCsv(text, list).problems;
const messagesOf = (text: string, list: readonly PayoutToken[] = tokens) => problemsOf(text, list).map((problem) => problem.message);

describe('readPayoutCsv: layout', () => {
  const body = `${ALICE},USDC,0.5\n${BOB},,1.25`;
  const expected = (first: number) => [
    { line: first, recipient: ALICE, token: USDC, amount: '0.5', baseUnits: 500000n },
    { line: first + 1, recipient: BOB, token: ETH, amount: '1.25', baseUnits: 1250000000000000000n },
  ];

  it('reads lines without a header', () => {
    expect(readPayoutCsv(body, tokens)).toEqual({
      lines: expected(1),
      problems: [],
      totals: [
        { token: USDC, baseUnits: 500000n, exceedsBalance: false },
        { token: ETH, baseUnits: 1250000000000000000n, exceedsBalance: false },
      ],
    });
  });

  it('skips a header whose first cell is "address" in any case, keeping file line numbers', () => {
    expect(readPayoutCsv(`address,token,amount\n${body}`, tokens).lines).toEqual(expected(2));
    expect(readPayoutCsv(`"Address" , Token , Amount\n${body}`, tokens).lines).toEqual(expected(2));
  });

  it('only the first line can be a header', () => {
    expect(messagesOf(`${body}\naddress,token,amount`)).toEqual(['Line 3: "address" is not an address.', 'Line 3: this Safe holds no token "token".']);
  });

  it('accepts CRLF line ends, a UTF-8 BOM and blank lines', () => {
    const read = readPayoutCsv(`\uFEFFaddress,token,amount\r\n\r\n${ALICE},USDC,0.5\r\n   \r\n${BOB},,1.25\r\n`, tokens);
    expect(read.problems).toEqual([]);
    expect(read.lines.map((line) => [line.line, line.recipient])).toEqual([
      [3, ALICE],
      [5, BOB],
    ]);
  });

  it('accepts ";" when a line has no comma, and trims cells and their double quotes', () => {
    const read = readPayoutCsv(`"${ALICE}";"USDC";"0.5"\n  ${BOB} ; " eth " ;  2 `, tokens);
    expect(read.problems).toEqual([]);
    expect(read.lines.map(({ recipient, token, amount, baseUnits }) => ({ recipient, token, amount, baseUnits }))).toEqual([
      { recipient: ALICE, token: USDC, amount: '0.5', baseUnits: 500000n },
      { recipient: BOB, token: ETH, amount: '2', baseUnits: 2n * 10n ** 18n },
    ]);
  });

  it('reports a wrong column count', () => {
    expect(messagesOf(`${ALICE},USDC\n${ALICE},USDC,1,extra\n${ALICE}`)).toEqual([
      'Line 1: expected 3 columns (address, token, amount), found 2.',
      'Line 2: expected 3 columns (address, token, amount), found 4.',
      'Line 3: expected 3 columns (address, token, amount), found 1.',
    ]);
  });
});

describe('readPayoutCsv: tokens', () => {
  it('finds a token by address in any case, by symbol in any case, and the native coin by an empty cell', () => {
    const read = readPayoutCsv(`${ALICE},${USDC.address!.toLowerCase()},1\n${ALICE},usdc,1\n${ALICE},,1\n${ALICE},Eth,1\n${ALICE},${DAI_B.address},1`, tokens);
    expect(read.problems).toEqual([]);
    expect(read.lines.map((line) => line.token)).toEqual([USDC, USDC, ETH, ETH, DAI_B]);
  });

  it('refuses a symbol two tokens share (use the address) and a token the Safe does not hold', () => {
    expect(problemsOf(`${ALICE},DAI,1\n${ALICE},WBTC,1\n${ALICE},0x3333333333333333333333333333333333333333,1`)).toEqual([
      { line: 1, message: 'Line 1: more than one token is called DAI; use its address.' },
      { line: 2, message: 'Line 2: this Safe holds no token "WBTC".' },
      { line: 3, message: 'Line 3: this Safe holds no token "0x3333333333333333333333333333333333333333".' },
    ]);
  });

  it('an empty token cell without a native coin in the list is a problem', () => {
    expect(messagesOf(`${ALICE},,1`, [USDC])).toEqual(['Line 1: no token is named, and this Safe holds no native coin.']);
  });
});

describe('readPayoutCsv: recipients', () => {
  it('accepts lower-case and checksummed addresses', () => {
    const read = readPayoutCsv(`${ALICE.toLowerCase()},USDC,1\n${BOB},USDC,1`, tokens);
    expect(read.problems).toEqual([]);
    expect(read.lines.map((line) => line.recipient)).toEqual([ALICE, BOB]);
  });

  it('refuses what is not an address, a wrong checksum and the zero address', () => {
    const badChecksum = `0x${ALICE.slice(2, 4).toLowerCase() === ALICE.slice(2, 4) ? ALICE.slice(2, 4).toUpperCase() : ALICE.slice(2, 4).toLowerCase()}${ALICE.slice(4)}`;
    expect(badChecksum).not.toBe(ALICE);
    expect(badChecksum.toLowerCase()).toBe(ALICE.toLowerCase());
    expect(problemsOf(`alice.eth,USDC,1\n0x1234,USDC,1\n${badChecksum},USDC,1\n${zeroAddress},USDC,1`)).toEqual([
      { line: 1, message: 'Line 1: "alice.eth" is not an address.' },
      { line: 2, message: 'Line 2: "0x1234" is not an address.' },
      { line: 3, message: `Line 3: "${badChecksum}" is not an address (its checksum is wrong).` },
      { line: 4, message: 'Line 4: the recipient is the zero address; anything sent there is lost.' },
    ]);
  });
});

describe('readPayoutCsv: amounts', () => {
  it('reads decimal amounts exactly in base units', () => {
    const read = readPayoutCsv(`${ALICE},USDC,0.000001\n${ALICE},,123456789.123456789123456789\n${ALICE},USDC,.5\n${ALICE},USDC,2.500000\n${ALICE},WHOLE,7`, tokens);
    expect(read.problems).toEqual([]);
    expect(read.lines.map((line) => line.baseUnits)).toEqual([1n, 123456789123456789123456789n, 500000n, 2500000n, 7n]);
    expect(read.lines[3]?.amount).toBe('2.500000');
  });

  it('refuses amounts that are not positive decimals, have too many decimals, or are zero', () => {
    expect(messagesOf(`${ALICE},USDC,abc\n${ALICE},USDC,-1\n${ALICE},USDC,1e6\n${ALICE},USDC,\n${ALICE},USDC,0.0000001\n${ALICE},WHOLE,1.5\n${ALICE},USDC,0\n${ALICE},,0.000`)).toEqual([
      'Line 1: "abc" is not a valid amount of USDC.',
      'Line 2: "-1" is not a valid amount of USDC.',
      'Line 3: "1e6" is not a valid amount of USDC.',
      'Line 4: "" is not a valid amount of USDC.',
      'Line 5: "0.0000001" has more than 6 decimals.',
      'Line 6: "1.5" has more than 0 decimals.',
      'Line 7: the amount must be more than 0.',
      'Line 8: the amount must be more than 0.',
    ]);
  });

  it('reports every problem of a line, and keeps the good lines around bad ones', () => {
    const read = readPayoutCsv(`${ALICE},USDC,0.25\nnope,USDC,x\n${BOB},USDC,0.5`, tokens);
    expect(read.problems).toEqual([
      { line: 2, message: 'Line 2: "nope" is not an address.' },
      { line: 2, message: 'Line 2: "x" is not a valid amount of USDC.' },
    ]);
    expect(read.lines.map((line) => line.line)).toEqual([1, 3]);
    expect(read.totals).toEqual([{ token: USDC, baseUnits: 750000n, exceedsBalance: false }]);
  });
});

describe('readPayoutCsv: totals and limits', () => {
  it('sums per token in order of first use and flags a total above the balance', () => {
    const read = readPayoutCsv(`${ALICE},,4\n${BOB},USDC,0.6\n${ALICE},WHOLE,100\n${BOB},,6\n${ALICE},USDC,0.400001`, tokens);
    expect(read.totals).toEqual([
      { token: ETH, baseUnits: 10n * 10n ** 18n, exceedsBalance: false },
      { token: USDC, baseUnits: 1000001n, exceedsBalance: true },
      { token: NFTISH, baseUnits: 100n, exceedsBalance: false },
    ]);
    expect(readPayoutCsv(`${ALICE},WHOLE,101`, tokens).totals).toEqual([{ token: NFTISH, baseUnits: 101n, exceedsBalance: true }]);
  });

  it(`accepts ${MAX_PAYOUT_LINES} payments and refuses ${MAX_PAYOUT_LINES + 1}`, () => {
    expect(MAX_PAYOUT_LINES).toBe(500);
    const rows = (count: number) => Array.from({ length: count }, () => `${ALICE},USDC,0.001`);
    const atLimit = readPayoutCsv(['address,token,amount', ...rows(500), ''].join('\n'), tokens);
    expect(atLimit.problems).toEqual([]);
    expect(atLimit.lines).toHaveLength(500);
    expect(readPayoutCsv(['address,token,amount', ...rows(501)].join('\n'), tokens)).toEqual({
      lines: [],
      problems: [{ line: 0, message: 'The file has 501 payments; at most 500 fit in one batch.' }],
      totals: [],
    });
  });

  it('refuses a list larger than 1 MB before reading its lines', () => {
    const read = readPayoutCsv(`address,token,amount\n${'x'.repeat(MAX_PAYOUT_CHARS)}`, [ETH]);
    expect(read).toEqual({ lines: [], problems: [{ line: 0, message: 'The list is larger than 1 MB; at most 500 payments fit in one batch.' }], totals: [] });
  });
});
