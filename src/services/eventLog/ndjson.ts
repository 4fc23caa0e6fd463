/**
 * Audit export and verification. An export is NDJSON in canonical JSON, one object per line:
 *   line 1       header: format, formatVersion (2; 1 before attestations), app version, stream,
 *                machine {id, version, schemaVersion, diagram}, count, head hash
 *   lines 2..n   the stream's records, in seq order
 *   then         footer: final seq, final stateAfter, head hash
 *   last line    (version 2, optional) attestation: the exporting owner's EIP-191 signature over the head (attestation.ts)
 *
 * What verification proves, and what it does not (security review F3): header, footer and records carry unkeyed
 * SHA-256 hashes, so a changed byte that was NOT re-sealed is found, at its line and seq. Anyone can re-seal: cut
 * the tail or rewrite a record and recompute the chain, and the file is again internally consistent. So the report
 * says three things separately:
 *   1. internally consistent: the chain is intact and the replay reaches every recorded state;
 *   2. attested by 0x… (a signature over stream, Safe, chain, count and head hash; with a witness, whether the
 *      signer was an owner at the block it names), or "not attested: anyone could have written or cut this file";
 *   3. anchored facts (anchors.ts): safeTxHashes / SafeMessage hashes recomputed from the recorded fields, and the
 *      recorded signatures recovered, checked offline; with a witness, executions and owners checked against the chain.
 */
import * as v from 'valibot';
import { asRecordedBy, replaysVersion } from '../../machines/machineVersion.ts';
import { findMachine, versionOf, type RegisteredMachine } from '../../machines/registry.ts';
import { canonicalJson, findSecretField } from './canonical.ts';
import { objectHash, recordHash } from './hash.ts';
import { replayRecords, sameState } from './replay.ts';
import { findAnchors, streamSafe, type Anchor, type AnchorReport } from './anchors.ts';
import { checkAttestation, type Attestation, type AttestationCheck } from './attestation.ts';
import type { Witness } from './witness.ts';
import { GENESIS_HASH, type JsonObject, type JsonValue, type LogRecord, type StateAfter } from './types.ts';

export const EXPORT_FORMAT = 'countersign-eventlog';

/** The format written today: 2 may end with an attestation line; 1 (before attestations) still verifies. */
export const EXPORT_FORMAT_VERSION = 2;

export interface ExportHeader {
  format: typeof EXPORT_FORMAT;
  formatVersion: 1 | 2;
  app: { name: string; version: string };
  streamId: string;
  machine: { id: string; version: string; schemaVersion: number; diagram: string };
  recordCount: number;
  headHash: string;
  exportedAt: string;
  hash: string;
}

export interface ExportFooter {
  final: true;
  streamId: string;
  seq: number;
  stateAfter: StateAfter;
  headHash: string;
  hash: string;
}

export interface ExportOptions {
  app: { name: string; version: string };
  exportedAt: string;
}

export async function exportNdjson(records: readonly LogRecord[], options: ExportOptions): Promise<string> {
  const first = records[0];
  const last = records.at(-1);
  if (!first || !last) throw new Error('Nothing to export: the stream is empty');
  const headerBody = {
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_FORMAT_VERSION,
    app: options.app,
    streamId: first.streamId,
    machine: { id: first.machineId, version: last.machineVersion, schemaVersion: last.schemaVersion, diagram: `docs/machines/${first.machineId}.md` },
    recordCount: records.length,
    headHash: last.hash,
    exportedAt: options.exportedAt,
  };
  const header = { ...headerBody, hash: await objectHash(headerBody as unknown as JsonObject) };
  const footerBody = { final: true, streamId: first.streamId, seq: last.seq, stateAfter: last.stateAfter, headHash: last.hash };
  const footer = { ...footerBody, hash: await objectHash(footerBody as unknown as JsonObject) };
  const lines = [header, ...records, footer].map((line) => canonicalJson(line as unknown as JsonValue));
  return `${lines.join('\n')}\n`;
}

/** Appends an attestation line to a version-2 export (its text and signature made by attestation.ts). */
export function withAttestation(exported: string, attestation: Attestation): string {
  return `${exported}${canonicalJson({ attestation } as unknown as JsonValue)}\n`;
}

