/**
 * Model-based test harness. Given a machine, the events to explore (with payload samples) and a view driver,
 * it generates paths with `xstate/graph`, runs each path against the real system under test (the real
 * React views over a real actor whose effects are deferred stubs), and measures transition coverage.
 *
 * Strict by design (xstate/graph is silent about gaps): a step whose event has no executor fails, a step
 * whose state has no assertion fails, and coverage below 100 % fails unless the uncovered transition
 * (`missing`) or state (`missingStates`) is listed as unreachable with a reason.
 *
 * Coverage counts every transition of a step's macrostep: the event's own, then the eventless (`always`)
 * transitions and those of raised events it leads to, as the model takes them (its microsteps, read through
 * the `@xstate.microstep` inspection events of a pure transition) to plan paths. What counts as covered is
 * what the real actor did: runPath inspects the actor under test and records the transitions of its own
 * microsteps (the planner's vertices collapse context, so the model may reach the same state by another
 * guarded transition than the actor). The eventless transitions of the initial state run while the actor is
 * created, before it can be inspected: they count when the actor's first state is the model's (the state
 * after them shows they were taken).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, transition, waitFor, type ActorScope, type AnyActorRef, type AnyEventObject, type AnyStateMachine, type AnyMachineSnapshot, type InspectionEvent } from 'xstate';
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

/** The event of an eventless transition (XState gives it the empty event type). */
export const ALWAYS = 'always';

function describeTransition(t: TransitionLike): TransitionInfo {
  const targets = (t.target ?? []).map((n) => n.id);
  const guard = guardName(t.guard);
  const event = t.eventType === '' ? ALWAYS : t.eventType;
  const key = `${t.source.id} on ${event}${guard ? ` [${guard}]` : ''} -> ${targets.length ? targets.join(',') : '(self)'}`;
  return { key, source: t.source.id, event, targets, guard };
}

/** Every transition the machine defines: the event transitions from `toDirectedGraph`, and the eventless ones. */
export function machineTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const seen = new Map<string, TransitionInfo>();
  const add = (t: unknown) => {
    const info = describeTransition(t as TransitionLike);
    seen.set(info.key, info);
  };
  const visit = (node: ReturnType<typeof toDirectedGraph>) => {
    for (const edge of node.edges) add(edge.transition);
    node.stateNode.always?.forEach(add);
    node.children.forEach(visit);
  };
  visit(toDirectedGraph(machine));
  return [...seen.values()];
}

/** What one macrostep of the model does: the transitions of its microsteps, their source states, and the state after each. */
export interface ModelMacrostep {
  keys: string[];
  /** Ids of the transitions' source states (a transient state is only ever a source). */
  sources: string[];
  snapshots: AnyMachineSnapshot[];
}

const inertActors = new WeakMap<AnyStateMachine, AnyActorRef>();
/** One never-started actor per machine: the `self` of pure transitions, whose system carries the inspection. */
function inertActor(machine: AnyStateMachine): AnyActorRef {
  let actor = inertActors.get(machine);
  if (!actor) inertActors.set(machine, (actor = createActor(machine)));
  return actor;
}

/**
 * Runs `step` (a pure transition or initial transition) with an actor scope whose system reports the
 * `@xstate.microstep` inspection events, and collects the transitions and snapshots of the machine's own
 * microsteps. Like XState's `transition`, nothing is executed: actions, children and delays stay inert.
 */
function inspectMacrostep(machine: AnyStateMachine, step: (scope: ActorScope<AnyMachineSnapshot, AnyEventObject>) => void): ModelMacrostep {
  const self = inertActor(machine);
  const keys: string[] = [];
  const sources: string[] = [];
  const snapshots: AnyMachineSnapshot[] = [];
  const subscription = self.system.inspect((event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep' || event.actorRef !== self) return;
    for (const t of event._transitions as unknown as TransitionLike[]) {
      keys.push(describeTransition(t).key);
      sources.push(t.source.id);
    }
    snapshots.push(event.snapshot as AnyMachineSnapshot);
  });
  const noop = () => {};
  try {
    step({ self, system: self.system, id: '', sessionId: '', logger: noop, defer: noop, emit: noop, stopChild: noop, actionExecutor: noop } as unknown as ActorScope<AnyMachineSnapshot, AnyEventObject>);
  } finally {
    subscription.unsubscribe();
  }
  return { keys: [...new Set(keys)], sources: [...new Set(sources)], snapshots };
}

/** The model's macrostep for `event` from `before`: the event's transitions, then eventless and raised ones. */
export function modelMacrostep(machine: AnyStateMachine, before: AnyMachineSnapshot, event: AnyEventObject): ModelMacrostep {
  return inspectMacrostep(machine, (scope) => machine.transition(before, event, scope as never));
}

/** The model's initial macrostep: the eventless transitions taken on the way to the first resting state. */
export function modelInitialMacrostep(machine: AnyStateMachine, input: unknown): ModelMacrostep {
  return inspectMacrostep(machine, (scope) => machine.getInitialSnapshot(scope as never, input));
}

