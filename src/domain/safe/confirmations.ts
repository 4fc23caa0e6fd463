/**
 * Owner confirmations the gateway lists, verified before they count (issue 15 hole 3, finding F9; decision 0025).
 *
 * Each listed `{ signer, signature }` gets a local verdict (`ConfirmationCheck`):
 * - ECDSA (v 27/28) and eth_sign (v 31/32): recovered over the locally computed hash; valid iff it recovers to
 *   the named signer.
 * - Approved hash (v 1; r = the owner): valid iff `approvedHashes(owner, hash) != 0` on chain. The Safe also
 *   accepts it when that owner sends `execTransaction` itself; that does not make it count here (the detail
 *   says so). A confirmation listed without a signature is read the same way (an on-chain approval).
 * - Contract signature (v 0; r = the owner contract): asked of the owner contract exactly as the Safe's
 *   `checkNSignatures` asks it — Safe < 1.5.0: legacy `isValidSignature(bytes data, bytes signature)` with the
 *   EIP-712 pre-image (0x19 0x01 ‖ domainSeparator ‖ structHash), magic 0x20c13b0b; Safe ≥ 1.5.0:
 *   `isValidSignature(bytes32 hash, bytes signature)`, magic 0x1626ba7e; the call is made from the Safe's
 *   address, as the Safe makes it.
 *
 * Only `valid` confirmations of current owners count (`countedConfirmations`); those are what goes into
 * `execTransaction` (`ownerSignatureOf` turns one into the form `buildSignatureBytes` takes).
 *
 * The gateway hands a contract signature as the transaction service stores it: 65 static bytes (r = owner,
 * s = 65, v = 0), then the dynamic part: a 32-byte length and that many bytes of the owner's signature data.
 * The dynamic part is read right after the static bytes whatever s says (the offset is rewritten when the
 * execution signatures are built).
 *
 * Chain reads are bounded: only current owners' v 0/1 confirmations are read, one `approvedHashes` read per
 * owner, at most `MAX_CONTRACT_CHECKS_PER_OWNER` distinct contract signatures per owner, `CHAIN_READ_CONCURRENCY`
 * at a time; the list itself is checked up to `confirmationCap(owners)` entries.
 */
import {
  AbiDecodingDataSizeTooSmallError,
  AbiDecodingZeroDataError,
  concat,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  encodeAbiParameters,
  getAddress,
  hashMessage,
  hexToBigInt,
  isAddress,
  keccak256,
  recoverAddress,
  size,
  slice,
  type PublicClient,
} from 'viem';
import type { ConfirmationCheck, ConfirmationKind } from './confirmationCheck.ts';
import { eip1271Abi, eip1271LegacyAbi, safeAbi } from './abis.ts';
import { isEip1271MagicValue } from './eip1271.ts';
import { domainHash, safeTxHashes } from './hashing.ts';
import { SAFE_MESSAGE_TYPEHASH } from './messages.ts';
import { approvedHashSignature, type OwnerSignature } from './signatures.ts';
import type { Address, Hex, SafeContext, SafeTx } from './types.ts';
import { versionAtLeast } from './version.ts';

export type { ConfirmationCheck, ConfirmationKind } from './confirmationCheck.ts';

/** What the verification needs from the chain; a viem PublicClient satisfies it. */
export interface ConfirmationReader {
  readContract: PublicClient['readContract'];
}

export interface ConfirmationSafe {
  chainId: string | number | bigint;
  address: Address;
  /** The Safe's contract version ("1.4.1", "1.4.1+L2"); it decides how an owner contract is asked. */
  version: string;
  /** Current owners, read from chain. */
  owners: readonly Address[];
}

export interface ListedConfirmation {
  signer: string;
  signature: string | null;
}

/**
 * What the Safe hands an EIP-1271 owner contract for this hash: the legacy form's bytes (magic 0x20c13b0b) or
 * the hash itself (magic 0x1626ba7e); null when it cannot be known here (contract signatures: unverifiable).
 */
export type Eip1271Request = { form: 'bytes'; data: Hex } | { form: 'hash' } | null;

