/**
 * Attestation of an export (format version 2): the exporting owner's EIP-191 signature (personal_sign) over a fixed,
 * human-readable text that names the format, the stream, the Safe, the chain, the record count, the head hash and
 * (when the app could read it) the chain's block at signing time. A wallet shows the text as it is, so the signer
 * sees what they vouch for.
 *
 * The attestation is the export's last line, after the footer: `{"attestation":{…}}` in canonical JSON. It holds
 * the subject's fields, the signer, the exact text and the signature. The verifier rebuilds the text from the
 * export's own header and footer, so an attestation copied onto another file, or onto this file cut short or
 * rewritten and re-chained (another head hash or count), no longer covers it.
 */
import { getAddress, isAddress, recoverMessageAddress, toHex, type Address, type Hex } from 'viem';
import { streamSafe } from './anchors.ts';
import type { LogRecord } from './types.ts';

/** The export format's name (ndjson.ts EXPORT_FORMAT; repeated here so this module stands alone). */
const EXPORT_FORMAT = 'countersign-eventlog';

export interface AttestationSubject {
  streamId: string;
  /** The Safe the stream works on (its record 1's input), or null for a stream that names none. */
  safe: Address | null;
  /** The Safe's chain (decimal), or null. */
  chainId: string | null;
  recordCount: number;
  headHash: string;
  /** The chain's latest block when signed (decimal), or null when the app could not read it. */
  block: string | null;
}

export interface Attestation extends AttestationSubject {
  signer: Address;
  /** Exactly what was signed (attestationText of the subject). */
  text: string;
  signature: Hex;
}

/** The text the wallet shows and signs. Changing it makes earlier attestations unverifiable: add a version instead. */
export function attestationText(subject: AttestationSubject): string {
  return [
    'Countersign: I attest this event log export.',
    '',
    `Format: ${EXPORT_FORMAT} version 2`,
    `Stream: ${subject.streamId}`,
    `Safe: ${subject.safe ?? 'none'}`,
    `Chain ID: ${subject.chainId ?? 'none'}`,
    `Records: ${subject.recordCount}`,
    `Head hash: ${subject.headHash}`,
    `Block: ${subject.block ?? 'not read'}`,
    '',
    'Signing costs nothing and sends no transaction.',
  ].join('\n');
}

export type AttestationCheck =
  | { status: 'none' }
  /** The signature recovers to `signer` over the text the export's own header and footer give. */
  | { status: 'valid'; attestation: Attestation }
  /** Present but it does not cover this file, or its signature does not recover to its signer. */
  | { status: 'invalid'; attestation: Attestation | null; reason: string };

const text = (value: unknown): value is string => typeof value === 'string';

/** Reads the attestation line's object (shape only). */
export function parseAttestation(value: unknown): Attestation | string {
  if (typeof value !== 'object' || value === null || !('attestation' in value)) return 'not an attestation line';
  if (Object.keys(value).length !== 1) return 'the attestation line has other fields';
  const a = (value as { attestation: Record<string, unknown> }).attestation;
  if (typeof a !== 'object' || a === null) return 'the attestation is not an object';
  const keys = ['block', 'chainId', 'headHash', 'recordCount', 'safe', 'signature', 'signer', 'streamId', 'text'];
  const extra = Object.keys(a).filter((k) => !keys.includes(k));
  if (extra.length) return `the attestation has unknown fields: ${extra.join(', ')}`;
  if (!text(a['streamId']) || !text(a['headHash']) || !text(a['text']) || typeof a['recordCount'] !== 'number') return 'the attestation lacks its stream, count, head hash or text';
  if (!text(a['signer']) || !isAddress(a['signer'])) return 'the attestation names no signer address';
  if (!text(a['signature']) || !/^0x[0-9a-fA-F]{130}$/.test(a['signature'])) return 'the attestation signature is not 65 bytes';
  if (a['safe'] !== null && !(text(a['safe']) && isAddress(a['safe']))) return 'the attestation names no Safe address';
  if (a['chainId'] !== null && !(text(a['chainId']) && /^\d+$/.test(a['chainId']))) return 'the attestation chain id is not a number';
  if (a['block'] !== null && !(text(a['block']) && /^\d+$/.test(a['block']))) return 'the attestation block is not a number';
  return {
    streamId: a['streamId'],
    safe: a['safe'] === null ? null : getAddress(a['safe'] as string),
    chainId: a['chainId'] as string | null,
    recordCount: a['recordCount'],
    headHash: a['headHash'],
    block: a['block'] as string | null,
    signer: getAddress(a['signer']),
    text: a['text'],
    signature: a['signature'] as Hex,
  };
}

/**
 * Checks an attestation against what the export itself says: stream, count and head hash from the verified header
 * and footer; Safe and chain from the stream's record 1. The signature must recover to the signer it names.
 */
