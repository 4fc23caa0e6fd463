/**
 * QA test plans from `xstate/graph`: the shortest path to every state and every simple path, each as
 * numbered steps "event with payload → expected state".
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import type { RegisteredMachine } from '../../src/machines/registry.ts';

export interface PlanStep {
  step: number;
  event: AnyEventObject;
  expected: string;
}

export interface Plan {
  id: string;
  kind: 'shortest' | 'simple';
  target: string;
  steps: PlanStep[];
}

export function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    const parts = entries.map(([key, child]) => {
      const inner = stateName(child);
      if (!inner) return key;
      return inner.includes(' & ') && entries.length === 1 ? `${key}.(${inner})` : `${key}.${inner}`;
    });
    return parts.join(' & ');
  }
  return String(value);
}

type Path = StatePath<AnyMachineSnapshot, AnyEventObject>;

function toPlan(path: Path, kind: Plan['kind'], index: number): Plan {
  return {
    id: `${kind === 'shortest' ? 'S' : 'P'}${index + 1}`,
    kind,
    target: stateName(path.state.value),
    steps: path.steps.map((s, i) => ({ step: i + 1, event: s.event, expected: stateName(s.state.value) })),
  };
}

export function plansFor(entry: RegisteredMachine, options: { simpleLimit?: number } = {}): Plan[] {
  const byValue = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value);
  const byLength = (a: Path, b: Path) => a.steps.length - b.steps.length || stateName(a.state.value).localeCompare(stateName(b.state.value));
  const shortestByValue = new Map<string, Path>();
  const simple: Path[] = [];
  for (const input of [entry.sampleInput, ...(entry.extraSampleInputs ?? [])]) {
    const base = {
      input,
      events: entry.sampleEvents,
      filterEvents: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => snapshot.can(event),
    };
    // Shortest: explore with the machine's own vertex identity (context matters for guards), then keep the
    // shortest path to each state a person can see (state value), over every sample input.
    const explored = getShortestPaths(entry.machine, { ...base, serializeState: entry.serializeState ?? byValue } as never) as unknown as Path[];
    for (const path of explored.sort(byLength)) {
      const key = byValue(path.state);
      const known = shortestByValue.get(key);
      if (!known || byLength(path, known) < 0) shortestByValue.set(key, path);
    }
    // Simple paths: over state values only (context collapsed), or the entry's coarser `simplePathState`
    // (machines with parallel regions), which keeps them a readable number.
    const simpleState = entry.simplePathState ?? byValue;
    for (const path of getSimplePaths(entry.machine, { ...base, serializeState: simpleState, limit: options.simpleLimit ?? 5000 } as never) as unknown as Path[]) simple.push(path);
  }
  return [...[...shortestByValue.values()].sort(byLength).map((p, i) => toPlan(p, 'shortest', i)), ...simple.sort(byLength).map((p, i) => toPlan(p, 'simple', i))];
}

function eventText(event: AnyEventObject, step: number): string {
  if (step === 1 && event.type === 'xstate.init') return 'Start';
  const { type, ...payload } = event;
  return Object.keys(payload).length ? `\`${type}\` ${JSON.stringify(payload)}` : `\`${type}\``;
}

export function plansMarkdown(entry: RegisteredMachine, version: string, plans: Plan[]): string {
  const out = [`# QA paths: ${entry.title} (\`${entry.id}\`)`, '', `Machine version \`${version}\`. Each step: event with payload → expected state.`, ''];
  for (const kind of ['shortest', 'simple'] as const) {
    const list = plans.filter((p) => p.kind === kind);
    out.push(`## ${kind === 'shortest' ? 'Shortest path to each state' : 'Simple paths'} (${list.length})`, '');
    for (const plan of list) {
      out.push(`### ${plan.id}. Reach \`${plan.target}\``, '');
      for (const s of plan.steps) out.push(`${s.step}. ${eventText(s.event, s.step)} → \`${s.expected}\``);
      out.push('');
    }
  }
  return out.join('\n');
}
