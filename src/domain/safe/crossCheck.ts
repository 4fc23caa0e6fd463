/**
 * Cross-checks what the gateway says about a transaction against the SafeTx built and hashed locally
 * (security property S3). Any mismatch must block signing. Fields the gateway describes in a way that
 * cannot be verified locally are listed separately (`unverified`), never silently accepted; a decoding that is
 * not verified is never shown (`DecodedDataCheck.decoded`, decision 0023).
 */
import {
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  getAddress,
  hashMessage,
  hexToNumber,
  isAddress,
  isAddressEqual,
  keccak256,
  recoverAddress,
  size,
  slice,
  stringToBytes,
  type Address,
  type Hex,
} from 'viem';
import { multisigTxId, parseMultisigTxId } from './txId.ts';
import type {
  ConfirmationView,
  DataDecoded,
  DataDecodedParameter,
  ParamValue,
  TransactionDetails,
  TxInfo,
  ValueDecodedTx,
} from '../gateway/types.ts';
import { erc20Abi, erc721Abi } from './abis.ts';
import { DEFAULT_SELECTOR_BUDGET, needsInference, selectorMatches, type InferenceBudget } from './abiInference.ts';
import { AbiTypeError, canonicalType, isResolved, parseAbiType, toAbiParameter, type AbiTypeNode } from './abiTypes.ts';
import { safeTxHash } from './hashing.ts';
import { decodeMultiSendCall, isMultiSendCall } from './multisend.ts';
import type { SafeContext, SafeTx } from './types.ts';

export interface Mismatch {
  /** Dotted path of the gateway field, e.g. `detailedExecutionInfo.nonce` or `txData.dataDecoded.parameters`. */
  field: string;
  local: string;
  gateway: string;
}

export interface CrossCheckResult {
  ok: boolean;
  mismatches: Mismatch[];
  /** Gateway descriptions that could not be verified locally (e.g. a decoding with unsupported types); not to be shown. */
  unverified: string[];
}

const result = (mismatches: Mismatch[], unverified: string[]): CrossCheckResult => ({ ok: mismatches.length === 0, mismatches, unverified });

const sameAddress = (a: string, b: string) => isAddress(a, { strict: false }) && isAddress(b, { strict: false }) && isAddressEqual(a as Address, b as Address);
const sameHex = (a: string | null | undefined, b: string | null | undefined) => (a ?? '0x').toLowerCase() === (b ?? '0x').toLowerCase();
const sameNumber = (local: bigint, gateway: string | number | null | undefined) => {
  try {
    return gateway !== null && gateway !== undefined && BigInt(gateway) === local;
  } catch {
    return false;
  }
};

// ───────────── decoded data ─────────────

/**
 * The check of a gateway decoding (`dataDecoded`, a confirmation view's method and parameters). `verified` is
 * true only when every part of it — method, each parameter's type and value, the inner transactions of a
 * MultiSend and their own decodings — was checked against the call bytes and matched. `decoded` is what may be
 * shown: the gateway's decoding with every part that was not verified removed (an inner call's `dataDecoded` set
 * to null), or null when the call's own method and parameters are not verified or anything mismatches. Never
 * display a gateway decoding other than through `decoded`.
 */
export interface DecodedDataCheck extends CrossCheckResult {
  verified: boolean;
  decoded: DataDecoded | null;
}
// Results are shared between callers (a small cache below): read them, do not change them.

const decodedResult = (mismatches: Mismatch[], unverified: string[], decoded: DataDecoded | null): DecodedDataCheck => ({
  ...result(mismatches, unverified),
  verified: mismatches.length === 0 && unverified.length === 0,
  decoded: mismatches.length === 0 ? decoded : null,
});

/** How deep decodings may nest (a MultiSend inside a MultiSend, a call inside a `bytes` parameter, …). */
const MAX_DECODING_DEPTH = 8;
/** At most this many differing values are listed per call. */
const MAX_VALUE_MISMATCHES = 16;
const METHOD_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const selectorOf = (signature: string): Hex => slice(keccak256(stringToBytes(signature)), 0, 4);

