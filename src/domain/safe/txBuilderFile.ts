/**
 * Safe Transaction Builder batch files ("BatchFile" JSON): reading one into plain calls, and writing calls out as
 * one. A transaction in such a file gives its calldata either as `data`, or as a method (`contractMethod`) with its
 * argument values (`contractInputsValues`, strings keyed by input name, or by index for an unnamed input); when it
 * gives both, they must agree. The checksum is the Transaction Builder's own: keccak256 of a canonical
 * serialization of the file with `meta.checksum` removed and `meta.name` nulled. A checksum that does not match is
 * not an error (the caller warns); anything malformed refuses the whole file.
 */
import { encodeFunctionData, getAddress, isAddress, isHex, keccak256, stringToHex, type Abi, type AbiParameter, type Address, type Hex } from 'viem';
import { findTrustedLibrary } from './contracts.ts';
import { decodeMultiSendCall } from './multisend.ts';
import type { MetaTransaction } from './types.ts';

export interface ImportedCall {
  to: Address;
  value: bigint;
  data: Hex;
  /** "transfer(address,uint256)" when the file named a method, else null */
  method: string | null;
}
export type ChecksumState = 'matches' | 'absent' | 'mismatch';
export interface ImportedBatch {
  name: string;
  chainId: string;
  createdFromSafe: Address | null;
  checksum: ChecksumState;
  calls: ImportedCall[];
}
export type BatchFileRead = { ok: true; batch: ImportedBatch } | { ok: false; error: string };

/** The most transactions one imported file may hold. */
export const MAX_BATCH_FILE_TRANSACTIONS = 200;
/** The name a file without one gets (the Transaction Builder's default). */
export const DEFAULT_BATCH_NAME = 'Transactions Batch';
/** The Transaction Builder version written into exported files. */
export const TX_BUILDER_VERSION = '1.18.0';

// ---------------------------------------------------------------------------------------------------------------
// Checksum

const nullForUndefined = (_key: string, value: unknown): unknown => (value === undefined ? null : value);

/** The Transaction Builder's canonical serialization (sorted keys; each object's key list, then its values). */
export function serializeForChecksum(json: unknown): string {
  if (Array.isArray(json)) return `[${json.map((element) => serializeForChecksum(element)).join(',')}]`;
  if (typeof json === 'object' && json !== null) {
    const record = json as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    let out = `{${JSON.stringify(keys, nullForUndefined)}`;
    for (const key of keys) out += `${serializeForChecksum(record[key])},`;
    return `${out}}`;
  }
  // JSON.stringify(undefined) is undefined, which the Transaction Builder's template literal prints as "undefined".
  return String(JSON.stringify(json, nullForUndefined) as string | undefined);
}

/** keccak256 of the canonical serialization of `value` with meta.name nulled (does not remove meta.checksum). */
export function checksumOfObject(value: unknown): Hex {
  const target =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? { ...(value as Record<string, unknown>), meta: Object.assign({}, (value as Record<string, unknown>).meta, { name: null }) }
      : value;
  return keccak256(stringToHex(serializeForChecksum(target)));
}

/** The checksum of a whole file object: its meta.checksum removed, then checksumOfObject. */
function fileChecksum(file: Record<string, unknown>): Hex {
  const meta: unknown = file.meta;
  if (typeof meta !== 'object' || meta === null) return checksumOfObject(file);
  const { checksum: _removed, ...rest } = meta as Record<string, unknown>;
  return checksumOfObject({ ...file, meta: rest });
}

// ---------------------------------------------------------------------------------------------------------------
// Method and values → calldata

class ValueError extends Error {}

/**
 * An input's type as a tree. Read here rather than with abiTypes.ts: sharing that module with the compose step's
 * chunk would split it out of the transaction flow's, and the first load pays for every extra chunk it preloads.
 */
type AbiTypeNode =
  | { kind: 'elementary'; name: string }
  | { kind: 'array'; element: AbiTypeNode; length: number | null }
  | { kind: 'tuple'; components: AbiTypeNode[]; names: string[] };

