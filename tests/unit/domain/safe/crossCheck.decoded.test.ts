/**
 * Finding F1 (security review 2026-11): a gateway decoding is shown only when it was verified against the call
 * bytes, whatever its parameter types — tuples (as the gateway sends them, `type: "tuple"` without components,
 * with components, or spelled canonically), arrays of any dimension, nested.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { concat, encodeAbiParameters, encodeFunctionData, getAddress, parseAbiParameters, toFunctionSelector, toHex, type AbiParameter, type Hex } from 'viem';
import type { AbiComponent, DataDecoded, DataDecodedParameter, ParamValue } from '../../../../src/domain/gateway/types.ts';
import { crossCheckDecodedData, encodeMultiSendCall, erc20Abi, verifiedDecoding } from '../../../../src/domain/safe/index.ts';

const A = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
const B = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc');
const H32 = `0x${'ab'.repeat(32)}` as Hex;

/** Call data of `method(types…)` with `args`, encoded by viem. */
function call(method: string, types: string, args: readonly unknown[]): Hex {
  const inputs = types ? parseAbiParameters(types) : [];
  return encodeFunctionData({ abi: [{ type: 'function', name: method, inputs: inputs as readonly AbiParameter[], outputs: [], stateMutability: 'nonpayable' }], args });
}

const param = (type: string, value: ParamValue, extra: Partial<DataDecodedParameter> = {}): DataDecodedParameter => ({ name: 'p', type, value, ...extra });

