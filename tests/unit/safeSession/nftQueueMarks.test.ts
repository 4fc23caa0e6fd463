/**
 * The NFT cards' queued marks (decision 0041): read from the queued transactions' own bytes, kept only when the
 * safeTxHash computed here equals the gateway's, never from the gateway's labels.
 */
import { describe, expect, it } from 'vitest';
import { encodeFunctionData, erc721Abi, getAddress, type Address, type Hex } from 'viem';
import { queuedNftMarksOf, type QueuedCallCache } from '../../../src/services/safeSession.hashes.ts';
import { loadCollectibles, markCollectibles } from '../../../src/services/safeSession.ts';
import { encodeMultiSendCall, nftKey, safeTxHashes } from '../../../src/domain/safe/index.ts';
import { safeTxOfDetails } from '../../../src/services/transactionFlow/transactionFlow.ts';
import { SAFE, chain, sampleQueuePage, sampleSafeInfo, sampleTxDetails } from '../../../src/machines/safeSession/safeSession.samples.ts';
import type { Collectible, Page, SafeInfo, TransactionDetails, TransactionItemPage } from '../../../src/domain/gateway/types.ts';

const NFT = getAddress('0x00000000000000000000000000000000000000aa') as Address;
const MULTISEND = getAddress('0x40A2aCCbd92BCA938b02010E17A5b8929b49130D') as Address;
const BOB = getAddress('0x0000000000000000000000000000000000000b0b') as Address;
const transfer = (id: bigint): Hex => encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [getAddress(SAFE), BOB, id] });

/** A queued transaction's details whose safeTxHash is right for its fields (or deliberately wrong). */
function detailsOf(id: string, nonce: number, to: Address, data: Hex, operation: 0 | 1, opts: { forgeHash?: boolean } = {}): TransactionDetails {
  const exec = sampleTxDetails.detailedExecutionInfo as Extract<TransactionDetails['detailedExecutionInfo'], { type: 'MULTISIG' }>;
  const details: TransactionDetails = {
    ...sampleTxDetails,
    txId: id,
    // The gateway's label says nothing about NFTs: the marks must come from the bytes.
    txData: { ...sampleTxDetails.txData!, to: { value: to, name: null, logoUri: null }, hexData: data, value: '0', operation },
    detailedExecutionInfo: { ...exec, nonce },
  };
  const hash = safeTxHashes({ chainId: BigInt(chain.chainId), safeAddress: getAddress(SAFE), version: sampleSafeInfo.version! }, safeTxOfDetails(details)).safeTxHash;
  return { ...details, detailedExecutionInfo: { ...exec, nonce, safeTxHash: opts.forgeHash ? `0x${'ee'.repeat(32)}` : hash } };
}

function queueOf(ids: string[]): TransactionItemPage {
  const tx = sampleQueuePage.results.find((i) => i.type === 'TRANSACTION')!;
  return { count: ids.length, next: null, previous: null, results: ids.map((id) => ({ ...tx, transaction: { ...(tx as Extract<typeof tx, { type: 'TRANSACTION' }>).transaction, id } })) };
}

function fakeClient(details: TransactionDetails[], opts: { queueFails?: boolean } = {}) {
  const asked: string[] = [];
  const client = {
    getSafeInfo: async (): Promise<SafeInfo> => sampleSafeInfo,
    getTransactionQueue: async (): Promise<TransactionItemPage> => {
      if (opts.queueFails) throw new Error('gateway down');
      return queueOf(details.map((d) => d.txId));
    },
    getTransactionDetails: async (_chainId: string, id: string): Promise<TransactionDetails> => {
      asked.push(id);
      return details.find((d) => d.txId === id)!;
    },
  };
  return { client, asked };
}

describe('queuedNftMarksOf', () => {
  const single = detailsOf('tx-single', 4, NFT, transfer(2n), 0);
  const batch = detailsOf('tx-batch', 5, MULTISEND, encodeMultiSendCall([{ operation: 0, to: NFT, value: 0n, data: transfer(0n) }, { operation: 0, to: NFT, value: 0n, data: transfer(1n) }]), 1);
  const forged = detailsOf('tx-forged', 6, NFT, transfer(3n), 0, { forgeHash: true });

  it('marks the NFTs hash-checked queued transactions move, directly or in a batch, and skips a transaction whose hash does not match its bytes', async () => {
    const { client } = fakeClient([single, batch, forged]);
    const marks = await queuedNftMarksOf(client, { chainId: chain.chainId, safeAddress: SAFE }, new Map());
    expect(marks?.get(nftKey(NFT, '2'))).toEqual([{ txId: 'tx-single', nonce: 4 }]);
    expect(marks?.get(nftKey(NFT, '0'))).toEqual([{ txId: 'tx-batch', nonce: 5 }]);
    expect(marks?.get(nftKey(NFT, '1'))).toEqual([{ txId: 'tx-batch', nonce: 5 }]);
    expect(marks?.has(nftKey(NFT, '3'))).toBe(false);
  });

  it('reads each transaction’s details once (the id names its hash), and is null when the queue cannot be read', async () => {
    const cache: QueuedCallCache = new Map();
    const { client, asked } = fakeClient([single]);
    await queuedNftMarksOf(client, { chainId: chain.chainId, safeAddress: SAFE }, cache);
    await queuedNftMarksOf(client, { chainId: chain.chainId, safeAddress: SAFE }, cache);
    expect(asked).toEqual(['tx-single']);
    expect(await queuedNftMarksOf(fakeClient([single], { queueFails: true }).client, { chainId: chain.chainId, safeAddress: SAFE }, new Map())).toBeNull();
  });

  it('loadCollectibles lists the NFTs without waiting for the queue; markCollectibles puts the marks on each: [] when none, null when the queue could not be checked', async () => {
    const nft = (id: string): Collectible => ({ address: NFT, tokenName: 'Devnet Collectibles', tokenSymbol: 'DNFT', logoUri: '', id, uri: null, name: null, description: null, imageUri: null, metadata: null });
    const page: Page<Collectible> = { count: 2, next: null, previous: null, results: [nft('2'), nft('9')] };
    const { client } = fakeClient([single]);
    const gateway = { ...client, getCollectiblesPage: async () => page } as unknown as Parameters<typeof loadCollectibles>[0];
    const loaded = await loadCollectibles(gateway, { chainId: chain.chainId, safeAddress: SAFE, pageUrl: null });
    // Not checked yet: no mark and no "could not be checked".
    expect(loaded.results.map((n) => n.queuedIn)).toEqual([undefined, undefined]);
    const marked = await markCollectibles(gateway, { chainId: chain.chainId, safeAddress: SAFE, items: loaded.results });
    expect(marked.map((n) => n.queuedIn)).toEqual([[{ txId: 'tx-single', nonce: 4 }], []]);
    const down = { ...fakeClient([single], { queueFails: true }).client, getCollectiblesPage: async () => page } as unknown as Parameters<typeof loadCollectibles>[0];
    expect((await markCollectibles(down, { chainId: chain.chainId, safeAddress: SAFE, items: loaded.results })).map((n) => n.queuedIn)).toEqual([null, null]);
  });
});