export async function checkAttestation(
  value: unknown,
  exported: { streamId: string; recordCount: number; headHash: string; safe: Address | null; chainId: string | null },
): Promise<AttestationCheck> {
  const parsed = parseAttestation(value);
  if (typeof parsed === 'string') return { status: 'invalid', attestation: null, reason: parsed };
  const a = parsed;
  if (a.streamId !== exported.streamId) return { status: 'invalid', attestation: a, reason: `it attests stream ${a.streamId}, not this file's ${exported.streamId}` };
  if (a.headHash !== exported.headHash || a.recordCount !== exported.recordCount) {
    return {
      status: 'invalid',
      attestation: a,
      reason: `it attests ${a.recordCount} records ending in ${a.headHash.slice(0, 12)}…, the file has ${exported.recordCount} ending in ${exported.headHash.slice(0, 12)}… (records were cut, added or rewritten after signing)`,
    };
  }
  if (a.safe?.toLowerCase() !== exported.safe?.toLowerCase() || a.chainId !== exported.chainId) {
    return { status: 'invalid', attestation: a, reason: `it attests Safe ${a.safe ?? 'none'} on chain ${a.chainId ?? 'none'}, the stream works on ${exported.safe ?? 'none'} on chain ${exported.chainId ?? 'none'}` };
  }
  const expected = attestationText(a);
  if (a.text !== expected) return { status: 'invalid', attestation: a, reason: 'its text is not the text this format signs' };
  let recovered: Address;
  try {
    recovered = await recoverMessageAddress({ message: expected, signature: a.signature });
  } catch {
    return { status: 'invalid', attestation: a, reason: 'no signer can be recovered from its signature' };
  }
  if (recovered !== a.signer) return { status: 'invalid', attestation: a, reason: `its signature is by ${recovered}, not by ${a.signer}` };
  return { status: 'valid', attestation: a };
}

/** What an export of `records` attests: its stream, Safe and chain (record 1's input), count and head hash. */
export function attestationSubjectOf(records: readonly LogRecord[], block: bigint | null): AttestationSubject {
  const last = records.at(-1);
  if (!last) throw new Error('Nothing to export: the stream is empty');
  const safe = streamSafe(records);
  return { streamId: last.streamId, safe: safe?.address ?? null, chainId: safe?.chainId ?? null, recordCount: records.length, headHash: last.hash, block: block === null ? null : block.toString() };
}

export interface Eip1193Signer {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
}

/** A wallet refusal or failure, with the sentence the /audit screen shows. */
export class AttestationError extends Error {
  constructor(
    message: string,
    readonly kind: 'rejected' | 'noWallet' | 'wallet',
  ) {
    super(message);
    this.name = 'AttestationError';
  }
}

const PLAIN_STILL_WORKS = 'You can still use Export NDJSON, which needs no signature.';

/**
 * Asks the wallet for a personal_sign of the subject's text by `account`; the signature must recover to it.
 * Rejects with an AttestationError whose message says what happened and what to do next.
 */
export async function signAttestation(provider: Eip1193Signer | null, account: string | null, subject: AttestationSubject): Promise<Attestation> {
  if (!provider || !account || !isAddress(account)) throw new AttestationError(`Connect a wallet to sign the export. ${PLAIN_STILL_WORKS}`, 'noWallet');
  const signer = getAddress(account);
  const message = attestationText(subject);
  let signature: unknown;
  try {
    signature = await provider.request({ method: 'personal_sign', params: [toHex(message), signer] });
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const text = error instanceof Error ? error.message : String((error as { message?: unknown } | null)?.message ?? error);
    if (code === 4001 || /reject|denied|cancel/i.test(text)) throw new AttestationError(`You declined to sign in your wallet, so no signed export was made. ${PLAIN_STILL_WORKS}`, 'rejected');
    throw new AttestationError(`Your wallet could not sign the export (${text}). Try again, or use Export NDJSON, which needs no signature.`, 'wallet');
  }
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(signature)) throw new AttestationError(`Your wallet returned an invalid signature. ${PLAIN_STILL_WORKS}`, 'wallet');
  const recovered = await recoverMessageAddress({ message, signature: signature as Hex });
  if (recovered !== signer) throw new AttestationError(`The signature is from ${recovered}, not from the connected account ${signer}. Try again, or use Export NDJSON.`, 'wallet');
  return { ...subject, signer, text: message, signature: signature as Hex };
}

/** The export of `records` with the connected wallet's attestation line (what /audit's signed export saves). */
export async function exportSigned(
  records: readonly LogRecord[],
  attester: { account(): string | null; provider(): Eip1193Signer | null; blockNumber?(chainId: string): Promise<bigint> } | null,
  options: { app: { name: string; version: string }; exportedAt: string },
): Promise<string> {
  if (!attester) throw new AttestationError('Signed exports are not available here. You can still use Export NDJSON.', 'noWallet');
  const { exportNdjson, withAttestation } = await import('./ndjson.ts');
  const text = await exportNdjson(records, options);
  const chainId = attestationSubjectOf(records, null).chainId;
  const block = chainId && attester.blockNumber ? await attester.blockNumber(chainId).catch(() => null) : null;
  return withAttestation(text, await signAttestation(attester.provider(), attester.account(), attestationSubjectOf(records, block)));
}