export type ProblemKind = 'format' | 'header' | 'hash' | 'chain' | 'secret' | 'version' | 'replay' | 'footer';

export interface VerifyProblem {
  kind: ProblemKind;
  /** 1-based line of the file. */
  line: number;
  seq: number | null;
  message: string;
}

export interface VerifyReport {
  ok: boolean;
  streamId: string | null;
  machineId: string | null;
  recordCount: number;
  headHash: string | null;
  finalState: StateAfter | null;
  problem: VerifyProblem | null;
  /** Internal consistency in one line a person can read: "OK: …" or "FAIL line L (seq S): …". */
  summary: string;
  attestation: AttestationReport;
  anchors: AnchorsReport;
  /** What was proven, in three lines: internal consistency (= summary), attestation, anchored facts. */
  lines: [string, string, string];
}

export interface AttestationReport {
  /** none: the file carries no attestation (every version-1 file); invalid: it does not cover this file. */
  status: 'none' | 'valid' | 'invalid' | 'notChecked';
  signer: string | null;
  reason: string | null;
  /** Whether the signer is among the owners the log itself records for the Safe (record 1's input); null: no Safe. */
  listedOwner: boolean | null;
  /** Whether the signer was an owner of the Safe at `block` (needs a witness and a Safe). */
  owner: 'yes' | 'no' | 'notChecked';
  /** The block the owner check used (decimal), and whether the attestation named it or `latest` was used. */
  block: string | null;
  blockSource: 'attested' | 'latest' | null;
}

export interface AnchorsReport {
  /** Facts checked offline: each recorded hash (fields → hash) and each recorded signature (→ signer). */
  checked: number;
  /** Those that did not hold. */
  failed: number;
  /** Facts checked against the witness chain (signers' ownership, executions). */
  againstChain: number;
  /** Of those, how many the chain contradicted. */
  chainFailed: number;
  details: AnchorDetail[];
}

export interface AnchorDetail {
  kind: Anchor['kind'];
  hash: string;
  seq: number;
  fieldsMatch: boolean;
  problem: string | null;
  signers: { signer: string; verdict: 'recovered' | 'mismatch' | 'notCheckable'; recovered: string | null; owner: 'yes' | 'no' | 'notChecked' }[];
  executions: { txHash: string; recorded: 'SUCCESS' | 'FAILED' | null; chain: 'SUCCESS' | 'FAILED' | 'absent' | 'unknownTx' | 'notChecked'; block: string | null }[];
}

export interface VerifyOptions {
  /** The chain to check owners and executions against, or a lookup by the stream's chain id (null: none for it). */
  witness?: Witness | ((chainId: string) => Promise<Witness | null>) | null;
}

const notCheckedAttestation = (): AttestationReport => ({ status: 'notChecked', signer: null, reason: null, listedOwner: null, owner: 'notChecked', block: null, blockSource: null });
const noAnchors = (): AnchorsReport => ({ checked: 0, failed: 0, againstChain: 0, chainFailed: 0, details: [] });
const short = (hash: string) => `${hash.slice(0, 10)}…`;

const Json = v.custom<JsonValue>(() => true);
const StateAfterSchema = v.strictObject({ value: Json, status: v.string(), digest: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/)) });
const Hex64 = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));
const RecordSchema = v.strictObject({
  streamId: v.string(),
  seq: v.pipe(v.number(), v.integer(), v.minValue(1)),
  eventId: v.string(),
  type: v.pipe(v.string(), v.minLength(1)),
  payload: v.record(v.string(), Json),
  origin: v.picklist(['user', 'bridge', 'effect', 'timer', 'system']),
  sourceActorId: v.nullable(v.string()),
  machineId: v.string(),
  machineVersion: Hex64,
  schemaVersion: v.pipe(v.number(), v.integer()),
  recordedAt: v.string(),
  correlationId: v.nullable(v.string()),
  stateAfter: StateAfterSchema,
  prevHash: Hex64,
  hash: Hex64,
});
const HeaderSchema = v.strictObject({
  format: v.literal(EXPORT_FORMAT),
  formatVersion: v.picklist([1, 2]),
  app: v.strictObject({ name: v.string(), version: v.string() }),
  streamId: v.string(),
  machine: v.strictObject({ id: v.string(), version: Hex64, schemaVersion: v.number(), diagram: v.string() }),
  recordCount: v.pipe(v.number(), v.integer(), v.minValue(1)),
  headHash: Hex64,
  exportedAt: v.string(),
  hash: Hex64,
});
const FooterSchema = v.strictObject({ final: v.literal(true), streamId: v.string(), seq: v.number(), stateAfter: StateAfterSchema, headHash: Hex64, hash: Hex64 });