const ELEMENTARY = /^(address|bool|string|bytes([1-9]|[12]\d|3[012])?|u?int(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?)$/;

/** The tree of an ABI type (`uint` → `uint256`); throws ValueError for a type that cannot be encoded. */
function typeNode(type: string, components: unknown, where: string): AbiTypeNode {
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array) {
    const length = array[2] === '' ? null : Number(array[2]);
    if (length === 0) throw new ValueError(`${where} has an unknown type ${quote(type)}`);
    return { kind: 'array', element: typeNode(array[1]!, components, where), length };
  }
  if (type === 'tuple') {
    if (!Array.isArray(components) || components.length === 0) throw new ValueError(`${where} has a type that cannot be encoded (a tuple without its components)`);
    const parts = components as unknown[];
    return {
      kind: 'tuple',
      components: parts.map((c) => {
        if (!isRecord(c) || typeof c.type !== 'string') throw new ValueError(`${where} has a tuple component without a type`);
        return typeNode(c.type, c.components, where);
      }),
      names: parts.map((c) => (isRecord(c) && typeof c.name === 'string' ? c.name : '')),
    };
  }
  if (!ELEMENTARY.test(type)) throw new ValueError(`${where} has an unknown type ${quote(type)}`);
  return { kind: 'elementary', name: type === 'uint' ? 'uint256' : type === 'int' ? 'int256' : type };
}

/** `(address,uint256)[]` for a method's signature. */
const canonicalType = (node: AbiTypeNode): string =>
  node.kind === 'elementary' ? node.name : node.kind === 'array' ? `${canonicalType(node.element)}[${node.length ?? ''}]` : `(${node.components.map(canonicalType).join(',')})`;

/** The viem parameter of a node (`tuple[2][]` with its components). */
function abiParameter(node: AbiTypeNode, name?: string): AbiParameter {
  const named = name ? { name } : {};
  if (node.kind === 'elementary') return { ...named, type: node.name };
  if (node.kind === 'tuple') return { ...named, type: 'tuple', components: node.components.map((c, i) => abiParameter(c, node.names[i])) };
  const inner = abiParameter(node.element);
  return { ...inner, ...named, type: `${inner.type}[${node.length ?? ''}]` } as AbiParameter;
}

const MAX_UINT256 = 2n ** 256n - 1n;

interface RawInput {
  name?: unknown;
  type?: unknown;
  components?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const quote = (value: unknown): string => (typeof value === 'string' ? `"${value.length > 80 ? `${value.slice(0, 77)}…` : value}"` : JSON.stringify(value) ?? String(value));
const rawComponents = (raw: RawInput | undefined): RawInput[] | undefined => (Array.isArray(raw?.components) ? (raw.components as RawInput[]) : undefined);

function integerArgument(name: string, value: unknown, where: string): bigint {
  let parsed: bigint;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new ValueError(`${where}: ${value} is not a whole number (write large numbers as strings)`);
    parsed = BigInt(value);
  } else if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) {
    parsed = BigInt(value.trim());
  } else if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value.trim())) {
    parsed = BigInt(value.trim());
  } else {
    throw new ValueError(`${where}: ${quote(value)} is not a whole number`);
  }
  const bits = BigInt(name.replace(/^u?int/, ''));
  const signed = name.startsWith('int');
  const min = signed ? -(2n ** (bits - 1n)) : 0n;
  const max = signed ? 2n ** (bits - 1n) - 1n : 2n ** bits - 1n;
  if (parsed < min || parsed > max) throw new ValueError(`${where}: ${parsed} does not fit in ${name}`);
  return parsed;
}

function elementaryArgument(name: string, value: unknown, where: string): unknown {
  if (name === 'address') {
    if (typeof value !== 'string' || !isAddress(value.trim(), { strict: false })) throw new ValueError(`${where}: ${quote(value)} is not an address`);
    if (!isAddress(value.trim())) throw new ValueError(`${where}: ${quote(value)} is not an address (its checksum is wrong)`);
    return getAddress(value.trim());
  }
  if (name === 'bool') {
    if (typeof value === 'boolean') return value;
    const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
    if (text === 'true') return true;
    if (text === 'false') return false;
    throw new ValueError(`${where}: ${quote(value)} is not true or false`);
  }
  if (name === 'string') {
    if (typeof value !== 'string') throw new ValueError(`${where}: ${quote(value)} is not text`);
    return value;
  }
  if (name === 'bytes' || /^bytes\d+$/.test(name)) {
    const text = typeof value === 'string' ? value.trim() : '';
    if (!isHex(text, { strict: true }) || text.length % 2 !== 0) throw new ValueError(`${where}: ${quote(value)} is not hex bytes`);
    if (name !== 'bytes' && (text.length - 2) / 2 !== Number(name.slice(5))) throw new ValueError(`${where}: ${quote(value)} is not ${name.slice(5)} bytes long`);
    return text.toLowerCase();
  }
  if (/^u?int\d+$/.test(name)) return integerArgument(name, value, where);
  throw new ValueError(`${where}: the type ${name} cannot be encoded here`);
}

