/** Which state nodes of a running machine are active, as full state ids (`appSession.running.gatewayOnline`). */
export function activeStateIds(machineId: string, value: unknown): string[] {
  const out: string[] = [];
  const walk = (prefix: string, node: unknown) => {
    if (typeof node === 'string') {
      out.push(`${prefix}.${node}`);
      return;
    }
    if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
        out.push(`${prefix}.${key}`);
        walk(`${prefix}.${key}`, child);
      }
    }
  };
  walk(machineId, value);
  return out;
}

export interface RunningActor {
  /** The actor's id (the root's machine id, or the child's id in its parent). */
  actorId: string;
  machineId: string;
  /** Readable state, e.g. `running.gatewayOnline`. */
  state: string;
  activeIds: string[];
}

interface SnapshotLike {
  value?: unknown;
  machine?: { id?: unknown };
  children?: Record<string, { getSnapshot?: () => unknown } | undefined>;
}

export function stateLabel(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, child]) => {
        const inner = stateLabel(child);
        return inner ? `${key}.${inner}` : key;
      })
      .join(' & ');
  }
  return String(value);
}

/** The root actor and every machine actor below it (flows spawned as children). */
export function runningActors(rootId: string, snapshot: SnapshotLike): RunningActor[] {
  const out: RunningActor[] = [];
  const visit = (actorId: string, s: SnapshotLike) => {
    const machineId = typeof s.machine?.id === 'string' ? s.machine.id : null;
    if (machineId && s.value !== undefined) out.push({ actorId, machineId, state: stateLabel(s.value), activeIds: activeStateIds(machineId, s.value) });
    for (const [childId, child] of Object.entries(s.children ?? {})) {
      const childSnapshot = child?.getSnapshot?.() as SnapshotLike | undefined;
      if (childSnapshot) visit(childId, childSnapshot);
    }
  };
  visit(rootId, snapshot);
  return out;
}
