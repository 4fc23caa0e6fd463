/** Sample descriptions for QA paths and model tests (JSON only). */
import type { TxDescription } from '../../domain/safe/txDescription.ts';
import { SAMPLE_CALL_TARGET, SAMPLE_RECIPIENT } from './samples.ts';

/** A described batch: one ERC-20 transfer (token metadata read on chain) and one native transfer. */
export const SAMPLE_BATCH_DESCRIPTION: TxDescription = {
  call: {
    to: SAMPLE_CALL_TARGET,
    value: '0',
    operation: 1,
    dataSize: 356,
    effect: {
      kind: 'batch',
      library: 'MultiSendCallOnly',
      calls: [
        { to: '0x5050505050505050505050505050505050505050', value: '0', operation: 0, dataSize: 68, effect: { kind: 'tokenTransfer', token: '0x5050505050505050505050505050505050505050', from: null, to: SAMPLE_RECIPIENT, amount: '1500000' } },
        { to: SAMPLE_RECIPIENT, value: '1000000000000000000', operation: 0, dataSize: 0, effect: { kind: 'nativeTransfer', to: SAMPLE_RECIPIENT, amount: '1000000000000000000' } },
      ],
    },
  },
  native: { symbol: 'ETH', decimals: 18 },
  tokens: { '0x5050505050505050505050505050505050505050': { symbol: 'USDC', decimals: 6 } },
};
