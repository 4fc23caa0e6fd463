/**
 * Visits of the create-a-Safe screen (decision 0018): each visit is one createSafe actor with its own event-log
 * stream, and an unfinished visit comes back after a reload (or when the user returns to the screen), the way
 * the flow host brings back transaction flows (decision 0010):
 *
 * - candidates are this browser's `open` createSafe streams, newest first; a stream whose last record is final is
 *   closed, a stream where the user never entered anything (no `user.submit` / `user.editDraft`) is closed as
 *   abandoned, a stream of another wallet is left for that wallet;
 * - the chosen stream is rebuilt by a pure fold (`restoreStream`); a state tagged `nonIdempotent` (the wallet
 *   prompt, the broadcast) is moved by a recorded `system.recover` to `checking`, which looks for the Safe on
 *   chain instead of sending again; the live actor starts from the result and keeps appending to the same stream;
 * - a stream another tab holds (Web Locks) is reported and skipped, never written to.
 */
import { createActor, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { CREATE_SAFE_ID, type createSafeMachine } from '../machines/createSafe/createSafe.machine.ts';
import { CREATE_SAFE_VISIT_TEXTS, type CreateSafeActor, type CreateSafeVisit, type CreateSafeVisitRequest, type CreateSafeVisitsPort } from '../machines/createSafe/createSafe.port.ts';
import type { CreateSafeWallet } from '../machines/createSafe/createSafe.types.ts';
import type { RegisteredMachine } from '../machines/registry.ts';
import { closeFinishedStream, createEventCapture, inspectorFor, type EventCapture } from './eventLog/capture.ts';
import { restoreStream } from './eventLog/replay.ts';
import type { EventStore, LogRecord, StreamInfo } from './eventLog/types.ts';
import { enqueueRecovery, lockName, StreamLockedError, type LockManagerLike, type StreamWriter } from './eventLog/writer.ts';

export interface CreateSafeVisitsOptions {
  store: EventStore;
  machines: readonly RegisteredMachine[];
  /** The createSafe machine with its real effects provided. */
  logic: typeof createSafeMachine;
  locks?: LockManagerLike | null;
  /** The stream of a new visit. */
  newStreamId: () => string;
  /** A write failed: the app stops visibly (never acts without an audit trail). */
  onFailure: (streamId: string, error: Error, writer: StreamWriter) => void;
  onAppend?: (record: LogRecord) => void;
}

/** Event types that mean the user entered something in a visit: only such a visit is worth bringing back. */
const USER_INPUT = new Set(['user.submit', 'user.editDraft']);

export function isTouchedVisit(records: readonly Pick<LogRecord, 'type'>[]): boolean {
  return records.some((r) => USER_INPUT.has(r.type));
}

/** The wallet a visit last knew: its latest `system.walletChanged`, else its input (a pure read of the records). */
export function visitWallet(records: readonly Pick<LogRecord, 'type' | 'payload'>[]): CreateSafeWallet | null {
  for (let i = records.length - 1; i >= 0; i -= 1) {
    const record = records[i]!;
    if (record.type === 'system.walletChanged') return (record.payload.wallet as CreateSafeWallet | null | undefined) ?? null;
    if (record.type === 'xstate.init') return ((record.payload.input as { wallet?: CreateSafeWallet | null } | undefined)?.wallet as CreateSafeWallet | null | undefined) ?? null;
  }
  return null;
}

const sameAccount = (a: CreateSafeWallet | null, b: CreateSafeWallet | null) => (a?.address.toLowerCase() ?? null) === (b?.address.toLowerCase() ?? null);

/** Newest first: the visit worked on last is the one to resume. */
const newestFirst = (a: StreamInfo, b: StreamInfo) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0);

