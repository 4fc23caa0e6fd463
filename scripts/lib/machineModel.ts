/**
 * A plain model of a statechart read from `machine.root` (structure and names only): what the Mermaid
 * converter, the transition table and the SVG renderer draw. Pure; no xstate internals beyond the public
 * StateNode fields.
 */
import type { AnyStateMachine } from 'xstate';

export interface StateModel {
  /** Full id, e.g. `appSession.running.checkingGateway`. */
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial: string | null;
  invokes: string[];
  tags: string[];
  description: string | null;
  children: StateModel[];
}

export interface TransitionModel {
  source: string;
  event: string;
  guard: string | null;
  targets: string[];
  actions: string[];
  /** A transition without a target only runs actions (e.g. an assign), the state does not change. */
  internal: boolean;
}

export interface MachineModel {
  id: string;
  root: StateModel;
  transitions: TransitionModel[];
}

interface NodeLike {
  id: string;
  key: string;
  type: StateModel['type'];
  states: Record<string, NodeLike>;
  initial?: { target?: readonly { id: string }[] };
  invoke: readonly { id?: string; src: unknown }[];
  tags: readonly string[];
  meta?: { description?: unknown } | undefined;
  transitions: Map<string, readonly TransitionLike[]>;
  always?: readonly TransitionLike[] | undefined;
}

interface TransitionLike {
  eventType: string;
  target?: readonly { id: string }[] | undefined;
  guard?: unknown;
  actions?: readonly unknown[];
}

export function nameOf(value: unknown, fallback: string): string {
  if (!value) return fallback;
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'type' in value && typeof (value as { type: unknown }).type === 'string') return (value as { type: string }).type;
  if (typeof value === 'function') {
    const typed = (value as { type?: unknown }).type;
    if (typeof typed === 'string') return typed.replace(/^xstate\./, '');
    return value.name || fallback;
  }
  return fallback;
}

function guardText(guard: unknown): string | null {
  if (!guard) return null;
  return nameOf(guard, 'guard');
}

function readState(node: NodeLike, transitions: TransitionModel[]): StateModel {
  const children = Object.values(node.states).map((child) => readState(child, transitions));
  const add = (t: TransitionLike, event: string) => {
    const targets = (t.target ?? []).map((n) => n.id);
    transitions.push({
      source: node.id,
      event,
      guard: guardText(t.guard),
      targets,
      actions: (t.actions ?? []).map((a) => nameOf(a, 'action')),
      internal: targets.length === 0,
    });
  };
  for (const [event, list] of node.transitions) for (const t of list) add(t, event);
  for (const t of node.always ?? []) add(t, '(always)');
  const description = node.meta?.description;
  return {
    id: node.id,
    key: node.key,
    type: node.type,
    initial: node.initial?.target?.[0]?.id ?? null,
    invokes: node.invoke.map((i) => (typeof i.src === 'string' ? i.src : (i.id ?? 'actor'))),
    tags: [...node.tags],
    description: typeof description === 'string' ? description : null,
    children,
  };
}

export function machineModel(machine: AnyStateMachine): MachineModel {
  const transitions: TransitionModel[] = [];
  const root = readState(machine.root as unknown as NodeLike, transitions);
  return { id: machine.id, root, transitions };
}

export function allStates(root: StateModel): StateModel[] {
  return [root, ...root.children.flatMap(allStates)];
}

/** The id without the machine prefix, e.g. `running.checkingGateway`; the root is `(machine)`. */
export function shortId(model: MachineModel, id: string): string {
  return id === model.root.id ? '(any state)' : id.slice(model.root.id.length + 1);
}

export function eventLabel(t: TransitionModel): string {
  return t.guard ? `${t.event} [${t.guard}]` : t.event;
}
