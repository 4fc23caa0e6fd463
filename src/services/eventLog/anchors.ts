/**
 * Anchors: the facts in a signing-flow stream that the verifier can check without trusting the file. A hash chain
 * alone is unkeyed (anyone can re-chain a rewritten log); the anchors are bound by cryptography outside the chain:
 *
 * - a SafeTx (`{safeTx, hashes}`: transactionFlow's buildSafeTx / loadTx outputs, bulkExecuteFlow's items) must hash
 *   to its recorded safeTxHash with the Safe's EIP-712 domain (chain id, address and version as recorded);
 * - a SafeMessage preview (`{content, safeMessageHash}`: messageFlow's computeMessageHash output) must hash to its
 *   recorded safeMessageHash;
 * - each recorded owner signature (`{signer|owner, signature}`) must recover, over one of those hashes, to the
 *   signer it names (ECDSA v 27/28 and eth_sign v 31/32; approved-hash v 1 and contract v 0 signatures cannot be
 *   checked without a chain and are reported as such);
 * - an execution (`txHash` from executeTx / relayTx / waitForReceipt / checkTxStatus / executeBatch) is kept for a
 *   witness to compare with the chain (witness.ts).
 *
 * Pure: reads the records, recomputes with src/domain/safe's hashing, never touches a network.
 */
import { getAddress, hashMessage, isAddress, isHex, recoverAddress, type Address, type Hex } from 'viem';
import { safeTxHashes } from '../../domain/safe/hashing.ts';
import { safeMessageHash, type SafeMessageContent } from '../../domain/safe/messages.ts';
import type { SafeContext, SafeTx } from '../../domain/safe/types.ts';
import type { JsonValue, LogRecord } from './types.ts';

export interface AnchoredSafe {
  address: Address;
  chainId: string;
  version: string;
  owners: Address[];
}

export type SignatureVerdict =
  /** Recovers to the signer it names over the anchor's hash. */
  | 'recovered'
  /** Recovers to another address (or to none): the signature does not belong to that signer and hash. */
  | 'mismatch'
  /** An approved-hash (v 1) or contract (v 0) signature: only the chain can confirm it. */
  | 'notCheckable';

export interface AnchoredSignature {
  signer: Address;
  signature: Hex;
  verdict: SignatureVerdict;
  /** The address the signature recovers to (ECDSA / eth_sign), else null. */
  recovered: Address | null;
  /** First record that holds it. */
  seq: number;
}

export interface AnchoredExecution {
  txHash: Hex;
  /** What the log says happened: SUCCESS / FAILED, or null when it only recorded the broadcast. */
  status: 'SUCCESS' | 'FAILED' | null;
  seq: number;
}

export interface Anchor {
  kind: 'safeTx' | 'safeMessage';
  /** The recorded hash (safeTxHash or safeMessageHash). */
  hash: Hex;
  /** First record that holds it. */
  seq: number;
  /** What the recorded fields hash to (null: the fields could not be read). */
  computed: Hex | null;
  /** The fields hash to the recorded hash. */
  fieldsMatch: boolean;
  /** Why the fields could not be hashed, when they could not. */
  problem: string | null;
  /** The SafeTx nonce (transactions), for the witness. */
  nonce: string | null;
  signatures: AnchoredSignature[];
  /** Executions the log recorded for this transaction. */
  executions: AnchoredExecution[];
}

export interface AnchorReport {
  safe: AnchoredSafe | null;
  anchors: Anchor[];
  /** Signatures that recover over none of the anchors' hashes (the log names a signer for a hash it lacks). */
  strays: AnchoredSignature[];
}

type Obj = { [key: string]: JsonValue };
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const isHash = (value: unknown): value is Hex => typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value);
const isSig = (value: unknown): value is Hex => typeof value === 'string' && isHex(value) && value.length >= 132;

/** The Safe a stream works on: record 1's `input.safe` (every flow's input names it). */
export function streamSafe(records: readonly Pick<LogRecord, 'payload'>[]): AnchoredSafe | null {
  const input = records[0]?.payload['input'];
  const safe = isObj(input) ? input['safe'] : null;
  if (!isObj(safe)) return null;
  const { address, chainId, version, owners } = safe;
  if (typeof address !== 'string' || !isAddress(address) || typeof chainId !== 'string' || !/^\d+$/.test(chainId)) return null;
  return {
    address: getAddress(address),
    chainId,
    version: typeof version === 'string' ? version : '',
    owners: Array.isArray(owners) ? owners.filter((o): o is string => typeof o === 'string' && isAddress(o)).map((o) => getAddress(o)) : [],
  };
}

