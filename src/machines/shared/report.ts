/**
 * A child's report to its parent (decision 0031): the root routes what one child needs to know to another. A
 * machine also runs alone (tests, QA paths, the replay of its own stream); then there is no parent and nothing is
 * sent. Use it in a named action: `reportChain: ({ context, self }) => reportToParent(self, { type: … })`.
 */
import type { AnyActorRef, EventObject } from 'xstate';

export function reportToParent<TReport extends EventObject>(self: AnyActorRef, report: TReport): void {
  self._parent?.send(report);
}