/** The viem argument for one parameter (`raw` supplies component names, so a tuple may be written as an object). */
function argument(node: AbiTypeNode, raw: RawInput | undefined, value: unknown, where: string): unknown {
  switch (node.kind) {
    case 'elementary':
      return elementaryArgument(node.name, value, where);
    case 'array': {
      if (!Array.isArray(value)) throw new ValueError(`${where}: ${quote(value)} is not a list`);
      if (node.length !== null && value.length !== node.length) throw new ValueError(`${where}: the list must hold ${node.length} items, not ${value.length}`);
      return value.map((element, index) => argument(node.element, raw, element, `${where}[${index}]`));
    }
    case 'tuple': {
      const components = node.components ?? [];
      const names = rawComponents(raw);
      if (Array.isArray(value)) {
        if (value.length !== components.length) throw new ValueError(`${where}: the tuple must hold ${components.length} values, not ${value.length}`);
        return components.map((component, index) => argument(component, names?.[index], value[index], `${where}.${index}`));
      }
      if (isRecord(value)) {
        return components.map((component, index) => {
          const name = names?.[index]?.name;
          const key = typeof name === 'string' && name !== '' ? name : String(index);
          if (!(key in value)) throw new ValueError(`${where}: the tuple has no value for "${key}"`);
          return argument(component, names?.[index], value[key], `${where}.${key}`);
        });
      }
      throw new ValueError(`${where}: ${quote(value)} is not a tuple`);
    }
  }
}

const isListOrTuple = (node: AbiTypeNode): boolean => node.kind === 'array' || node.kind === 'tuple';

function shortReason(error: unknown): string {
  // viem's errors carry a one-line shortMessage (read by shape: importing BaseError would split a shared chunk).
  const short = typeof error === 'object' && error !== null && 'shortMessage' in error ? (error as { shortMessage: unknown }).shortMessage : null;
  const message = typeof short === 'string' ? short : error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').replace(/[.\s]+$/, '') || 'it cannot be encoded';
}

