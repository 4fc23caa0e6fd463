/**
 * The component types of tuples the gateway names only `tuple` (its `dataDecoded` carries no `components`; see
 * ../shared/spec/cgw-openapi.json, DataDecodedParameter). Without them neither the function selector nor the
 * decoding of the bytes can be computed, so they are searched for, in two bounded phases:
 *
 * 1. **Layout, from the bytes.** Each value the gateway shows proposes encodings (a decimal: a 32-byte integer
 *    word, else a string; `0x` + 40 hex digits: an address, bytes20 or bytes; `0x` + n bytes: bytesN or bytes;
 *    `true`/`false`: bool; a list: a tuple or a dynamic array; anything: a string). Candidate layouts are tried
 *    cheapest first: viem decodes the call's arguments with the layout and must encode the result back to exactly
 *    the same bytes (`LAYOUT_BUDGET`). Such a layout fixes everything except what the bytes cannot tell.
 * 2. **Selector.** What the bytes cannot tell — an integer's width and sign, a tuple of equal members versus a
 *    fixed-size array — only changes the function signature: signatures `method(type,…)` are hashed cheapest
 *    first (uint256 before uint8, …) until one gives the call's selector (`InferenceBudget`).
 *
 * A typing found here is not trusted by itself: the caller decodes the bytes with it and compares every value,
 * exactly as for explicit types (crossCheck.ts). Past either budget the decoding stays unverified and is not shown.
 */
import { decodeAbiParameters, encodeAbiParameters, keccak256, slice, stringToBytes, type Hex } from 'viem';
import type { ParamValue } from '../gateway/types.ts';
import { canonicalType, hasUnsupported, isResolved, toAbiParameter, type AbiTypeNode } from './abiTypes.ts';

/** How many candidate signatures one cross-check may hash (shared by a call and its nested calls). */
export const DEFAULT_SELECTOR_BUDGET = 4096;
/** How many candidate layouts one search may encode. */
export const LAYOUT_BUDGET = 512;

export interface InferenceBudget {
  /** Selectors (and layouts) still allowed to be computed. */
  remaining: number;
  /** Set when a search stopped at a bound (this budget or LAYOUT_BUDGET) rather than running out of candidates. */
  exhausted?: boolean;
}

interface Option {
  node: AbiTypeNode;
  canonical: string;
  cost: number;
}

const STRING_COST = 6;

const option = (node: AbiTypeNode, cost: number): Option => ({ node, canonical: canonicalType(node), cost });
const leaf = (name: string, cost: number): Option => option({ kind: 'elementary', name }, cost);

const COMMON_UINT = new Set([8, 16, 32, 64, 128, 160]);
const LESS_COMMON_UINT = new Set([24, 40, 48, 96, 112, 192]);
const COMMON_INT = new Set([8, 16, 24, 32, 64, 128]);

const bitLength = (v: bigint): number => (v === 0n ? 1 : v.toString(2).length);

function numericOptions(values: readonly string[]): Option[] {
  const numbers = values.map((v) => BigInt(v));
  const negative = numbers.some((n) => n < 0n);
  // Bits an intN needs: the magnitude of the most negative or the largest value, plus the sign bit.
  const signedBits = Math.max(...numbers.map((n) => (n < 0n ? bitLength(-n - 1n) : bitLength(n)) + 1));
  const unsignedBits = negative ? Infinity : Math.max(...numbers.map(bitLength));
  const out: Option[] = [];
  for (let bits = 8; bits <= 256; bits += 8) {
    if (bits >= unsignedBits) out.push(leaf(`uint${bits}`, bits === 256 ? 0 : COMMON_UINT.has(bits) ? 1 : LESS_COMMON_UINT.has(bits) ? 2 : 3));
    if (bits >= signedBits) out.push(leaf(`int${bits}`, (negative ? 0 : 2) + (bits === 256 ? 0 : COMMON_INT.has(bits) ? 1 : 2)));
  }
  return out;
}