describe('tuple parameters are verified, not skipped (F1)', () => {
  // submit((address to, uint256 amount) order, bytes32 ref)
  const data = call('submit', '(address,uint256), bytes32', [[A, 5n], H32]);
  const honest: DataDecoded = { method: 'submit', parameters: [param('tuple', [A, '5']), param('bytes32', H32)] };

  it('the gateway form (type "tuple", no components) is verified by finding the typing that gives the selector', () => {
    const r = crossCheckDecodedData(data, honest);
    expect(r).toEqual({ ok: true, mismatches: [], unverified: [], verified: true, decoded: honest });
  });

  it('a changed value inside the tuple is a mismatch', () => {
    const lying: DataDecoded = { ...honest, parameters: [param('tuple', [B, '5']), param('bytes32', H32)] };
    const r = crossCheckDecodedData(data, lying);
    expect(r.ok).toBe(false);
    expect(r.mismatches).toEqual([{ field: 'dataDecoded.parameters', local: `${A.toLowerCase()} at parameter 0.0`, gateway: `${B.toLowerCase()} at parameter 0.0` }]);
    expect(r).toMatchObject({ verified: false, decoded: null });
    const amount = crossCheckDecodedData(data, { ...honest, parameters: [param('tuple', [A, '6']), param('bytes32', H32)] });
    expect(amount.mismatches.map((m) => m.local)).toEqual(['5 at parameter 0.1']);
  });

  it('a made-up method next to a tuple is never shown; spelled out, the same lie is a mismatch', () => {
    const invented = crossCheckDecodedData(data, { ...honest, method: 'refund' });
    expect(invented).toMatchObject({ verified: false, decoded: null });
    expect(invented.unverified.join()).toMatch(/has the call's selector/);
    expect(verifiedDecoding(data, { ...honest, method: 'refund' })).toBeNull();
    const spelled = crossCheckDecodedData(data, { method: 'refund', parameters: [param('(address,uint256)', [A, '5']), param('bytes32', H32)] });
    expect(spelled.mismatches.map((m) => m.field)).toEqual(['dataDecoded.method']);
  });

  it('a tuple decoding of a plain ERC-20 transfer does not pass for the transfer', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [A, 1n] });
    const r = crossCheckDecodedData(transfer, { method: 'transfer', parameters: [param('tuple', [B, '1000000'])] });
    expect(r).toMatchObject({ verified: false, decoded: null });
    // The tuple typing `transfer((address,uint256))` has another selector than transfer(address,uint256).
    expect(crossCheckDecodedData(transfer, { method: 'transfer', parameters: [param('tuple', [A, '1'])] }).decoded).toBeNull();
  });

  it('the canonical spelling (address,uint256) is verified (it was a false mismatch)', () => {
    const canonical: DataDecoded = { method: 'submit', parameters: [param('(address,uint256)', [A, '5']), param('bytes32', H32)] };
    expect(crossCheckDecodedData(data, canonical)).toMatchObject({ ok: true, verified: true, decoded: canonical });
    expect(crossCheckDecodedData(data, { ...canonical, parameters: [param('tuple(address,uint256)', [A, '5']), param('bytes32', H32)] }).verified).toBe(true);
  });

  it('type "tuple[2][]" with components (ABI JSON form), nested tuples and arrays of tuples', () => {
    const types = '(address,(bool,bytes)[],uint8)[2][], string';
    const value = [
      [
        [A, [[true, '0x01']], 7],
        [B, [], 8],
      ],
    ];
    const calldata = call('run', types, [value, 'hi']);
    const components: AbiComponent[] = [
      { name: 'who', type: 'address' },
      { name: 'flags', type: 'tuple[]', components: [{ name: 'on', type: 'bool' }, { name: 'data', type: 'bytes' }] },
      { name: 'n', type: 'uint8' },
    ];
    const shown: ParamValue = [
      [
        [A, [['true', '0x01']], '7'],
        [B, [], '8'],
      ],
    ];
    const decoded: DataDecoded = { method: 'run', parameters: [param('tuple[2][]', shown, { components }), param('string', 'hi')] };
    const r = crossCheckDecodedData(calldata, decoded);
    expect(r).toMatchObject({ ok: true, verified: true });
    expect(r.decoded?.parameters?.[0]).toEqual({ name: 'p', type: 'tuple[2][]', value: shown });
    const lying = structuredClone(decoded);
    (((lying.parameters![0]!.value as ParamValue[])[0] as ParamValue[])[0] as ParamValue[])[1] = [['false', '0x01']];
    expect(crossCheckDecodedData(calldata, lying).mismatches.map((m) => m.local)).toEqual(['true at parameter 0.0.0.1.0.0']);
    // The same call, the gateway's way: bare tuple[2][] with the inner bytes array of tuples found by the search.
    expect(crossCheckDecodedData(calldata, { method: 'run', parameters: [param('tuple[2][]', shown), param('string', 'hi')] }).verified).toBe(true);
  });

  it('multi-dimensional arrays of elementary types', () => {
    const calldata = call('grid', 'uint256[2][], int8[][3], bytes32[1]', [[[1n, 2n], [3n, 4n]], [[-1], [], [2, 3]], [H32]]);
    const decoded: DataDecoded = {
      method: 'grid',
      parameters: [param('uint256[2][]', [['1', '2'], ['3', '4']]), param('int8[][3]', [['-1'], [], ['2', '3']]), param('bytes32[1]', [H32])],
    };
    expect(crossCheckDecodedData(calldata, decoded)).toMatchObject({ ok: true, verified: true, decoded });
    const wrongShape = structuredClone(decoded);
    wrongShape.parameters![0]!.value = [['1', '2']];
    expect(crossCheckDecodedData(calldata, wrongShape).mismatches[0]).toMatchObject({ field: 'dataDecoded.parameters', local: expect.stringMatching(/^2 items .* at parameter 0$/) });
  });

  it('a malformed type is a mismatch; a type not checked here (fixed, function) still has its method checked and is never shown', () => {
    const data2 = call('f', 'uint256', [1n]);
    for (const type of ['uint7', 'uint264', 'bytes33', 'tuple(', '(uint256', 'uint256[0]', 'uint256[01]', 'Address', 'uint256 x', '']) {
      const r = crossCheckDecodedData(data2, { method: 'f', parameters: [param(type, '1')] });
      expect(r.mismatches.map((m) => m.field), type).toEqual(['dataDecoded.parameters.0.type']);
      expect(r.decoded).toBeNull();
    }
    expect(crossCheckDecodedData(data2, { method: 'f(uint256)', parameters: [param('uint256', '1')] }).mismatches.map((m) => m.field)).toEqual(['dataDecoded.method']);
    // fixed128x18 is encoded as an int128 scaled by 10^18: the selector is checked, the value is not.
    const fixedCall = concat([toFunctionSelector('g(fixed128x18)'), encodeAbiParameters([{ type: 'int128' }], [10n ** 18n])]);
    expect(crossCheckDecodedData(data2, { method: 'g', parameters: [param('fixed128x18', '1.0')] }).mismatches.map((m) => m.field)).toEqual(['dataDecoded.method']);
    const fixed = crossCheckDecodedData(fixedCall, { method: 'g', parameters: [param('fixed128x18', '1.0')] });
    expect(fixed).toMatchObject({ ok: true, verified: false, decoded: null });
    expect(fixed.unverified).toEqual(["dataDecoded: g(fixed128x18) has a parameter of type fixed128x18, whose values are not checked here; the gateway's decoding is not shown"]);
  });

  it('values shown in the wrong form are mismatches (bool, integer, address, bytes)', () => {
    const calldata = call('h', 'bool, uint256, address, bytes', [true, 10n, A, '0x1234']);
    const ok: DataDecoded = { method: 'h', parameters: [param('bool', 'true'), param('uint256', '10'), param('address', A), param('bytes', '0x1234')] };
    expect(crossCheckDecodedData(calldata, ok).verified).toBe(true);
    for (const [i, value] of [[0, '1'], [1, '0xa'], [1, ''], [1, ' 10'], [2, A.slice(0, 41)], [3, '1234'], [3, ['0x1234']]] as const) {
      const lying = structuredClone(ok);
      lying.parameters![i]!.value = value as ParamValue;
      expect(crossCheckDecodedData(calldata, lying).ok, `${i}=${JSON.stringify(value)}`).toBe(false);
    }
  });

  it('call data holding more than the values shown (trailing bytes) is not shown, and does not block', () => {
    const calldata = `${call('f', 'uint256', [1n])}00000000` as Hex;
    const r = crossCheckDecodedData(calldata, { method: 'f', parameters: [param('uint256', '1')] });
    expect(r).toMatchObject({ ok: true, verified: false, decoded: null });
    expect(r.unverified).toEqual(["dataDecoded: the call data holds more than these values (extra bytes or a non-standard encoding); the gateway's decoding is not shown"]);
  });

  it('inner transactions listed for a call that is not a MultiSend are dropped', () => {
    const calldata = call('exec', 'bytes', ['0x1234']);
    const decoded: DataDecoded = {
      method: 'exec',
      parameters: [param('bytes', '0x1234', { valueDecoded: [{ operation: 0, to: B, value: '100', data: null }] })],
    };
    const r = crossCheckDecodedData(calldata, decoded);
    expect(r).toMatchObject({ ok: true, verified: false });
    expect(r.decoded).toEqual({ method: 'exec', parameters: [param('bytes', '0x1234')] });
    expect(r.unverified).toEqual(['dataDecoded.parameters.0.valueDecoded: inner transactions listed for a call that is not a MultiSend; not shown']);
  });

  it('a call decoded inside a bytes parameter is checked against those bytes', () => {
    const inner = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [A, 1n] });
    const calldata = call('exec', 'bytes', [inner]);
    const innerDecoded: DataDecoded = { method: 'transfer', parameters: [param('address', A), param('uint256', '1')] };
    const decoded: DataDecoded = { method: 'exec', parameters: [param('bytes', inner, { valueDecoded: innerDecoded })] };
    expect(crossCheckDecodedData(calldata, decoded)).toMatchObject({ ok: true, verified: true, decoded });
    const lying = structuredClone(decoded);
    (lying.parameters![0]!.valueDecoded as DataDecoded).parameters![0]!.value = B;
    expect(crossCheckDecodedData(calldata, lying).mismatches.map((m) => m.field)).toEqual(['dataDecoded.parameters.0.valueDecoded.parameters']);
  });

  it('a MultiSend inner call with a tuple is checked; one that cannot be verified loses only its own decoding', () => {
    const submit = data;
    const batch = encodeMultiSendCall([
      { operation: 0, to: A, value: 0n, data: submit },
      { operation: 0, to: B, value: 0n, data: `${call('f', 'uint256', [1n])}00` as Hex },
    ]);
    const bytesArg = `0x${batch.slice(138, 138 + Number(BigInt(`0x${batch.slice(74, 138)}`)) * 2)}`;
    const inner = (tuple: ParamValue) => [
      { operation: 0 as const, to: A, value: '0', data: submit, dataDecoded: { method: 'submit', parameters: [param('tuple', tuple), param('bytes32', H32)] } },
      { operation: 0 as const, to: B, value: '0', data: `${call('f', 'uint256', [1n])}00`, dataDecoded: { method: 'f', parameters: [param('uint256', '1')] } },
    ];
    const decoded: DataDecoded = { method: 'multiSend', parameters: [param('bytes', bytesArg, { valueDecoded: inner([A, '5']) })] };
    const r = crossCheckDecodedData(batch, decoded);
    expect(r).toMatchObject({ ok: true, verified: false });
    const shown = r.decoded?.parameters?.[0]?.valueDecoded as { dataDecoded: DataDecoded | null }[];
    expect(shown.map((tx) => tx.dataDecoded?.method ?? null)).toEqual(['submit', null]);
    const lying = crossCheckDecodedData(batch, { method: 'multiSend', parameters: [param('bytes', bytesArg, { valueDecoded: inner([A, '5000']) })] });
    expect(lying.mismatches.map((m) => m.field)).toEqual(['dataDecoded.parameters.0.valueDecoded.0.dataDecoded.parameters']);
    expect(lying.decoded).toBeNull();
  });

  it('real calls in the gateway form: Uniswap exactInputSingle and Multicall3 aggregate3 are verified; Permit2 permit stays unshown', () => {
    const swap = call('exactInputSingle', '(address,address,uint24,address,uint256,uint256,uint160)', [[A, B, 3000, A, 10n ** 18n, 5n * 10n ** 17n, 0n]]);
    const swapShown: DataDecoded = { method: 'exactInputSingle', parameters: [param('tuple', [A, B, '3000', A, '1000000000000000000', '500000000000000000', '0'])] };
    expect(crossCheckDecodedData(swap, swapShown)).toMatchObject({ ok: true, verified: true, decoded: swapShown });
    const multicall = call('aggregate3', '(address,bool,bytes)[]', [[[A, true, '0x12'], [B, false, '0x']]]);
    const multicallShown: DataDecoded = { method: 'aggregate3', parameters: [param('tuple[]', [[A, 'true', '0x12'], [B, 'false', '0x']])] };
    expect(crossCheckDecodedData(multicall, multicallShown)).toMatchObject({ ok: true, verified: true, decoded: multicallShown });
    // PermitSingle ((address,uint160,uint48,uint48),address,uint256): three narrow integers are past the search.
    const permit = call('permit', 'address, ((address,uint160,uint48,uint48),address,uint256), bytes', [A, [[B, 2n ** 160n - 1n, 1700000000, 0], A, 1700000000n], '0x1234']);
    const permitShown: DataDecoded = {
      method: 'permit',
      parameters: [param('address', A), param('tuple', [[B, String(2n ** 160n - 1n), '1700000000', '0'], A, '1700000000']), param('bytes', '0x1234')],
    };
    expect(crossCheckDecodedData(permit, permitShown)).toMatchObject({ ok: true, verified: false, decoded: null });
  });

  it('a bounded search: past its budget the decoding is not shown (and says so)', () => {
    // Five integers of unusual widths: the typing is far down the list of candidates.
    const calldata = call('odd', '(uint40,uint72,int96,uint168,uint200)', [[1n, 2n, -3n, 4n, 5n]]);
    const decoded: DataDecoded = { method: 'odd', parameters: [param('tuple', ['1', '2', '-3', '4', '5'])] };
    const r = crossCheckDecodedData(calldata, decoded, 'dataDecoded', { budget: { remaining: 50 }, depth: 0 });
    expect(r).toMatchObject({ ok: true, verified: false, decoded: null });
    expect(r.unverified.join()).toMatch(/within the search's bounds \(50 layouts and signatures tried\)/);
  });
});