function safeTxOf(json: Obj): SafeTx {
  const str = (key: string) => {
    const value = json[key];
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`the SafeTx has no ${key}`);
    return String(value);
  };
  const addr = (key: string) => {
    const value = str(key);
    if (!isAddress(value)) throw new Error(`the SafeTx's ${key} is not an address`);
    return getAddress(value);
  };
  const data = str('data');
  if (!isHex(data)) throw new Error("the SafeTx's data is not hex");
  const operation = Number(str('operation'));
  if (operation !== 0 && operation !== 1) throw new Error("the SafeTx's operation is neither 0 nor 1");
  return {
    to: addr('to'),
    value: BigInt(str('value')),
    data,
    operation,
    safeTxGas: BigInt(str('safeTxGas')),
    baseGas: BigInt(str('baseGas')),
    gasPrice: BigInt(str('gasPrice')),
    gasToken: addr('gasToken'),
    refundReceiver: addr('refundReceiver'),
    nonce: BigInt(str('nonce')),
  };
}

function messageContentOf(content: Obj): SafeMessageContent[] {
  if (content['kind'] === 'text' && typeof content['text'] === 'string') {
    const text = content['text'];
    return isHex(text) ? [text, { raw: text }] : [text];
  }
  if (content['kind'] === 'typed' && isObj(content['typedData'])) return [content['typedData'] as unknown as SafeMessageContent];
  throw new Error('the message content is neither text nor typed data');
}

/** ECDSA (v 27/28) over the hash, eth_sign (v 31/32) over its EIP-191 wrap; v 0 / v 1 need the chain. */
async function recover(hash: Hex, signature: Hex): Promise<{ kind: 'ecdsa'; address: Address | null } | { kind: 'notCheckable' }> {
  const first = `0x${signature.slice(2, 132)}` as Hex;
  const v = Number.parseInt(first.slice(130, 132), 16);
  try {
    if (v === 27 || v === 28) return { kind: 'ecdsa', address: await recoverAddress({ hash, signature: first }) };
    if (v === 31 || v === 32) return { kind: 'ecdsa', address: await recoverAddress({ hash: hashMessage({ raw: hash }), signature: `${first.slice(0, 130)}${(v - 4).toString(16)}` as Hex }) };
    if (v === 0 || v === 1) return { kind: 'notCheckable' };
    return { kind: 'ecdsa', address: null };
  } catch {
    return { kind: 'ecdsa', address: null };
  }
}

interface Found {
  anchors: { kind: Anchor['kind']; hash: Hex; seq: number; fields: Obj }[];
  signatures: { signer: Address; signature: Hex; seq: number }[];
  executions: { txHash: Hex; status: 'SUCCESS' | 'FAILED' | null; seq: number; safeTxHash: Hex | null }[];
}

const EXECUTION_EFFECTS = new Set(['executeTx', 'relayTx', 'waitForReceipt', 'checkTxStatus', 'executeBatch', 'relayBatch', 'checkBatchStatus']);

function walk(value: JsonValue, seq: number, found: Found): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, seq, found);
    return;
  }
  if (!isObj(value)) return;
  const hashes = value['hashes'];
  if (isObj(value['safeTx']) && isObj(hashes) && isHash(hashes['safeTxHash'])) {
    found.anchors.push({ kind: 'safeTx', hash: hashes['safeTxHash'], seq, fields: value['safeTx'] });
  }
  if (isObj(value['content']) && isHash(value['safeMessageHash'])) {
    found.anchors.push({ kind: 'safeMessage', hash: value['safeMessageHash'], seq, fields: value['content'] });
  }
  const signer = value['signer'] ?? value['owner'];
  // A confirmation the app itself judged invalid (ConfirmationCheck status) is recorded as refused, not claimed.
  const refused = typeof value['kind'] === 'string' && (value['status'] === 'invalid' || value['status'] === 'unverifiable');
  if (!refused && typeof signer === 'string' && isAddress(signer) && isSig(value['signature'])) {
    found.signatures.push({ signer: getAddress(signer), signature: value['signature'], seq });
  }
  for (const child of Object.values(value)) walk(child, seq, found);
}