/** A value as text for a mismatch: hex (addresses too) in lower case, integers in base 10. */
function valueText(value: unknown): string {
  if (typeof value === 'bigint' || typeof value === 'number') return value.toString();
  if (typeof value === 'string') return /^0x[0-9a-fA-F]*$/.test(value) ? value.toLowerCase() : value;
  if (Array.isArray(value)) return `[${value.map(valueText).join(',')}]`;
  return String(value);
}

function leafEquals(type: string, local: unknown, shown: string): boolean {
  if (type === 'address') return /^0x[0-9a-fA-F]{40}$/.test(shown) && typeof local === 'string' && shown.toLowerCase() === local.toLowerCase();
  if (type === 'bool') return typeof local === 'boolean' && /^(true|false)$/i.test(shown) && (shown.toLowerCase() === 'true') === local;
  if (/^u?int\d+$/.test(type)) return (typeof local === 'bigint' || typeof local === 'number') && /^-?\d+$/.test(shown) && BigInt(shown) === BigInt(local);
  if (type === 'string') return local === shown;
  // bytes, bytesN
  return typeof local === 'string' && /^0x[0-9a-fA-F]*$/.test(shown) && shown.toLowerCase() === local.toLowerCase();
}

interface ValueMismatch {
  path: string;
  local: string;
  gateway: string;
}

/** Compares a value decoded from the bytes with the value the gateway shows, leaf by leaf. */
function compareValue(node: AbiTypeNode, local: unknown, shown: ParamValue, path: string, out: ValueMismatch[]): void {
  if (out.length >= MAX_VALUE_MISMATCHES) return;
  if (node.kind === 'array' || node.kind === 'tuple') {
    const items = local as readonly unknown[];
    if (!Array.isArray(shown)) {
      out.push({ path, local: valueText(items), gateway: valueText(shown) });
      return;
    }
    if (shown.length !== items.length) {
      out.push({ path, local: `${items.length} items ${valueText(items)}`, gateway: `${shown.length} items ${valueText(shown)}` });
      return;
    }
    items.forEach((item, k) => compareValue(node.kind === 'array' ? node.element : node.components![k]!, item, shown[k]!, `${path}.${k}`, out));
    return;
  }
  if (Array.isArray(shown) || !leafEquals(node.name, local, shown)) out.push({ path, local: valueText(local), gateway: valueText(shown) });
}

interface DecodingState {
  budget: InferenceBudget;
  depth: number;
}

type ValuesVerdict = { kind: 'match'; values: readonly unknown[] } | { kind: 'mismatch'; mismatches: Mismatch[] } | { kind: 'unverified'; reason: string };

