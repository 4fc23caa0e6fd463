/**
 * Audit export and verification. An export is NDJSON in canonical JSON, one object per line:
 *   line 1       header: format, app version, stream, machine {id, version, schemaVersion, diagram}, count, head hash
 *   lines 2..n   the stream's records, in seq order
 *   last line    footer: final seq, final stateAfter, head hash
 * Header and footer carry their own `hash`, records their chain hash, so any changed byte is detected, and the
 * verifier says where: the line, the seq, and whether the hash chain or the replay broke.
 */
import * as v from 'valibot';
import { contextAsRecorded, replaysVersion, valueAsRecorded } from '../../machines/machineVersion.ts';
import { findMachine, versionOf, type RegisteredMachine } from '../../machines/registry.ts';
import { canonicalJson, findSecretField } from './canonical.ts';
import { objectHash, recordHash } from './hash.ts';
import { replayRecords, sameState } from './replay.ts';
import { GENESIS_HASH, type JsonObject, type JsonValue, type LogRecord, type StateAfter } from './types.ts';

export const EXPORT_FORMAT = 'countersign-eventlog';

export interface ExportHeader {
  format: typeof EXPORT_FORMAT;
  formatVersion: 1;
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
    formatVersion: 1,
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
  /** One line a person can read: "OK: …" or "FAIL line L (seq S): …". */
  summary: string;
}

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
  formatVersion: v.literal(1),
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

export async function verifyNdjson(text: string, machines?: readonly RegisteredMachine[]): Promise<VerifyReport> {
  const report: VerifyReport = { ok: false, streamId: null, machineId: null, recordCount: 0, headHash: null, finalState: null, problem: null, summary: '' };
  const fail = (kind: ProblemKind, line: number, seq: number | null, message: string): VerifyReport => {
    report.problem = { kind, line, seq, message };
    report.summary = `FAIL line ${line}${seq !== null ? ` (seq ${seq})` : ''}: ${kind === 'hash' ? 'hash mismatch: ' : kind === 'chain' ? 'chain broken: ' : ''}${message}`;
    return report;
  };
  if (!text.endsWith('\n')) return fail('format', Math.max(1, text.split('\n').length), null, 'the file must end with a newline');
  const lines = text.slice(0, -1).split('\n');
  if (lines.length < 3) return fail('format', lines.length, null, 'an export has a header, at least one record and a footer');

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
    replay = await replayRecords(entry.machine, records, undefined, (record, context) => contextAsRecorded(entry, record.machineVersion, context), (record, value) => valueAsRecorded(entry, record.machineVersion, value));
  } catch (error) {
    return fail('replay', 2, 1, error instanceof Error ? error.message : String(error));
  }
  if (replay.mismatch) return fail('replay', replay.mismatch.seq + 1, replay.mismatch.seq, replay.mismatch.message);

  report.ok = true;
  report.finalState = last.stateAfter;
  report.summary = `OK: stream ${header.output.streamId}, ${records.length} records (seq 1–${last.seq}), hash chain intact, replay reaches ${JSON.stringify(last.stateAfter.value)} (head ${last.hash.slice(0, 16)}…)`;
  return report;
}
