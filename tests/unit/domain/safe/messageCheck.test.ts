import { describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import fc from 'fast-check';
import { crossCheckMessage, otherChainText, safeMessageHash, typedDataChain, typedDataChainMismatch } from '../../../../src/domain/safe/index.ts';

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

  it('refuses typed data for another chain with the blocking text (decision 0026)', () => {
    expect(typedDataChainMismatch(typed, 31337)).toBeNull();
    expect(typedDataChainMismatch({ ...typed, domain: { name: 'App' } }, 1)).toBeNull();
    expect(typedDataChainMismatch({ ...typed, domain: { chainId: '0x1' } }, 31337n)).toBe('This message is for chain 1, but this Safe is on chain 31337 — signing is blocked.');
    expect(otherChainText('1', '31337')).toBe('This message is for chain 1, but this Safe is on chain 31337 — signing is blocked.');
  });

  it('reads the domain chain in every form an app sends it, as it is hashed', () => {
    for (const chainId of [31337, '31337', '0x7a69', '0x7A69', 31337n, { toNumber: () => 31337 }]) {
      expect(typedDataChain({ ...typed, domain: { ...typed.domain, chainId } }, '31337'), String(chainId)).toEqual({ kind: 'sameChain', chainId: '31337' });
    }
    for (const chainId of [1, '1', '0x1', 1n, { toNumber: () => 1 }]) {
      expect(typedDataChain({ ...typed, domain: { ...typed.domain, chainId } }, 31337), String(chainId)).toEqual({ kind: 'otherChain', chainId: '1', safeChainId: '31337' });
    }
    // The Safe's chain may be given as a number, a decimal string or a bigint.
    expect(typedDataChain(typed, 31337n)).toEqual({ kind: 'sameChain', chainId: '31337' });
    expect(typedDataChain(typed, '100')).toEqual({ kind: 'otherChain', chainId: '31337', safeChainId: '100' });
  });

  it('a domain without chainId is valid on any chain; a chainId that is no chain id is another chain', () => {
    const { chainId: _drop, ...noChain } = typed.domain;
    expect(typedDataChain({ ...typed, domain: noChain }, 31337)).toEqual({ kind: 'anyChain' });
    expect(typedDataChain({ ...typed, domain: {} }, 1)).toEqual({ kind: 'anyChain' });
    expect(typedDataChain({ ...typed, domain: { chainId: 'mainnet' } }, 31337)).toEqual({ kind: 'otherChain', chainId: '"mainnet"', safeChainId: '31337' });
    expect(typedDataChain({ ...typed, domain: { chainId: 1.5 } }, 31337)).toMatchObject({ kind: 'otherChain', chainId: '1.5' });
    expect(typedDataChain({ ...typed, domain: { chainId: -31337 } }, 31337)).toMatchObject({ kind: 'otherChain' });
    expect(typedDataChain({ ...typed, domain: { chainId: null as never } }, 31337)).toMatchObject({ kind: 'otherChain', chainId: 'null' });
  });

  it('property: only the Safe\'s own chain id is sameChain', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 1, max: 2 ** 40 }), fc.constantFrom('number', 'decimal', 'hex'), (domainChain, safeChain, form) => {
        const chainId = form === 'number' ? domainChain : form === 'decimal' ? String(domainChain) : `0x${domainChain.toString(16)}`;
        const verdict = typedDataChain({ ...typed, domain: { chainId } }, safeChain);
        expect(verdict.kind).toBe(domainChain === safeChain ? 'sameChain' : 'otherChain');
        expect(typedDataChainMismatch({ ...typed, domain: { chainId } }, safeChain) === null).toBe(domainChain === safeChain);
      }),
      { numRuns: 300 },
    );
  });
});
