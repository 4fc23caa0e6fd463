import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  ChainInfoSchema,
  DataDecodedSchema,
  SafeInfoSchema,
  TransactionDetailsSchema,
  TransactionItemPageSchema,
} from '../../../../src/domain/gateway/schemas.ts';
import { sampleChainInfo, sampleQueuePage, sampleSafeInfo, sampleTxDetails } from '../../../../src/machines/safeSession/safeSession.samples.ts';

describe('gateway schemas', () => {
  it('accept the real gateway shapes', () => {
    expect(v.safeParse(SafeInfoSchema, sampleSafeInfo).success).toBe(true);
    expect(v.safeParse(TransactionDetailsSchema, sampleTxDetails).success).toBe(true);
    expect(v.safeParse(TransactionItemPageSchema, sampleQueuePage).success).toBe(true);
    expect(v.safeParse(ChainInfoSchema, sampleChainInfo).success).toBe(true);
  });

  it('require nullable keys to be present', () => {
    const { guard: _guard, ...withoutGuard } = sampleSafeInfo;
    expect(v.safeParse(SafeInfoSchema, withoutGuard).success).toBe(false);
  });

  it('accept extra keys (gateway drift) and drop them', () => {
    const parsed = v.parse(ChainInfoSchema, { ...sampleChainInfo, zk: false, contractAddresses: undefined });
    expect('zk' in parsed).toBe(false);
  });

  it('reject a non-address in an address field', () => {
    expect(v.safeParse(SafeInfoSchema, { ...sampleSafeInfo, address: { value: 'nope', name: null, logoUri: null } }).success).toBe(false);
  });

  it('parse nested multiSend decoded data recursively', () => {
    const decoded = {
      method: 'multiSend',
      parameters: [
        {
          name: 'transactions',
          type: 'bytes',
          value: '0x00',
          valueDecoded: [
            {
              operation: 0,
              to: '0x1234567890123456789012345678901234567890',
              value: '0',
              data: '0x',
              dataDecoded: { method: 'changeThreshold', parameters: [{ name: '_threshold', type: 'uint256', value: '2' }] },
            },
          ],
        },
        { name: 'arr', type: 'uint256[][]', value: [['1', '2'], ['3']] },
      ],
    };
    expect(v.safeParse(DataDecodedSchema, decoded).success).toBe(true);
    expect(v.safeParse(DataDecodedSchema, { method: 'x', parameters: [{ name: 'a', type: 'b', value: 5 }] }).success).toBe(false);
  });
});
