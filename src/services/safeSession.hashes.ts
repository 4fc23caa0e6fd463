/**
 * The details pages' local checks (the Safe session's `computeHashes` effects): the hashes of a transaction or
 * message computed here from its own fields, and whether every listed owner signature signs them. Loaded on the
 * first details page (src/services/safeSession.ts imports it dynamically), so a Safe's home does not download
 * the hashing and signature-recovery code (decision 0019).
 */
import { getAddress, type Address, type Hex } from 'viem';
import type { TxDescription } from '../domain/safe/txDescription.ts';
import { describeWithGatewayDecoding } from '../domain/safe/describe.ts';
import { checkTxInfo } from '../domain/safe/txInfoCheck.ts';
import type { HashCheck, HashRequest, MessageHashes, TxHashes } from '../machines/safeSession/details.types.ts';
import type { DataDecoded, Message, TransactionDetails } from '../domain/gateway/types.ts';
import { domainHash, safeTxHashes } from '../domain/safe/hashing.ts';
import { messageInnerHash, safeMessageHash, type Eip712TypedData } from '../domain/safe/messages.ts';
import type { SafeContext } from '../domain/safe/types.ts';
import { crossCheckConfirmations, verifiedDecoding } from '../domain/safe/crossCheck.ts';
import { safeAbi } from '../domain/safe/abis.ts';
import { errorText, type SafeTxSimulationClient } from './chain/simulate.ts';
import { safeTxOfDetails, simulateForFlow, verifiedConfirmations } from './transactionFlow/transactionFlow.ts';
import { toSafeTxJson } from './transactionFlow/convert.ts';
import type { OnChainCheck } from '../machines/safeSession/details.types.ts';
import type { PublicClient } from 'viem';
import { sameHex } from '../domain/hex.ts';
import { nftKey, queuedNftMarks, type NftQueueMark, type QueuedNftTx } from '../domain/safe/nftTransfers.ts';
import type { GatewayClient } from './gateway/index.ts';

/** What the details check reads from the chain: the owners, each confirmation's verdict, the simulation. */
export type DetailsChain = SafeTxSimulationClient & Pick<PublicClient, 'readContract'>;

function safeContext(req: { chainId: string; safeAddress: string; version: string | null }): SafeContext {
  if (!req.version) throw new Error('The Safe’s contract version is unknown (unsupported base contract), so its hashes cannot be computed locally.');
  return { chainId: BigInt(req.chainId), safeAddress: req.safeAddress as Address, version: req.version };
}

/**
 * The domain hash, message hash and safeTxHash of a multisig transaction, computed locally from the
 * transaction's own fields (txData + detailedExecutionInfo), for the open Safe and its version. Nothing to
 * hash for module transactions, transfers and the creation.
 */
export function computeTxHashes(req: HashRequest<TransactionDetails>): HashCheck<TxHashes> {
  const { txData, detailedExecutionInfo: exec } = req.details;
  if (!txData || exec?.type !== 'MULTISIG') return { hashes: null, computed: null, expected: null };
  const tx = safeTxOfDetails(req.details);
  const hashes = safeTxHashes(safeContext(req), tx);
  return { hashes, computed: hashes.safeTxHash, expected: exec.safeTxHash };
}

/** The SafeMessage hash of a message (and its parts), computed locally for the open Safe. */
export function computeMessageHashes(req: HashRequest<Message>): HashCheck<MessageHashes> {
  const ctx = safeContext(req);
  const content = typeof req.details.message === 'string' ? req.details.message : (req.details.message as Eip712TypedData);
  const hashes: MessageHashes = {
    domainHash: domainHash(ctx),
    contentHash: messageInnerHash(content),
    safeMessageHash: safeMessageHash(ctx, content),
  };
  return { hashes, computed: hashes.safeMessageHash, expected: req.details.messageHash };
}

/**
 * Each listed signature that does not sign the hash computed here, as a sentence for the details page. Only
 * asked when the gateway's hash equals ours: a differing hash is already a mismatch, shown as such.
 */
