/**
 * Conversions between the flows' JSON shapes (src/machines/transactionFlow, strings for uint256) and the Safe
 * services' bigint shapes, and from a composed draft to the builder's intents (src/domain/safe/build.ts).
 */
import { encodeFunctionData, getAddress, parseUnits, type Abi, type AbiFunction as ViemAbiFunction, type Address, type Hex } from 'viem';
import type { CallDraft, SettingsChange, TxDraft, TxFlowSafe } from '../../machines/transactionFlow/transactionFlow.types.ts';
import type { ValueDecodedTx } from '../../domain/gateway/types.ts';
import type { DataDecoded, ParamValue } from '../../domain/gateway/types.ts';
import { buildSafeTx, type BuildContext, type Call, type TxIntent } from '../../domain/safe/build.ts';
import type { Mismatch } from '../../domain/safe/crossCheck.ts';
import type { Risk as SafeRisk } from '../../domain/safe/risks.ts';
import type { SafeContext, SafeTx } from '../../domain/safe/types.ts';
import type { DecodedCall, Risk } from '../../machines/transactionFlow/transactionFlow.types.ts';

/** The SafeTx's JSON conversions live in the domain (signing packages use them too). */
export { toSafeTx, toSafeTxJson } from '../../domain/safe/safeTxJson.ts';

export const safeContextOf = (safe: Pick<TxFlowSafe, 'chainId' | 'address' | 'version'>): SafeContext => ({ chainId: BigInt(safe.chainId), safeAddress: getAddress(safe.address), version: safe.version });

export const buildContextOf = (safe: TxFlowSafe, nonce: bigint): BuildContext => ({
  safeAddress: getAddress(safe.address),
  version: safe.version,
  nonce,
  owners: safe.owners.map((o) => getAddress(o)),
  modules: safe.modules.map((m) => getAddress(m)),
});

// ───────────── contract interaction arguments ─────────────

/** Converts one typed input (text from the form, or a parsed JSON element) to what viem encodes. */
export function toAbiArg(type: string, value: unknown): unknown {
  const array = /^(.*)\[\d*\]$/.exec(type);
  if (array) {
    const items: unknown = typeof value === 'string' ? JSON.parse(value) : value;
    if (!Array.isArray(items)) throw new Error(`Expected an array for ${type}`);
    return items.map((item) => toAbiArg(array[1]!, item));
  }
  if (type.startsWith('(')) return typeof value === 'string' ? JSON.parse(value) : value;
  const text = String(value).trim();
  if (/^u?int\d*$/.test(type)) return BigInt(text);
  if (type === 'bool') return text === 'true';
  if (type === 'address') return getAddress(text);
  return text;
}

export function encodeContractCall(call: Extract<CallDraft, { kind: 'contractCall' }>): Hex {
  const parsed: unknown = JSON.parse(call.abi);
  const items = (Array.isArray(parsed) ? parsed : (parsed as { abi: unknown[] }).abi) as Abi;
  const fn = items.find(
    (item): item is ViemAbiFunction =>
      item.type === 'function' && `${item.name}(${item.inputs.map((i) => canonical(i)).join(',')})` === call.method,
  );
  if (!fn) throw new Error(`Method ${call.method} is not in the ABI`);
  return encodeFunctionData({ abi: [fn], functionName: fn.name, args: fn.inputs.map((input, i) => toAbiArg(canonical(input), call.args[i] ?? '')) });
}

function canonical(input: { type: string; components?: readonly { type: string; components?: unknown }[] }): string {
  if (input.type.startsWith('tuple') && input.components) {
    return `(${input.components.map((c) => canonical(c as { type: string })).join(',')})${input.type.slice(5)}`;
  }
  return input.type;
}

// ───────────── draft → intent ─────────────

function settingsIntent(change: SettingsChange, safe: TxFlowSafe): TxIntent {
  switch (change.type) {
    case 'addOwner':
      return { kind: 'addOwner', owner: getAddress(change.owner.trim()), threshold: change.threshold };
    case 'removeOwner':
      return { kind: 'removeOwner', owner: getAddress(change.owner.trim()), threshold: change.threshold };
    case 'swapOwner':
      return { kind: 'swapOwner', oldOwner: getAddress(change.oldOwner.trim()), newOwner: getAddress(change.newOwner.trim()) };
    case 'changeThreshold':
      return { kind: 'changeThreshold', threshold: change.threshold };
    case 'enableModule':
      return { kind: 'enableModule', module: getAddress(change.module.trim()) };
    case 'disableModule':
      return { kind: 'disableModule', module: getAddress(change.module.trim()) };
    case 'setGuard':
      return { kind: 'setGuard', guard: getAddress(change.guard.trim()) };
    case 'setFallbackHandler':
      return { kind: 'setFallbackHandler', handler: getAddress(change.handler.trim()) };
    case 'updateVersion':
      return { kind: 'changeImplementation', l2: /L2/i.test(safe.version), withFallbackHandler: true };
  }
}

