/**
 * Renders a machine model to SVG offline: elkjs computes the layout (layered, hierarchy included), and we
 * write the SVG ourselves, so the output is byte-stable and needs no browser. Every state is a
 * `<g class="state" data-state-id="<full id>">`, which the /statecharts screen uses to highlight live states.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import { eventLabel, type MachineModel, type StateModel } from './machineModel.ts';

const CHAR = 6.6;
const LINE = 15;
const PAD = 10;
const ANY = '__any';

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const n = (value: number) => (Math.round(value * 10) / 10).toString();

function stateLines(model: MachineModel, state: StateModel): string[] {
  const internal = model.transitions.filter((t) => t.internal && t.source === state.id).map((t) => `on ${eventLabel(t)}`);
  return [
    ...state.invokes.map((src) => `invoke ${src}`),
    ...(state.tags.length ? [`#${state.tags.join(' #')}`] : []),
    ...internal,
  ];
}

/** Edge labels in the picture are short (`done loadConfig`, `error x`, `after 1000`); the table has full types. */
export function shortEventLabel(label: string): string {
  return label
    .replace(/^xstate\.done\.actor\./, 'done ')
    .replace(/^xstate\.error\.actor\./, 'error ')
    .replace(/^xstate\.after\.([^.]+)\..*?( \[|$)/, 'after $1$2');
}

function textWidth(lines: string[]): number {
  return Math.max(...lines.map((l) => l.length)) * CHAR + 2 * PAD;
}

interface Meta {
  title: string;
  lines: string[];
  kind: 'state' | 'initial' | 'any' | 'final';
}

export async function renderSvg(model: MachineModel): Promise<string> {
  const meta = new Map<string, Meta>();
  const edges: ElkExtendedEdge[] = [];
  let edgeCount = 0;
  const labels = new Map<string, string>();

  const toElk = (state: StateModel): ElkNode => {
    const lines = stateLines(model, state);
    meta.set(state.id, { title: state.key, lines, kind: state.type === 'final' ? 'final' : 'state' });
    const header = LINE * (1 + lines.length) + PAD;
    if (state.children.length === 0) {
      return { id: state.id, width: Math.max(90, textWidth([state.key, ...lines])), height: header + PAD / 2 };
    }
    const children = state.children.map(toElk);
    if (state.initial) {
      const initId = `${state.id}.__initial`;
      meta.set(initId, { title: '', lines: [], kind: 'initial' });
      children.unshift({ id: initId, width: 12, height: 12 });
      edges.push({ id: `e${edgeCount++}`, sources: [initId], targets: [state.initial] });
    }
    return {
      id: state.id,
      children,
      layoutOptions: {
        'elk.padding': `[top=${header + 6},left=${PAD + 4},bottom=${PAD + 4},right=${PAD + 4}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${textWidth([state.key, ...lines])}, ${header + 20})`,
      },
    };
  };

  const root = toElk(model.root);
  meta.set(model.root.id, { title: model.id, lines: [], kind: 'state' });
  const rootLines = stateLines(model, model.root);
  const rootEdges = model.transitions.filter((t) => t.source === model.root.id && !t.internal);
  if (rootLines.length || rootEdges.length) {
    meta.set(ANY, { title: '(any state)', lines: rootLines, kind: 'any' });
    root.children!.push({ id: ANY, width: textWidth(['(any state)', ...rootLines]), height: LINE * (1 + rootLines.length) + PAD * 1.5 });
  }
  for (const t of model.transitions) {
    if (t.internal) continue;
    for (const target of t.targets) {
      const id = `e${edgeCount++}`;
      const text = shortEventLabel(eventLabel(t));
      labels.set(id, text);
      edges.push({
        id,
        sources: [t.source === model.root.id ? ANY : t.source],
        targets: [target],
        labels: [{ id: `${id}.label`, text, width: text.length * CHAR + 6, height: LINE }],
      });
    }
  }

  const graph: ElkNode = {
    id: '__graph',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.spacing.nodeNodeBetweenLayers': '40',
      'elk.spacing.nodeNode': '24',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeEdge': '8',
      'elk.layered.spacing.edgeEdgeBetweenLayers': '8',
      'elk.layered.spacing.edgeNodeBetweenLayers': '12',
      'elk.randomSeed': '1',
    },
    children: root.children ?? [],
    edges,
  };
  const elk = new ELK();
  const laid = await elk.layout(graph);

  // Absolute offsets of every node, to place edges (relative to their container) and children.
  const offsets = new Map<string, { x: number; y: number }>([['__graph', { x: 0, y: 0 }]]);
  const shapes: string[] = [];
  const visit = (node: ElkNode, ox: number, oy: number) => {
    for (const child of node.children ?? []) {
      const x = ox + (child.x ?? 0);
      const y = oy + (child.y ?? 0);
      offsets.set(child.id, { x, y });
      shapes.push(drawNode(child.id, x, y, child.width ?? 0, child.height ?? 0, meta.get(child.id)!, (child.children?.length ?? 0) > 0));
      visit(child, x, y);
    }
  };
  visit(laid, PAD, PAD);
  offsets.set('__graph', { x: PAD, y: PAD });

  const lines: string[] = [];
  const edgeLabels: string[] = [];
  for (const edge of laid.edges ?? []) {
    const container = offsets.get((edge as ElkExtendedEdge & { container?: string }).container ?? '__graph') ?? { x: PAD, y: PAD };
    for (const section of edge.sections ?? []) {
      const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => `${n(container.x + p.x)},${n(container.y + p.y)}`);
      lines.push(`<polyline class="edge" points="${points.join(' ')}" marker-end="url(#arrow)"/>`);
    }
    for (const label of edge.labels ?? []) {
      const x = container.x + (label.x ?? 0);
      const y = container.y + (label.y ?? 0);
      edgeLabels.push(
        `<g class="edge-label"><rect x="${n(x - 2)}" y="${n(y)}" width="${n((label.width ?? 0) + 4)}" height="${n(label.height ?? LINE)}"/><text x="${n(x + 1)}" y="${n(y + LINE - 4)}">${esc(label.text ?? '')}</text></g>`,
      );
    }
  }

  const width = (laid.width ?? 0) + 2 * PAD;
  const height = (laid.height ?? 0) + 2 * PAD;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(width)} ${n(height)}" width="${n(width)}" height="${n(height)}" role="img" aria-label="Statechart of ${esc(model.id)}" data-machine-id="${esc(model.id)}">`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#475569"/></marker></defs>',
    '<style>.state rect{fill:#f8fafc;stroke:#334155;stroke-width:1.2}.state.compound>rect{fill:#eef2f7}.state text{font:12px sans-serif;fill:#0f172a}.state .detail{font:11px monospace;fill:#475569}.any rect{fill:#fff;stroke-dasharray:4 3}.edge{fill:none;stroke:#475569;stroke-width:1.2}.edge-label rect{fill:#fff;opacity:.85}.edge-label text{font:11px monospace;fill:#1e293b}.initial{fill:#0f172a}</style>',
    `<rect x="0" y="0" width="${n(width)}" height="${n(height)}" fill="#ffffff"/>`,
    ...shapes,
    ...lines,
    ...edgeLabels,
    '</svg>',
    '',
  ].join('\n');
}

function drawNode(id: string, x: number, y: number, w: number, h: number, info: Meta, compound: boolean): string {
  if (info.kind === 'initial') return `<circle class="initial" cx="${n(x + w / 2)}" cy="${n(y + h / 2)}" r="${n(w / 2)}"/>`;
  const cls = info.kind === 'any' ? 'state any' : `state${compound ? ' compound' : ''}${info.kind === 'final' ? ' final' : ''}`;
  const dataId = info.kind === 'any' ? '' : ` data-state-id="${esc(id)}"`;
  const parts = [`<g class="${cls}"${dataId}>`, `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="8" ry="8"/>`];
  if (info.kind === 'final') parts.push(`<rect x="${n(x + 3)}" y="${n(y + 3)}" width="${n(w - 6)}" height="${n(h - 6)}" rx="6" ry="6"/>`);
  parts.push(`<text x="${n(x + PAD)}" y="${n(y + LINE + 2)}" font-weight="bold">${esc(info.title)}</text>`);
  info.lines.forEach((line, i) => parts.push(`<text class="detail" x="${n(x + PAD)}" y="${n(y + LINE * (i + 2) + 2)}">${esc(line)}</text>`));
  parts.push('</g>');
  return parts.join('');
}
