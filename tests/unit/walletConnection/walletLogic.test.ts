import { describe, expect, it } from 'vitest';
import { WALLET_TEXTS, chainFit, toDecimalChainId, toHexChainId, toWalletFailure } from '../../../src/machines/walletConnection/walletConnection.logic.ts';

describe('chainFit', () => {
  it('flags a chain the gateway does not list before a wrong chain', () => {
    expect(chainFit({ chainId: '99', requiredChainId: '1', supportedChainIds: ['1', '5'] })).toBe('unsupportedChain');
    expect(chainFit({ chainId: '5', requiredChainId: '1', supportedChainIds: ['1', '5'] })).toBe('wrongChain');
    expect(chainFit({ chainId: '1', requiredChainId: '1', supportedChainIds: ['1', '5'] })).toBe('ready');
  });

  it('flags nothing it cannot know: no open Safe, no chain list yet', () => {
    expect(chainFit({ chainId: '5', requiredChainId: null, supportedChainIds: ['1', '5'] })).toBe('ready');
    expect(chainFit({ chainId: '99', requiredChainId: null, supportedChainIds: null })).toBe('ready');
    expect(chainFit({ chainId: '99', requiredChainId: '1', supportedChainIds: null })).toBe('wrongChain');
  });
});

describe('toWalletFailure', () => {
  it('maps EIP-1193 4001 to a rejection, keeps explicit kinds, and falls back to the seed text', () => {
    expect(toWalletFailure({ code: 4001, message: 'User rejected the request.' })).toEqual({ kind: 'rejected', message: WALLET_TEXTS.connectRejected });
    expect(toWalletFailure({ code: 4001 }, WALLET_TEXTS.switchRejected).message).toBe(WALLET_TEXTS.switchRejected);
    expect(toWalletFailure({ kind: 'unavailable' })).toEqual({ kind: 'unavailable', message: WALLET_TEXTS.unavailable });
    expect(toWalletFailure(new Error('Request timed out'))).toEqual({ kind: 'failed', message: 'Request timed out' });
    expect(toWalletFailure(undefined)).toEqual({ kind: 'failed', message: 'Oops, something went wrong!' });
  });
});

describe('chain id forms', () => {
  it('converts between the wallet’s hex and the gateway’s decimal ids', () => {
    expect(toDecimalChainId('0x7a69')).toBe('31337');
    expect(toDecimalChainId(31337)).toBe('31337');
    expect(toDecimalChainId('100')).toBe('100');
    expect(toDecimalChainId('abc')).toBeNull();
    expect(toHexChainId('31337')).toBe('0x7a69');
  });
});