async function forgedSignatures(check: HashCheck<unknown>, listed: readonly { signer: string; signature: string | null }[], listField: string, hashName: string): Promise<string[]> {
  if (!sameHex(check.computed, check.expected)) return [];
  const { mismatches } = await crossCheckConfirmations(check.computed as Hex, listed, { listField, hashName });
  return mismatches.map((m) => `The gateway lists ${m.gateway} (${m.field}), but there is ${m.local}.`);
}

/**
 * What the multisig transaction does, decoded here from the same fields that were hashed, and every place the
 * gateway's summary contradicts it (issue 15 hole 2). The gateway's decoding is kept for an unknown call only
 * when it re-encodes to the call data.
 */
function describeDetails(req: HashRequest<TransactionDetails>, decodedData: DataDecoded | null): { description: TxDescription; contradictions: string[] } | null {
  const { txData, detailedExecutionInfo: exec } = req.details;
  if (!txData || exec?.type !== 'MULTISIG') return null;
  const safeAddress = getAddress(req.safeAddress);
  const data = (txData.hexData ?? '0x') as Hex;
  const call = describeWithGatewayDecoding(
    { to: getAddress(txData.to.value), value: BigInt(txData.value ?? '0'), data, operation: txData.operation === 1 ? 1 : 0 },
    { ...safeContext(req), safeAddress },
    txData.dataDecoded,
    decodedData,
  );
  const contradictions = checkTxInfo(call, req.details.txInfo, safeAddress).map((m) => `The gateway's summary says ${m.field} = ${m.gateway}, but the transaction's data says ${m.local}.`);
  // The page states amounts with the chain's native coin from its own chain config, and tokens in base units.
  return { description: { call, native: { symbol: 'native coin', decimals: 18 }, tokens: {} }, contradictions };
}

/**
 * computeTxHashes, plus a check that every listed owner signature signs the hash computed here, the gateway's
 * decoding kept only when it is verified against the data (decision 0023), and the local description.
 */
export async function checkTxDetails(req: HashRequest<TransactionDetails>, chain: DetailsChain | null = null): Promise<HashCheck<TxHashes>> {
  const check = computeTxHashes(req);
  const { txData } = req.details;
  const decodedData = txData ? verifiedDecoding((txData.hexData ?? '0x') as Hex, txData.dataDecoded) : null;
  const exec = req.details.detailedExecutionInfo;
  if (exec?.type !== 'MULTISIG') return { ...check, decodedData };
  const listed = exec.confirmations.map((c) => ({ signer: c.signer.value, signature: c.signature ?? null }));
  const described = describeDetails(req, decodedData);
  return {
    ...check,
    decodedData,
    forgedSignatures: await forgedSignatures(check, listed, 'detailedExecutionInfo.confirmations', 'safeTxHash'),
    ...(described ? { description: described.description, contradictions: described.contradictions } : {}),
    ...(chain && check.hashes && sameHex(check.computed, check.expected) ? { onChain: await checkOnChain(req, chain, listed) } : {}),
  };
}

/**
 * The details page's chain checks for a multisig transaction (decision 0028): the owners and threshold read on
 * chain, every listed confirmation verified the way the flows verify it (decision 0025), and a queued
 * transaction's execTransaction simulated (decision 0021). Never throws: a chain that cannot be read is reported.
 */
async function checkOnChain(req: HashRequest<TransactionDetails>, chain: DetailsChain, listed: readonly { signer: string; signature: string | null }[]): Promise<OnChainCheck> {
  const safeAddress = getAddress(req.safeAddress);
  const tx = safeTxOfDetails(req.details);
  let owners: Address[];
  let threshold: number;
  try {
    const [o, t] = await Promise.all([
      chain.readContract({ address: safeAddress, abi: safeAbi, functionName: 'getOwners' }),
      chain.readContract({ address: safeAddress, abi: safeAbi, functionName: 'getThreshold' }),
    ]);
    owners = o.map((a) => getAddress(a));
    threshold = Number(t);
  } catch (error) {
    return { owners: [], threshold: 0, confirmationChecks: [], counted: [], simulation: null, findings: [], error: `The chain could not be read (${errorText(error)}), so no confirmation is verified here and nothing was simulated.` };
  }
  const safe = { chainId: req.chainId, address: safeAddress, version: req.version ?? '', owners, threshold };
  // The flows' own verification and counting rule (decision 0025).
  const verified = await verifiedConfirmations(chain, safe, tx, listed);
  const read = { owners, threshold, confirmationChecks: verified.confirmationChecks ?? [], counted: verified.confirmations.map((c) => c.signer), error: null };
  const queued = req.details.txStatus === 'AWAITING_CONFIRMATIONS' || req.details.txStatus === 'AWAITING_EXECUTION';
  if (!queued) return { ...read, simulation: null, findings: [] };
  try {
    const { simulation, risks } = await simulateForFlow(chain, safe, toSafeTxJson(tx));
    return { ...read, simulation, findings: risks.map(({ severity, title, detail }) => ({ severity, title, detail })) };
  } catch (error) {
    return { ...read, simulation: { status: 'unavailable', reason: `${errorText(error)}.` }, findings: [] };
  }
}