// ───────────── property: random ABI types round-trip ─────────────

type TypeTree = { kind: 'elementary'; name: string } | { kind: 'array'; element: TypeTree; length: number | null } | { kind: 'tuple'; components: TypeTree[] };

const canonical = (t: TypeTree): string =>
  t.kind === 'elementary' ? t.name : t.kind === 'array' ? `${canonical(t.element)}[${t.length ?? ''}]` : `(${t.components.map(canonical).join(',')})`;

/** The ABI JSON form: `tuple[2][]` with components. */
function jsonForm(t: TypeTree): { type: string; components?: AbiComponent[] } {
  let suffix = '';
  let at = t;
  while (at.kind === 'array') {
    suffix = `[${at.length ?? ''}]${suffix}`;
    at = at.element;
  }
  if (at.kind === 'tuple') return { type: `tuple${suffix}`, components: at.components.map((c, i) => ({ name: `c${i}`, ...jsonForm(c) })) };
  return { type: `${at.name}${suffix}` };
}

const bareForm = (t: TypeTree): string => {
  const { type } = jsonForm(t);
  return type;
};

const sizes = Array.from({ length: 32 }, (_, i) => (i + 1) * 8);

/**
 * `plain`: integers are uint256 only and arrays dynamic: an integer's width and sign, like a fixed array's length
 * versus a tuple, are only in the selector (not in the values), so each one multiplies the search. `narrow` has them.
 */