/** Decodes the arguments with fully known types and compares them with the gateway's values. */
function checkValues(args: Hex, nodes: readonly AbiTypeNode[], parameters: readonly DataDecodedParameter[], field: string): ValuesVerdict {
  const abi = nodes.map(toAbiParameter);
  let values: readonly unknown[];
  try {
    values = decodeAbiParameters(abi, args);
  } catch (error) {
    const types = nodes.map(canonicalType).join(',');
    return { kind: 'mismatch', mismatches: [{ field: `${field}.parameters`, local: args, gateway: `(${types}), which does not decode this call data: ${firstLine(error)}` }] };
  }
  const found: ValueMismatch[] = [];
  parameters.forEach((p, i) => compareValue(nodes[i]!, values[i], p.value, `${i}`, found));
  if (found.length > 0) {
    return {
      kind: 'mismatch',
      mismatches: found.map((m) => ({ field: `${field}.parameters`, local: `${m.local} at parameter ${m.path}`, gateway: `${m.gateway} at parameter ${m.path}` })),
    };
  }
  // Every value matches; the bytes must hold nothing more (trailing bytes, dirty padding, unusual offsets).
  let canonical: boolean;
  try {
    canonical = sameHex(encodeAbiParameters(abi, values), args);
  } catch {
    canonical = false;
  }
  if (!canonical) return { kind: 'unverified', reason: 'the call data holds more than these values (extra bytes or a non-standard encoding)' };
  return { kind: 'match', values };
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

/**
 * Checks a gateway DataDecoded against the local calldata: the method name and parameter types must give the
 * call's selector, and the call's bytes, decoded with those types, must hold exactly the values shown. Tuples
 * the gateway names only `tuple` are typed by a bounded search (abiInference.ts). See `DecodedDataCheck` for
 * what may be shown.
 */
export function crossCheckDecodedData(localData: Hex, decoded: DataDecoded | null | undefined, field = 'dataDecoded', state?: DecodingState): DecodedDataCheck {
  // The same answer is checked more than once (shown, then cross-checked): the tuple search runs once per answer.
  // Keyed by content, so an answer changed after a check is checked afresh.
  if (state || !decoded) return checkDecodedData(localData, decoded, field, state);
  const key = JSON.stringify([field, localData.toLowerCase(), decoded]);
  const known = recentChecks.get(key);
  if (known) {
    recentChecks.delete(key);
    recentChecks.set(key, known);
    return known;
  }
  const fresh = checkDecodedData(localData, decoded, field);
  recentChecks.set(key, fresh);
  if (recentChecks.size > RECENT_CHECKS) recentChecks.delete(recentChecks.keys().next().value!);
  return fresh;
}

const RECENT_CHECKS = 32;
const recentChecks = new Map<string, DecodedDataCheck>();

function checkDecodedData(localData: Hex, decoded: DataDecoded | null | undefined, field: string, state?: DecodingState): DecodedDataCheck {
  const mismatches: Mismatch[] = [];
  const unverified: string[] = [];
  const at: DecodingState = state ?? { budget: { remaining: DEFAULT_SELECTOR_BUDGET }, depth: 0 };
  if (!decoded) return decodedResult(mismatches, unverified, null);
  const notShown = (reason: string) => {
    unverified.push(`${field}: ${reason}; the gateway's decoding is not shown`);
    return decodedResult(mismatches, unverified, null);
  };
  if (size(localData) < 4) {
    mismatches.push({ field: `${field}.method`, local: `no call data (${localData})`, gateway: decoded.method });
    return decodedResult(mismatches, unverified, null);
  }
  if (at.depth > MAX_DECODING_DEPTH) return notShown(`decodings nested deeper than ${MAX_DECODING_DEPTH} levels are not checked`);
  const localSelector = slice(localData, 0, 4);
  const args = size(localData) > 4 ? slice(localData, 4) : '0x';
  if (!METHOD_NAME.test(decoded.method)) {
    mismatches.push({ field: `${field}.method`, local: localSelector, gateway: `${decoded.method} (not a function name)` });
    return decodedResult(mismatches, unverified, null);
  }

  const parameters = decoded.parameters ?? [];
  const nodes: AbiTypeNode[] = [];
  for (const [i, p] of parameters.entries()) {
    try {
      nodes.push(parseAbiType(p.type, p.components));
    } catch (error) {
      mismatches.push({ field: `${field}.parameters.${i}.type`, local: `the call ${localSelector}`, gateway: `${p.type} (${error instanceof AbiTypeError ? error.message : firstLine(error)})` });
      return decodedResult(mismatches, unverified, null);
    }
  }

  let typed: readonly AbiTypeNode[] | null = null;
  let values: readonly unknown[] = [];
  if (!needsInference(nodes)) {
    // Every type is spelled out (unsupported ones too): the selector decides the method and the types.
    const signature = `${decoded.method}(${nodes.map(canonicalType).join(',')})`;
    const selector = selectorOf(signature);
    if (!sameHex(selector, localSelector)) {
      mismatches.push({ field: `${field}.method`, local: localSelector, gateway: `${signature} = ${selector}` });
      return decodedResult(mismatches, unverified, null);
    }
    const unsupported = nodes.find((n) => !isResolved(n));
    if (unsupported) return notShown(`${signature} has a parameter of type ${canonicalType(unsupported)}, whose values are not checked here`);
    const verdict = checkValues(args, nodes, parameters, field);
    if (verdict.kind === 'mismatch') return decodedResult([...mismatches, ...verdict.mismatches], unverified, null);
    if (verdict.kind === 'unverified') return notShown(verdict.reason);
    typed = nodes;
    values = verdict.values;
  } else {
    // Tuples without components: try typings whose selector is the call's, cheapest first, until one decodes to
    // exactly the values shown.
    let firstMismatch: Mismatch[] | null = null;
    let firstUnverified: string | null = null;
    const spent = at.budget.remaining;
    for (const candidate of selectorMatches(decoded.method, parameters.map((p, i) => ({ node: nodes[i]!, value: p.value })), localSelector, args, at.budget)) {
      const verdict = checkValues(args, candidate, parameters, field);
      if (verdict.kind === 'match') {
        typed = candidate;
        values = verdict.values;
        break;
      }
      if (verdict.kind === 'mismatch') firstMismatch ??= verdict.mismatches;
      else firstUnverified ??= verdict.reason;
    }
    if (!typed) {
      // A typing with the call's selector whose values differ from the bytes: the gateway shows other values.
      if (firstMismatch) return decodedResult([...mismatches, ...firstMismatch], unverified, null);
      if (firstUnverified) return notShown(firstUnverified);
      const tried = spent - at.budget.remaining;
      return notShown(
        `no typing of ${decoded.method}'s tuple parameters (the gateway gives no components) has the call's selector ${localSelector}` +
          (at.budget.exhausted ? ` within the search's bounds (${tried} layouts and signatures tried)` : ''),
      );
    }
  }

  // Nested decodings: MultiSend inner transactions, and calls decoded inside `bytes` parameters.
  const shownParameters: DataDecodedParameter[] = parameters.map((p, i) => {
    const { valueDecoded } = p;
    const base: DataDecodedParameter = { name: p.name, type: p.type, value: p.value };
    if (valueDecoded === undefined || valueDecoded === null) return base;
    const where = `${field}.parameters.${i}.valueDecoded`;
    if (Array.isArray(valueDecoded)) {
      if (i !== 0 || !isMultiSendCall(localData)) {
        unverified.push(`${where}: inner transactions listed for a call that is not a MultiSend; not shown`);
        return base;
      }
      return { ...base, valueDecoded: checkMultiSendDecoded(localData, valueDecoded, where, mismatches, unverified, at) };
    }
    const node = typed![i]!;
    if (node.kind !== 'elementary' || node.name !== 'bytes') {
      unverified.push(`${where}: a call decoded inside a parameter of type ${p.type}; not shown`);
      return base;
    }
    const nested = crossCheckDecodedData(values[i] as Hex, valueDecoded, where, { budget: at.budget, depth: at.depth + 1 });
    mismatches.push(...nested.mismatches);
    unverified.push(...nested.unverified);
    return nested.decoded ? { ...base, valueDecoded: nested.decoded } : base;
  });
  return decodedResult(mismatches, unverified, { method: decoded.method, parameters: decoded.parameters === null ? null : shownParameters, ...(decoded.accuracy ? { accuracy: decoded.accuracy } : {}) });
}

/** The gateway's decoding reduced to what was verified against `localData` (null: nothing may be shown). */
export const verifiedDecoding = (localData: Hex, decoded: DataDecoded | null | undefined): DataDecoded | null => crossCheckDecodedData(localData, decoded).decoded;

function checkMultiSendDecoded(
  localData: Hex,
  valueDecoded: readonly ValueDecodedTx[],
  base: string,
  mismatches: Mismatch[],
  unverified: string[],
  state: DecodingState,
): ValueDecodedTx[] | null {
  let inner: ReturnType<typeof decodeMultiSendCall>;
  try {
    inner = decodeMultiSendCall(localData);
  } catch (error) {
    unverified.push(`${base}: the batch in the call data cannot be decoded (${firstLine(error)}); its inner transactions are not shown`);
    return null;
  }
  const before = mismatches.length;
  if (inner.length !== valueDecoded.length) {
    mismatches.push({ field: `${base}.length`, local: String(inner.length), gateway: String(valueDecoded.length) });
  }
  const shownList: ValueDecodedTx[] = [];
  inner.forEach((tx, index) => {
    const shown: ValueDecodedTx | undefined = valueDecoded[index];
    if (!shown) return;
    const at = `${base}.${index}`;
    if (shown.operation !== tx.operation) mismatches.push({ field: `${at}.operation`, local: String(tx.operation), gateway: String(shown.operation) });
    if (!sameAddress(shown.to, tx.to)) mismatches.push({ field: `${at}.to`, local: tx.to, gateway: shown.to });
    if (!sameNumber(tx.value, shown.value)) mismatches.push({ field: `${at}.value`, local: tx.value.toString(), gateway: shown.value });
    if (!sameHex(shown.data, tx.data)) mismatches.push({ field: `${at}.data`, local: tx.data, gateway: shown.data ?? 'null' });
    const nested = crossCheckDecodedData(tx.data, shown.dataDecoded, `${at}.dataDecoded`, { budget: state.budget, depth: state.depth + 1 });
    mismatches.push(...nested.mismatches);
    unverified.push(...nested.unverified);
    shownList.push({ operation: tx.operation as 0 | 1, to: shown.to, value: shown.value, data: shown.data, ...(shown.dataDecoded === undefined ? {} : { dataDecoded: nested.decoded }) });
  });
  return mismatches.length > before ? null : shownList;
}

/** Checks the gateway's confirmation view (`views/transaction-confirmation`) against the local calldata. */
export function crossCheckConfirmationView(localData: Hex, view: ConfirmationView): CrossCheckResult {
  if (view.type !== 'GENERIC') return result([], [`confirmationView: type ${view.type} is not verified locally`]);
  if (view.method === undefined) return result([], []);
  return crossCheckDecodedData(localData, { method: view.method, parameters: view.parameters ?? null }, 'confirmationView');
}

// ───────────── txInfo ─────────────

function decodeTokenTransfer(data: Hex): { recipient: Address; amount: bigint } | undefined {
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data });
    if (call.functionName === 'transfer') return { recipient: call.args[0], amount: call.args[1] };
    return { recipient: call.args[1], amount: call.args[2] };
  } catch {
    return undefined;
  }
}

