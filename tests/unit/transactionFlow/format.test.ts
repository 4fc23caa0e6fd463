/** The review's plain-unit texts (src/views/transactionFlow/format.ts): title, value in units, app origin, rejection. */
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { addressSuggestions, appNameOf, groupThousands, maxAmountOf, nativeValueText, rejectionExplanation, requestOriginOf, reviewTitle, signerOptionText, thresholdChoices, tokenOptionText } from '../../../src/views/transactionFlow/format.ts';
import { describeCall } from '../../../src/domain/safe/describe.ts';
import type { TxDescription } from '../../../src/domain/safe/txDescription.ts';

const SAFE = getAddress('0x5afe000000000000000000000000000000005afe');
const ALICE = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906');
const ctx = { chainId: 31337, safeAddress: SAFE, version: '1.4.1' };
const ETH = { symbol: 'ETH', decimals: 18 };
const safe = { address: SAFE, threshold: 2, ownerCount: 3 };
const describeRaw = (to: `0x${string}`, value: bigint): TxDescription => ({ call: describeCall({ to, data: '0x', value, operation: 0 }, ctx), native: ETH, tokens: {} });

describe('review texts', () => {
  it('says the value in the native coin’s units', () => {
    expect(nativeValueText('100000000000000000', ETH)).toBe('0.1 ETH');
    expect(nativeValueText('0', ETH)).toBe('0 ETH');
    expect(nativeValueText('1', { symbol: 'xDAI', decimals: 18 })).toBe('0.000000000000000001 xDAI');
  });

  it('titles a send with amount and recipient, with the address-book name beside the short address', () => {
    expect(reviewTitle(describeRaw(ALICE, 100000000000000000n), { safe }, '4', null)).toBe('Send 0.1 ETH to 0x90F7…b906');
    const nameOf = (a: string) => (a.toLowerCase() === ALICE.toLowerCase() ? 'Alice' : null);
    expect(reviewTitle(describeRaw(ALICE, 100000000000000000n), { safe, nameOf }, '4', null)).toBe('Send 0.1 ETH to Alice (0x90F7…b906)');
    expect(reviewTitle(null, { safe }, '4', null)).toBe('Transaction #4');
  });

  it('titles an on-chain rejection "Reject transaction #N", never "Empty call"', () => {
    expect(reviewTitle(describeRaw(SAFE, 0n), { safe }, '7', null)).toBe('Reject transaction #7');
    const lines = rejectionExplanation('7', 2, 3).join(' ');
    expect(lines).toContain('nonce 7');
    expect(lines).toContain('2 of 3 signer confirmations');
    expect(lines).toContain('pays the gas');
  });

  it('names the requesting app by its origin, not the Safe', () => {
    const draft = { kind: 'rawCall' as const, to: SAFE, value: '0', data: '0x', operation: 0 as const, origin: 'http://127.0.0.1:43169' };
    expect(requestOriginOf(draft)).toBe('http://127.0.0.1:43169');
    expect(requestOriginOf({ kind: 'batch', calls: [draft, draft] })).toBe('http://127.0.0.1:43169');
    expect(requestOriginOf({ kind: 'nativeTransfer', recipient: ALICE, amount: '1', decimals: 18 })).toBeNull();
    expect(requestOriginOf(null)).toBeNull();
    expect(appNameOf('https://app.example.org')).toBe('app.example.org');
    expect(appNameOf('not a url')).toBe('not a url');
    expect(reviewTitle(describeRaw(ALICE, 10n ** 18n), { safe }, '1', draft.origin)).toBe('127.0.0.1:43169 requests: Send 1 ETH to 0x90F7…b906');
  });
});

describe('compose help', () => {
  const BOB = getAddress('0x15d34aaf54267db7d7c367839aaf71a00a2c6a65');
  const entries = [
    { chainId: '31337', address: ALICE, name: 'Alice' },
    { chainId: '1', address: BOB, name: 'Bob on mainnet' },
  ];

  it('suggests address-book entries of the chain, then the signers, by name or address', () => {
    expect(addressSuggestions('', entries, [BOB, ALICE], '31337')).toEqual([
      { address: ALICE, name: 'Alice', source: 'Address book' },
      { address: BOB, name: null, source: 'Signer of this Safe' },
    ]);
    expect(addressSuggestions('ali', entries, [BOB], '31337').map((s) => s.address)).toEqual([ALICE]);
    expect(addressSuggestions('0x15D3', entries, [BOB], '31337').map((s) => s.address)).toEqual([BOB]);
    expect(addressSuggestions('bob on', entries, [], '31337')).toEqual([]);
    expect(addressSuggestions('', entries, [BOB, ALICE], '31337', 1)).toHaveLength(1);
  });

  it('shows token balances in units and fills Max with the exact balance', () => {
    const usdc = { symbol: 'USDC', decimals: 6, balance: '1500250000' };
    expect(tokenOptionText(usdc)).toBe('USDC · 1,500.25 available');
    expect(maxAmountOf(usdc)).toBe('1500.25');
    expect(maxAmountOf({ decimals: 18, balance: '123456789012345678901' })).toBe('123.456789012345678901');
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(groupThousands('12.5')).toBe('12.5');
  });

  it('bounds the threshold to the signers after the change and names signers', () => {
    expect(thresholdChoices(3)).toEqual([1, 2, 3]);
    expect(thresholdChoices(0)).toEqual([]);
    expect(signerOptionText(ALICE, 'Alice')).toBe('Alice (0x90F7…b906)');
    expect(signerOptionText(ALICE, null)).toBe(ALICE);
  });
});