type Realism = false | 'plain' | 'narrow';

function elementaryArb(realistic: Realism): fc.Arbitrary<TypeTree> {
  const plain = ['address', 'address', 'bool', 'string', 'bytes', 'bytes32', 'bytes4', 'uint256', 'uint256', 'uint256'];
  const names = realistic
    ? fc.constantFrom(...plain, ...(realistic === 'narrow' ? ['uint8', 'uint24', 'uint64', 'uint128', 'uint160', 'int24', 'int256'] : []))
    : fc.oneof(
        fc.constantFrom('address', 'bool', 'string', 'bytes'),
        fc.integer({ min: 1, max: 32 }).map((n) => `bytes${n}`),
        fc.constantFrom(...sizes).map((n) => `uint${n}`),
        fc.constantFrom(...sizes).map((n) => `int${n}`),
      );
  return names.map((name) => ({ kind: 'elementary' as const, name }));
}

function typeArb(realistic: Realism): fc.Arbitrary<TypeTree> {
  const { tree } = fc.letrec<{ tree: TypeTree }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true, ...(realistic === 'plain' ? { maxDepth: 2 } : {}) },
      elementaryArb(realistic),
      fc.record({
        kind: fc.constant('array' as const),
        element: tie('tree'),
        // Structs in the wild hold dynamic arrays far more often than fixed ones ('plain': only dynamic ones).
        length: realistic === 'plain' ? fc.constant(null) : fc.option(fc.integer({ min: 1, max: 3 }), { nil: null, freq: realistic ? 4 : 1 }),
      }),
      fc.record({ kind: fc.constant('tuple' as const), components: fc.array(tie('tree'), { minLength: 1, maxLength: 4 }) }),
    ),
  }));
  return tree;
}

