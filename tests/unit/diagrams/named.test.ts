/**
 * Every action and guard of every registered machine has a name (issue 16): the generated diagrams and transition
 * tables show what happens (`storeSafe`, `canSubmit`), never `assign`, `enqueueActions` or an anonymous `[guard]`.
 * A named action or guard is referenced by its name in the config and implemented in `setup`; an inline one is a
 * function in the config.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { MACHINES } from '../../../src/machines/registry.ts';

interface NodeLike {
  id: string;
  states: Record<string, NodeLike>;
  entry: readonly unknown[];
  exit: readonly unknown[];
  transitions: Map<string, readonly { guard?: unknown; actions?: readonly unknown[] }[]>;
  always?: readonly { guard?: unknown; actions?: readonly unknown[] }[];
}

const label = (value: unknown): string => {
  const typed = (value as { type?: unknown }).type;
  return typeof typed === 'string' ? typed : (value as { name?: string }).name || '(anonymous)';
};

/** The timer XState adds for an `after` transition (a raise on entry, its cancel on exit): drawn as the delay, not ours to name. */
const isAfterTimer = (action: unknown): boolean => {
  const { id, sendId } = action as { id?: unknown; sendId?: unknown };
  return [id, sendId].some((value) => typeof value === 'string' && value.startsWith('xstate.after.'));
};

/** Where `machine` writes an action or a guard inline, e.g. `running on user.retry: action xstate.assign`. */
export function unnamed(machine: AnyStateMachine): string[] {
  const found: string[] = [];
  const visit = (node: NodeLike) => {
    const where = node.id.slice(machine.id.length + 1) || '(machine)';
    for (const [kind, list] of [['entry', node.entry], ['exit', node.exit]] as const) {
      for (const action of list) if (typeof action === 'function' && !isAfterTimer(action)) found.push(`${where} ${kind}: action ${label(action)}`);
    }
    const transitions = [...node.transitions.entries(), ['(always)', node.always ?? []] as const];
    for (const [event, list] of transitions) {
      for (const t of list) {
        if (typeof t.guard === 'function') found.push(`${where} on ${event}: guard ${label(t.guard)}`);
        for (const action of t.actions ?? []) if (typeof action === 'function') found.push(`${where} on ${event}: action ${label(action)}`);
      }
    }
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root as unknown as NodeLike);
  return found;
}

describe('every action and guard is named', () => {
  for (const entry of MACHINES) {
    it(`${entry.id}`, () => {
      expect(unnamed(entry.machine)).toEqual([]);
    });
  }

  it('the check finds an inline action and an inline guard', async () => {
    const { assign, createMachine } = await import('xstate');
    const inline = createMachine({
      id: 'inline',
      initial: 'a',
      states: { a: { on: { go: { guard: () => true, actions: assign({}) } } } },
    });
    expect(unnamed(inline)).toEqual(['a on go: guard guard', 'a on go: action xstate.assign']);
  });
});