export function callIntent(call: CallDraft, safe: TxFlowSafe): TxIntent {
  switch (call.kind) {
    case 'nativeTransfer':
      return { kind: 'nativeTransfer', to: getAddress(call.recipient.trim()), value: parseUnits(call.amount.trim(), call.decimals) };
    case 'erc20Transfer':
      return { kind: 'erc20Transfer', token: getAddress(call.token.trim()), to: getAddress(call.recipient.trim()), amount: parseUnits(call.amount.trim(), call.decimals) };
    case 'erc721Transfer':
      return { kind: 'erc721Transfer', token: getAddress(call.token.trim()), to: getAddress(call.recipient.trim()), tokenId: BigInt(call.tokenId.trim()) };
    case 'contractCall':
      return { kind: 'contractCall', to: getAddress(call.to.trim()), value: parseUnits(call.value.trim() || '0', 18), data: encodeContractCall(call) };
    case 'settings':
      return settingsIntent(call.change, safe);
    case 'rawCall':
      return { kind: 'contractCall', to: getAddress(call.to.trim()), value: BigInt(call.value), data: call.data as Hex };
  }
}

/** Builds the SafeTx of a draft at `nonce` (gas fields zero except safeTxGas). */
export function draftToSafeTx(draft: TxDraft, safe: TxFlowSafe, nonce: bigint, safeTxGas = 0n): SafeTx {
  const ctx = buildContextOf(safe, nonce);
  let tx: SafeTx;
  if (draft.kind === 'rejection') {
    tx = buildSafeTx({ kind: 'nativeTransfer', to: getAddress(safe.address), value: 0n }, ctx);
  } else if (draft.kind === 'batch') {
    const calls: Call[] = draft.calls.map((call) => {
      if (call.kind === 'rawCall' && call.operation === 1) throw new Error('A batch cannot contain a DELEGATECALL');
      const inner = buildSafeTx(callIntent(call, safe), ctx);
      if (inner.operation !== 0) throw new Error('A Safe update cannot be part of a batch');
      return { to: inner.to, value: inner.value, data: inner.data };
    });
    tx = buildSafeTx({ kind: 'batch', calls }, ctx);
  } else {
    tx = buildSafeTx(callIntent(draft, safe), ctx);
    // Only a handed-over call may carry its own operation (SignMessageLib is called by DELEGATECALL).
    if (draft.kind === 'rawCall' && draft.operation === 1) tx = { ...tx, operation: 1 };
  }
  return { ...tx, safeTxGas };
}

// ───────────── gateway / services shapes → flow shapes ─────────────

const paramText = (value: ParamValue): string => (typeof value === 'string' ? value : JSON.stringify(value));

export function decodedCallOf(decoded: DataDecoded | null | undefined): DecodedCall | null {
  if (!decoded) return null;
  return { method: decoded.method, parameters: (decoded.parameters ?? []).map((p) => ({ name: p.name, type: p.type, value: paramText(p.value) })) };
}

export function innerCallsOf(decoded: DataDecoded | null | undefined) {
  const valueDecoded = decoded?.parameters?.[0]?.valueDecoded;
  if (!Array.isArray(valueDecoded)) return [];
  return (valueDecoded as ValueDecodedTx[]).map((tx) => ({
    operation: tx.operation,
    to: tx.to as Address,
    value: tx.value,
    data: (tx.data ?? null) as Hex | null,
    decoded: decodedCallOf(tx.dataDecoded),
  }));
}

/** A precise, human sentence for one cross-check mismatch. */
export const mismatchText = (m: Mismatch): string => `The gateway reports ${m.field} = ${m.gateway}, but the transaction built here has ${m.local}.`;

const RISK_TITLES: Record<string, string> = {
  'untrusted-delegatecall': 'Unexpected delegate call',
  'untrusted-migration': 'Migration to an unknown implementation',
  'invalid-operation': 'Invalid operation',
  'undecodable-batch': 'Batch cannot be decoded',
  'batch-too-deep': 'Batch nested too deeply',
  'gas-refund-reroute': 'Gas refund can reroute funds',
  'gas-refund': 'Gas refund',
  'custom-gas-token': 'Custom gas token',
  'custom-refund-receiver': 'Custom refund receiver',
  'owner-change': 'Signer change',
  'threshold-change': 'Confirmation policy change',
  'module-change': 'Module change',
  'guard-change': 'Guard change',
  'fallback-handler-change': 'Fallback handler change',
  'implementation-change': 'Implementation change',
};

export const riskOf = (risk: SafeRisk): Risk => ({
  id: risk.code,
  severity: risk.severity === 'notice' ? 'info' : risk.severity,
  title: RISK_TITLES[risk.code] ?? risk.code,
  detail: risk.message,
});