const stringValue = (realistic: Realism) => (realistic ? fc.string({ maxLength: 12 }).map((s) => `s:${s}`) : fc.string({ maxLength: 40, unit: 'grapheme' }));

/** A random value of a type, as viem takes it. */
function valueArb(t: TypeTree, realistic: Realism): fc.Arbitrary<unknown> {
  if (t.kind === 'tuple') return fc.tuple(...t.components.map((c) => valueArb(c, realistic)));
  if (t.kind === 'array') {
    const item = valueArb(t.element, realistic);
    return t.length === null ? fc.array(item, { minLength: realistic ? 1 : 0, maxLength: 3 }) : fc.array(item, { minLength: t.length, maxLength: t.length });
  }
  const name = t.name;
  if (name === 'address') return fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => getAddress(toHex(b)));
  if (name === 'bool') return fc.boolean();
  if (name === 'string') return stringValue(realistic);
  if (name === 'bytes') return fc.uint8Array({ maxLength: 40 }).map((b) => toHex(b));
  const fixed = /^bytes(\d+)$/.exec(name);
  if (fixed) return fc.uint8Array({ minLength: Number(fixed[1]), maxLength: Number(fixed[1]) }).map((b) => toHex(b));
  const int = /^(u?)int(\d+)$/.exec(name)!;
  const bits = BigInt(int[2]!);
  const v = int[1] ? fc.bigInt({ min: 0n, max: 2n ** bits - 1n }) : fc.bigInt({ min: -(2n ** (bits - 1n)), max: 2n ** (bits - 1n) - 1n });
  // viem decodes integers up to 48 bits as numbers and takes bigints or numbers to encode.
  return bits <= 48n ? v.map((n) => Number(n)) : v;
}

