/**
 * Leaving out spans that change nothing (decision 0049), for a session stream's writer. Loaded after the first page
 * (src/root.ts asks for it with a delay), so until then every event is written.
 *
 * An event that may be left out (origin timer, effect or system; never `xstate.init` or `system.recover`, never a
 * person's or a Safe App's) is held with the state it led to. A held span that comes back to the state of the last
 * written record (same value, status and context digest) is dropped and counted; one that ends elsewhere — the same
 * state node with another context, 16 events, `holdMs` passing, an event that may not be left out, a flush — is
 * written whole, in order.
 */
import { canonicalJson } from './canonical.ts';
import type { Origin, StateAfter } from './types.ts';
import type { Redactor } from '../../machines/privateFields.ts';
import { stateAfterOf, type PendingEvent } from './writer.ts';

const ELIDABLE_ORIGINS: ReadonlySet<Origin> = new Set(['timer', 'effect', 'system']);
/** A span longer than this is written whole (a bound on what is held in memory). */
const MAX_HELD = 16;

/** What the elider needs of its writer. */
export interface ElisionSink {
  /** Writes one event (with the state it led to, when already computed). */
  write(pending: PendingEvent, stateAfter?: StateAfter): Promise<void>;
  /** The state the last written record led to; null when nothing may be left out now (nothing written, failed). */
  lastState(): StateAfter | null;
  /** Runs `task` after everything already queued on the writer. */
  schedule(task: () => Promise<void>): void;
  /** The stream's redaction of private fields (decision 0048): the state compared is the state the writer would record. */
  redactor?: Redactor | null;
}

export interface Elider {
  offer(pending: PendingEvent): Promise<void>;
  /** Writes a held span whole. */
  drain(): Promise<void>;
  heldCount(): number;
  elided(): { spans: number; records: number };
}

function isElidable(pending: PendingEvent): boolean {
  const type = pending.event.type;
  return ELIDABLE_ORIGINS.has(pending.origin) && type !== 'xstate.init' && type !== 'system.recover';
}

export function createElider(sink: ElisionSink, holdMs = 10_000): Elider {
  let held: { pending: PendingEvent; stateAfter: StateAfter }[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const count = { spans: 0, records: 0 };

  const take = () => {
    const span = held;
    held = [];
    if (timer) clearTimeout(timer);
    timer = null;
    return span;
  };
  const drain = async () => {
    for (const { pending, stateAfter } of take()) await sink.write(pending, stateAfter);
  };

  return {
    drain,
    heldCount: () => held.length,
    elided: () => ({ ...count }),
    async offer(pending) {
      const last = sink.lastState();
      let stateAfter: StateAfter | null = null;
      if (last && isElidable(pending)) stateAfter = await stateAfterOf(pending.value, pending.status, pending.context, sink.redactor).catch(() => null);
      if (!last || !stateAfter) {
        await drain();
        return sink.write(pending);
      }
      held.push({ pending, stateAfter });
      const sameNode = canonicalJson(stateAfter.value) === canonicalJson(last.value) && stateAfter.status === last.status;
      if (sameNode && stateAfter.digest === last.digest) {
        count.spans++;
        count.records += take().length;
        return;
      }
      if (sameNode || held.length >= MAX_HELD) return drain();
      timer ??= setTimeout(() => {
        timer = null;
        sink.schedule(drain);
      }, holdMs);
    },
  };
}
