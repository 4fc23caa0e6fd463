/**
 * MultiSend batches: `multiSend(bytes transactions)` where each transaction is packed as
 * operation uint8 ‖ to address ‖ value uint256 ‖ dataLength uint256 ‖ data bytes.
 */
import { concat, decodeFunctionData, encodeFunctionData, encodePacked, getAddress, hexToBigInt, size, slice, type Hex } from 'viem';
import { multiSendAbi } from './abis.ts';
import type { MetaTransaction } from './types.ts';

export const MULTISEND_SELECTOR = '0x8d80ff0a';

export function encodeMultiSendTransactions(txs: readonly MetaTransaction[]): Hex {
  return concat([
    '0x',
    ...txs.map((tx) => encodePacked(['uint8', 'address', 'uint256', 'uint256', 'bytes'], [tx.operation, tx.to, tx.value, BigInt(size(tx.data)), tx.data])),
  ]);
}

/** Decodes the packed transactions; throws on truncation, a bad operation or trailing bytes. */
export function decodeMultiSendTransactions(packed: Hex): MetaTransaction[] {
  const total = size(packed);
  const txs: MetaTransaction[] = [];
  let offset = 0;
  while (offset < total) {
    if (offset + 85 > total) throw new Error(`Truncated MultiSend transaction at byte ${offset}`);
    const operation = Number(hexToBigInt(slice(packed, offset, offset + 1)));
    if (operation !== 0 && operation !== 1) throw new Error(`Invalid operation ${operation} in MultiSend transaction ${txs.length}`);
    const to = getAddress(slice(packed, offset + 1, offset + 21));
    const value = hexToBigInt(slice(packed, offset + 21, offset + 53));
    const length = hexToBigInt(slice(packed, offset + 53, offset + 85));
    const start = offset + 85;
    if (BigInt(start) + length > BigInt(total)) throw new Error(`Truncated data of MultiSend transaction ${txs.length}`);
    const end = start + Number(length);
    const data: Hex = length === 0n ? '0x' : slice(packed, start, end);
    txs.push({ operation, to, value, data });
    offset = end;
  }
  return txs;
}

export const encodeMultiSendCall = (txs: readonly MetaTransaction[]): Hex =>
  encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [encodeMultiSendTransactions(txs)] });

export const isMultiSendCall = (data: Hex): boolean => data.slice(0, 10).toLowerCase() === MULTISEND_SELECTOR;

/** Decodes `multiSend(bytes)` calldata into its transactions. */
export function decodeMultiSendCall(data: Hex): MetaTransaction[] {
  if (!isMultiSendCall(data)) throw new Error('Not a multiSend call');
  const { args } = decodeFunctionData({ abi: multiSendAbi, data });
  return decodeMultiSendTransactions(args[0]);
}
