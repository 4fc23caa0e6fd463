import { describe, expect, it } from 'vitest';
import { EDITED_FIELD_LIMIT, draftLabel, isDraftValid, isEditedCallShape, validateArg, validateCall, validateDraft, validateNonce, writeFunctions } from '../../../src/machines/transactionFlow/draft.ts';
import type { TxFlowSafe } from '../../../src/machines/transactionFlow/transactionFlow.types.ts';
import { SAMPLE_OWNERS, SAMPLE_SAFE_ADDRESS } from '../../../src/machines/shared/samples.ts';

const [A, B, C] = SAMPLE_OWNERS;
const safe: TxFlowSafe = { chainId: '1', chainName: 'Ethereum', address: SAMPLE_SAFE_ADDRESS, version: '1.4.1', nonce: 7, threshold: 2, owners: [A, B], modules: [C], guard: null, fallbackHandler: null };

describe('validateNonce (anchor texts)', () => {
  it.each([
    ['', 'Nonce is required'],
    ['abc', 'Nonce must be a number'],
    ['7.5', "Nonce can't contain decimals"],
    ['6', "Nonce can't be lower than 7"],
    ['99999999999999999999', 'Nonce is too high'],
  ])('%j → %s', (text, error) => {
    expect(validateNonce(text, 7, 9)).toEqual({ error, warning: null });
  });
  it('warns above the recommended nonce and far above the current one', () => {
    expect(validateNonce('10', 7, 9)).toEqual({ error: null, warning: 'Nonce is higher than the recommended nonce' });
    expect(validateNonce('107', 7, 9)).toEqual({ error: null, warning: 'Nonce is much higher than the current nonce' });
    expect(validateNonce('8', 7, 9)).toEqual({ error: null, warning: null });
  });
});

describe('validateCall', () => {
  it('checks transfers: address, amount, decimals, balance', () => {
    expect(validateCall({ kind: 'nativeTransfer', recipient: 'nope', amount: '0', decimals: 18 }, safe)).toEqual({ recipient: 'Invalid address', amount: 'The value must be greater than 0' });
    expect(validateCall({ kind: 'erc20Transfer', token: C, symbol: 'X', recipient: A, amount: '1.1234567', decimals: 6 }, safe)).toEqual({ amount: 'Should have 1 to 6 decimals' });
    const tokens = [{ address: C, symbol: 'X', decimals: 6, balance: '1000000' }] as const;
    expect(validateCall({ kind: 'erc20Transfer', token: C, symbol: 'X', recipient: A, amount: '2', decimals: 6 }, safe, [...tokens])).toEqual({ amount: 'Insufficient balance' });
    expect(validateCall({ kind: 'erc20Transfer', token: C, symbol: 'X', recipient: A, amount: '1', decimals: 6 }, safe, [...tokens])).toEqual({});
  });
  it('checks settings changes against the Safe', () => {
    expect(validateCall({ kind: 'settings', change: { type: 'addOwner', owner: A, threshold: 4 } }, safe)).toEqual({ owner: 'Address is already a signer', threshold: 'Threshold must be between 1 and 3' });
    expect(validateCall({ kind: 'settings', change: { type: 'removeOwner', owner: C, threshold: 1 } }, safe)).toEqual({ owner: 'Not a signer of this Safe' });
    expect(validateCall({ kind: 'settings', change: { type: 'changeThreshold', threshold: 2 } }, safe)).toEqual({ threshold: 'This is the current threshold' });
    expect(validateCall({ kind: 'settings', change: { type: 'enableModule', module: C } }, safe)).toEqual({ module: 'Module is already enabled' });
    expect(validateCall({ kind: 'settings', change: { type: 'updateVersion' } }, safe)).toEqual({ version: 'This Safe already runs version 1.4.1' });
    expect(validateCall({ kind: 'settings', change: { type: 'updateVersion' } }, { ...safe, version: '1.3.0+L2' })).toEqual({});
  });
  it('checks contract calls against the ABI and typed inputs', () => {
    const abi = JSON.stringify([
      { type: 'function', name: 'set', stateMutability: 'nonpayable', inputs: [{ name: 'who', type: 'address' }, { name: 'n', type: 'uint256' }, { name: 'xs', type: 'uint8[]' }] },
      { type: 'function', name: 'get', stateMutability: 'view', inputs: [] },
    ]);
    expect(writeFunctions(abi)?.map((f) => f.signature)).toEqual(['set(address,uint256,uint8[])']);
    expect(writeFunctions('not json')).toBeNull();
    expect(validateCall({ kind: 'contractCall', to: C, value: '0', abi, method: 'set(address,uint256,uint8[])', args: ['0x12', '-1', '[1,2]'] }, safe)).toEqual({ arg0: 'Invalid address', arg1: 'Must not be negative' });
    expect(validateArg('bytes4', '0x12345678')).toBeNull();
    expect(validateArg('bool', 'yes')).toBe('Enter true or false');
  });
  it('validates batches call by call', () => {
    expect(validateDraft({ kind: 'batch', calls: [] }, safe)).toEqual({ calls: 'Add at least one call to the batch' });
    expect(validateDraft({ kind: 'batch', calls: [{ kind: 'nativeTransfer', recipient: 'x', amount: '1', decimals: 18 }] }, safe)).toEqual({ 'call0.recipient': 'Invalid address' });
    expect(isDraftValid({ kind: 'rejection' }, safe)).toBe(true);
    expect(draftLabel({ kind: 'batch', calls: [{ kind: 'nativeTransfer', recipient: A, amount: '1', decimals: 18 }] })).toBe('Batch of 1 call');
  });
});

