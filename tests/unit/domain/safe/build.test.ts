import { describe, expect, it } from 'vitest';
import { decodeFunctionData, type Address } from 'viem';
import {
  SENTINEL_ADDRESS,
  buildSafeTx,
  decodeMultiSendCall,
  erc721Abi,
  previousInList,
  safeSettingsAbi,
  safeTxHash,
  toEstimationRequest,
  toProposeTransactionBody,
} from '../../../../src/domain/safe/index.ts';

const SAFE: Address = '0x1234567890123456789012345678901234567890';
const A: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const B: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const C: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const ctx = { safeAddress: SAFE, version: '1.4.1', nonce: 4n, owners: [A, B, C], modules: [C] };

describe('buildSafeTx', () => {
  it('native transfer: value to the recipient, no data, CALL, zero gas fields', () => {
    expect(buildSafeTx({ kind: 'nativeTransfer', to: A, value: 10n }, ctx)).toEqual({
      to: A,
      value: 10n,
      data: '0x',
      operation: 0,
      safeTxGas: 0n,
      baseGas: 0n,
      gasPrice: 0n,
      gasToken: '0x0000000000000000000000000000000000000000',
      refundReceiver: '0x0000000000000000000000000000000000000000',
      nonce: 4n,
    });
  });

  it('ERC721: safeTransferFrom from the Safe', () => {
    const tx = buildSafeTx({ kind: 'erc721Transfer', token: C, to: A, tokenId: 3n }, ctx);
    expect(decodeFunctionData({ abi: erc721Abi, data: tx.data })).toMatchObject({ functionName: 'safeTransferFrom', args: [SAFE, A, 3n] });
    expect(tx.to).toBe(C);
  });

  it('batch: DELEGATECALL to MultiSendCallOnly with CALL-only inner txs', () => {
    const tx = buildSafeTx({ kind: 'batch', calls: [{ to: A, value: 1n }, { to: B, data: '0x1234' }] }, ctx);
    expect(tx.operation).toBe(1);
    expect(tx.to).toBe('0x9641d764fc13c8B624c04430C7356C1C7C8102e2');
    expect(decodeMultiSendCall(tx.data)).toEqual([
      { operation: 0, to: A, value: 1n, data: '0x' },
      { operation: 0, to: B, value: 0n, data: '0x1234' },
    ]);
    expect(buildSafeTx({ kind: 'batch', calls: [{ to: A }] }, { ...ctx, version: '1.3.0' }).to).toBe('0x40A2aCCbd92BCA938b02010E17A5b8929b49130D');
    expect(() => buildSafeTx({ kind: 'batch', calls: [] }, ctx)).toThrow('No transactions were passed');
  });

  it('owner changes use the linked-list predecessor', () => {
    expect(previousInList([A, B], A, 'owner')).toBe(SENTINEL_ADDRESS);
    const remove = buildSafeTx({ kind: 'removeOwner', owner: B, threshold: 2 }, ctx);
    expect(remove.to).toBe(SAFE);
    expect(decodeFunctionData({ abi: safeSettingsAbi, data: remove.data })).toMatchObject({ functionName: 'removeOwner', args: [A, B, 2n] });
    const swap = buildSafeTx({ kind: 'swapOwner', oldOwner: A, newOwner: SAFE }, ctx);
    expect(decodeFunctionData({ abi: safeSettingsAbi, data: swap.data })).toMatchObject({ functionName: 'swapOwner', args: [SENTINEL_ADDRESS, A, SAFE] });
    const disable = buildSafeTx({ kind: 'disableModule', module: C }, ctx);
    expect(decodeFunctionData({ abi: safeSettingsAbi, data: disable.data })).toMatchObject({ functionName: 'disableModule', args: [SENTINEL_ADDRESS, C] });
  });

  it('validates thresholds and membership', () => {
    expect(() => buildSafeTx({ kind: 'changeThreshold', threshold: 4 }, ctx)).toThrow('The threshold cannot exceed the number of owners (3)');
    expect(() => buildSafeTx({ kind: 'changeThreshold', threshold: 0 }, ctx)).toThrow('The threshold must be at least 1');
    expect(() => buildSafeTx({ kind: 'removeOwner', owner: A, threshold: 3 }, ctx)).toThrow('cannot exceed the number of owners (2)');
    expect(() => buildSafeTx({ kind: 'removeOwner', owner: SAFE, threshold: 1 }, ctx)).toThrow(`${SAFE} is not a owner of this Safe`);
    expect(buildSafeTx({ kind: 'addOwner', owner: SAFE, threshold: 4 }, ctx).to).toBe(SAFE);
  });

  it('implementation change: changeMasterCopy before 1.3.0, SafeMigration DELEGATECALL for 1.3.0', () => {
    const legacy = buildSafeTx({ kind: 'changeImplementation', implementation: A }, { ...ctx, version: '1.1.1' });
    expect(decodeFunctionData({ abi: safeSettingsAbi, data: legacy.data })).toMatchObject({ functionName: 'changeMasterCopy', args: [A] });
    const migration = buildSafeTx({ kind: 'changeImplementation', l2: true }, { ...ctx, version: '1.3.0' });
    expect(migration).toMatchObject({ to: '0x526643F69b81B008F46d95CD5ced5eC0edFFDaC6', operation: 1 });
    expect(() => buildSafeTx({ kind: 'changeImplementation' }, ctx)).toThrow('No upgrade path from Safe 1.4.1');
  });
});

describe('gateway bodies from the local SafeTx', () => {
  it('propose body carries the exact fields and the local safeTxHash', () => {
    const tx = buildSafeTx({ kind: 'nativeTransfer', to: A, value: 10n }, ctx);
    const hashCtx = { chainId: 1, safeAddress: SAFE, version: '1.4.1' };
    expect(toProposeTransactionBody(hashCtx, tx, { sender: B, signature: '0x12' })).toEqual({
      to: A,
      value: '10',
      data: null,
      nonce: '4',
      operation: 0,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: '0x0000000000000000000000000000000000000000',
      refundReceiver: null,
      safeTxHash: safeTxHash(hashCtx, tx),
      sender: B,
      signature: '0x12',
      origin: null,
    });
    expect(toEstimationRequest(tx)).toEqual({ to: A, value: '10', data: null, operation: 0 });
  });
});
