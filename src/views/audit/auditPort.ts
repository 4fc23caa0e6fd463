/**
 * What the audit views need from the event log, declared here so views never import services. The
 * composition root (src/root.ts) supplies an implementation (src/services/eventLog/auditService.ts).
 */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface AuditStateAfter {
  value: Json;
  status: string;
  digest: string;
}

export interface AuditStream {
  streamId: string;
  machineId: string;
  machineVersion: string;
  headSeq: number;
  headHash: string;
  status: 'open' | 'failed' | 'closed';
  createdAt: string;
  updatedAt: string;
}

export interface AuditRecord {
  seq: number;
  type: string;
  payload: { [key: string]: Json };
  origin: 'user' | 'bridge' | 'effect' | 'timer' | 'system';
  sourceActorId: string | null;
  recordedAt: string;
  correlationId: string | null;
  stateAfter: AuditStateAfter;
  hash: string;
}

export interface AuditVerifyReport {
  ok: boolean;
  recordCount: number;
  problem: { kind: string; line: number; seq: number | null; message: string } | null;
  /** Internal consistency only ("OK: …" / "FAIL line …"). */
  summary: string;
  /** What was proven, one line each: internal consistency, attestation, anchored facts. */
  lines: readonly string[];
}

export interface AuditPort {
  currentStreamId(): string;
  listStreams(): Promise<AuditStream[]>;
  readStream(streamId: string): Promise<AuditRecord[]>;
  exportStream(streamId: string): Promise<{ fileName: string; text: string }>;
  /** The connected account that can sign an export, or null (no wallet connected). Re-read when subscribers are told. */
  attester(): string | null;
  /** The export signed by the connected wallet (an attestation line); rejects with an Error whose message is shown. */
  exportSignedStream(streamId: string): Promise<{ fileName: string; text: string }>;
  verifyText(text: string): Promise<AuditVerifyReport>;
  subscribe(listener: () => void): () => void;
  unsavedText(): string | null;
  /** Settings › Data › Storage (decision 0049), loaded on first use. Optional: a port without it shows no Storage section. */
  storage?(): Promise<AuditStoragePort>;
}

export interface AuditStoragePort {
  storageUsage(): Promise<AuditStorageUsage>;
  exportAll(): Promise<{ fileName: string; text: string; streams: number }>;
  planDeleteOlderThan(days: number): Promise<AuditDeletePlan>;
  deleteOlderThan(days: number): Promise<AuditDeleteResult>;
}

export interface AuditStorageUsage {
  streams: number;
  sessionStreams: number;
  flowStreams: number;
  openFlowStreams: number;
  records: number;
  approxBytes: number;
  oldestUpdatedAt: string | null;
  /** navigator.storage.estimate() for the whole site, when the browser gives it. */
  estimate: { usage: number; quota: number } | null;
}

export interface AuditDeletePlan {
  days: number;
  streams: number;
  session: number;
  flow: number;
  records: number;
}

export interface AuditDeleteResult {
  streams: number;
  records: number;
  session: number;
  flow: number;
  failed: { streamId: string; message: string }[];
}