/** The hash owners sign, and how the Safe checks it. */
export interface SignedSafeHash {
  subject: 'transaction' | 'message';
  /** safeTxHash or safeMessageHash, computed locally. */
  hash: Hex;
  eip1271: Eip1271Request;
}

export type ConfirmationBlockTag = 'latest' | bigint;

/** Contract signatures checked per owner (a longer list of them for one owner is not read). */
export const MAX_CONTRACT_CHECKS_PER_OWNER = 2;
/** Chain reads in flight at once. */
export const CHAIN_READ_CONCURRENCY = 4;
/** Entries of a listed confirmation list that are checked at all; later ones are reported as not checked. */
export const confirmationCap = (owners: readonly unknown[]): number => Math.max(64, owners.length * 2);

const noun = (subject: SignedSafeHash['subject']): string => (subject === 'transaction' ? 'transaction' : 'message');

// ───────────── EIP-1271 requests ─────────────

/** Safe ≥ 1.5.0 asks owner contracts with the bytes32 form; earlier versions with the legacy bytes form. */
const usesHashForm = (version: string): boolean => versionAtLeast(version, '1.5.0');

/**
 * A SafeTx's hash and EIP-1271 request. Throws if `tx` does not hash to `safeTxHash` (the caller mixed two
 * transactions up).
 */
export function signedSafeTxHash(safe: Pick<ConfirmationSafe, 'chainId' | 'address' | 'version'>, safeTxHash: Hex, tx?: SafeTx): SignedSafeHash {
  let eip1271: Eip1271Request = null;
  try {
    if (usesHashForm(safe.version)) eip1271 = { form: 'hash' };
    else if (tx) {
      const hashes = safeTxHashes(contextOf(safe), tx);
      if (hashes.safeTxHash.toLowerCase() !== safeTxHash.toLowerCase()) throw new MixedUpError(`The SafeTx given hashes to ${hashes.safeTxHash}, not ${safeTxHash}`);
      eip1271 = { form: 'bytes', data: concat(['0x1901', hashes.domainHash, hashes.messageHash]) };
    }
  } catch (error) {
    if (error instanceof MixedUpError) throw error;
    eip1271 = null; // unparsable version: contract signatures cannot be checked
  }
  return { subject: 'transaction', hash: safeTxHash, eip1271 };
}

/**
 * A SafeMessage's hash and EIP-1271 request. `message` is the SafeMessage's `message` bytes (the inner hash of
 * the text or typed data). The owner contract is asked what the Safe's fallback handler passes on: 1.5.0 the
 * safeMessageHash (bytes32 form); 1.4.x the pre-image 0x19 0x01 ‖ domainSeparator ‖ hashStruct(SafeMessage);
 * 1.3.0 and earlier the message bytes themselves (their handler passes its `_data` through).
 */
export function signedSafeMessageHash(safe: Pick<ConfirmationSafe, 'chainId' | 'address' | 'version'>, safeMessageHash: Hex, message?: Hex): SignedSafeHash {
  let eip1271: Eip1271Request = null;
  try {
    if (usesHashForm(safe.version)) eip1271 = { form: 'hash' };
    else if (message !== undefined) {
      const struct = keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'bytes32' }], [SAFE_MESSAGE_TYPEHASH, keccak256(message)]));
      const preimage = concat(['0x1901', domainHash(contextOf(safe)), struct]);
      if (keccak256(preimage).toLowerCase() !== safeMessageHash.toLowerCase()) throw new MixedUpError(`The message given hashes to ${keccak256(preimage)}, not ${safeMessageHash}`);
      eip1271 = { form: 'bytes', data: versionAtLeast(safe.version, '1.4.0') ? preimage : message };
    }
  } catch (error) {
    if (error instanceof MixedUpError) throw error;
    eip1271 = null;
  }
  return { subject: 'message', hash: safeMessageHash, eip1271 };
}

class MixedUpError extends Error {}

const contextOf = (safe: Pick<ConfirmationSafe, 'chainId' | 'address' | 'version'>): SafeContext => ({
  chainId: BigInt(safe.chainId),
  safeAddress: safe.address,
  version: safe.version,
});

// ───────────── parsing ─────────────

