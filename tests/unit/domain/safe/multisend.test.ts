import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getAddress, toHex, type Address, type Hex } from 'viem';
import {
  decodeMultiSendCall,
  decodeMultiSendTransactions,
  encodeMultiSendCall,
  encodeMultiSendTransactions,
  type MetaTransaction,
} from '../../../../src/domain/safe/index.ts';

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(toHex(bytes)) as Address);
const hexBytes = fc.uint8Array({ maxLength: 300 }).map((bytes) => (bytes.length ? toHex(bytes) : '0x') as Hex);
const metaTx: fc.Arbitrary<MetaTransaction> = fc.record({
  operation: fc.constantFrom(0 as const, 1 as const),
  to: address,
  value: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
  data: hexBytes,
});

describe('MultiSend encoding', () => {
  it('packs operation, to, value, data length and data', () => {
    const packed = encodeMultiSendTransactions([{ operation: 1, to: '0x000000000000000000000000000000000000dEaD', value: 5n, data: '0xabcd' }]);
    expect(packed).toBe(
      `0x01000000000000000000000000000000000000dead${'0'.repeat(63)}5${'0'.repeat(63)}2abcd`,
    );
  });

  it('round-trips any batch (property)', () => {
    fc.assert(
      fc.property(fc.array(metaTx, { maxLength: 8 }), (txs) => {
        expect(decodeMultiSendTransactions(encodeMultiSendTransactions(txs))).toEqual(txs);
        expect(decodeMultiSendCall(encodeMultiSendCall(txs))).toEqual(txs);
      }),
      { numRuns: 200 },
    );
  });

  it('rejects truncated input, bad operations and non-multiSend calldata', () => {
    const packed = encodeMultiSendTransactions([{ operation: 0, to: '0x000000000000000000000000000000000000dEaD', value: 0n, data: '0xabcdef' }]);
    expect(() => decodeMultiSendTransactions(packed.slice(0, -2) as Hex)).toThrow('Truncated data of MultiSend transaction 0');
    expect(() => decodeMultiSendTransactions(`${packed}00` as Hex)).toThrow('Truncated MultiSend transaction at byte');
    expect(() => decodeMultiSendTransactions(`0x02${packed.slice(4)}` as Hex)).toThrow('Invalid operation 2');
    expect(() => decodeMultiSendCall('0xa9059cbb')).toThrow('Not a multiSend call');
  });
});