export interface ModelPlanOptions<TMachine extends AnyStateMachine> {
  machine: TMachine;
  input?: unknown;
  /** Every event to explore, with payload samples. Internal events (xstate.done.actor.*) are allowed. */
  events: AnyEventObject[];
  /** Vertex identity; default: state value plus context. Collapse context that would explode the graph. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /**
   * Whether the views offer `event` in `snapshot` at all (default: always, where the machine takes it): an event
   * the machine accepts but no view can cause there (the review's one submit button, decision 0044) is not planned.
   */
  offered?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean;
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

/** A planned path; `initial` is the model's initial macrostep, its eventless transitions (set by planPaths). */
export type ModelPath = StatePath<AnyMachineSnapshot, AnyEventObject> & { initial?: ModelMacrostep };

/**
 * Shortest paths to every vertex, then one more path for each transition those paths do not take (a path to
 * its source vertex plus the event), so the plan covers transitions, not only states.
 */
export function planPaths<TMachine extends AnyStateMachine>(options: ModelPlanOptions<TMachine>): ModelPath[] {
  const machine = options.machine as AnyStateMachine;
  const shortest = getShortestPaths(machine, {
    input: options.input,
    events: options.events,
    filterEvents: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => snapshot.can(event) && (options.offered?.(snapshot, event) ?? true),
    ...(options.serializeState ? { serializeState: options.serializeState } : {}),
  } as never) as unknown as ModelPath[];

  const initial = modelInitialMacrostep(machine, options.input);
  shortest.forEach((path) => (path.initial = initial));

  const planned = new Set<string>(initial.keys);
  for (const path of shortest) {
    for (let i = 1; i < path.steps.length; i++) {
      for (const key of modelMacrostep(machine, path.steps[i - 1]!.state, path.steps[i]!.event).keys) planned.add(key);
    }
  }
  const extra: ModelPath[] = [];
  for (const path of shortest) {
    for (const event of options.events) {
      if (!path.state.can(event) || !(options.offered?.(path.state, event) ?? true)) continue;
      const keys = modelMacrostep(machine, path.state, event).keys;
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

/**
 * The planned paths a model test runs: each path whose events another planned path starts with is left out (decision
 * 0091). The machines are pure and `runPath` asserts the view at every step, so the longer path checks each state of
 * the shorter one, in the same order, after the same events: a shortest path to a vertex that is on the way to
 * another, or the path an extra transition's path extends. Of paths with the same events, the first is kept. Coverage
 * is unchanged (the same transitions and states are taken); only repeated steps go.
 */
export function withoutPrefixes(paths: readonly ModelPath[]): ModelPath[] {
  // Each path's key (its events, one JSON per line) and every proper prefix of it, built once.
  const properPrefixes = new Set<string>();
  const keys = paths.map((path) => {
    let key = '';
    for (const [index, step] of path.steps.slice(1).entries()) {
      properPrefixes.add(key);
      key += `${index === 0 ? '' : '\n'}${JSON.stringify(step.event)}`;
    }
    return key;
  });
  const kept = new Set<string>();
  return paths.filter((_, index) => {
    const key = keys[index]!;
    if (properPrefixes.has(key) || kept.has(key)) return false;
    kept.add(key);
    return true;
  });
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

  /** Records the transitions of the model's macrostep for `event` (use runPath, which checks the actor took them). */
  record(machine: AnyStateMachine, before: AnyMachineSnapshot, event: AnyEventObject): void {
    this.recordMacrostep(machine, modelMacrostep(machine, before, event));
  }

  /** Records a macrostep's transitions and the states it passes through (transient ones included). */
  recordMacrostep(machine: AnyStateMachine, step: ModelMacrostep): void {
    for (const key of step.keys) this.covered.add(key);
    for (const id of step.sources) this.visited.add(id);
    for (const snapshot of step.snapshots) this.recordState(machine, snapshot);
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
  // What the actor under test does from here on (its initial microsteps ran while it was created).
  const observed: ModelMacrostep = { keys: [], sources: [], snapshots: [] };
  const inspection = sut.actor.system.inspect((event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep' || event.actorRef !== sut.actor) return;
    for (const t of event._transitions as unknown as TransitionLike[]) {
      observed.keys.push(describeTransition(t).key);
      observed.sources.push(t.source.id);
    }
    observed.snapshots.push(event.snapshot as AnyMachineSnapshot);
  });
  try {
    let previous: AnyMachineSnapshot | null = null;
    for (const [index, step] of path.steps.entries()) {
      if (index > 0 && previous) {
        const execute = driver.events[step.event.type];
        if (!execute) throw new Error(`No executor for event ${step.event.type}`);
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
      // The initial eventless transitions: the actor's first state is the one they lead to.
      if (index === 0 && path.initial) coverage.recordMacrostep(machine, path.initial);
      coverage.recordMacrostep(machine, observed);
      coverage.recordState(machine, expected);
      previous = expected;
    }
  } finally {
    inspection.unsubscribe();
    await sut.cleanup();
  }
}

/**
 * Registry samples are plain JSON, so their effect errors are `{ name, message, ...more }`; the real effects reject
 * with `Error` instances. This turns each such error back into an `Error` carrying the same name and fields.
 */
export function withErrorInstances(events: readonly AnyEventObject[]): AnyEventObject[] {
  return events.map((event) => {
    const error = (event as { error?: unknown }).error;
    if (!error || typeof error !== 'object' || error instanceof Error) return event;
    const { name, message, ...more } = error as Record<string, unknown>;
    if (typeof name !== 'string' || typeof message !== 'string') return event;
    const instance = Object.assign(new Error(message), more);
    if (name !== 'Error') instance.name = name;
    return { ...event, error: instance };
  });
}


/** What a suite's logged coverage line reports. */
export interface CoverageCounts {
  name: string;
  transitions: { covered: number; total: number };
  states: { covered: number; total: number };
  /** Paths run, over all plans (the planned ones without those another starts with: withoutPrefixes). */
  paths: number;
}

/** One input of a suite whose planned paths run against the views; unset fields are the suite's. */
export interface ModelSuitePlan<TSut extends SystemUnderTest> {
  input?: unknown;
  events?: AnyEventObject[];
  driver?: ViewDriver<TSut>;
  /** Puts the plan's tests in a nested `describe` of this title. */
  describe?: string;
  /** Starts each of the plan's test titles with this, e.g. `invalid address: `. */
  prefix?: string;
}

export interface ModelSuiteOptions<TMachine extends AnyStateMachine, TSut extends SystemUnderTest> extends ModelPlanOptions<TMachine> {
  /** The view driver; may be left out when every plan gives its own. */
  driver?: ViewDriver<TSut>;
  /** Several inputs sharing one coverage; default: one plan of the suite's input. */
  plans?: ModelSuitePlan<TSut>[];
  /** The name the logged coverage line starts with; default: the machine's id. */
  name?: string;
  /**
   * Whether every state must be visited too: checked in the coverage test (`'with transitions'`, titled "covers every
   * transition and state of the machine") or in a test of its own (`'own test'`, "visits every state of the machine").
   */
  states?: 'with transitions' | 'own test';
  /** The coverage test's title, when it is not the one `states` gives. */
  coverageTitle?: string;
  /** The test's own cases, registered before the path tests. */
  cases?: () => void;
  /** The logged coverage line; default: `<name> transition coverage: <covered>/<total> over <paths> paths`. */
  report?: (counts: CoverageCounts) => string;
}

/**
 * Registers a model test in the current `describe`: the test's own cases, one test per planned path (titled by
 * `pathTitle`), a test requiring 100 % transition coverage (and state coverage, with `states`), and an `afterAll`
 * that logs the coverage reached.
 */
export function modelTests<TMachine extends AnyStateMachine, TSut extends SystemUnderTest>(options: ModelSuiteOptions<TMachine, TSut>): void {
  const machine = options.machine as AnyStateMachine;
  const coverage = new CoverageRecorder();
  options.cases?.();
  let paths = 0;
  for (const plan of options.plans ?? [{}]) {
    const planned = withoutPrefixes(
      planPaths({
        machine,
        input: 'input' in plan ? plan.input : options.input,
        events: plan.events ?? options.events,
        ...(options.serializeState ? { serializeState: options.serializeState } : {}),
        ...(options.offered ? { offered: options.offered } : {}),
      }),
    );
    paths += planned.length;
    const driver = plan.driver ?? options.driver;
    if (!driver) throw new Error(`No view driver for ${machine.id}`);
    const register = () => {
      for (const path of planned) it(`${plan.prefix ?? ''}${pathTitle(path)}`, () => runPath(machine, path, driver, coverage));
    };
    if (plan.describe) describe(plan.describe, register);
    else register();
  }
  const withStates = options.states === 'with transitions';
  it(options.coverageTitle ?? (withStates ? 'covers every transition and state of the machine' : 'covers every transition of the machine'), () => {
    expect(coverage.missing(machine)).toEqual([]);
    if (withStates) expect(coverage.missingStates(machine)).toEqual([]);
  });
  if (options.states === 'own test') {
    it('visits every state of the machine', () => {
      expect(coverage.missingStates(machine)).toEqual([]);
    });
  }
  afterAll(() => {
    const counts: CoverageCounts = { name: options.name ?? machine.id, transitions: coverage.ratio(machine), states: coverage.stateRatio(machine), paths };
    const { covered, total } = counts.transitions;
    console.info(options.report ? options.report(counts) : `${counts.name} transition coverage: ${covered}/${total} over ${paths} paths`);
  });
}

/** A `describe` of `title` holding a model test's cases, path tests, coverage test and coverage line (see modelTests). */
export function describeModel<TMachine extends AnyStateMachine, TSut extends SystemUnderTest>(title: string, options: ModelSuiteOptions<TMachine, TSut>): void {
  describe(title, () => modelTests(options));
}