function decodeNftTransfer(data: Hex): { recipient: Address; tokenId: bigint } | undefined {
  try {
    const call = decodeFunctionData({ abi: erc721Abi, data });
    return { recipient: call.args[1], tokenId: call.args[2] };
  } catch {
    return undefined;
  }
}

/** Checks the gateway's human-level summary (txInfo) against the local SafeTx. */
export function crossCheckTxInfo(local: SafeTx, info: TxInfo, safeAddress: Address): CrossCheckResult {
  const mismatches: Mismatch[] = [];
  const unverified: string[] = [];
  switch (info.type) {
    case 'Transfer': {
      const t = info.transferInfo;
      const kind = t.type === 'NATIVE_COIN' ? 'native transfer' : t.type === 'ERC20' ? 'ERC20 transfer' : 'ERC721 transfer';
      // A transfer is a plain CALL; a summary that hides a DELEGATECALL (or native value sent with a token call) lies.
      if (local.operation !== 0) mismatches.push({ field: 'txInfo.type', local: `operation ${local.operation} (DELEGATECALL)`, gateway: kind });
      if (t.type !== 'NATIVE_COIN' && local.value !== 0n) mismatches.push({ field: 'txInfo.type', local: `call with value ${local.value}`, gateway: kind });
      if (t.type === 'NATIVE_COIN') {
        if (!sameAddress(info.recipient.value, local.to)) mismatches.push({ field: 'txInfo.recipient', local: local.to, gateway: info.recipient.value });
        if (!sameNumber(local.value, t.value ?? '0')) mismatches.push({ field: 'txInfo.transferInfo.value', local: local.value.toString(), gateway: String(t.value) });
        if (size(local.data) > 0) mismatches.push({ field: 'txInfo.type', local: `call with data ${local.data}`, gateway: 'native transfer' });
      } else if (t.type === 'ERC20') {
        const decoded = decodeTokenTransfer(local.data);
        if (!sameAddress(t.tokenAddress, local.to)) mismatches.push({ field: 'txInfo.transferInfo.tokenAddress', local: local.to, gateway: t.tokenAddress });
        if (!decoded) mismatches.push({ field: 'txInfo.type', local: local.data, gateway: 'ERC20 transfer' });
        else {
          if (!sameNumber(decoded.amount, t.value)) mismatches.push({ field: 'txInfo.transferInfo.value', local: decoded.amount.toString(), gateway: t.value });
          if (info.direction === 'OUTGOING' && !sameAddress(info.recipient.value, decoded.recipient))
            mismatches.push({ field: 'txInfo.recipient', local: decoded.recipient, gateway: info.recipient.value });
        }
      } else {
        const decoded = decodeNftTransfer(local.data);
        if (!sameAddress(t.tokenAddress, local.to)) mismatches.push({ field: 'txInfo.transferInfo.tokenAddress', local: local.to, gateway: t.tokenAddress });
        if (!decoded) mismatches.push({ field: 'txInfo.type', local: local.data, gateway: 'ERC721 transfer' });
        else {
          if (!sameNumber(decoded.tokenId, t.tokenId)) mismatches.push({ field: 'txInfo.transferInfo.tokenId', local: decoded.tokenId.toString(), gateway: t.tokenId });
          if (info.direction === 'OUTGOING' && !sameAddress(info.recipient.value, decoded.recipient))
            mismatches.push({ field: 'txInfo.recipient', local: decoded.recipient, gateway: info.recipient.value });
        }
      }
      break;
    }
    case 'Custom':
      if (!sameAddress(info.to.value, local.to)) mismatches.push({ field: 'txInfo.to', local: local.to, gateway: info.to.value });
      if (!sameNumber(local.value, info.value ?? '0')) mismatches.push({ field: 'txInfo.value', local: local.value.toString(), gateway: String(info.value) });
      if (!sameNumber(BigInt(size(local.data)), info.dataSize)) mismatches.push({ field: 'txInfo.dataSize', local: String(size(local.data)), gateway: info.dataSize });
      break;
    case 'SettingsChange': {
      if (!sameAddress(safeAddress, local.to)) mismatches.push({ field: 'txInfo.type', local: `call to ${local.to}`, gateway: 'settings change of the Safe' });
      const decoded = crossCheckDecodedData(local.data, info.dataDecoded, 'txInfo.dataDecoded');
      mismatches.push(...decoded.mismatches);
      unverified.push(...decoded.unverified);
      break;
    }
    default:
      unverified.push(`txInfo: type ${info.type} is not verified locally`);
  }
  return result(mismatches, unverified);
}