export function createSafeVisits(options: CreateSafeVisitsOptions): CreateSafeVisitsPort {
  const entry = options.machines.find((m) => m.id === CREATE_SAFE_ID);
  if (!entry) throw new Error('createSafe is not a registered machine');
  const registered = entry;
  const locks = options.locks ?? null;
  /** Streams already reported as not restorable in this page (reported once). */
  const reported = new Set<string>();
  let previous: Promise<CreateSafeVisit | null> = Promise.resolve(null);

  /** Whether another tab writes the stream now (its writer holds the stream's lock). */
  async function heldElsewhere(streamId: string): Promise<boolean> {
    if (!locks) return false;
    return locks.request(lockName(streamId), { mode: 'exclusive', ifAvailable: true }, (lock) => lock === null);
  }

  function start(request: CreateSafeVisitRequest, streamId: string, create: (logic: typeof createSafeMachine, inspect: (e: InspectionEvent) => void) => CreateSafeActor, afterCreate?: (capture: EventCapture) => void, restored = false): CreateSafeVisit {
    let actor: CreateSafeActor | null = null;
    let stopping: Promise<void> | null = null;
    const capture = createEventCapture({
      store: options.store,
      machines: options.machines,
      streamIdFor: (logged) => (logged.isRoot ? streamId : null),
      locks,
      onFailure: (failed, error, writer) => {
        if (error instanceof StreamLockedError) {
          // Another tab took the visit between our check and our lock: it stays there; here it stops.
          actor?.stop();
          request.onNotice?.(CREATE_SAFE_VISIT_TEXTS.lockedElsewhere);
          return;
        }
        options.onFailure(failed, error, writer);
      },
      ...(options.onAppend ? { onAppend: options.onAppend } : {}),
    });
    const logic = options.logic.provide({ actions: { openSafe: (_, params) => request.openSafe(params.href) } });
    actor = create(logic, inspectorFor(capture, restored));
    afterCreate?.(capture);
    const subscription = actor.subscribe({
      next: (snapshot) => {
        if (snapshot.status !== 'done') return;
        subscription.unsubscribe();
        // Succeeded or discarded: the visit is over and is never resumed.
        void closeFinishedStream(capture, options.store, streamId).catch(() => undefined);
      },
      error: () => undefined,
    });
    actor.start();
    const running = actor;
    return {
      actor: running,
      streamId,
      restored,
      notice: null,
      stop() {
        stopping ??= (async () => {
          running.stop();
          await capture.flush();
          await capture.close();
        })();
        return stopping;
      },
    };
  }

  /** The newest unfinished visit of the wallet, rebuilt; closes finished and abandoned ones on the way. */
  async function findResumable(wallet: CreateSafeWallet | null): Promise<{ streamId: string; snapshot: AnyMachineSnapshot; recoverEvent: AnyEventObject | null } | { notice: string } | null> {
    const streams = (await options.store.listStreams()).filter((s) => s.machineId === CREATE_SAFE_ID && s.status === 'open').sort(newestFirst);
    for (const head of streams) {
      const records = await options.store.readStream(head.streamId);
      const last = records.at(-1);
      if (!last) continue;
      if (last.stateAfter.status !== 'active') {
        await options.store.setStatus(head.streamId, 'closed');
        continue;
      }
      const touched = isTouchedVisit(records);
      if (touched && !sameAccount(visitWallet(records), wallet)) continue;
      if (await heldElsewhere(head.streamId)) {
        if (touched) return { notice: CREATE_SAFE_VISIT_TEXTS.lockedElsewhere };
        continue;
      }
      if (!touched) {
        // Nothing was entered: there is no draft to bring back.
        await options.store.setStatus(head.streamId, 'closed');
        continue;
      }
      try {
        const restored = await restoreStream(options.store, registered, head.streamId);
        return { streamId: head.streamId, snapshot: restored.snapshot, recoverEvent: restored.recoverEvent };
      } catch (error) {
        if (reported.has(head.streamId)) continue;
        reported.add(head.streamId);
        return { notice: CREATE_SAFE_VISIT_TEXTS.notRestored(error instanceof Error ? error.message : String(error)) };
      }
    }
    return null;
  }

  async function openVisit(request: CreateSafeVisitRequest): Promise<CreateSafeVisit> {
    const found = await findResumable(request.wallet);
    if (found && 'streamId' in found) {
      const { streamId, snapshot, recoverEvent } = found;
      return start(
        request,
        streamId,
        (logic, inspect) => createActor(logic as AnyStateMachine, { snapshot: logic.getPersistedSnapshot(snapshot as never) as never, inspect }) as unknown as CreateSafeActor,
        // The event that moved the in-flight deployment to `checking` is part of the visit's history.
        (capture) => enqueueRecovery(capture.writer(streamId), recoverEvent, snapshot),
        true,
      );
    }
    const visit = start(request, options.newStreamId(), (logic, inspect) => createActor(logic, { input: { wallet: request.wallet, chainShortName: request.chainShortName, ...(request.owner ? { owner: request.owner } : {}) }, inspect }));
    return found ? { ...visit, notice: found.notice } : visit;
  }

  return {
    open(request) {
      const next = previous.then(async (before) => {
        await before?.stop();
        return openVisit(request);
      });
      previous = next.catch(() => null);
      return next;
    },
  };
}
