/** The event log: capture, storage, replay/restore, export and verification. See docs/architecture.md. */
export * from './types.ts';
export { canonicalJson, toLogJson, findSecretField, isSecretKey, REDACTED } from './canonical.ts';
export { sha256Hex, recordHash, contextDigest } from './hash.ts';
export { MemoryEventStore } from './memoryStore.ts';
export { IdbEventStore, EVENT_LOG_DB } from './idbStore.ts';
export { StreamWriter, StreamLockedError, lockName, stateAfterOf, payloadOf, contextJson, type LockManagerLike, type PendingEvent, type StreamVersion, type WriterStatus } from './writer.ts';
export { createEventCapture, originOf, type EventCapture, type EventCaptureOptions, type LoggedActorInfo } from './capture.ts';
export { replayRecords, restoreStream, sanitizeForRestore, eventOf, sameState, type ReplayResult, type RestoreResult } from './replay.ts';
export { exportNdjson, verifyNdjson, EXPORT_FORMAT, type ExportHeader, type ExportFooter, type VerifyProblem, type VerifyReport, type ProblemKind } from './ndjson.ts';
export { createAuditService, deferredStore, fileNameFor, AUDIT_CHANNEL, type AuditService, type AuditServiceOptions } from './auditService.ts';