type Parsed =
  | { kind: 'malformed'; signature: Hex; detail: string }
  | { kind: 'ecdsa' | 'ethSign'; signature: Hex }
  | { kind: 'approvedHash'; signature: Hex; owner: Address; listedWithout: boolean }
  | { kind: 'contract'; signature: Hex; owner: Address; data: Hex };

const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;

/** Reads r as an address: its upper 12 bytes must be zero. */
function addressInR(signature: Hex): Address | null {
  const r = slice(signature, 0, 32);
  if (!/^0x0{24}/.test(r)) return null;
  return getAddress(`0x${r.slice(26)}`);
}

/** The owner contract's signature bytes inside a contract signature as the gateway lists it. */
export function contractSignatureData(signature: Hex): Hex | null {
  if (!HEX.test(signature) || size(signature) < 97) return null;
  const length = hexToBigInt(slice(signature, 65, 97));
  const end = 97n + length;
  if (end > BigInt(size(signature))) return null;
  const rest = signature.slice(2 + Number(end) * 2);
  // Tolerate zero padding to a 32-byte word; anything else after the data is not part of this signature.
  if (rest.length >= 64 || /[^0]/.test(rest)) return null;
  return length === 0n ? '0x' : slice(signature, 97, Number(end));
}

function parse(signer: Address | null, signature: string | null, subject: SignedSafeHash['subject']): Parsed {
  if (signature === null) {
    if (subject === 'transaction' && signer) return { kind: 'approvedHash', signature: approvedHashSignature(signer), owner: signer, listedWithout: true };
    return { kind: 'malformed', signature: '0x', detail: 'Malformed: no signature is listed.' };
  }
  if (!HEX.test(signature)) return { kind: 'malformed', signature: '0x', detail: 'Malformed: the signature is not hex.' };
  const sig = signature.toLowerCase() as Hex;
  if (size(sig) < 65) return { kind: 'malformed', signature: sig, detail: `Malformed: the signature has ${size(sig)} bytes, fewer than 65.` };
  const v = Number.parseInt(sig.slice(130, 132), 16);
  if (v === 27 || v === 28 || v === 31 || v === 32) {
    if (size(sig) !== 65) return { kind: 'malformed', signature: sig, detail: `Malformed: a signature with v = ${v} has 65 bytes, this one ${size(sig)}.` };
    return { kind: v > 30 ? 'ethSign' : 'ecdsa', signature: sig };
  }
  if (v !== 0 && v !== 1) return { kind: 'malformed', signature: sig, detail: `Malformed: v = ${v} is not a Safe signature type.` };
  const owner = addressInR(sig);
  if (!owner) return { kind: 'malformed', signature: sig, detail: 'Malformed: r does not hold an address.' };
  if (!signer || owner !== signer) return { kind: 'malformed', signature: sig, detail: `Malformed: it names ${owner} but is listed for ${signer ?? 'no valid address'}.` };
  if (v === 1) {
    if (size(sig) !== 65) return { kind: 'malformed', signature: sig, detail: `Malformed: an approved-hash signature has 65 bytes, this one ${size(sig)}.` };
    return { kind: 'approvedHash', signature: sig, owner, listedWithout: false };
  }
  const data = contractSignatureData(sig);
  if (data === null) return { kind: 'malformed', signature: sig, detail: 'Malformed contract signature: its data part is missing or cut short.' };
  return { kind: 'contract', signature: sig, owner, data };
}

const asSigner = (signer: string): Address | null => (isAddress(signer, { strict: false }) ? getAddress(signer) : null);

// ───────────── chain reads ─────────────

type ChainVerdict = { status: 'valid' } | { status: 'invalid'; why: 'rejected' | 'noCode' | 'otherValue'; value?: string } | { status: 'unverifiable' };

function causes(error: unknown): unknown[] {
  const out: unknown[] = [];
  for (let e: unknown = error; e !== undefined && e !== null && out.length < 20; e = (e as { cause?: unknown }).cause) out.push(e);
  return out;
}

/** A call the contract answered (revert, no code, undecodable answer) versus one the RPC did not carry out. */
function answeredByContract(error: unknown): 'rejected' | 'noCode' | null {
  const chain = causes(error);
  if (chain.some((e) => e instanceof ContractFunctionZeroDataError || e instanceof AbiDecodingZeroDataError)) return 'noCode';
  if (chain.some((e) => e instanceof ContractFunctionRevertedError || e instanceof AbiDecodingDataSizeTooSmallError)) return 'rejected';
  return null;
}

