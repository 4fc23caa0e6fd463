/**
 * Leaves a notice when a flow's dialog closes after an outcome (decision 0038): "Transaction proposed",
 * "Transaction executed", "Message signed", "Transaction deleted"… with links to where it lives. The flow's
 * success step shows the same first; the notice carries it onto the page once the modal is gone, so it never
 * competes with the dialog for focus or for the screen reader, and its links never open a page behind a modal.
 *
 * Watches every running flow of the open Safe (not only the one on top), remembering the last outcome each showed
 * after it submitted something here (`watchStep`), and recording what it executes (`ownExecutions`).
 * Loaded with the flows (FlowDialogs renders it while there are any).
 */
import { useEffect, useRef } from 'react';
import type { AnyMachineSnapshot } from 'xstate';
import type { FlowEntry } from '../../machines/shared/flows.ts';
import { useExplorerTemplates } from '../components/explorer.tsx';
import { useShowToast } from '../ui/toasts.tsx';
import { executionsOf, flowNotice, NOTHING_SEEN, watchStep, type FlowOutcome, type FlowWatch } from './flowToasts.ts';
import { recordOwnExecutions } from './ownExecutions.ts';

interface Watch {
  unsubscribe(): void;
}

/** Calls `onEnded` with the flow's outcome when it ends after one (closed after its success step); nothing otherwise. */
function watchFlow(flow: FlowEntry, onEnded: (outcome: FlowOutcome) => void): Watch {
  let watch: FlowWatch = NOTHING_SEEN;
  let subscription: Watch | null = null;
  const read = (snapshot: AnyMachineSnapshot) => {
    if (watch.ended) return;
    // What this page executes is never announced as executed elsewhere (decision 0043).
    recordOwnExecutions(executionsOf(flow.kind, snapshot));
    watch = watchStep(flow.kind, watch, snapshot);
    if (!watch.ended) return;
    subscription?.unsubscribe();
    if (watch.reached) onEnded(watch.reached);
  };
  read(flow.actor.getSnapshot() as AnyMachineSnapshot);
  if (watch.ended) return { unsubscribe: () => undefined };
  subscription = flow.actor.subscribe({ next: read, error: () => undefined });
  return subscription;
}

/** `safe`: the open Safe as `<shortName>:<address>`, for the notices' links. */
export default function FlowToasts({ flows, safe }: { flows: readonly FlowEntry[]; safe: string }) {
  const show = useShowToast();
  const templates = useExplorerTemplates();
  const latest = useRef({ show, safe, txHashTemplate: templates?.txHash ?? null });
  latest.current = { show, safe, txHashTemplate: templates?.txHash ?? null };
  const watches = useRef(new Map<string, Watch>());

  useEffect(() => {
    const running = new Set(flows.map((flow) => flow.id));
    for (const [id, watch] of watches.current) {
      if (running.has(id)) continue;
      watch.unsubscribe();
      watches.current.delete(id);
    }
    for (const flow of flows) {
      if (watches.current.has(flow.id)) continue;
      watches.current.set(
        flow.id,
        watchFlow(flow, (outcome) => {
          const { show: showNow, safe: safeNow, txHashTemplate } = latest.current;
          showNow(flowNotice(outcome, safeNow, txHashTemplate));
        }),
      );
    }
  }, [flows]);

  useEffect(() => {
    const all = watches.current;
    return () => {
      for (const watch of all.values()) watch.unsubscribe();
      all.clear();
    };
  }, []);

  return null;
}
