import { describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi, erc721Abi, getAddress, parseAbi, type Address } from 'viem';
import { encodeMultiSendCall, nftKey, nftTransfersOf, queuedNftMarks } from '../../../../src/domain/safe/index.ts';

const NFT = getAddress('0x00000000000000000000000000000000000000aa') as Address;
const OTHER = getAddress('0x00000000000000000000000000000000000000bb') as Address;
const SAFE = getAddress('0x0000000000000000000000000000000000005afe') as Address;
const BOB = getAddress('0x0000000000000000000000000000000000000b0b') as Address;
const MULTISEND = getAddress('0x40A2aCCbd92BCA938b02010E17A5b8929b49130D') as Address;

const safeTransferWithData = parseAbi(['function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)']);
const transfer = (fn: 'transferFrom' | 'safeTransferFrom', id: bigint) => encodeFunctionData({ abi: erc721Abi, functionName: fn, args: [SAFE, BOB, id] });

describe('nftTransfersOf: NFT transfers read from the bytes', () => {
  it('reads transferFrom and both safeTransferFrom overloads against the called contract', () => {
    expect(nftTransfersOf({ to: NFT, data: transfer('transferFrom', 7n), operation: 0 })).toEqual([{ token: NFT, tokenId: '7', from: SAFE, to: BOB }]);
    expect(nftTransfersOf({ to: NFT, data: transfer('safeTransferFrom', 2n), operation: 0 })).toEqual([{ token: NFT, tokenId: '2', from: SAFE, to: BOB }]);
    const withData = encodeFunctionData({ abi: safeTransferWithData, functionName: 'safeTransferFrom', args: [SAFE, BOB, 3n, '0x1234'] });
    expect(nftTransfersOf({ to: NFT.toLowerCase(), data: withData, operation: 0 })).toEqual([{ token: NFT, tokenId: '3', from: SAFE, to: BOB }]);
  });

  it('reads the transfers inside a MultiSend batch, nested too', () => {
    const inner = encodeMultiSendCall([{ operation: 0, to: OTHER, value: 0n, data: transfer('transferFrom', 9n) }]);
    const data = encodeMultiSendCall([
      { operation: 0, to: NFT, value: 0n, data: transfer('safeTransferFrom', 0n) },
      { operation: 0, to: BOB, value: 1n, data: '0x' },
      { operation: 0, to: NFT, value: 0n, data: transfer('safeTransferFrom', 1n) },
      { operation: 1, to: MULTISEND, value: 0n, data: inner },
    ]);
    expect(nftTransfersOf({ to: MULTISEND, data, operation: 1 }).map((t) => `${t.token}:${t.tokenId}`)).toEqual([`${NFT}:0`, `${NFT}:1`, `${OTHER}:9`]);
  });

  it('finds nothing in other bytes: an ERC-20 transfer, a plain send, a delegatecall, garbage, a broken batch', () => {
    expect(nftTransfersOf({ to: NFT, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 5n] }), operation: 0 })).toEqual([]);
    expect(nftTransfersOf({ to: NFT, data: '0x', operation: 0 })).toEqual([]);
    expect(nftTransfersOf({ to: NFT, data: transfer('transferFrom', 1n), operation: 1 })).toEqual([]);
    expect(nftTransfersOf({ to: NFT, data: '0x23b872dd00', operation: 0 })).toEqual([]);
    expect(nftTransfersOf({ to: NFT, data: 'nonsense', operation: 0 })).toEqual([]);
    expect(nftTransfersOf({ to: MULTISEND, data: '0x8d80ff0a1234', operation: 1 })).toEqual([]);
  });
});

describe('queuedNftMarks', () => {
  it('marks each NFT with the queued transactions that move it, by nonce, once per transaction', () => {
    const batch = encodeMultiSendCall([
      { operation: 0, to: NFT, value: 0n, data: transfer('safeTransferFrom', 0n) },
      { operation: 0, to: NFT, value: 0n, data: transfer('safeTransferFrom', 0n) },
    ]);
    const marks = queuedNftMarks([
      { txId: 'tx-b', nonce: 6, call: { to: MULTISEND, data: batch, operation: 1 } },
      { txId: 'tx-a', nonce: 5, call: { to: NFT, data: transfer('transferFrom', 0n), operation: 0 } },
      { txId: 'tx-c', nonce: 7, call: { to: BOB, data: '0x', operation: 0 } },
    ]);
    expect(marks.get(nftKey(NFT, '0'))).toEqual([
      { txId: 'tx-a', nonce: 5 },
      { txId: 'tx-b', nonce: 6 },
    ]);
    expect(marks.get(nftKey(NFT.toLowerCase(), '1'))).toBeUndefined();
    expect([...marks.keys()]).toEqual([nftKey(NFT, '0')]);
  });
});