/** Candidate encodings of one position from the text values the gateway shows there (integers as 256 bits). */
function layoutLeafOptions(values: readonly string[]): Option[] {
  const out: Option[] = [];
  if (values.every((v) => /^(true|false)$/i.test(v))) out.push(leaf('bool', 0));
  else if (values.every((v) => /^-?\d{1,80}$/.test(v))) out.push(leaf(values.some((v) => v.startsWith('-')) ? 'int256' : 'uint256', 0));
  else if (values.every((v) => /^0x(?:[0-9a-fA-F]{2})*$/.test(v))) {
    const sizes = new Set(values.map((v) => (v.length - 2) / 2));
    const size = sizes.size === 1 ? [...sizes][0]! : null;
    // bytes32 and bytes4 (a selector) are common; other fixed sizes are rare next to `bytes`.
    if (size === 20) out.push(leaf('address', 0), leaf('bytes', 3), leaf('bytes20', 4));
    else if (size === 32 || size === 4) out.push(leaf(`bytes${size}`, 0), leaf('bytes', 1));
    else if (size !== null && size >= 1 && size <= 32) out.push(leaf('bytes', 0), leaf(`bytes${size}`, 2));
    else out.push(leaf('bytes', 0));
  }
  out.push(leaf('string', out.length ? STRING_COST : 0));
  return out.sort((a, b) => a.cost - b.cost);
}

// ───────────── lazy streams of options, cheapest first ─────────────
// The typings of a nested value multiply quickly, so nothing is listed in full: each position is a stream that
// computes its next-cheapest option only when asked, and the search stops at its budget.

class Stream {
  private readonly items: Option[] = [];
  private done = false;
  constructor(private readonly source: Iterator<Option>) {}

  get(index: number): Option | undefined {
    while (!this.done && this.items.length <= index) {
      const next = this.source.next();
      if (next.done) this.done = true;
      else this.items.push(next.value);
    }
    return this.items[index];
  }
}

const listStream = (options: readonly Option[]) => new Stream(options[Symbol.iterator]());

/** The options of several streams in one stream, cheapest first (each stream is sorted). */
function* merged(streams: readonly Stream[]): Generator<Option> {
  const at = streams.map(() => 0);
  for (;;) {
    let best = -1;
    for (let s = 0; s < streams.length; s += 1) {
      const candidate = streams[s]!.get(at[s]!);
      if (candidate && (best < 0 || candidate.cost < streams[best]!.get(at[best]!)!.cost)) best = s;
    }
    if (best < 0) return;
    yield streams[best]!.get(at[best]!)!;
    at[best]! += 1;
  }
}

function* mapped(stream: Stream, f: (o: Option) => Option): Generator<Option> {
  for (let i = 0; ; i += 1) {
    const o = stream.get(i);
    if (!o) return;
    yield f(o);
  }
}

/** Every combination of one option per stream, in order of total cost (best-first over index vectors). */
function* combinations(parts: readonly Stream[]): Generator<Option[]> {
  if (parts.some((p) => !p.get(0))) return;
  const costOf = (idx: number[]) => idx.reduce((sum, i, p) => sum + parts[p]!.get(i)!.cost, 0);
  // A binary heap of index vectors by cost; insertion order breaks ties, so the order is deterministic.
  type Entry = { idx: number[]; cost: number; seq: number };
  const heap: Entry[] = [];
  let seq = 0;
  const less = (a: Entry, b: Entry) => a.cost < b.cost || (a.cost === b.cost && a.seq < b.seq);
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  const push = (idx: number[]) => {
    heap.push({ idx, cost: costOf(idx), seq: seq++ });
    for (let i = heap.length - 1; i > 0 && less(heap[i]!, heap[(i - 1) >> 1]!); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
  };
  const pop = (): Entry => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        let m = i;
        if (l < heap.length && less(heap[l]!, heap[m]!)) m = l;
        if (l + 1 < heap.length && less(heap[l + 1]!, heap[m]!)) m = l + 1;
        if (m === i) break;
        swap(i, m);
        i = m;
      }
    }
    return top;
  };
  const start = parts.map(() => 0);
  const seen = new Set<string>([start.join(',')]);
  push(start);
  while (heap.length) {
    const { idx } = pop();
    yield idx.map((i, p) => parts[p]!.get(i)!);
    for (let p = 0; p < idx.length; p += 1) {
      if (!parts[p]!.get(idx[p]! + 1)) continue;
      const next = idx.slice();
      next[p] = idx[p]! + 1;
      const key = next.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      push(next);
    }
  }
}