const blockOf = (blockTag: ConfirmationBlockTag) => (typeof blockTag === 'bigint' ? { blockNumber: blockTag } : { blockTag });

async function readApproved(reader: ConfirmationReader, safe: Address, owner: Address, hash: Hex, blockTag: ConfirmationBlockTag): Promise<ChainVerdict> {
  try {
    const approved = await reader.readContract({ address: safe, abi: safeAbi, functionName: 'approvedHashes', args: [owner, hash], ...blockOf(blockTag) });
    return approved !== 0n ? { status: 'valid' } : { status: 'invalid', why: 'rejected' };
  } catch {
    return { status: 'unverifiable' };
  }
}

async function askOwnerContract(
  reader: ConfirmationReader,
  safe: Address,
  owner: Address,
  hash: Hex,
  request: Exclude<Eip1271Request, null>,
  data: Hex,
  blockTag: ConfirmationBlockTag,
): Promise<ChainVerdict> {
  try {
    const answer =
      request.form === 'hash'
        ? await reader.readContract({ address: owner, abi: eip1271Abi, functionName: 'isValidSignature', args: [hash, data], account: safe, ...blockOf(blockTag) })
        : await reader.readContract({ address: owner, abi: eip1271LegacyAbi, functionName: 'isValidSignature', args: [request.data, data], account: safe, ...blockOf(blockTag) });
    if (isEip1271MagicValue(answer, request.form)) return { status: 'valid' };
    return { status: 'invalid', why: 'otherValue', value: String(answer).slice(0, 10) };
  } catch (error) {
    const answered = answeredByContract(error);
    return answered ? { status: 'invalid', why: answered } : { status: 'unverifiable' };
  }
}

/** Runs tasks with at most `limit` in flight. */
async function runBounded<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

// ───────────── verification ─────────────

async function recoverSigner(kind: 'ecdsa' | 'ethSign', hash: Hex, signature: Hex): Promise<Address | null> {
  try {
    if (kind === 'ecdsa') return await recoverAddress({ hash, signature });
    const v = Number.parseInt(signature.slice(130, 132), 16) - 4;
    return await recoverAddress({ hash: hashMessage({ raw: hash }), signature: `${signature.slice(0, 130)}${v.toString(16)}` as Hex });
  } catch {
    return null;
  }
}

interface VerifyArgs {
  /** null: no chain access; approved-hash and contract confirmations are then unverifiable. */
  chain: ConfirmationReader | null;
  safe: ConfirmationSafe;
  confirmations: readonly ListedConfirmation[];
  blockTag?: ConfirmationBlockTag;
}

const check = (signer: Address | string, signature: Hex, kind: ConfirmationKind, status: ConfirmationCheck['status'], detail: string): ConfirmationCheck => ({
  signer: signer as Address,
  signature,
  kind,
  status,
  detail,
});

