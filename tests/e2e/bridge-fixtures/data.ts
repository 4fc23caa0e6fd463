/** Fixture answers of the interop host, shared with the spec's expectations. */
import type { AddressBookItem, JsonValue, SafeBalances, TransactionDetails } from '../../../src/machines/bridgeRequest/bridgeRequest.types.ts';
import { SAFE_ADDRESS, SAFE_TX_HASH } from '../../unit/bridge/fixtures.ts';

export const BALANCES = {
  fiatTotal: '1234.5',
  items: [
    {
      tokenInfo: { type: 'NATIVE_TOKEN', address: '0x0000000000000000000000000000000000000000', decimals: 18, symbol: 'ETH', name: 'Ether', logoUri: '' },
      balance: '1000000000000000000',
      fiatBalance: '1234.5',
      fiatConversion: '1234.5',
    },
  ],
} as unknown as SafeBalances;

export const TX_DETAILS = {
  safeAddress: SAFE_ADDRESS,
  txId: `multisig_${SAFE_ADDRESS}_${SAFE_TX_HASH}`,
  executedAt: null,
  txStatus: 'AWAITING_CONFIRMATIONS',
  txHash: null,
} as unknown as TransactionDetails;

export const ADDRESS_BOOK: AddressBookItem[] = [{ address: '0x1111111111111111111111111111111111111111', name: 'Alice', chainId: '31337' }];

export const OFFCHAIN_SIGNATURE = `0x${'11'.repeat(65)}`;

/** `isValidSignature` answers the EIP-1271 magic value. */
export const MAGIC_RESULT = `0x1626ba7e${'0'.repeat(56)}`;

/** Every other chain read answers what it was asked, so the test can check the SDKs' parameter formatting. */
export const echoRpc = (method: string, params: JsonValue[]): JsonValue => ({ method, params });