function* tuples(parts: readonly Stream[], extra: number): Generator<Option> {
  for (const chosen of combinations(parts)) {
    yield {
      node: { kind: 'tuple', components: chosen.map((c) => c.node) },
      canonical: `(${chosen.map((c) => c.canonical).join(',')})`,
      cost: chosen.reduce((sum, c) => sum + c.cost, extra),
    };
  }
}

const arrayOf = (length: number | null, extra: number) => (element: Option): Option => ({
  node: { kind: 'array', element: element.node, length },
  canonical: `${element.canonical}[${length ?? ''}]`,
  cost: element.cost + extra,
});

const MAX_DEPTH = 8;
const none = () => listStream([]);

/** Candidate layouts of a position from the values shown there, when nothing is known of its type. */
function layoutOfValues(values: readonly ParamValue[], depth: number): Stream {
  if (depth > MAX_DEPTH || values.length === 0) return none();
  if (values.every((v) => typeof v === 'string')) return listStream(layoutLeafOptions(values as string[]));
  if (!values.every(Array.isArray)) return none();
  const lists = values as ParamValue[][];
  const lengths = new Set(lists.map((l) => l.length));
  const width = lengths.size === 1 && !lengths.has(0) ? lists[0]!.length : null;
  const elements = lists.flat();
  const members = width === null ? [] : Array.from({ length: width }, (_, k) => lists.map((l) => l[k]!));
  // Members that all read alike (texts of one form: three hashes, two addresses) are more often an array's items
  // than a struct's fields; a list of mixed members is a struct.
  const signature = (m: ParamValue[]) => (m.every((v) => typeof v === 'string') ? layoutLeafOptions(m as string[]).map((o) => o.canonical).join() : null);
  const first = members.length ? signature(members[0]!) : null;
  const alike = width !== null && first !== null && members.every((m) => signature(m) === first);
  const alternatives: Stream[] = [];
  // A fixed-size array is laid out as a tuple of equal members; the selector phase tells them apart.
  if (elements.length > 0) alternatives.push(new Stream(mapped(layoutOfValues(elements, depth + 1), arrayOf(null, alike ? 0 : 1))));
  if (alike) {
    const uniform = layoutLeafOptions(elements as string[]);
    alternatives.push(listStream(uniform.map((o) => ({ node: { kind: 'tuple', components: members.map(() => o.node) }, canonical: `(${members.map(() => o.canonical).join(',')})`, cost: o.cost + 1 }))));
    if (width > 1) alternatives.push(new Stream(tuples(members.map((m) => layoutOfValues(m, depth + 1)), 3)));
  } else if (width !== null) {
    alternatives.push(new Stream(tuples(members.map((m) => layoutOfValues(m, depth + 1)), 0)));
  }
  return new Stream(merged(alternatives));
}

/** Candidate layouts of a (partly) known type from the values shown for it. */
function layoutOfNode(node: AbiTypeNode, values: readonly ParamValue[], depth: number): Stream {
  if (isResolved(node)) return listStream([option(node, 0)]);
  if (hasUnsupported(node) || depth > MAX_DEPTH) return none();
  const lists = values.filter(Array.isArray) as ParamValue[][];
  if (lists.length !== values.length) return none();
  switch (node.kind) {
    case 'array':
      if (node.length !== null && lists.some((l) => l.length !== node.length)) return none();
      return new Stream(mapped(layoutOfNode(node.element, lists.flat(), depth + 1), arrayOf(node.length, 0)));
    case 'tuple': {
      if (lists.length === 0) return none();
      const width = node.components?.length ?? lists[0]!.length;
      if (lists.some((l) => l.length !== width)) return none();
      const parts = Array.from({ length: width }, (_, k) =>
        node.components ? layoutOfNode(node.components[k]!, lists.map((l) => l[k]!), depth + 1) : layoutOfValues(lists.map((l) => l[k]!), depth + 1),
      );
      return new Stream(tuples(parts, 0));
    }
    default:
      return none();
  }
}