function issuePath(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  const path = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
  return `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid'}`;
}

export async function verifyNdjson(text: string, machines?: readonly RegisteredMachine[], options: VerifyOptions = {}): Promise<VerifyReport> {
  const report: VerifyReport = {
    ok: false,
    streamId: null,
    machineId: null,
    recordCount: 0,
    headHash: null,
    finalState: null,
    problem: null,
    summary: '',
    attestation: notCheckedAttestation(),
    anchors: noAnchors(),
    lines: ['', '', ''],
  };
  const fail = (kind: ProblemKind, line: number, seq: number | null, message: string): VerifyReport => {
    report.problem = { kind, line, seq, message };
    report.summary = `FAIL line ${line}${seq !== null ? ` (seq ${seq})` : ''}: ${kind === 'hash' ? 'hash mismatch: ' : kind === 'chain' ? 'chain broken: ' : ''}${message}`;
    report.lines = [report.summary, 'Attestation: not checked, the file is not internally consistent.', 'Anchored facts: not checked, the file is not internally consistent.'];
    return report;
  };
  if (!text.endsWith('\n')) return fail('format', Math.max(1, text.split('\n').length), null, 'the file must end with a newline');
  const lines = text.slice(0, -1).split('\n');
  if (lines.length < 3) return fail('format', lines.length, null, 'an export has a header, at least one record and a footer');
  // Version 2: an attestation line may follow the footer. It is split off here and checked once the rest holds.
  let attestationLine: { line: number; text: string } | null = null;
  if (lines.length >= 4 && /^\{"attestation":/.test(lines.at(-1)!) && /"formatVersion":2[,}]/.test(lines[0]!)) {
    attestationLine = { line: lines.length, text: lines.pop()! };
  }

  const parsed: unknown[] = [];
  for (const [index, line] of lines.entries()) {
    const seqHint = /"seq":(\d+)/.exec(line);
    const seq = index === 0 || index === lines.length - 1 || !seqHint ? null : Number(seqHint[1]);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return fail('format', index + 1, seq, 'not valid JSON');
    }
    parsed.push(value);
  }

  // Header
  const header = v.safeParse(HeaderSchema, parsed[0]);
  if (!header.success) return fail('header', 1, null, `not an event log export header (${issuePath(header.issues)})`);
  if ((await objectHash(header.output as unknown as JsonObject)) !== header.output.hash) return fail('header', 1, null, 'header hash mismatch: the header was changed');
  report.streamId = header.output.streamId;
  report.machineId = header.output.machine.id;

  // Records: shape, own hash, chain
  const records: LogRecord[] = [];
  let prevHash = GENESIS_HASH;
  for (let index = 1; index < lines.length - 1; index++) {
    const lineNo = index + 1;
    const raw = parsed[index] as { seq?: unknown } | null;
    const seqGuess = typeof raw?.seq === 'number' ? raw.seq : null;
    const record = v.safeParse(RecordSchema, raw);
    if (!record.success) return fail('format', lineNo, seqGuess, `not a valid record (${issuePath(record.issues)})`);
    const r = record.output as LogRecord;
    if ((await recordHash(r)) !== r.hash) return fail('hash', lineNo, r.seq, 'the record does not match its hash (its content was changed)');
    if (r.streamId !== header.output.streamId) return fail('chain', lineNo, r.seq, `record belongs to stream ${r.streamId}, not ${header.output.streamId}`);
    if (r.seq !== records.length + 1) return fail('chain', lineNo, r.seq, `expected seq ${records.length + 1} (records missing or reordered)`);
    if (r.prevHash !== prevHash) return fail('chain', lineNo, r.seq, 'prevHash does not match the previous record’s hash');
    if (canonicalJson(r as unknown as JsonValue) !== lines[index]) return fail('format', lineNo, r.seq, 'the line is not in canonical form (bytes were changed)');
    const secret = findSecretField(r as unknown as JsonValue);
    if (secret) return fail('secret', lineNo, r.seq, `the record holds a secret field ${secret}`);
    records.push(r);
    prevHash = r.hash;
  }
  if (canonicalJson(parsed[0] as JsonValue) !== lines[0]) return fail('format', 1, null, 'the header is not in canonical form (bytes were changed)');
  const last = records.at(-1)!;
  report.recordCount = records.length;
  report.headHash = last.hash;

  // Footer
  const footerLine = lines.length;
  const footer = v.safeParse(FooterSchema, parsed[lines.length - 1]);
  if (!footer.success) return fail('footer', footerLine, null, `not a valid footer (${issuePath(footer.issues)})`);
  if ((await objectHash(footer.output as unknown as JsonObject)) !== footer.output.hash) return fail('footer', footerLine, null, 'footer hash mismatch: the footer was changed');
  if (canonicalJson(parsed[lines.length - 1] as JsonValue) !== lines[lines.length - 1]) return fail('footer', footerLine, null, 'the footer is not in canonical form (bytes were changed)');
  if (footer.output.headHash !== last.hash || footer.output.seq !== last.seq || footer.output.streamId !== header.output.streamId) {
    return fail('footer', footerLine, last.seq, 'the footer does not close the chain (records missing at the end?)');
  }
  if (header.output.headHash !== last.hash || header.output.recordCount !== records.length) {
    return fail('header', 1, null, `the header announces ${header.output.recordCount} records ending in ${header.output.headHash.slice(0, 12)}…, the file has ${records.length} ending in ${last.hash.slice(0, 12)}…`);
  }
  if (!sameState(footer.output.stateAfter, last.stateAfter)) return fail('footer', footerLine, last.seq, 'the footer’s final state differs from the last record’s');

  // Replay against the machine at the recorded version
  const entry = machines ? machines.find((m) => m.id === header.output.machine.id) : findMachine(header.output.machine.id);
  if (!entry) return fail('version', 1, null, `unknown machine ${header.output.machine.id}: this build cannot replay it`);
  const { machineVersion } = await versionOf(entry);
  const foreign = records.find((r) => !replaysVersion(entry, machineVersion, r.machineVersion) || r.machineId !== entry.id);
  if (foreign) {
    return fail('version', records.indexOf(foreign) + 2, foreign.seq, `recorded by ${foreign.machineId} version ${foreign.machineVersion.slice(0, 12)}…; this build has ${machineVersion.slice(0, 12)}…, so the chain is intact but replay needs that version`);
  }
  let replay;
  try {
    replay = await replayRecords(entry.machine, records, undefined, asRecordedBy(entry));
  } catch (error) {
    return fail('replay', 2, 1, error instanceof Error ? error.message : String(error));
  }
  if (replay.mismatch) return fail('replay', replay.mismatch.seq + 1, replay.mismatch.seq, replay.mismatch.message);

  report.finalState = last.stateAfter;
  report.summary = `OK: stream ${header.output.streamId}, ${records.length} records (seq 1–${last.seq}), hash chain intact, replay reaches ${JSON.stringify(last.stateAfter.value)} (head ${last.hash.slice(0, 16)}…): internally consistent`;

  // Attestation (who vouches for this head) and anchors (facts bound by signatures outside the chain).
  const safe = streamSafe(records);
  let attestation: AttestationCheck = { status: 'none' };
  if (attestationLine) {
    let value: unknown;
    try {
      value = JSON.parse(attestationLine.text);
    } catch {
      return fail('format', attestationLine.line, null, 'the attestation line is not valid JSON');
    }
    if (canonicalJson(value as JsonValue) !== attestationLine.text) return fail('format', attestationLine.line, null, 'the attestation line is not in canonical form (bytes were changed)');
    attestation = await checkAttestation(value, { streamId: header.output.streamId, recordCount: records.length, headHash: last.hash, safe: safe?.address ?? null, chainId: safe?.chainId ?? null });
  }
  const anchors = await findAnchors(records);
  const witness = safe ? await resolveWitness(options.witness, safe.chainId) : { witness: null, note: options.witness ? 'the stream names no Safe' : null };
  report.attestation = await attestationReport(attestation, safe, witness.witness);
  report.anchors = await anchorsReport(anchors, witness.witness);
  report.ok = report.attestation.status !== 'invalid' && report.attestation.owner !== 'no' && report.anchors.failed === 0 && report.anchors.chainFailed === 0;
  report.lines = [report.summary, attestationLineText(report.attestation, safe !== null, witness), anchorsLineText(report.anchors, anchors, witness)];
  return report;
}

