/**
 * Mermaid `stateDiagram-v2` for a machine: nested compound states, parallel regions (separated by `--`),
 * initial states, invoked actors and tags as state descriptions, guards on edges. Transitions defined on the
 * machine root (valid in any state) start from an explicit "(any state)" node; transitions without a target
 * are listed as state descriptions (`on event / actions`).
 */
import { eventLabel, shortId, type MachineModel, type StateModel } from './machineModel.ts';

const ANY = 'any_state';

export function mermaidId(model: MachineModel, id: string): string {
  if (id === model.root.id) return ANY;
  return shortId(model, id).replace(/[^a-zA-Z0-9]+/g, '_');
}

function clean(text: string): string {
  return text.replace(/[:;#{}]/g, ' ').replace(/\s+/g, ' ').trim();
}

export function toMermaid(model: MachineModel): string {
  const out: string[] = ['stateDiagram-v2'];
  const descriptions = new Map<string, string[]>();
  const describe = (id: string, line: string) => descriptions.set(id, [...(descriptions.get(id) ?? []), line]);
  for (const t of model.transitions.filter((t) => t.internal)) {
    describe(t.source, `on ${clean(eventLabel(t))}${t.actions.length ? ` / ${t.actions.join(', ')}` : ''}`);
  }

  const writeState = (state: StateModel, indent: string) => {
    const id = mermaidId(model, state.id);
    const lines = [
      ...state.invokes.map((src) => `invoke ${src}`),
      ...(state.tags.length ? [`tags ${state.tags.join(', ')}`] : []),
      ...(descriptions.get(state.id) ?? []),
    ];
    if (state.children.length === 0) {
      out.push(`${indent}state "${state.key}" as ${id}`);
      if (state.type === 'final') out.push(`${indent}${id} --> [*]`);
    } else {
      out.push(`${indent}state ${id} {`);
      writeChildren(state, `${indent}  `);
      out.push(`${indent}}`);
    }
    for (const line of lines) out.push(`${indent}${id} : ${clean(line)}`);
  };

  const writeChildren = (parent: StateModel, indent: string) => {
    if (parent.type === 'parallel') {
      parent.children.forEach((region, index) => {
        if (index > 0) out.push(`${indent}--`);
        writeState(region, indent);
      });
      return;
    }
    if (parent.initial) out.push(`${indent}[*] --> ${mermaidId(model, parent.initial)}`);
    for (const child of parent.children) writeState(child, indent);
  };

  writeChildren(model.root, '  ');
  const rootLines = descriptions.get(model.root.id) ?? [];
  const rootEdges = model.transitions.filter((t) => t.source === model.root.id && !t.internal);
  if (rootLines.length || rootEdges.length) {
    out.push(`  state "(any state)" as ${ANY}`);
    for (const line of rootLines) out.push(`  ${ANY} : ${clean(line)}`);
  }
  for (const t of model.transitions.filter((t) => !t.internal)) {
    for (const target of t.targets) {
      out.push(`  ${mermaidId(model, t.source)} --> ${mermaidId(model, target)} : ${clean(eventLabel(t))}`);
    }
  }
  return `${out.join('\n')}\n`;
}

/** A Markdown table of every transition, in definition order. */
export function transitionTable(model: MachineModel): string {
  const esc = (text: string) => text.replace(/\|/g, '\\|');
  const rows = model.transitions.map((t, i) => {
    const to = t.internal ? '(stays)' : t.targets.map((id) => `\`${shortId(model, id)}\``).join(', ');
    return `| ${i + 1} | \`${esc(shortId(model, t.source))}\` | \`${esc(t.event)}\` | ${t.guard ? `\`${esc(t.guard)}\`` : ''} | ${to} | ${t.actions.map((a) => `\`${esc(a)}\``).join(', ')} |`;
  });
  return ['| # | From | Event | Guard | To | Actions |', '|---|---|---|---|---|---|', ...rows].join('\n') + '\n';
}