/**
 * The typings a layout stands for, cheapest first: integer widths and signs that hold every value shown, and a
 * fixed-size array for a tuple of equal members. `given` is the gateway's own type at this position (kept where
 * it is spelled out; null inside a bare tuple).
 */
function typingsOf(given: AbiTypeNode | null, layout: AbiTypeNode, values: readonly ParamValue[]): Stream {
  if (given !== null && isResolved(given)) return listStream([option(given, 0)]);
  const lists = values.filter(Array.isArray) as ParamValue[][];
  switch (layout.kind) {
    case 'elementary':
      if (given === null && (layout.name === 'uint256' || layout.name === 'int256') && values.every((v) => typeof v === 'string')) {
        return listStream(numericOptions(values as string[]).sort((a, b) => a.cost - b.cost));
      }
      return listStream([option(layout, 0)]);
    case 'array':
      return new Stream(mapped(typingsOf(given?.kind === 'array' ? given.element : null, layout.element, lists.flat()), arrayOf(layout.length, 0)));
    case 'tuple': {
      const members = layout.components ?? [];
      const givenMembers = given?.kind === 'tuple' ? given.components : null;
      const memberValues = (k: number) => lists.map((l) => l[k]!);
      const alternatives = [new Stream(tuples(members.map((m, k) => typingsOf(givenMembers?.[k] ?? null, m, memberValues(k))), 0))];
      const same = members.length > 0 && members.every((m) => canonicalType(m) === canonicalType(members[0]!));
      if (given === null && same) alternatives.push(new Stream(mapped(typingsOf(null, members[0]!, lists.flat()), arrayOf(members.length, 2))));
      return new Stream(merged(alternatives));
    }
    default:
      return none();
  }
}

/**
 * Typings of the parameters (bare tuples filled in) whose function selector equals `selector`, cheapest first,
 * within `budget`: first the layouts that decode `args` and encode the result back to exactly `args`, then, for
 * each, the typings it stands for. Parameters already fully typed are kept as they are.
 */
export function* selectorMatches(
  method: string,
  parameters: readonly { node: AbiTypeNode; value: ParamValue }[],
  selector: Hex,
  args: Hex,
  budget: InferenceBudget,
): Generator<AbiTypeNode[]> {
  const wanted = selector.toLowerCase();
  const target = args.toLowerCase();
  let layouts = LAYOUT_BUDGET;
  for (const layout of combinations(parameters.map((p) => layoutOfNode(p.node, [p.value], 0)))) {
    if (budget.remaining <= 0 || layouts <= 0) {
      budget.exhausted = true;
      return;
    }
    layouts -= 1;
    budget.remaining -= 1;
    // The layout must read the arguments and write them back byte for byte (the values are compared later, so
    // a gateway showing other values than the bytes hold is still caught as a mismatch).
    try {
      const abi = layout.map((l) => toAbiParameter(l.node));
      if (encodeAbiParameters(abi, decodeAbiParameters(abi, args)).toLowerCase() !== target) continue;
    } catch {
      continue;
    }
    const typings = combinations(layout.map((l, i) => typingsOf(parameters[i]!.node, l.node, [parameters[i]!.value])));
    for (const chosen of typings) {
      if (budget.remaining <= 0) {
        budget.exhausted = true;
        return;
      }
      budget.remaining -= 1;
      const signature = `${method}(${chosen.map((c) => c.canonical).join(',')})`;
      if (slice(keccak256(stringToBytes(signature)), 0, 4) === wanted) yield chosen.map((c) => c.node);
    }
  }
}

/** Whether any parameter needs the search (a bare `tuple` somewhere in its type). */
export const needsInference = (nodes: readonly AbiTypeNode[]): boolean => nodes.some((n) => !isResolved(n) && !hasUnsupported(n));