/** Every anchor of a stream's records, each checked offline (fields → hash, signatures → signers). */
export async function findAnchors(records: readonly LogRecord[]): Promise<AnchorReport> {
  const safe = streamSafe(records);
  const found: Found = { anchors: [], signatures: [], executions: [] };
  for (const record of records) {
    walk(record.payload, record.seq, found);
    const actorId = record.payload['actorId'];
    const output = record.payload['output'];
    if (record.type.startsWith('xstate.done.actor.') && typeof actorId === 'string' && EXECUTION_EFFECTS.has(actorId) && isObj(output) && isHash(output['txHash'])) {
      const status = output['status'] === 'SUCCESS' || output['status'] === 'FAILED' ? output['status'] : null;
      if (actorId === 'checkTxStatus' || actorId === 'checkBatchStatus') {
        if (output['status'] !== 'executed') continue;
      }
      found.executions.push({ txHash: output['txHash'], status, seq: record.seq, safeTxHash: null });
    }
  }
  if (!safe) return { safe: null, anchors: [], strays: [] };
  const ctx: SafeContext = { chainId: BigInt(safe.chainId), safeAddress: safe.address, version: safe.version };

  // One anchor per recorded hash; a later record stating other fields for the same hash is checked too.
  const anchors: Anchor[] = [];
  const byHash = new Map<string, Anchor>();
  for (const item of found.anchors) {
    let computed: Hex | null = null;
    let problem: string | null = null;
    let nonce: string | null = null;
    try {
      if (item.kind === 'safeTx') {
        const tx = safeTxOf(item.fields);
        nonce = tx.nonce.toString();
        computed = safeTxHashes(ctx, tx).safeTxHash;
      } else {
        const candidates = messageContentOf(item.fields).map((content) => safeMessageHash(ctx, content));
        computed = candidates.find((c) => c.toLowerCase() === item.hash.toLowerCase()) ?? candidates[0] ?? null;
      }
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    const fieldsMatch = computed !== null && computed.toLowerCase() === item.hash.toLowerCase();
    const key = item.hash.toLowerCase();
    const known = byHash.get(key);
    if (known) {
      // The same hash recorded again: it holds only if every recording of its fields hashes to it.
      if (!fieldsMatch) {
        known.fieldsMatch = false;
        known.computed = computed;
        known.problem = problem ?? `the fields recorded at seq ${item.seq} hash to ${computed ?? 'nothing'}`;
      }
      continue;
    }
    const anchor: Anchor = { kind: item.kind, hash: item.hash, seq: item.seq, computed, fieldsMatch, problem, nonce, signatures: [], executions: [] };
    anchors.push(anchor);
    byHash.set(key, anchor);
  }

  const strays: AnchoredSignature[] = [];
  const seen = new Set<string>();
  for (const sig of found.signatures) {
    const key = `${sig.signer}:${sig.signature.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let placed = false;
    let firstCheck: { anchor: Anchor; result: Awaited<ReturnType<typeof recover>> } | null = null;
    for (const anchor of anchors) {
      const result = await recover(anchor.hash, sig.signature);
      firstCheck ??= { anchor, result };
      if (result.kind === 'ecdsa' && result.address === sig.signer) {
        anchor.signatures.push({ ...sig, verdict: 'recovered', recovered: result.address });
        placed = true;
        break;
      }
    }
    if (placed) continue;
    if (firstCheck && firstCheck.result.kind === 'notCheckable') {
      firstCheck.anchor.signatures.push({ ...sig, verdict: 'notCheckable', recovered: null });
    } else if (anchors.length === 1 && firstCheck) {
      anchors[0]!.signatures.push({ ...sig, verdict: 'mismatch', recovered: firstCheck.result.kind === 'ecdsa' ? firstCheck.result.address : null });
    } else {
      strays.push({ ...sig, verdict: 'mismatch', recovered: firstCheck?.result.kind === 'ecdsa' ? firstCheck.result.address : null });
    }
  }

  // Executions belong to the stream's transaction; a bulk execution covers every SafeTx of the batch.
  const txAnchors = anchors.filter((a) => a.kind === 'safeTx');
  for (const execution of found.executions) {
    const known = txAnchors.flatMap((a) => a.executions).find((e) => e.txHash.toLowerCase() === execution.txHash.toLowerCase());
    if (known) {
      known.status ??= execution.status;
      if (execution.status) known.status = execution.status;
      continue;
    }
    for (const anchor of txAnchors) anchor.executions.push({ txHash: execution.txHash, status: execution.status, seq: execution.seq });
  }
  return { safe, anchors, strays };
}