/** The value as the gateway shows it: text leaves, lists for arrays and tuples. */
function shownValue(v: unknown): ParamValue {
  if (Array.isArray(v)) return v.map(shownValue);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'bigint' || typeof v === 'number') return v.toString();
  return String(v);
}

/** Changes one leaf (index `pick` among the leaves, wrapping) to another value of the same form. */
function mutateLeaf(value: ParamValue, pick: number): { value: ParamValue; changed: boolean } {
  let seen = 0;
  let changed = false;
  const leaves = (v: ParamValue): number => (Array.isArray(v) ? v.reduce<number>((n, x) => n + leaves(x), 0) : 1);
  const total = leaves(value);
  if (total === 0) return { value, changed: false };
  const target = pick % total;
  const walk = (v: ParamValue): ParamValue => {
    if (Array.isArray(v)) return v.map(walk);
    const here = seen++;
    if (here !== target) return v;
    changed = true;
    if (v === 'true' || v === 'false') return v === 'true' ? 'false' : 'true';
    if (/^-?\d+$/.test(v)) return v === '0' ? '1' : (BigInt(v) - 1n).toString();
    if (/^0x[0-9a-fA-F]{40}$/.test(v)) return getAddress(`0x${v.slice(2, 41)}${v[41] === '0' ? '1' : '0'}`);
    if (/^0x(?:[0-9a-fA-F]{2})+$/.test(v)) return `${v.slice(0, -2)}${v.endsWith('00') ? '01' : '00'}`;
    if (v === '0x') return '0x00';
    return `${v}!`;
  };
  const out = walk(value);
  return { value: out, changed };
}

/** Another canonical type of the same shape: a different integer width, bytesN size, or address ↔ bytes20. */
function mutateType(t: TypeTree, pick: number): TypeTree {
  const leaves: TypeTree[] = [];
  const collect = (x: TypeTree): void => {
    if (x.kind === 'elementary') leaves.push(x);
    else if (x.kind === 'array') collect(x.element);
    else x.components.forEach(collect);
  };
  collect(t);
  const target = leaves[pick % leaves.length]!;
  const swap = (name: string): string => {
    const int = /^(u?int)(\d+)$/.exec(name);
    if (int) return `${int[1]}${Number(int[2]) === 256 ? 248 : Number(int[2]) + 8}`;
    const fixed = /^bytes(\d+)$/.exec(name);
    if (fixed) return `bytes${Number(fixed[1]) === 32 ? 31 : Number(fixed[1]) + 1}`;
    return { address: 'bytes20', bool: 'uint8', string: 'bytes', bytes: 'string' }[name] ?? 'uint256';
  };
  const rebuild = (x: TypeTree): TypeTree =>
    x === target && x.kind === 'elementary'
      ? { kind: 'elementary', name: swap(x.name) }
      : x.kind === 'array'
        ? { ...x, element: rebuild(x.element) }
        : x.kind === 'tuple'
          ? { ...x, components: x.components.map(rebuild) }
          : x;
  return rebuild(t);
}

type Form = 'canonical' | 'components' | 'bare';

function present(method: string, types: TypeTree[], values: unknown[], form: Form): DataDecoded {
  return {
    method,
    parameters: types.map((t, i) => {
      const value = shownValue(values[i]);
      if (form === 'canonical') return { name: `a${i}`, type: canonical(t), value };
      const json = jsonForm(t);
      return form === 'components' && json.components ? { name: `a${i}`, type: json.type, value, components: json.components } : { name: `a${i}`, type: bareForm(t), value };
    }),
  };
}

const caseArb = (realistic: Realism) =>
  fc
    .array(typeArb(realistic), { minLength: 1, maxLength: realistic === 'plain' ? 2 : 3 })
    .chain((types) => fc.record({ types: fc.constant(types), values: fc.tuple(...types.map((t) => valueArb(t, realistic))), method: fc.constantFrom('run', 'execute', 'f', 'swap_2') }));

