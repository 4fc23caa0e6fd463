/**
 * The flow host: runs every transaction, message, delete and bulk-execute flow as its own actor with its own
 * event-log stream (`flow/<kind>/<safeKey>/<flowId>`), and rebuilds the unfinished ones after a reload.
 *
 * Why separate actors and not children of the root: a flow must be restorable from its log. A live actor can
 * only start from a snapshot when it is created with `createActor(logic, { snapshot })`; spawned children
 * cannot. So the host owns the flows, and the root actor stays the owner of the session (decision 0006).
 *
 * Restore = pure fold of the stream (restoreStream), then `system.recover` for a state tagged nonIdempotent
 * (a wallet prompt or broadcast that was in flight): that event is appended to the stream like any other, and
 * the live actor starts from the recovered state, so nothing is ever re-sent silently.
 */
import { createActor, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type InspectionEvent } from 'xstate';
import type { RegisteredMachine } from '../../machines/registry.ts';
import {
  flowStreamId,
  openFlowStreamOf,
  parseFlowStreamId,
  type FlowEntry,
  type FlowKind,
  type FlowRequest,
  type FlowsPort,
  type FlowsState,
} from '../../machines/shared/flows.ts';
import { closeFinishedStream, createEventCapture, inspectorFor, type EventCapture } from '../eventLog/capture.ts';
import { restoreStream } from '../eventLog/replay.ts';
import type { EventStore, LogRecord } from '../eventLog/types.ts';
import { enqueueRecovery, isNotOwnerFailure, type LockManagerLike, type StreamWriter } from '../eventLog/writer.ts';
import { SIGNING_PAUSED_TEXT } from './signingGate.ts';

/** What the host needs to know about the open Safe and wallet when a flow opens. */
export interface FlowContext {
  safeKey: string;
  /** The input of the flow's machine for `request` (flowId added by the host). */
  inputFor(request: FlowRequest, flowId: string): unknown;
}

export interface FlowHostOptions {
  store: EventStore;
  machines: readonly RegisteredMachine[];
  /** A flow's machine with its real effects provided, for the Safe `safeKey` (`chainId:address`). */
  /**
   * The logic of a flow kind on a Safe. `saved` resolves once every event the flow has taken so far is written to its
   * event log: the effects wait for it before they start, so an effect never runs ahead of the event that led to it
   * (a reload then finds the signature it was about to POST, never asks the wallet for it again).
   */
  logicFor: (kind: FlowKind, safeKey: string, saved: () => Promise<void>) => AnyStateMachine;
  /** The open Safe's context, or the text that says why no flow can open now. */
  context: () => FlowContext | string;
  locks?: LockManagerLike | null;
  /** A write failed: the app pauses signing visibly until it saves again (decision 0050). */
  onFailure: (streamId: string, error: Error, writer: StreamWriter) => void;
  /** Whether signing is paused (the event log cannot save): no flow opens meanwhile. */
  signingPaused?: () => boolean;
  onAppend?: (record: LogRecord) => void;
  /** A flow reached a final state (after its last event was written). */
  onSettled?: (entry: FlowEntry, output: unknown) => void;
  /** A flow emitted an event for the host (e.g. messageFlow's `startOnChainSignature`). */
  onEmitted?: (entry: FlowEntry, event: AnyEventObject) => void;
  newId?: () => string;
}

export type FlowHostState = FlowsState;

export interface FlowHost extends FlowsPort {
  /** Opens a flow; `flowId` names it (e.g. a flow handed over from another, so the link survives a reload). */
  open(request: FlowRequest, flowId?: string): FlowEntry;
  /** Resolves with the flow's output once it reaches a final state. */
  whenSettled(entry: FlowEntry): Promise<unknown>;
  /** Sends an event to every running flow (e.g. `wallet.changed`). */
  broadcast(event: AnyEventObject): void;
  /** Resumes the unfinished flows of the Safe `safeKey` found in the event log (once per Safe and page). */
  restore(safeKey: string): Promise<void>;
}

/** Events a flow machine emits that the host forwards. */
const EMITTED = ['startOnChainSignature'] as const;

const MACHINE_OF_KIND: Record<FlowKind, string> = {
  transaction: 'transactionFlow',
  message: 'messageFlow',
  deleteTx: 'deleteTxFlow',
  bulkExecute: 'bulkExecuteFlow',
  allowanceTransfer: 'allowanceTransfer',
};

