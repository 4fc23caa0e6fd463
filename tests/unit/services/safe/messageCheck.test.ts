import { describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { crossCheckMessage, safeMessageHash, typedDataChainMismatch } from '../../../../src/services/safe/index.ts';

const ctx = { chainId: 31337, safeAddress: '0x1234567890123456789012345678901234567890' as Address, version: '1.4.1' };
const typed = {
  domain: { name: 'App', chainId: 31337 },
  types: { Order: [{ name: 'amount', type: 'uint256' }] },
  primaryType: 'Order',
  message: { amount: '5' },
};

describe('message checks', () => {
  it('accepts a gateway message whose hash and content match the local message', () => {
    expect(crossCheckMessage('hello', { messageHash: safeMessageHash(ctx, 'hello'), message: 'hello' }, ctx)).toEqual({ ok: true, mismatches: [] });
    expect(crossCheckMessage(typed, { messageHash: safeMessageHash(ctx, typed), message: typed }, ctx).ok).toBe(true);
  });

  it('reports a different hash or different content', () => {
    expect(crossCheckMessage('hello', { messageHash: safeMessageHash(ctx, 'hello'), message: 'hell0' }, ctx).mismatches.map((m) => m.field)).toEqual(['message']);
    expect(crossCheckMessage('hello', { messageHash: safeMessageHash(ctx, 'other'), message: 'hello' }, ctx).mismatches.map((m) => m.field)).toEqual(['messageHash']);
    const otherChain = { ...typed, message: { amount: '6' } };
    expect(crossCheckMessage(typed, { messageHash: safeMessageHash(ctx, typed), message: otherChain }, ctx).ok).toBe(false);
  });

  it('refuses typed data for another chain', () => {
    expect(typedDataChainMismatch(typed, 31337)).toBeNull();
    expect(typedDataChainMismatch({ ...typed, domain: { name: 'App' } }, 1)).toBeNull();
    expect(typedDataChainMismatch({ ...typed, domain: { chainId: '0x1' } }, 31337n)).toBe('The message is for chain 1, but the Safe is on chain 31337');
  });
});