/** The verdict on every listed confirmation of `signed.hash`, in the order listed. */
export async function verifySafeHashConfirmations(args: VerifyArgs & { signed: SignedSafeHash }): Promise<ConfirmationCheck[]> {
  const { chain, safe, signed, blockTag = 'latest' } = args;
  const owners = new Set(safe.owners.map((o) => o.toLowerCase()));
  const isOwner = (a: Address) => owners.has(a.toLowerCase());
  const cap = confirmationCap(safe.owners);
  const what = noun(signed.subject);
  const out: (ConfirmationCheck | undefined)[] = new Array<ConfirmationCheck | undefined>(args.confirmations.length);
  const reads: (() => Promise<void>)[] = [];
  const approvedReads = new Map<string, Promise<ChainVerdict>>();
  const contractReads = new Map<string, Promise<ChainVerdict>>();
  const contractBudget = new Map<string, number>();

  const pending: Promise<void>[] = [];
  for (const [index, listed] of args.confirmations.entries()) {
    const signer = asSigner(listed.signer);
    const shownSigner = signer ?? listed.signer;
    if (index >= cap) {
      const parsed = parse(signer, listed.signature, signed.subject);
      out[index] = check(shownSigner, parsed.signature, parsed.kind, 'unverifiable', `Not checked: the list holds more than ${cap} confirmations.`);
      continue;
    }
    if (!signer) {
      out[index] = check(shownSigner, typeof listed.signature === 'string' && HEX.test(listed.signature) ? (listed.signature.toLowerCase() as Hex) : '0x', 'malformed', 'invalid', 'Malformed: the signer is not an address.');
      continue;
    }
    const parsed = parse(signer, listed.signature, signed.subject);
    const notOwner = isOwner(signer) ? '' : ` ${signer} is not an owner of this Safe, so it does not count.`;
    switch (parsed.kind) {
      case 'malformed':
        out[index] = check(signer, parsed.signature, 'malformed', 'invalid', parsed.detail);
        break;
      case 'ecdsa':
      case 'ethSign':
        pending.push(
          recoverSigner(parsed.kind, signed.hash, parsed.signature).then((recovered) => {
            const how = parsed.kind === 'ecdsa' ? 'EIP-712 signature' : `eth_sign signature of the ${what} hash`;
            out[index] =
              recovered === signer
                ? check(signer, parsed.signature, parsed.kind, 'valid', `Signed by ${signer} (${how}).${notOwner}`)
                : check(
                    signer,
                    parsed.signature,
                    parsed.kind,
                    'invalid',
                    recovered
                      ? `Not signed by ${signer}: this ${how} of the ${what} recovers to ${recovered}.`
                      : `Not signed by ${signer}: no signer can be recovered from this ${how}.`,
                  );
          }),
        );
        break;
      case 'approvedHash': {
        const owner = parsed.owner;
        const listedWithout = parsed.listedWithout ? 'No signature is listed. ' : '';
        if (signed.subject === 'message') {
          out[index] = check(signer, parsed.signature, 'approvedHash', 'invalid', 'Approved-hash confirmations (v = 1) do not exist for messages; it does not count.');
          break;
        }
        const executes = `it counts only if ${owner} executes the transaction.`;
        if (!chain) {
          out[index] = check(signer, parsed.signature, 'approvedHash', 'unverifiable', `${listedWithout}Could not be checked: there is no chain connection to read approvedHashes; ${executes}`);
          break;
        }
        if (!isOwner(owner)) {
          out[index] = check(signer, parsed.signature, 'approvedHash', 'unverifiable', `${listedWithout}Not read on chain:${notOwner}`);
          break;
        }
        let read = approvedReads.get(owner);
        if (!read) {
          const started = deferred<ChainVerdict>();
          read = started.promise;
          approvedReads.set(owner, read);
          reads.push(() => readApproved(chain, safe.address, owner, signed.hash, blockTag).then(started.resolve));
        }
        pending.push(
          read.then((verdict) => {
            out[index] =
              verdict.status === 'valid'
                ? check(signer, parsed.signature, 'approvedHash', 'valid', `${listedWithout}Approved on chain (approvedHashes): ${owner} called approveHash for this transaction.`)
                : verdict.status === 'invalid'
                  ? check(signer, parsed.signature, 'approvedHash', 'invalid', `${listedWithout}Not approved on chain: ${owner} has not called approveHash for this transaction; ${executes}`)
                  : check(signer, parsed.signature, 'approvedHash', 'unverifiable', `${listedWithout}Could not be checked: the RPC did not answer; ${executes}`);
          }),
        );
        break;
      }
      case 'contract': {
        const owner = parsed.owner;
        const request = signed.eip1271;
        if (!chain) {
          out[index] = check(signer, parsed.signature, 'contract', 'unverifiable', `Could not be checked: there is no chain connection to ask the owner contract ${owner} (EIP-1271).`);
          break;
        }
        if (!request) {
          out[index] = check(signer, parsed.signature, 'contract', 'unverifiable', `Could not be checked: the ${what}'s signed data is not known here, so the owner contract ${owner} cannot be asked (EIP-1271).`);
          break;
        }
        if (!isOwner(owner)) {
          out[index] = check(signer, parsed.signature, 'contract', 'unverifiable', `Not asked on chain:${notOwner}`);
          break;
        }
        const key = `${owner}:${parsed.data}`;
        let read = contractReads.get(key);
        if (!read) {
          const used = contractBudget.get(owner) ?? 0;
          if (used >= MAX_CONTRACT_CHECKS_PER_OWNER) {
            out[index] = check(signer, parsed.signature, 'contract', 'unverifiable', `Not checked: the list holds more than ${MAX_CONTRACT_CHECKS_PER_OWNER} contract signatures of ${owner}.`);
            break;
          }
          contractBudget.set(owner, used + 1);
          const started = deferred<ChainVerdict>();
          read = started.promise;
          contractReads.set(key, read);
          reads.push(() => askOwnerContract(chain, safe.address, owner, signed.hash, request, parsed.data, blockTag).then(started.resolve));
        }
        pending.push(
          read.then((verdict) => {
            out[index] = check(signer, parsed.signature, 'contract', verdict.status, contractDetail(owner, verdict));
          }),
        );
        break;
      }
    }
  }
  await runBounded(reads, CHAIN_READ_CONCURRENCY);
  await Promise.all(pending);
  return out.map((c, index) => c ?? check(args.confirmations[index]!.signer, '0x', 'malformed', 'unverifiable', 'Not checked.'));
}

