/**
 * The model tests run the planned paths without those another path starts with (decision 0091): the steps they would
 * check are checked, in the same order, by the longer path. Here on a small machine: which paths go, that every
 * vertex and transition the plan reaches is still reached, and that paths of the same events are run once.
 */
import { describe, expect, it } from 'vitest';
import { createMachine, type AnyEventObject } from 'xstate';
import { planPaths, withoutPrefixes, type ModelPath } from '../../harness/modelHarness.ts';

const machine = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened', lock: 'locked' } },
    opened: { on: { close: 'closed' } },
    locked: { on: { unlock: 'closed', kick: 'broken' } },
    broken: { type: 'final' },
  },
});
const events: AnyEventObject[] = [{ type: 'open' }, { type: 'close' }, { type: 'lock' }, { type: 'unlock' }, { type: 'kick' }];
const eventsOf = (path: ModelPath) => path.steps.slice(1).map((step) => step.event.type).join(' ');
/** Every (state, event) pair a set of paths takes, as `state --event-->`. */
const stepsOf = (paths: readonly ModelPath[]) =>
  new Set(paths.flatMap((path) => path.steps.slice(1).map((step, i) => `${JSON.stringify(path.steps[i]!.state.value)} --${step.event.type}-->`)));
const statesOf = (paths: readonly ModelPath[]) => new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));

describe('withoutPrefixes', () => {
  const planned = planPaths({ machine, input: undefined, events });

  it('leaves out each path whose events another path starts with, and keeps the rest in their order', () => {
    // shortest: (initial), open, lock, lock kick; extra: open close, lock unlock
    expect(planned.map(eventsOf).sort()).toEqual(['', 'lock', 'lock kick', 'lock unlock', 'open', 'open close']);
    const kept = withoutPrefixes(planned);
    expect(kept.map(eventsOf)).toEqual(planned.map(eventsOf).filter((events) => ['lock kick', 'open close', 'lock unlock'].includes(events)));
  });

  it('keeps every state and every transition the plan takes', () => {
    const kept = withoutPrefixes(planned);
    expect(statesOf(kept)).toEqual(statesOf(planned));
    expect(stepsOf(kept)).toEqual(stepsOf(planned));
    expect(stepsOf(kept).size).toBe(5);
  });

  it('runs paths of the same events once, and a lone path stays', () => {
    const lockKick = planned.find((path) => eventsOf(path) === 'lock kick')!;
    expect(withoutPrefixes([lockKick, { ...lockKick }]).length).toBe(1);
    const initial = planned.find((path) => eventsOf(path) === '')!;
    expect(withoutPrefixes([initial])).toEqual([initial]);
  });

  it('tells events apart by their payload, not their type alone', () => {
    const open = planned.find((path) => eventsOf(path) === 'open')!;
    const withPayload = { ...open, steps: [open.steps[0]!, { ...open.steps[1]!, event: { type: 'open', by: 'someone' } }] };
    expect(withoutPrefixes([open, withPayload, planned.find((path) => eventsOf(path) === 'open close')!]).length).toBe(2);
  });
});