describe('isEditedCallShape (what the compose form keeps across a reload)', () => {
  it('accepts half-typed calls of every kind the form offers', () => {
    expect(isEditedCallShape({ kind: 'nativeTransfer', recipient: '0x12', amount: '1.', decimals: 18 })).toBe(true);
    expect(isEditedCallShape({ kind: 'erc20Transfer', token: '0xabc', symbol: 'dUSD', recipient: '', amount: '', decimals: 6 })).toBe(true);
    expect(isEditedCallShape({ kind: 'erc721Transfer', token: '', recipient: '', tokenId: '2' })).toBe(true);
    expect(isEditedCallShape({ kind: 'contractCall', to: '0x1', value: '0', abi: '[', method: '', args: ['a', ''] })).toBe(true);
    expect(isEditedCallShape({ kind: 'settings', change: { type: 'changeThreshold', threshold: 2 } })).toBe(true);
  });
  it('refuses what the form never sends: other kinds, missing or non-text fields, oversized text', () => {
    expect(isEditedCallShape(null)).toBe(false);
    expect(isEditedCallShape({ kind: 'rawCall', to: '0x1', value: '0', data: '0x', operation: 1, origin: 'x' })).toBe(false);
    expect(isEditedCallShape({ kind: 'nativeTransfer', recipient: 5, amount: '1', decimals: 18 })).toBe(false);
    expect(isEditedCallShape({ kind: 'nativeTransfer', recipient: '0x1', amount: '1', decimals: 1.5 })).toBe(false);
    expect(isEditedCallShape({ kind: 'erc721Transfer', token: '', recipient: '' })).toBe(false);
    expect(isEditedCallShape({ kind: 'contractCall', to: '', value: '', abi: 'x'.repeat(EDITED_FIELD_LIMIT + 1), method: '', args: [] })).toBe(false);
    expect(isEditedCallShape({ kind: 'contractCall', to: '', value: '', abi: '', method: '', args: [1] })).toBe(false);
    expect(isEditedCallShape({ kind: 'settings', change: { type: 'addOwner', owner: '0x1', threshold: null } })).toBe(false);
  });
});
