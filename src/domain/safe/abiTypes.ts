/**
 * The Solidity ABI type grammar, parsed strictly: elementary types, fixed and dynamic arrays, tuples (nested, in
 * arrays, multi-dimensional). Two spellings of a tuple are read:
 *
 * - canonical: `(address,uint256)`, `(address,(bool,bytes)[])[2][]` (also `tuple(address,uint256)`);
 * - the ABI JSON / gateway form: `type: "tuple"`, `"tuple[]"`, `"tuple[2][]"` with `components`.
 *
 * A bare `tuple` without components parses to a tuple whose components are unknown (`components: null`): the
 * Safe gateway sends tuples that way. Such a type cannot be hashed into a selector or used to decode; see
 * `abiInference.ts`. This module only reads type strings; all encoding and decoding is viem's.
 */
import type { AbiParameter } from 'viem';

export type AbiTypeNode =
  /** A canonical elementary type, e.g. `uint256` (for `uint`), `bytes32`, `address`, `string`. */
  | { kind: 'elementary'; name: string }
  /** Well-formed, but not encodable here (`fixed…`, `ufixed…`, `function`). */
  | { kind: 'unsupported'; name: string }
  | { kind: 'array'; element: AbiTypeNode; length: number | null }
  /** `components: null`: a bare `tuple` whose components were not given. */
  | { kind: 'tuple'; components: AbiTypeNode[] | null };

/** A component as the ABI JSON (and a gateway that sends them) spells it. */
export interface AbiComponentLike {
  name?: string | undefined;
  type: string;
  components?: readonly AbiComponentLike[] | undefined;
}

export class AbiTypeError extends Error {
  override name = 'AbiTypeError';
}

const MAX_TYPE_LENGTH = 4096;
const MAX_DEPTH = 32;
const MAX_ARRAY_LENGTH = 1_000_000;

function elementary(word: string): AbiTypeNode {
  if (word === 'address' || word === 'bool' || word === 'string' || word === 'bytes') return { kind: 'elementary', name: word };
  if (word === 'uint' || word === 'int') return { kind: 'elementary', name: `${word}256` };
  let m = /^(u?int)([1-9]\d*)$/.exec(word);
  if (m) {
    const bits = Number(m[2]);
    if (bits % 8 !== 0 || bits > 256) throw new AbiTypeError(`${word} is not a Solidity type (integer sizes are 8 to 256 in steps of 8)`);
    return { kind: 'elementary', name: word };
  }
  m = /^bytes([1-9]\d*)$/.exec(word);
  if (m) {
    if (Number(m[1]) > 32) throw new AbiTypeError(`${word} is not a Solidity type (bytes1 to bytes32)`);
    return { kind: 'elementary', name: word };
  }
  if (word === 'function' || word === 'fixed' || word === 'ufixed') return { kind: 'unsupported', name: word === 'function' ? word : `${word}128x18` };
  m = /^u?fixed([1-9]\d*)x([1-9]\d*)$/.exec(word);
  if (m) {
    const bits = Number(m[1]);
    const decimals = Number(m[2]);
    if (bits % 8 !== 0 || bits > 256 || decimals > 80) throw new AbiTypeError(`${word} is not a Solidity type`);
    return { kind: 'unsupported', name: word };
  }
  throw new AbiTypeError(`${word || 'an empty name'} is not a Solidity type`);
}

class Parser {
  private pos = 0;
  constructor(private readonly text: string) {}

  parse(): AbiTypeNode {
    const node = this.type(0);
    if (this.pos !== this.text.length) throw new AbiTypeError(`unexpected "${this.text.slice(this.pos)}" in ${this.text}`);
    return node;
  }

  private type(depth: number): AbiTypeNode {
    if (depth > MAX_DEPTH) throw new AbiTypeError(`${this.text} is nested too deeply`);
    let node: AbiTypeNode;
    if (this.text[this.pos] === '(') node = { kind: 'tuple', components: this.list(depth) };
    else {
      const word = /^[a-z0-9]*/.exec(this.text.slice(this.pos))![0];
      this.pos += word.length;
      if (word === 'tuple') node = { kind: 'tuple', components: this.text[this.pos] === '(' ? this.list(depth) : null };
      else node = elementary(word);
    }
    while (this.text[this.pos] === '[') {
      const close = this.text.indexOf(']', this.pos);
      if (close < 0) throw new AbiTypeError(`unclosed [ in ${this.text}`);
      const digits = this.text.slice(this.pos + 1, close);
      this.pos = close + 1;
      if (digits === '') node = { kind: 'array', element: node, length: null };
      else if (/^[1-9]\d{0,6}$/.test(digits) && Number(digits) <= MAX_ARRAY_LENGTH) node = { kind: 'array', element: node, length: Number(digits) };
      else throw new AbiTypeError(`[${digits}] is not an array length`);
    }
    return node;
  }

