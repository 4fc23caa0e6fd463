/**
 * Model-based test harness. Given a machine, the events to explore (with payload samples) and a view driver,
 * it generates paths with `xstate/graph`, runs each path against the real system under test (the real
 * React views over a real actor whose effects are deferred stubs), and measures transition coverage.
 *
 * Strict by design (xstate/graph is silent about gaps): a step whose event has no executor fails, a step
 * whose state has no assertion fails, and coverage below 100 % fails unless the uncovered transition
 * (`missing`) or state (`missingStates`) is listed as unreachable with a reason.
 */
import { transition, waitFor, type AnyActorRef, type AnyEventObject, type AnyStateMachine, type AnyMachineSnapshot } from 'xstate';
import { getShortestPaths, toDirectedGraph, type StatePath } from 'xstate/graph';

export interface TransitionInfo {
  /** A stable, readable key: `<sourceStateId> on <eventType> -> <targetIds>` (with `[guard]` when guarded). */
  key: string;
  source: string;
  event: string;
  targets: string[];
  guard: string | null;
}

// Transition definitions are internal objects; we only read these fields.
interface TransitionLike {
  eventType: string;
  source: { id: string };
  target?: readonly { id: string }[] | undefined;
  guard?: unknown;
}

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  if (typeof guard === 'function') return guard.name || 'inline';
  return 'guard';
}

function describeTransition(t: TransitionLike): TransitionInfo {
  const targets = (t.target ?? []).map((n) => n.id);
  const guard = guardName(t.guard);
  const key = `${t.source.id} on ${t.eventType}${guard ? ` [${guard}]` : ''} -> ${targets.length ? targets.join(',') : '(self)'}`;
  return { key, source: t.source.id, event: t.eventType, targets, guard };
}

/** Every transition the machine defines, read from `toDirectedGraph`. */
export function machineTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const seen = new Map<string, TransitionInfo>();
  const visit = (node: ReturnType<typeof toDirectedGraph>) => {
    for (const edge of node.edges) {
      const info = describeTransition(edge.transition as unknown as TransitionLike);
      seen.set(info.key, info);
    }
    node.children.forEach(visit);
  };
  visit(toDirectedGraph(machine));
  return [...seen.values()];
}

export interface ModelPlanOptions<TMachine extends AnyStateMachine> {
  machine: TMachine;
  input?: unknown;
  /** Every event to explore, with payload samples. Internal events (xstate.done.actor.*) are allowed. */
  events: AnyEventObject[];
  /** Vertex identity; default: state value plus context. Collapse context that would explode the graph. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

export interface SystemUnderTest {
  actor: AnyActorRef;
  cleanup(): void | Promise<void>;
}

export interface ViewDriver<TSut extends SystemUnderTest> {
  /** Builds a fresh system under test: a started actor and the rendered views. */
  start(): Promise<TSut> | TSut;
  /** How each event type is caused, through the views where a user would cause it. */
  events: Record<string, (sut: TSut, event: AnyEventObject) => Promise<void> | void>;
  /** Assertions per state key (`snapshot.matches(key)`, dotted for nesting). Every step must match one. */
  states: Record<string, (sut: TSut, expected: AnyMachineSnapshot) => Promise<void> | void>;
}

export type ModelPath = StatePath<AnyMachineSnapshot, AnyEventObject>;

/**
 * Shortest paths to every vertex, then one more path for each transition those paths do not take (a path to
 * its source vertex plus the event), so the plan covers transitions, not only states.
 */
export function planPaths<TMachine extends AnyStateMachine>(options: ModelPlanOptions<TMachine>): ModelPath[] {
  const machine = options.machine as AnyStateMachine;
  const shortest = getShortestPaths(machine, {
    input: options.input,
    events: options.events,
    filterEvents: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => snapshot.can(event),
    ...(options.serializeState ? { serializeState: options.serializeState } : {}),
  } as never) as unknown as ModelPath[];

  const planned = new Set<string>();
  for (const path of shortest) {
    for (let i = 1; i < path.steps.length; i++) {
      for (const key of takenKeys(machine, path.steps[i - 1]!.state, path.steps[i]!.event)) planned.add(key);
    }
  }
  const extra: ModelPath[] = [];
  for (const path of shortest) {
    for (const event of options.events) {
      if (!path.state.can(event)) continue;
      const keys = takenKeys(machine, path.state, event);
      if (keys.every((key) => planned.has(key))) continue;
      keys.forEach((key) => planned.add(key));
      const [next] = transition(machine, path.state as never, event as never);
      extra.push({
        ...path,
        state: next as AnyMachineSnapshot,
        steps: [...path.steps, { event, state: next as AnyMachineSnapshot }],
        weight: path.weight + 1,
      });
    }
  }
  return [...shortest, ...extra];
}

