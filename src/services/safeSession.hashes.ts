/**
 * The details pages' local checks (the Safe session's `computeHashes` effects): the hashes of a transaction or
 * message computed here from its own fields, and whether every listed owner signature signs them. Loaded on the
 * first details page (src/services/safeSession.ts imports it dynamically), so a Safe's home does not download
 * the hashing and signature-recovery code (decision 0019).
 */
import type { Address, Hex } from 'viem';
import type { HashCheck, HashRequest, MessageHashes, TxHashes } from '../machines/safeSession/details.types.ts';
import type { Message, TransactionDetails } from './gateway/types.ts';
import { domainHash, normalizeSafeTx, safeTxHashes } from './safe/hashing.ts';
import { messageInnerHash, safeMessageHash, type Eip712TypedData } from './safe/messages.ts';
import type { SafeContext } from './safe/types.ts';
import { crossCheckConfirmations, verifiedDecoding } from './safe/crossCheck.ts';

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
  const tx = normalizeSafeTx({
    to: txData.to.value as Address,
    value: BigInt(txData.value ?? '0'),
    data: (txData.hexData ?? '0x') as Hex,
    operation: txData.operation,
    safeTxGas: BigInt(exec.safeTxGas),
    baseGas: BigInt(exec.baseGas),
    gasPrice: BigInt(exec.gasPrice),
    gasToken: exec.gasToken as Address,
    refundReceiver: exec.refundReceiver.value as Address,
    nonce: BigInt(exec.nonce),
  });
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
  if (check.computed === null || check.expected === null || check.computed.toLowerCase() !== check.expected.toLowerCase()) return [];
  const { mismatches } = await crossCheckConfirmations(check.computed as Hex, listed, { listField, hashName });
  return mismatches.map((m) => `The gateway lists ${m.gateway} (${m.field}), but there is ${m.local}.`);
}

/**
 * computeTxHashes, plus a check that every listed owner signature signs the hash computed here, plus the gateway's
 * decoding of the data kept only when it is verified against that data (decision 0023).
 */
export async function checkTxDetails(req: HashRequest<TransactionDetails>): Promise<HashCheck<TxHashes>> {
  const check = computeTxHashes(req);
  const { txData } = req.details;
  const decodedData = txData ? verifiedDecoding((txData.hexData ?? '0x') as Hex, txData.dataDecoded) : null;
  const exec = req.details.detailedExecutionInfo;
  if (exec?.type !== 'MULTISIG') return { ...check, decodedData };
  const listed = exec.confirmations.map((c) => ({ signer: c.signer.value, signature: c.signature ?? null }));
  return { ...check, decodedData, forgedSignatures: await forgedSignatures(check, listed, 'detailedExecutionInfo.confirmations', 'safeTxHash') };
}

/** computeMessageHashes, plus a check that every listed owner signature signs the SafeMessage hash computed here. */
export async function checkMessageDetails(req: HashRequest<Message>): Promise<HashCheck<MessageHashes>> {
  const check = computeMessageHashes(req);
  const listed = req.details.confirmations.map((c) => ({ signer: c.owner.value, signature: c.signature }));
  return { ...check, forgedSignatures: await forgedSignatures(check, listed, 'confirmations', 'safeMessageHash') };
}
