/**
 * Which NFTs a transaction moves, read from its own bytes (never from the gateway's labels): ERC-721
 * `transferFrom(from, to, id)` and both `safeTransferFrom` overloads, called on the NFT's contract, directly or
 * inside a MultiSend batch (nested batches too, to a small depth). Used for the NFT cards' "In queued
 * transaction" mark (decision 0041): the caller passes only transactions whose safeTxHash it has computed
 * locally from these very bytes.
 */
import { decodeFunctionData, getAddress, parseAbi, type Address, type Hex } from 'viem';
import { decodeMultiSendCall, isMultiSendCall } from './multisend.ts';

const nftTransferAbi = parseAbi([
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
]);

/** One NFT moved by a call: its contract (checksummed), its id (decimal) and the parties. */
export interface NftTransfer {
  token: Address;
  tokenId: string;
  from: Address;
  to: Address;
}

/** A call as the Safe makes it (the SafeTx's `to`, `data`, `operation`, or one MultiSend entry). */
export interface NftCall {
  to: string;
  data: string;
  operation: number;
}

const MAX_DEPTH = 3;

/** The NFT transfers a call makes, read from its calldata; none when the bytes are anything else. */
export function nftTransfersOf(call: NftCall, depth = 0): NftTransfer[] {
  const data = call.data.toLowerCase() as Hex;
  if (!/^0x([0-9a-f]{2})*$/.test(data) || data.length < 10) return [];
  if (isMultiSendCall(data)) {
    if (depth >= MAX_DEPTH) return [];
    try {
      return decodeMultiSendCall(data).flatMap((tx) => nftTransfersOf(tx, depth + 1));
    } catch {
      return [];
    }
  }
  // A DELEGATECALL runs the target's code in the Safe: a transferFrom there does not call the NFT contract.
  if (call.operation !== 0) return [];
  try {
    const { args } = decodeFunctionData({ abi: nftTransferAbi, data });
    const [from, to, tokenId] = args;
    return [{ token: getAddress(call.to), tokenId: tokenId.toString(10), from: getAddress(from), to: getAddress(to) }];
  } catch {
    return [];
  }
}

/** A queued transaction whose bytes were checked against its safeTxHash. */
export interface QueuedNftTx {
  txId: string;
  nonce: number;
  call: NftCall;
}

/** Where an NFT is in the queue: the transaction (id for its details page) and its nonce. */
export interface NftQueueMark {
  txId: string;
  nonce: number;
}

/** The key an NFT is found by: contract (lower case) and decimal id. */
export const nftKey = (token: string, tokenId: string): string => `${token.toLowerCase()}:${tokenId}`;

/**
 * For each NFT the queued transactions move, the transactions that move it (by nonce, then id; one mark per
 * transaction even when it moves the same NFT twice).
 */
export function queuedNftMarks(txs: readonly QueuedNftTx[]): Map<string, NftQueueMark[]> {
  const marks = new Map<string, NftQueueMark[]>();
  for (const tx of txs) {
    for (const transfer of nftTransfersOf(tx.call)) {
      const key = nftKey(transfer.token, transfer.tokenId);
      const list = marks.get(key) ?? [];
      if (!list.some((m) => m.txId === tx.txId)) list.push({ txId: tx.txId, nonce: tx.nonce });
      marks.set(key, list);
    }
  }
  for (const list of marks.values()) list.sort((a, b) => a.nonce - b.nonce || (a.txId < b.txId ? -1 : 1));
  return marks;
}