  private list(depth: number): AbiTypeNode[] {
    this.pos += 1; // (
    const items: AbiTypeNode[] = [];
    if (this.text[this.pos] === ')') {
      this.pos += 1;
      return items;
    }
    for (;;) {
      items.push(this.type(depth + 1));
      const next = this.text[this.pos];
      this.pos += 1;
      if (next === ')') return items;
      if (next !== ',') throw new AbiTypeError(`expected , or ) in ${this.text}`);
    }
  }
}

/** The innermost non-array type of a node, and the array suffixes around it (`[2][]` for `T[2][]`). */
export function arrayBase(node: AbiTypeNode): { base: Exclude<AbiTypeNode, { kind: 'array' }>; suffix: string } {
  let suffix = '';
  let at = node;
  while (at.kind === 'array') {
    suffix = `[${at.length ?? ''}]${suffix}`;
    at = at.element;
  }
  return { base: at, suffix };
}

function withBase(node: AbiTypeNode, base: AbiTypeNode): AbiTypeNode {
  return node.kind === 'array' ? { ...node, element: withBase(node.element, base) } : base;
}

function fromComponent(component: AbiComponentLike, depth: number): AbiTypeNode {
  return parseAbiType(component.type, component.components, depth + 1);
}

/**
 * Parses one type as a gateway or an ABI JSON spells it. `components` fill in a bare `tuple` (`tuple[]`, …);
 * components given for a type without a bare tuple are ignored. Throws AbiTypeError on anything malformed.
 */
export function parseAbiType(type: string, components?: readonly AbiComponentLike[] | null, depth = 0): AbiTypeNode {
  if (depth > MAX_DEPTH) throw new AbiTypeError('components nested too deeply');
  if (type.length > MAX_TYPE_LENGTH) throw new AbiTypeError('type too long');
  const node = new Parser(type).parse();
  const { base } = arrayBase(node);
  if (base.kind === 'tuple' && base.components === null && components) {
    return withBase(node, { kind: 'tuple', components: components.map((c) => fromComponent(c, depth)) });
  }
  return node;
}

/** True when every tuple's components are known and every type is encodable. */
export function isResolved(node: AbiTypeNode): boolean {
  switch (node.kind) {
    case 'elementary':
      return true;
    case 'unsupported':
      return false;
    case 'array':
      return isResolved(node.element);
    case 'tuple':
      return node.components !== null && node.components.every(isResolved);
  }
}

/** True when the type holds an unsupported elementary type (then no tuple inference can help). */
export function hasUnsupported(node: AbiTypeNode): boolean {
  switch (node.kind) {
    case 'elementary':
      return false;
    case 'unsupported':
      return true;
    case 'array':
      return hasUnsupported(node.element);
    case 'tuple':
      return (node.components ?? []).some(hasUnsupported);
  }
}

/** The canonical spelling used in function signatures, e.g. `(address,uint256)[]`. Throws when not resolved. */
export function canonicalType(node: AbiTypeNode): string {
  switch (node.kind) {
    case 'elementary':
    case 'unsupported':
      return node.name;
    case 'array':
      return `${canonicalType(node.element)}[${node.length ?? ''}]`;
    case 'tuple':
      if (node.components === null) throw new AbiTypeError('the components of this tuple are not known');
      return `(${node.components.map(canonicalType).join(',')})`;
  }
}

/** The viem ABI parameter of a resolved type (tuples with `components`, unnamed). */
export function toAbiParameter(node: AbiTypeNode): AbiParameter {
  const { base, suffix } = arrayBase(node);
  if (base.kind === 'tuple') {
    if (base.components === null) throw new AbiTypeError('the components of this tuple are not known');
    return { type: `tuple${suffix}`, components: base.components.map(toAbiParameter) };
  }
  if (base.kind === 'unsupported') throw new AbiTypeError(`${base.name} cannot be encoded here`);
  return { type: `${base.name}${suffix}` };
}