function takenKeys(machine: AnyStateMachine, before: AnyMachineSnapshot, event: AnyEventObject): string[] {
  const taken = machine.getTransitionData(before as never, event as never) as unknown as TransitionLike[];
  return taken.map((t) => describeTransition(t).key);
}

export function pathTitle(path: ModelPath): string {
  const events = path.steps.slice(1).map((s) => s.event.type);
  return `reaches ${JSON.stringify(path.state.value)} via ${events.length ? events.join(' → ') : '(initial)'}`;
}

function stateKeyMatches(snapshot: AnyMachineSnapshot, key: string): boolean {
  const value = key.split('.').reduceRight<unknown>((acc, part) => (acc === null ? part : { [part]: acc }), null);
  return snapshot.matches(value as never);
}

/** Every state node id of the machine (the root excluded), e.g. `appSession.running.gatewayOnline`. */
export function machineStates(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    for (const child of Object.values(node.states)) {
      out.push(child.id);
      visit(child as AnyStateMachine['root']);
    }
  };
  visit(machine.root);
  return out;
}

/** The ids of the state nodes a snapshot is in (ancestors included). */
export function activeStates(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string[] {
  const out: string[] = [];
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') out.push(`${prefix}.${value}`);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        out.push(`${prefix}.${key}`);
        walk(`${prefix}.${key}`, child);
      }
    }
  };
  walk(machine.id, snapshot.value);
  return out;
}

export class CoverageRecorder {
  readonly covered = new Set<string>();
  readonly visited = new Set<string>();

  record(machine: AnyStateMachine, before: AnyMachineSnapshot, event: AnyEventObject): void {
    for (const key of takenKeys(machine, before, event)) this.covered.add(key);
  }

  /** Records the states a snapshot asserted against the real views is in. */
  recordState(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): void {
    for (const id of activeStates(machine, snapshot)) this.visited.add(id);
  }

  /** States never visited, minus those declared unreachable (with a reason). Throws on stale entries. */
  missingStates(machine: AnyStateMachine, unreachable: Record<string, string> = {}): string[] {
    const all = machineStates(machine);
    for (const id of Object.keys(unreachable)) {
      if (!all.includes(id)) throw new Error(`unreachable lists an unknown state: ${id}`);
      if (this.visited.has(id)) throw new Error(`unreachable lists a state that is visited: ${id}`);
    }
    return all.filter((id) => !this.visited.has(id) && !(id in unreachable));
  }

  stateRatio(machine: AnyStateMachine): { covered: number; total: number } {
    const all = machineStates(machine);
    return { covered: all.filter((id) => this.visited.has(id)).length, total: all.length };
  }

  /** Uncovered transitions, minus those declared unreachable. Throws when an `unreachable` entry is stale. */
  missing(machine: AnyStateMachine, unreachable: Record<string, string> = {}): string[] {
    const all = machineTransitions(machine).map((t) => t.key);
    for (const key of Object.keys(unreachable)) {
      if (!all.includes(key)) throw new Error(`unreachable lists an unknown transition: ${key}`);
      if (this.covered.has(key)) throw new Error(`unreachable lists a transition that is covered: ${key}`);
    }
    return all.filter((key) => !this.covered.has(key) && !(key in unreachable));
  }

  ratio(machine: AnyStateMachine): { covered: number; total: number } {
    const all = machineTransitions(machine).map((t) => t.key);
    return { covered: all.filter((k) => this.covered.has(k)).length, total: all.length };
  }
}

/** Runs one path against a fresh system under test. */
export async function runPath<TSut extends SystemUnderTest>(
  machine: AnyStateMachine,
  path: ModelPath,
  driver: ViewDriver<TSut>,
  coverage: CoverageRecorder,
): Promise<void> {
  const sut = await driver.start();
  try {
    let previous: AnyMachineSnapshot | null = null;
    for (const [index, step] of path.steps.entries()) {
      if (index > 0 && previous) {
        const execute = driver.events[step.event.type];
        if (!execute) throw new Error(`No executor for event ${step.event.type}`);
        coverage.record(machine, previous, step.event);
        await execute(sut, step.event);
      }
      const expected = step.state;
      await waitFor(sut.actor, (s: AnyMachineSnapshot) => JSON.stringify(s.value) === JSON.stringify(expected.value), {
        timeout: 2000,
      }).catch(() => {
        const actual = (sut.actor.getSnapshot() as AnyMachineSnapshot).value;
        throw new Error(`Step ${index} (${step.event.type}): expected ${JSON.stringify(expected.value)}, actual ${JSON.stringify(actual)}`);
      });
      const keys = Object.keys(driver.states).filter((key) => stateKeyMatches(expected, key));
      if (keys.length === 0) throw new Error(`No state assertion matches ${JSON.stringify(expected.value)}`);
      for (const key of keys) await driver.states[key]!(sut, expected);
      coverage.recordState(machine, expected);
      previous = expected;
    }
  } finally {
    await sut.cleanup();
  }
}