/** Calldata and signature for a file's method and values; throws ValueError with a short reason. */
function encodeMethod(method: unknown, values: unknown): { data: Hex; signature: string } {
  if (!isRecord(method)) throw new ValueError('its contractMethod is not an object');
  const name = method.name;
  if (typeof name !== 'string' || !/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) throw new ValueError(`the method name ${quote(name)} is not valid`);
  const inputs: unknown = method.inputs ?? [];
  if (!Array.isArray(inputs)) throw new ValueError('the method inputs are not a list');
  if (values !== null && values !== undefined && !isRecord(values)) throw new ValueError('its contractInputsValues is not an object');
  const given = (values ?? {}) as Record<string, unknown>;

  const params: AbiParameter[] = [];
  const types: string[] = [];
  const args: unknown[] = [];
  (inputs as unknown[]).forEach((input, index) => {
    if (!isRecord(input) || typeof input.type !== 'string') throw new ValueError(`input ${index + 1} of the method has no type`);
    const key = typeof input.name === 'string' && input.name !== '' ? input.name : String(index);
    const where = `input "${key}"`;
    const node = typeNode(input.type.trim(), input.components, where);
    let value: unknown = given[key];
    if (value === undefined) {
      if (node.kind === 'elementary' && node.name === 'string') value = '';
      else throw new ValueError(`there is no value for ${where}`);
    }
    if (isListOrTuple(node) && typeof value === 'string') {
      try {
        value = JSON.parse(value) as unknown;
      } catch {
        throw new ValueError(`${where}: ${quote(value)} is not a valid JSON list`);
      }
    }
    params.push(abiParameter(node));
    types.push(canonicalType(node));
    args.push(argument(node, input, value, where));
  });

  const abi = [{ type: 'function', name, inputs: params, outputs: [], stateMutability: method.payable === true ? 'payable' : 'nonpayable' }] as const satisfies Abi;
  try {
    const data = encodeFunctionData({ abi: abi as Abi, functionName: name, args });
    return { data, signature: `${name}(${types.join(',')})` };
  } catch (error) {
    throw new ValueError(shortReason(error));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

const notAFile = (what: string): BatchFileRead => ({ ok: false, error: `This is not a Transaction Builder file: ${what}.` });
const isEmptyData = (data: unknown): boolean => data === null || data === undefined || data === '' || data === '0x';

function readCall(tx: unknown, n: number): ImportedCall | string {
  if (!isRecord(tx)) return `Transaction ${n}: it is not a transaction object.`;
  const { to, value } = tx;
  if (to === undefined || to === null || to === '') return `Transaction ${n}: it has no "to" address.`;
  if (typeof to !== 'string' || !isAddress(to, { strict: false })) return `Transaction ${n}: ${quote(to)} is not an address.`;
  if (!isAddress(to)) return `Transaction ${n}: "${to}" is not an address (its checksum is wrong).`;

  let wei: bigint | null = null;
  if (typeof value === 'string' && /^\d+$/.test(value)) wei = BigInt(value);
  else if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) wei = BigInt(value);
  if (wei === null || wei > MAX_UINT256) return `Transaction ${n}: the value must be a whole number of wei.`;

  let data: Hex = '0x';
  if (!isEmptyData(tx.data)) {
    if (typeof tx.data !== 'string' || !isHex(tx.data, { strict: true }) || tx.data.length % 2 !== 0) return `Transaction ${n}: its data is not hex bytes (0x followed by pairs of hex digits).`;
    data = tx.data.toLowerCase() as Hex;
  }

  let method: string | null = null;
  if (tx.contractMethod !== null && tx.contractMethod !== undefined) {
    let encoded: { data: Hex; signature: string };
    try {
      encoded = encodeMethod(tx.contractMethod, tx.contractInputsValues);
    } catch (error) {
      if (error instanceof ValueError) return `Transaction ${n}: ${error.message}.`;
      return `Transaction ${n}: ${shortReason(error)}.`;
    }
    if (data !== '0x' && data !== encoded.data.toLowerCase()) return `Transaction ${n}: its data does not match its method and values.`;
    data = encoded.data;
    method = encoded.signature;
  }
  return { to: getAddress(to), value: wei, data, method };
}

/** Reads a Transaction Builder file's text for a Safe on `chainId` (decimal string). Never throws. */
export function readTxBuilderFile(text: string, chainId: string): BatchFileRead {
  try {
    return readFile(text, chainId);
  } catch (error) {
    // Not expected (every rule above answers in words); a last guard so the caller never sees a throw.
    return { ok: false, error: `The file could not be read: ${shortReason(error)}.` };
  }
}

/** The largest file read (characters); a bigger one is refused before it is parsed (it would hold the page). */
export const MAX_BATCH_FILE_CHARS = 10_000_000;

function readFile(text: string, chainId: string): BatchFileRead {
  if (text.length > MAX_BATCH_FILE_CHARS) return { ok: false, error: `The file is larger than 10 MB; a batch of ${MAX_BATCH_FILE_TRANSACTIONS} transactions fits in far less.` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch {
    return notAFile('it is not valid JSON');
  }
  if (!isRecord(parsed)) return notAFile('it is not a JSON object');
  const fileChainRaw = parsed.chainId;
  if (fileChainRaw === undefined || fileChainRaw === null || fileChainRaw === '') return notAFile('it has no chainId');
  const fileChain = typeof fileChainRaw === 'number' && Number.isSafeInteger(fileChainRaw) ? String(fileChainRaw) : fileChainRaw;
  if (typeof fileChain !== 'string' || !/^\d+$/.test(fileChain)) return notAFile(`its chainId ${quote(fileChainRaw)} is not a chain number`);
  if (!Array.isArray(parsed.transactions)) return notAFile('it has no "transactions" list');

  const ours = /^\d+$/.test(chainId.trim()) ? BigInt(chainId.trim()) : null;
  if (ours === null || BigInt(fileChain) !== ours) {
    return { ok: false, error: `This file was made for chain ${fileChain}; this Safe is on chain ${chainId}. Open the Safe on that chain, or make the file again there.` };
  }
  const transactions = parsed.transactions as unknown[];
  if (transactions.length === 0) return { ok: false, error: 'The file holds no transactions.' };
  if (transactions.length > MAX_BATCH_FILE_TRANSACTIONS) {
    return { ok: false, error: `The file holds ${transactions.length} transactions; at most ${MAX_BATCH_FILE_TRANSACTIONS} fit in one batch. Split it into smaller files.` };
  }

  const calls: ImportedCall[] = [];
  for (const [index, tx] of transactions.entries()) {
    const call = readCall(tx, index + 1);
    if (typeof call === 'string') return { ok: false, error: call };
    calls.push(call);
  }

  const meta = isRecord(parsed.meta) ? parsed.meta : {};
  const name = typeof meta.name === 'string' && meta.name.trim() !== '' ? meta.name.trim() : DEFAULT_BATCH_NAME;
  const safe = meta.createdFromSafeAddress;
  const createdFromSafe = typeof safe === 'string' && isAddress(safe, { strict: false }) ? getAddress(safe) : null;
  const written = meta.checksum;
  let checksum: ChecksumState = 'absent';
  if (typeof written === 'string' && written !== '') checksum = written.toLowerCase() === fileChecksum(parsed).toLowerCase() ? 'matches' : 'mismatch';
  else if (written !== undefined && written !== null && written !== '') checksum = 'mismatch';

  return { ok: true, batch: { name, chainId: fileChain, createdFromSafe, checksum, calls } };
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

/** The file's JSON text (2-space indented) for these calls, with its checksum. Throws if a call is a DELEGATECALL (operation 1). */
export function writeTxBuilderFile(input: { chainId: string; safe: Address; owner: Address | null; name: string; createdAt: number; calls: readonly MetaTransaction[] }): string {
  const transactions = input.calls.map((call, index) => {
    if (call.operation !== 0) throw new Error(`Call ${index + 1} is a DELEGATECALL; a Transaction Builder file cannot hold it.`);
    const data = call.data.toLowerCase();
    return { to: getAddress(call.to), value: call.value.toString(), data: data === '0x' ? null : data, contractMethod: null, contractInputsValues: null };
  });
  const file = {
    version: '1.0',
    chainId: input.chainId,
    createdAt: input.createdAt,
    meta: {
      name: input.name,
      description: '',
      txBuilderVersion: TX_BUILDER_VERSION,
      createdFromSafeAddress: getAddress(input.safe),
      createdFromOwnerAddress: input.owner === null ? '' : getAddress(input.owner),
    },
    transactions,
  };
  const checksum = checksumOfObject(file);
  return JSON.stringify({ ...file, meta: { ...file.meta, checksum } }, null, 2);
}

/**
 * The calls a SafeTx makes, for export: an operation-0 SafeTx is one call; an operation-1 SafeTx is exported only when
 * it DELEGATECALLs a MultiSend / MultiSendCallOnly library known on this chain and every inner transaction is
 * operation 0. Otherwise { ok: false, reason }.
 */
export function exportableCalls(
  safeTx: { to: Address; value: bigint | string; data: Hex; operation: 0 | 1 },
  where: { chainId: string; version: string },
): { ok: true; calls: MetaTransaction[] } | { ok: false; reason: string } {
  if (safeTx.operation === 0) {
    let value: bigint;
    try {
      value = typeof safeTx.value === 'bigint' ? safeTx.value : BigInt(safeTx.value);
    } catch {
      return { ok: false, reason: `Its value "${String(safeTx.value)}" is not a whole number of wei.` };
    }
    if (value < 0n) return { ok: false, reason: 'Its value is negative.' };
    return { ok: true, calls: [{ operation: 0, to: getAddress(safeTx.to), value, data: safeTx.data }] };
  }
  const library = findTrustedLibrary(where, safeTx.to);
  if (!library || (library.kind !== 'MultiSend' && library.kind !== 'MultiSendCallOnly')) {
    return { ok: false, reason: 'It is a DELEGATECALL to a contract other than a known MultiSend library; a Transaction Builder file can only hold plain calls.' };
  }
  let inner: MetaTransaction[];
  try {
    inner = decodeMultiSendCall(safeTx.data);
  } catch {
    return { ok: false, reason: `Its ${library.kind} batch cannot be read.` };
  }
  if (inner.length === 0) return { ok: false, reason: 'Its batch is empty.' };
  if (inner.length > MAX_BATCH_FILE_TRANSACTIONS) return { ok: false, reason: `Its batch holds ${inner.length} calls; a file holds at most ${MAX_BATCH_FILE_TRANSACTIONS}.` };
  const delegate = inner.findIndex((tx) => tx.operation !== 0);
  if (delegate >= 0) return { ok: false, reason: `Call ${delegate + 1} of its batch is a DELEGATECALL; a Transaction Builder file can only hold plain calls.` };
  return { ok: true, calls: inner.map((tx) => ({ operation: 0, to: tx.to, value: tx.value, data: tx.data })) };
}