// ───────────── transaction details ─────────────

/**
 * Compares gateway TransactionDetails field by field with the local SafeTx and its locally computed
 * safeTxHash, including the decoded data and the txInfo summary.
 */
export function crossCheckTransaction(local: SafeTx, details: TransactionDetails, ctx: SafeContext): CrossCheckResult {
  const mismatches: Mismatch[] = [];
  const unverified: string[] = [];
  const push = (field: string, localValue: string, gatewayValue: string) => mismatches.push({ field, local: localValue, gateway: gatewayValue });
  const localHash = safeTxHash(ctx, local);

  if (!sameAddress(details.safeAddress, ctx.safeAddress)) push('safeAddress', getAddress(ctx.safeAddress), details.safeAddress);

  const data = details.txData;
  if (!data) push('txData', 'present', 'null');
  else {
    if (!sameAddress(data.to.value, local.to)) push('txData.to', local.to, data.to.value);
    if (!sameNumber(local.value, data.value ?? '0')) push('txData.value', local.value.toString(), String(data.value));
    if (!sameHex(data.hexData, local.data)) push('txData.hexData', local.data, data.hexData ?? 'null');
    if (data.operation !== local.operation) push('txData.operation', String(local.operation), String(data.operation));
    const decoded = crossCheckDecodedData(local.data, data.dataDecoded, 'txData.dataDecoded');
    mismatches.push(...decoded.mismatches);
    unverified.push(...decoded.unverified);
  }

  const exec = details.detailedExecutionInfo;
  if (!exec || exec.type !== 'MULTISIG') push('detailedExecutionInfo.type', 'MULTISIG', exec ? exec.type : 'null');
  else {
    if (!sameNumber(local.nonce, exec.nonce)) push('detailedExecutionInfo.nonce', local.nonce.toString(), String(exec.nonce));
    if (!sameNumber(local.safeTxGas, exec.safeTxGas)) push('detailedExecutionInfo.safeTxGas', local.safeTxGas.toString(), exec.safeTxGas);
    if (!sameNumber(local.baseGas, exec.baseGas)) push('detailedExecutionInfo.baseGas', local.baseGas.toString(), exec.baseGas);
    if (!sameNumber(local.gasPrice, exec.gasPrice)) push('detailedExecutionInfo.gasPrice', local.gasPrice.toString(), exec.gasPrice);
    if (!sameAddress(exec.gasToken, local.gasToken)) push('detailedExecutionInfo.gasToken', local.gasToken, exec.gasToken);
    if (!sameAddress(exec.refundReceiver.value, local.refundReceiver)) push('detailedExecutionInfo.refundReceiver', local.refundReceiver, exec.refundReceiver.value);
    if (!sameHex(exec.safeTxHash, localHash)) push('detailedExecutionInfo.safeTxHash', localHash, exec.safeTxHash);
  }

  const id = parseMultisigTxId(details.txId);
  if (!id) push('txId', multisigTxId(ctx.safeAddress, localHash), details.txId);
  else {
    if (!sameAddress(id.safeAddress, ctx.safeAddress)) push('txId.safeAddress', getAddress(ctx.safeAddress), id.safeAddress);
    if (!sameHex(id.safeTxHash, localHash)) push('txId.safeTxHash', localHash, id.safeTxHash);
  }

  const info = crossCheckTxInfo(local, details.txInfo, ctx.safeAddress);
  mismatches.push(...info.mismatches);
  unverified.push(...info.unverified);
  return result(mismatches, unverified);
}