export function createFlowHost(options: FlowHostOptions): FlowHost {
  let state: FlowHostState = { flows: [], problems: [] };
  const listeners = new Set<() => void>();
  const settled = new Map<string, { promise: Promise<unknown>; resolve: (output: unknown) => void }>();
  const restoredSafes = new Set<string>();
  const newId = options.newId ?? (() => globalThis.crypto.randomUUID());

  const setState = (next: Partial<FlowHostState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const addProblem = (text: string) => setState({ problems: [...state.problems, text] });
  const remove = (id: string) => setState({ flows: state.flows.filter((f) => f.id !== id) });

  function waiterFor(id: string) {
    let waiter = settled.get(id);
    if (!waiter) {
      let resolve!: (output: unknown) => void;
      const promise = new Promise<unknown>((r) => (resolve = r));
      waiter = { promise, resolve };
      settled.set(id, waiter);
    }
    return waiter;
  }

  /** One capture per flow: the flow is the root of its own actor system, so `isRoot` picks exactly it. */
  function captureFor(streamId: string, entryRef: { current: FlowEntry | null }): EventCapture {
    return createEventCapture({
      store: options.store,
      machines: options.machines,
      streamIdFor: (actor) => (actor.isRoot ? streamId : null),
      locks: options.locks ?? null,
      onFailure: (failed, error, writer) => {
        // Another tab owns this flow (its lock, or, without Web Locks, its head: the store refused an append that
        // did not extend it): it keeps running there; here it is only reported, never a failure of the log.
        if (isNotOwnerFailure(error)) {
          const entry = entryRef.current;
          if (entry) {
            entry.actor.stop();
            remove(entry.id);
          }
          addProblem(`This flow is open in another tab (${failed}): finish it there, or close that tab and reload this one.`);
          return;
        }
        options.onFailure(failed, error, writer);
      },
      ...(options.onAppend ? { onAppend: options.onAppend } : {}),
    });
  }

  function run(
    kind: FlowKind,
    flowId: string,
    safeKey: string,
    create: (inspect: (e: InspectionEvent) => void, saved: () => Promise<void>) => AnyActorRef,
    afterCreate?: (capture: EventCapture) => void,
    restored = false,
  ): FlowEntry {
    const streamId = flowStreamId(kind, safeKey, flowId);
    const ref: { current: FlowEntry | null } = { current: null };
    const capture = captureFor(streamId, ref);
    const actor = create(inspectorFor(capture, restored), () => capture.writer(streamId)?.flush() ?? Promise.resolve());
    const entry: FlowEntry = { id: flowId, kind, safeKey, streamId, actor, restored };
    ref.current = entry;
    afterCreate?.(capture);
    const waiter = waiterFor(flowId);
    for (const type of EMITTED) actor.on(type, (event: AnyEventObject) => options.onEmitted?.(entry, event));
    const subscription = actor.subscribe({
      next: (snapshot: AnyMachineSnapshot) => {
        if (snapshot.status !== 'done') return;
        subscription?.unsubscribe();
        const output: unknown = snapshot.output;
        void closeFinishedStream(capture, options.store, streamId)
          .catch(() => undefined)
          .finally(() => {
            remove(flowId);
            waiter.resolve(output);
            options.onSettled?.(entry, output);
          });
      },
      error: () => undefined,
    });
    setState({ flows: [...state.flows, entry] });
    actor.start();
    return entry;
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => state,
    open(request, flowId = newId()) {
      if (options.signingPaused?.()) throw new Error(SIGNING_PAUSED_TEXT);
      const context = options.context();
      if (typeof context === 'string') throw new Error(context);
      return run(request.kind, flowId, context.safeKey, (inspect, saved) =>
        createActor(options.logicFor(request.kind, context.safeKey, saved), { input: context.inputFor(request, flowId) as never, inspect }),
      );
    },
    whenSettled: (entry) => waiterFor(entry.id).promise,
    broadcast(event) {
      for (const flow of state.flows) flow.actor.send(event);
    },
    async restore(safeKey) {
      if (restoredSafes.has(safeKey)) return;
      restoredSafes.add(safeKey);
      // Oldest first, like `flows`: the dialog shows the newest one, as before the reload. Flows opened in the same
      // millisecond keep a handed-over flow (`<id>.<suffix>`) after the flow that opened it.
      const order = (info: { streamId: string; createdAt: string }) => [info.createdAt, parseFlowStreamId(info.streamId)?.flowId ?? ''] as const;
      const streams = (await options.store.listStreams()).sort((a, b) => {
        const [x, y] = [order(a), order(b)];
        return x[0] !== y[0] ? (x[0] < y[0] ? -1 : 1) : x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0;
      });
      for (const head of streams) {
        const parsed = openFlowStreamOf(head, safeKey);
        if (!parsed || state.flows.some((f) => f.streamId === head.streamId)) continue;
        const registered = options.machines.find((m) => m.id === MACHINE_OF_KIND[parsed.kind]);
        if (!registered) continue;
        try {
          const [last] = await options.store.readStream(head.streamId, head.headSeq);
          if (last?.stateAfter.status !== 'active') {
            await options.store.setStatus(head.streamId, 'closed');
            continue;
          }
          const restored = await restoreStream(options.store, registered, head.streamId);
          const snapshot = restored.snapshot;
          run(
            parsed.kind,
            parsed.flowId,
            parsed.safeKey,
            (inspect, saved) => {
              const logic = options.logicFor(parsed.kind, parsed.safeKey, saved);
              return createActor(logic, { snapshot: logic.getPersistedSnapshot(snapshot as never) as never, inspect });
            },
            // The event that moved an in-flight state to its recovery state is part of the flow's history.
            (capture) => enqueueRecovery(capture.writer(head.streamId), restored.recoverEvent, snapshot),
            true,
          );
        } catch (error) {
          addProblem(`The flow in stream ${head.streamId} could not be resumed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    },
  };
}