/** computeMessageHashes, plus a check that every listed owner signature signs the SafeMessage hash computed here. */
export async function checkMessageDetails(req: HashRequest<Message>): Promise<HashCheck<MessageHashes>> {
  const check = computeMessageHashes(req);
  const listed = req.details.confirmations.map((c) => ({ signer: c.owner.value, signature: c.signature }));
  return { ...check, forgedSignatures: await forgedSignatures(check, listed, 'confirmations', 'safeMessageHash') };
}

/** A queued transaction's NFT-relevant call, or null when it is not one to trust (kept per txId: the id holds the hash). */
export type QueuedCallCache = Map<string, QueuedNftTx | null>;

/** How many queued transactions are read for the NFT marks (the queue's first pages). */
const QUEUED_NFT_TX_LIMIT = 50;

/**
 * The NFT cards' queued marks (decision 0041): the queued multisig transactions' details, each kept only when the
 * safeTxHash computed here from its own fields equals the one the gateway gives (so the bytes are what owners
 * sign), decoded here for ERC-721 transfers (also inside MultiSend). The gateway's labels are never read.
 * Null when the queue or the Safe's version could not be had.
 */
export async function queuedNftMarksOf(
  client: Pick<GatewayClient, 'getSafeInfo' | 'getTransactionQueue' | 'getTransactionDetails'>,
  req: { chainId: string; safeAddress: string },
  cache: QueuedCallCache,
): Promise<Map<string, NftQueueMark[]> | null> {
  try {
    const info = await client.getSafeInfo(req.chainId, req.safeAddress);
    if (!info.version) return null;
    const ctx = safeContext({ chainId: req.chainId, safeAddress: getAddress(req.safeAddress), version: info.version });
    const ids: string[] = [];
    let page = await client.getTransactionQueue(req.chainId, req.safeAddress, { trusted: true });
    for (let pages = 0; ; pages++) {
      for (const item of page.results) if (item.type === 'TRANSACTION' && ids.length < QUEUED_NFT_TX_LIMIT) ids.push(item.transaction.id);
      if (!page.next || ids.length >= QUEUED_NFT_TX_LIMIT || pages >= 4) break;
      page = await client.getTransactionQueue(req.chainId, req.safeAddress, page.next);
    }
    const txs = await Promise.all(
      ids.map(async (id): Promise<QueuedNftTx | null> => {
        if (cache.has(id)) return cache.get(id) ?? null;
        const details = await client.getTransactionDetails(req.chainId, id);
        const exec = details.detailedExecutionInfo;
        let found: QueuedNftTx | null = null;
        if (details.txData && exec?.type === 'MULTISIG') {
          const tx = safeTxOfDetails(details);
          if (sameHex(safeTxHashes(ctx, tx).safeTxHash, exec.safeTxHash)) found = { txId: details.txId, nonce: Number(tx.nonce), call: { to: tx.to, data: tx.data, operation: tx.operation } };
        }
        if (cache.size > 500) cache.clear();
        cache.set(id, found);
        return found;
      }),
    );
    return queuedNftMarks(txs.filter((tx): tx is QueuedNftTx => tx !== null));
  } catch {
    return null;
  }
}

/** An NFT's marks from queuedNftMarksOf's answer: none, or null when the queue could not be checked. */
export const queuedInOf = (marks: Map<string, NftQueueMark[]> | null, nft: { address: string; id: string }): NftQueueMark[] | null =>
  marks ? (marks.get(nftKey(nft.address, nft.id)) ?? []) : null;