// ───────────── confirmations ─────────────

/**
 * Checks that every signature the gateway lists for a transaction signs the locally computed safeTxHash and comes
 * from the signer it names (EIP-712, v 27/28; eth_sign, v 31/32). A gateway that shows the next signer another
 * transaction than the one the earlier signers signed — even with a consistent safeTxHash and txId — is caught
 * here. Approved-hash and contract signatures (v 1 / 0) cannot be checked from the signature alone: unverified.
 */
export async function crossCheckConfirmations(
  localHash: Hex,
  confirmations: readonly { signer: string; signature: string | null }[],
  /** Where the list sits in the gateway's JSON, and the name of the hash signed (a message's: safeMessageHash). */
  { listField = 'detailedExecutionInfo.confirmations', hashName = 'safeTxHash' }: { listField?: string; hashName?: string } = {},
): Promise<CrossCheckResult> {
  const mismatches: Mismatch[] = [];
  const unverified: string[] = [];
  for (const [index, { signer, signature }] of confirmations.entries()) {
    const field = `${listField}.${index}`;
    if (signature === null) continue;
    // 65 bytes (r, s, v); a contract signature (v 0) may carry its dynamic part after them.
    const v = /^0x(?:[0-9a-fA-F]{2}){65,}$/.test(signature) ? hexToNumber(slice(signature as Hex, 64, 65)) : null;
    if (v === null || (signature.length !== 132 && v !== 0)) {
      mismatches.push({ field, local: `no signature by ${signer}`, gateway: `a malformed signature by ${signer}` });
      continue;
    }
    if (v !== 27 && v !== 28 && v !== 31 && v !== 32) {
      unverified.push(`${field}: signature type v=${v} of ${signer} is not verified locally`);
      continue;
    }
    let recovered: Address | null;
    try {
      recovered =
        v > 30
          ? await recoverAddress({ hash: hashMessage({ raw: localHash }), signature: `${signature.slice(0, 130)}${(v - 4).toString(16)}` as Hex })
          : await recoverAddress({ hash: localHash, signature: signature as Hex });
    } catch {
      recovered = null;
    }
    if (!recovered || !sameAddress(recovered, signer)) {
      mismatches.push({ field, local: `no signature by ${signer} (it does not sign this ${hashName}${recovered ? `; it recovers to ${recovered}` : ''})`, gateway: `a signature by ${signer}` });
    }
  }
  return result(mismatches, unverified);
}