function contractDetail(owner: Address, verdict: ChainVerdict): string {
  if (verdict.status === 'valid') return `The owner contract ${owner} accepts this signature (EIP-1271).`;
  if (verdict.status === 'unverifiable') return `Could not be checked: the RPC did not answer when asking the owner contract ${owner} (EIP-1271).`;
  if (verdict.why === 'noCode') return `Not accepted: ${owner} has no contract code that answers isValidSignature (EIP-1271).`;
  if (verdict.why === 'otherValue') return `Not accepted: the owner contract ${owner} answered ${verdict.value ?? 'another value'}, not the EIP-1271 magic value.`;
  return `Not accepted: the owner contract ${owner} rejects this signature (EIP-1271).`;
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The verdict on every confirmation the gateway lists for a SafeTx (`safeTxHash` computed locally). */
export async function verifyConfirmations(
  args: VerifyArgs & {
    safeTxHash: Hex;
    /** The SafeTx itself: needed for contract signatures on Safes before 1.5.0 (their EIP-1271 pre-image). */
    tx?: SafeTx;
  },
): Promise<ConfirmationCheck[]> {
  return verifySafeHashConfirmations({ ...args, signed: signedSafeTxHash(args.safe, args.safeTxHash, args.tx) });
}

/** The verdict on every confirmation the gateway lists for a SafeMessage (`safeMessageHash` computed locally). */
export async function verifyMessageConfirmations(
  args: VerifyArgs & {
    safeMessageHash: Hex;
    /** The SafeMessage's `message` bytes (the inner hash): needed for contract signatures on Safes before 1.5.0. */
    message?: Hex;
  },
): Promise<ConfirmationCheck[]> {
  return verifySafeHashConfirmations({ ...args, signed: signedSafeMessageHash(args.safe, args.safeMessageHash, args.message) });
}

/**
 * What counts toward the threshold and goes into `execTransaction`: valid confirmations of current owners,
 * the first valid one per owner, in the order listed.
 */
export function countedConfirmations(checks: readonly ConfirmationCheck[], owners: readonly Address[]): ConfirmationCheck[] {
  const current = new Set(owners.map((o) => o.toLowerCase()));
  const seen = new Set<string>();
  const out: ConfirmationCheck[] = [];
  for (const c of checks) {
    const key = c.signer.toLowerCase();
    if (c.status !== 'valid' || c.kind === 'malformed' || !current.has(key) || seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

/** A verified confirmation in the form `buildSignatureBytes` takes (a contract signature: its data part, v 0). */
export function ownerSignatureOf(c: ConfirmationCheck): OwnerSignature {
  const signer = getAddress(c.signer);
  if (c.kind !== 'contract') return { signer, data: c.signature };
  const data = contractSignatureData(c.signature);
  if (data === null) throw new Error(`Malformed contract signature of ${signer}`);
  return { signer, data, isContractSignature: true };
}