function encodeCase(method: string, types: TypeTree[], values: unknown[]): Hex {
  return call(method, types.map(canonical).join(', '), values);
}

describe('property: random ABI types with tuples and arrays round-trip through the cross-check', () => {
  it('canonical and ABI-JSON forms: accepted; any changed leaf, method name or type is a mismatch', () => {
    fc.assert(
      fc.property(caseArb(false), fc.constantFrom<Form>('canonical', 'components'), fc.nat(), ({ types, values, method }, form, pick) => {
        const data = encodeCase(method, types, values);
        const decoded = present(method, types, values, form);
        const honest = crossCheckDecodedData(data, decoded);
        expect(honest.mismatches).toEqual([]);
        expect(honest).toMatchObject({ ok: true, verified: true, unverified: [] });
        expect(honest.decoded?.method).toBe(method);
        expect(honest.decoded?.parameters?.map((p) => p.value)).toEqual(decoded.parameters!.map((p) => p.value));

        const at = pick % types.length;
        const leaf = mutateLeaf(decoded.parameters![at]!.value, pick);
        if (leaf.changed) {
          const lying = structuredClone(decoded);
          lying.parameters![at]!.value = leaf.value;
          const r = crossCheckDecodedData(data, lying);
          expect(r.ok).toBe(false);
          expect(r.decoded).toBeNull();
        }
        expect(crossCheckDecodedData(data, { ...decoded, method: `${method}X` }).mismatches.map((m) => m.field)).toEqual(['dataDecoded.method']);
        const mutatedTypes = types.map((t, i) => (i === at ? mutateType(t, pick) : t));
        const retyped = present(method, mutatedTypes, values, form);
        retyped.parameters = retyped.parameters!.map((p, i) => ({ ...p, value: decoded.parameters![i]!.value }));
        const r = crossCheckDecodedData(data, retyped);
        expect(r.ok).toBe(false);
        expect(r.decoded).toBeNull();
      }),
      { numRuns: 150, seed: 0x23 },
    );
  });

  it('the gateway form (bare "tuple", no components): found and accepted; a changed leaf or method is never shown', () => {
    fc.assert(
      fc.property(caseArb('plain'), fc.nat(), ({ types, values, method }, pick) => {
        const data = encodeCase(method, types, values);
        const decoded = present(method, types, values, 'bare');
        const honest = crossCheckDecodedData(data, decoded);
        expect(honest.mismatches).toEqual([]);
        expect(honest.unverified).toEqual([]);
        expect(honest).toMatchObject({ ok: true, verified: true, decoded });

        // A lie is never shown (a search that does not find the call's typing ends unverified, so a small budget).
        const small = () => ({ budget: { remaining: 256 }, depth: 0 });
        const at = pick % types.length;
        const leaf = mutateLeaf(decoded.parameters![at]!.value, pick);
        if (leaf.changed) {
          const lying = structuredClone(decoded);
          lying.parameters![at]!.value = leaf.value;
          const r = crossCheckDecodedData(data, lying, 'dataDecoded', small());
          expect(r.verified).toBe(false);
          expect(r.decoded).toBeNull();
        }
        const renamed = crossCheckDecodedData(data, { ...decoded, method: `${method}X` }, 'dataDecoded', small());
        expect(renamed.verified).toBe(false);
        expect(renamed.decoded).toBeNull();
      }),
      { numRuns: 100, seed: 0x23 },
    );
  });

  it('the gateway form with narrow integers: never a false mismatch; shown only when the search finds the typing', () => {
    fc.assert(
      fc.property(caseArb('narrow'), ({ types, values, method }) => {
        const data = encodeCase(method, types, values);
        const decoded = present(method, types, values, 'bare');
        const r = crossCheckDecodedData(data, decoded, 'dataDecoded', { budget: { remaining: 256 }, depth: 0 });
        expect(r.mismatches).toEqual([]);
        if (r.verified) expect(r.decoded).toEqual(decoded);
        else expect(r.decoded).toBeNull();
      }),
      { numRuns: 60, seed: 0x23 },
    );
  });
});