type ResolvedWitness = { witness: Witness | null; note: string | null };

async function resolveWitness(given: VerifyOptions['witness'], chainId: string): Promise<ResolvedWitness> {
  if (!given) return { witness: null, note: null };
  try {
    const witness = typeof given === 'function' ? await given(chainId) : given;
    if (!witness) return { witness: null, note: `no chain client for chain ${chainId}` };
    const actual = await witness.chainId();
    if (String(actual) !== chainId) return { witness: null, note: `${witness.label} is chain ${actual}, the stream's Safe is on chain ${chainId}` };
    return { witness, note: null };
  } catch (error) {
    return { witness: null, note: `the chain could not be read (${error instanceof Error ? error.message.split('\n')[0] : String(error)})` };
  }
}

async function attestationReport(check: AttestationCheck, safe: AnchorReport['safe'], witness: Witness | null): Promise<AttestationReport> {
  if (check.status === 'none') return { ...notCheckedAttestation(), status: 'none' };
  if (check.status === 'invalid') return { ...notCheckedAttestation(), status: 'invalid', signer: check.attestation?.signer ?? null, reason: check.reason };
  const a = check.attestation;
  const listedOwner = safe ? safe.owners.some((o) => o.toLowerCase() === a.signer.toLowerCase()) : null;
  const report: AttestationReport = { status: 'valid', signer: a.signer, reason: null, listedOwner, owner: 'notChecked', block: a.block, blockSource: a.block ? 'attested' : null };
  if (!witness || !safe) return report;
  try {
    const block = a.block ? BigInt(a.block) : await witness.latestBlock();
    report.block = block.toString();
    report.blockSource = a.block ? 'attested' : 'latest';
    report.owner = (await witness.isOwner(safe.address, a.signer, block)) ? 'yes' : 'no';
  } catch (error) {
    report.reason = `owner check failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
  return report;
}

async function anchorsReport(found: AnchorReport, witness: Witness | null): Promise<AnchorsReport> {
  const report = noAnchors();
  const safe = found.safe;
  let latest: bigint | null = null;
  if (witness && safe) latest = await witness.latestBlock().catch(() => null);
  for (const anchor of found.anchors) {
    report.checked += 1;
    if (!anchor.fieldsMatch) report.failed += 1;
    const detail: AnchorDetail = { kind: anchor.kind, hash: anchor.hash, seq: anchor.seq, fieldsMatch: anchor.fieldsMatch, problem: anchor.problem, signers: [], executions: [] };
    for (const sig of anchor.signatures) {
      if (sig.verdict !== 'notCheckable') report.checked += 1;
      if (sig.verdict === 'mismatch') report.failed += 1;
      let owner: 'yes' | 'no' | 'notChecked' = 'notChecked';
      if (witness && safe && latest !== null && sig.verdict === 'recovered') {
        owner = (await witness.isOwner(safe.address, sig.signer, latest).catch(() => null)) === true ? 'yes' : 'no';
        report.againstChain += 1;
        if (owner === 'no') report.chainFailed += 1;
      }
      detail.signers.push({ signer: sig.signer, verdict: sig.verdict, recovered: sig.recovered, owner });
    }
    for (const execution of anchor.executions) {
      let chain: AnchorDetail['executions'][number]['chain'] = 'notChecked';
      let block: string | null = null;
      if (witness && safe) {
        const seen = await witness.execution(safe.address, execution.txHash, anchor.hash).catch(() => null);
        chain = seen ? seen.outcome : 'unknownTx';
        block = seen ? seen.block.toString() : null;
        report.againstChain += 1;
        const agrees = seen !== null && seen.outcome !== 'absent' && (execution.status === null || execution.status === seen.outcome);
        if (!agrees) report.chainFailed += 1;
      }
      detail.executions.push({ txHash: execution.txHash, recorded: execution.status, chain, block });
    }
    report.details.push(detail);
  }
  for (const stray of found.strays) {
    report.checked += 1;
    report.failed += 1;
    report.details.push({
      kind: 'safeTx',
      hash: '',
      seq: stray.seq,
      fieldsMatch: false,
      problem: `the signature of ${stray.signer} at seq ${stray.seq} signs none of the recorded hashes`,
      signers: [{ signer: stray.signer, verdict: 'mismatch', recovered: stray.recovered, owner: 'notChecked' }],
      executions: [],
    });
  }
  return report;
}

function attestationLineText(a: AttestationReport, hasSafe: boolean, witness: ResolvedWitness): string {
  if (a.status === 'none' || a.status === 'notChecked') return 'Not attested: anyone could have written or cut this file.';
  if (a.status === 'invalid') return `FAIL attestation${a.signer ? ` by ${a.signer}` : ''}: it does not cover this file: ${a.reason ?? 'unknown reason'}.`;
  let owner: string;
  if (!hasSafe) owner = 'owner: not applicable, the stream names no Safe';
  else if (a.owner === 'notChecked') owner = `owner${a.block ? ` at block ${a.block}` : ''}: not checked, ${a.reason ?? witness.note ?? 'no chain was given to check it against'}`;
  else owner = `owner at block ${a.block}${a.blockSource === 'latest' ? ' (latest: the attestation names no block)' : ''}: ${a.owner}`;
  const listed = a.listedOwner === false ? ', not among the owners this log records,' : '';
  return `${a.owner === 'no' ? 'FAIL: attested by a non-owner' : 'Attested by'} ${a.signer}${listed} (${owner}).`;
}

function anchorsLineText(report: AnchorsReport, found: AnchorReport, witness: ResolvedWitness): string {
  if (report.checked === 0) return found.safe ? 'Anchored facts: none, this stream recorded no transaction or message hash.' : 'Anchored facts: none, this stream is not a signing flow.';
  const failures: string[] = [];
  for (const d of report.details) {
    if (!d.fieldsMatch && d.hash) failures.push(`the recorded fields (seq ${d.seq}) do not hash to ${d.kind === 'safeTx' ? 'safeTxHash' : 'safeMessageHash'} ${short(d.hash)}${d.problem ? ` (${d.problem})` : ''}`);
    if (!d.hash && d.problem) failures.push(d.problem);
    for (const s of d.signers) {
      if (d.hash && s.verdict === 'mismatch') failures.push(`the signature of ${s.signer} recovers to ${s.recovered ?? 'no address'}`);
      if (s.owner === 'no') failures.push(`signer ${s.signer} is not an owner now`);
    }
    for (const e of d.executions) {
      if (e.chain === 'unknownTx') failures.push(`execution ${short(e.txHash)} is unknown to the chain`);
      else if (e.chain === 'absent') failures.push(`execution ${short(e.txHash)} did not execute ${short(d.hash)}`);
      else if (e.chain !== 'notChecked' && e.recorded && e.recorded !== e.chain) failures.push(`execution ${short(e.txHash)}: the log says ${e.recorded}, the chain ${e.chain}`);
    }
  }
  const hashes = report.details.filter((d) => d.hash).length;
  const signers = [...new Set(report.details.flatMap((d) => d.signers.filter((s) => s.verdict === 'recovered').map((s) => s.signer)))];
  const unchecked = report.details.flatMap((d) => d.signers).filter((s) => s.verdict === 'notCheckable').length;
  const executions = report.details.flatMap((d) => d.executions).length;
  const parts = [
    `${hashes} ${hashes === 1 ? 'hash' : 'hashes'} recomputed from the recorded fields`,
    signers.length ? `signatures recovered to ${signers.join(', ')}` : 'no signature recovered',
    ...(unchecked ? [`${unchecked} approved-hash or contract signature${unchecked === 1 ? '' : 's'} not checkable offline`] : []),
  ];
  const chainText = report.againstChain
    ? `${report.againstChain} against chain (owners at the latest block${executions ? ', executions in their transactions' : ''})`
    : `none against chain${witness.note ? ` (${witness.note})` : ' (no chain given)'}`;
  const head = `${report.checked} checked (${parts.join('; ')}), ${chainText}`;
  return failures.length ? `FAIL anchored facts: ${head}: ${failures.join('; ')}.` : `Anchored facts: ${head}.`;
}
