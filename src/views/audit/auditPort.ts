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
  summary: string;
}

export interface AuditPort {
  currentStreamId(): string;
  listStreams(): Promise<AuditStream[]>;
  readStream(streamId: string): Promise<AuditRecord[]>;
  exportStream(streamId: string): Promise<{ fileName: string; text: string }>;
  verifyText(text: string): Promise<AuditVerifyReport>;
  subscribe(listener: () => void): () => void;
  unsavedText(): string | null;
}
