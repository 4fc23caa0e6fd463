/**
 * Pure rules of the compose and nonce steps. The machine's guards call them, and the views call the same
 * functions to show the messages, so a rule lives in exactly one place.
 */
import { isAddress, parseUnits } from 'viem';
import type { CallDraft, SettingsChange, TokenOption, TxDraft, TxFlowSafe } from './transactionFlow.types.ts';
import { isOwner as isOwnerOfSafe } from '../../domain/safe/owners.ts';

export type FieldErrors = Record<string, string>;

/** Safe versions this app can update to, and the target. */
export const LATEST_SAFE_VERSION = '1.4.1';

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function versionTuple(version: string): [number, number, number] {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
}

export function compareSafeVersions(a: string, b: string): number {
  const x = versionTuple(a);
  const y = versionTuple(b);
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

// ───────────────────────── nonce ─────────────────────────

export interface NonceCheck {
  error: string | null;
  warning: string | null;
}

/** Nonce validation with the Safe{Wallet} texts (anchor-features §2.1, TxNonce). */
export function validateNonce(text: string, safeNonce: number, recommended: number | null): NonceCheck {
  const value = text.trim();
  if (value === '') return { error: 'Nonce is required', warning: null };
  if (!/^-?\d*\.?\d+$/.test(value)) return { error: 'Nonce must be a number', warning: null };
  if (value.includes('.')) return { error: "Nonce can't contain decimals", warning: null };
  const nonce = Number(value);
  if (nonce < safeNonce) return { error: `Nonce can't be lower than ${safeNonce}`, warning: null };
  if (!Number.isSafeInteger(nonce)) return { error: 'Nonce is too high', warning: null };
  if (nonce >= safeNonce + 100) return { error: null, warning: 'Nonce is much higher than the current nonce' };
  if (recommended !== null && nonce > recommended) return { error: null, warning: 'Nonce is higher than the recommended nonce' };
  return { error: null, warning: null };
}

// ───────────────────────── ABI (contract interaction) ─────────────────────────

export interface AbiInput {
  name: string;
  type: string;
}

export interface AbiFunction {
  name: string;
  /** `name(type1,type2)`: what the form selects and the draft stores. */
  signature: string;
  inputs: AbiInput[];
  payable: boolean;
}

interface RawAbiItem {
  type?: unknown;
  name?: unknown;
  inputs?: unknown;
  stateMutability?: unknown;
  constant?: unknown;
}

function canonicalType(input: { type?: unknown; components?: unknown }): string {
  const type = typeof input.type === 'string' ? input.type : '';
  if (type.startsWith('tuple') && Array.isArray(input.components)) {
    return `(${(input.components as { type?: unknown; components?: unknown }[]).map(canonicalType).join(',')})${type.slice(5)}`;
  }
  return type;
}

/** The state-changing functions of a JSON ABI (array, or an object with an `abi` array); null when unreadable. */
export function writeFunctions(abiText: string): AbiFunction[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(abiText);
  } catch {
    return null;
  }
  const items = Array.isArray(parsed) ? parsed : Array.isArray((parsed as { abi?: unknown } | null)?.abi) ? (parsed as { abi: unknown[] }).abi : null;
  if (!items) return null;
  const out: AbiFunction[] = [];
  for (const raw of items as RawAbiItem[]) {
    if (raw?.type !== 'function' || typeof raw.name !== 'string') continue;
    if (raw.stateMutability === 'view' || raw.stateMutability === 'pure' || raw.constant === true) continue;
    const inputs = Array.isArray(raw.inputs)
      ? (raw.inputs as { name?: unknown; type?: unknown; components?: unknown }[]).map((i, index) => ({
          name: typeof i.name === 'string' && i.name ? i.name : `arg${index}`,
          type: canonicalType(i),
        }))
      : [];
    out.push({ name: raw.name, signature: `${raw.name}(${inputs.map((i) => i.type).join(',')})`, inputs, payable: raw.stateMutability === 'payable' });
  }
  return out;
}

/** The message for one typed input, or null when it parses. */
export function validateArg(type: string, text: string): string | null {
  const value = text.trim();
  if (type.endsWith(']') || type.startsWith('(')) {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? null : `Enter a JSON array for ${type}`;
    } catch {
      return `Enter a JSON array for ${type}`;
    }
  }
  if (type === 'address') return isAddress(value, { strict: false }) ? null : 'Invalid address';
  if (type === 'bool') return value === 'true' || value === 'false' ? null : 'Enter true or false';
  if (/^u?int\d*$/.test(type)) {
    if (!/^-?\d+$/.test(value)) return 'Enter a whole number';
    if (type.startsWith('uint') && value.startsWith('-')) return 'Must not be negative';
    return null;
  }
  if (type === 'bytes') return /^0x([0-9a-fA-F]{2})*$/.test(value) ? null : 'Enter hex bytes (0x…)';
  const fixed = /^bytes(\d+)$/.exec(type);
  if (fixed) return new RegExp(`^0x[0-9a-fA-F]{${Number(fixed[1]) * 2}}$`).test(value) ? null : `Enter exactly ${fixed[1]} bytes of hex`;
  if (type === 'string') return null;
  return `Unsupported type ${type}`;
}

// ───────────────────────── compose ─────────────────────────

function checkAmount(amount: string, decimals: number, balance: string | null): string | null {
  const value = amount.trim();
  if (!/^\d+(\.\d+)?$/.test(value)) return 'Invalid amount';
  const fraction = value.split('.')[1] ?? '';
  if (fraction.length > decimals) return `Should have 1 to ${decimals} decimals`;
  const units = parseUnits(value, decimals);
  if (units <= 0n) return 'The value must be greater than 0';
  if (balance !== null && units > BigInt(balance)) return 'Insufficient balance';
  return null;
}

const addressError = (value: string): string | null => (isAddress(value.trim(), { strict: false }) ? null : 'Invalid address');

function settingsErrors(change: SettingsChange, safe: TxFlowSafe): FieldErrors {
  const errors: FieldErrors = {};
  const isOwner = (a: string) => isOwnerOfSafe(safe.owners, a);
  const threshold = (value: number, owners: number) => {
    if (!Number.isInteger(value) || value < 1 || value > owners) errors.threshold = `Threshold must be between 1 and ${owners}`;
  };
  switch (change.type) {
    case 'addOwner': {
      const bad = addressError(change.owner);
      if (bad) errors.owner = bad;
      else if (isOwner(change.owner)) errors.owner = 'Address is already a signer';
      else if (sameAddress(change.owner, safe.address)) errors.owner = 'The Safe cannot be its own signer';
      threshold(change.threshold, safe.owners.length + 1);
      break;
    }
    case 'removeOwner':
      if (!isOwner(change.owner)) errors.owner = 'Not a signer of this Safe';
      if (safe.owners.length <= 1) errors.owner = 'The last signer cannot be removed';
      threshold(change.threshold, safe.owners.length - 1);
      break;
    case 'swapOwner': {
      if (!isOwner(change.oldOwner)) errors.oldOwner = 'Not a signer of this Safe';
      const bad = addressError(change.newOwner);
      if (bad) errors.newOwner = bad;
      else if (isOwner(change.newOwner)) errors.newOwner = 'Address is already a signer';
      break;
    }
    case 'changeThreshold':
      threshold(change.threshold, safe.owners.length);
      if (!errors.threshold && change.threshold === safe.threshold) errors.threshold = 'This is the current threshold';
      break;
    case 'enableModule': {
      const bad = addressError(change.module);
      if (bad) errors.module = bad;
      else if (safe.modules.some((m) => sameAddress(m, change.module.trim()))) errors.module = 'Module is already enabled';
      break;
    }
    case 'disableModule':
      if (!safe.modules.some((m) => sameAddress(m, change.module.trim()))) errors.module = 'Module is not enabled';
      break;
    case 'setGuard': {
      const bad = addressError(change.guard);
      if (bad) errors.guard = bad;
      break;
    }
    case 'setFallbackHandler': {
      const bad = addressError(change.handler);
      if (bad) errors.handler = bad;
      break;
    }
    case 'updateVersion':
      if (compareSafeVersions(safe.version, LATEST_SAFE_VERSION) >= 0) errors.version = `This Safe already runs version ${LATEST_SAFE_VERSION}`;
      else if (compareSafeVersions(safe.version, '1.3.0') < 0) errors.version = 'Only Safes of version 1.3.0 can be updated here';
      break;
  }
  return errors;
}

function balanceOf(tokens: readonly TokenOption[], token: string | null): string | null {
  const found = tokens.find((t) => (token === null ? t.address === null : t.address !== null && sameAddress(t.address, token)));
  return found ? found.balance : null;
}

/** Field errors of one composed call (empty = valid). */
export function validateCall(call: CallDraft, safe: TxFlowSafe, tokens: readonly TokenOption[] = []): FieldErrors {
  const errors: FieldErrors = {};
  const put = (field: string, message: string | null) => {
    if (message) errors[field] = message;
  };
  switch (call.kind) {
    case 'nativeTransfer':
      put('recipient', addressError(call.recipient));
      put('amount', checkAmount(call.amount, call.decimals, balanceOf(tokens, null)));
      break;
    case 'erc20Transfer':
      put('token', addressError(call.token));
      put('recipient', addressError(call.recipient));
      put('amount', checkAmount(call.amount, call.decimals, balanceOf(tokens, call.token)));
      break;
    case 'erc721Transfer':
      put('token', addressError(call.token));
      put('recipient', addressError(call.recipient));
      put('tokenId', /^\d+$/.test(call.tokenId.trim()) ? null : 'Enter a token id');
      break;
    case 'contractCall': {
      put('to', addressError(call.to));
      put('value', /^\d+(\.\d+)?$/.test(call.value.trim() || '0') ? null : 'Invalid amount');
      const fns = writeFunctions(call.abi);
      if (!fns) {
        errors.abi = 'The ABI is not valid JSON';
        break;
      }
      const fn = fns.find((f) => f.signature === call.method);
      if (!fn) {
        errors.method = 'Choose a method';
        break;
      }
      fn.inputs.forEach((input, i) => put(`arg${i}`, validateArg(input.type, call.args[i] ?? '')));
      break;
    }
    case 'settings':
      Object.assign(errors, settingsErrors(call.change, safe));
      break;
    case 'rawCall':
      put('to', addressError(call.to));
      put('value', /^\d+$/.test(call.value) ? null : 'Invalid amount');
      put('data', /^0x([0-9a-fA-F]{2})*$/.test(call.data) ? null : 'Invalid data');
      break;
  }
  return errors;
}

/** Field errors of a whole draft (a batch reports `calls` when empty and `call<i>.<field>` per call). */
export function validateDraft(draft: TxDraft, safe: TxFlowSafe, tokens: readonly TokenOption[] = []): FieldErrors {
  if (draft.kind === 'rejection') return {};
  if (draft.kind === 'batch') {
    if (draft.calls.length === 0) return { calls: 'Add at least one call to the batch' };
    const errors: FieldErrors = {};
    draft.calls.forEach((call, i) => {
      if (call.kind === 'rawCall' && call.operation === 1) errors[`call${i}.operation`] = 'A batch cannot contain a DELEGATECALL';
      for (const [field, message] of Object.entries(validateCall(call, safe, tokens))) errors[`call${i}.${field}`] = message;
    });
    return errors;
  }
  return validateCall(draft, safe, tokens);
}

export const isDraftValid = (draft: TxDraft, safe: TxFlowSafe, tokens: readonly TokenOption[] = []): boolean =>
  Object.keys(validateDraft(draft, safe, tokens)).length === 0;

const short = (address: string) => (address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address);

function settingsLabel(change: SettingsChange): string {
  switch (change.type) {
    case 'addOwner':
      return `Add signer ${short(change.owner)}, threshold ${change.threshold}`;
    case 'removeOwner':
      return `Remove signer ${short(change.owner)}, threshold ${change.threshold}`;
    case 'swapOwner':
      return `Replace signer ${short(change.oldOwner)} with ${short(change.newOwner)}`;
    case 'changeThreshold':
      return `Change threshold to ${change.threshold}`;
    case 'enableModule':
      return `Enable module ${short(change.module)}`;
    case 'disableModule':
      return `Disable module ${short(change.module)}`;
    case 'setGuard':
      return /^0x0+$/.test(change.guard) ? 'Remove guard' : `Set guard ${short(change.guard)}`;
    case 'setFallbackHandler':
      return `Set fallback handler ${short(change.handler)}`;
    case 'updateVersion':
      return `Update Safe to version ${LATEST_SAFE_VERSION}`;
  }
}

/** A one-line description of a draft, e.g. "Send 5 dUSD to 0x1234…abcd". */
export function draftLabel(draft: TxDraft): string {
  switch (draft.kind) {
    case 'nativeTransfer':
      return `Send ${draft.amount} native coin to ${short(draft.recipient)}`;
    case 'erc20Transfer':
      return `Send ${draft.amount} ${draft.symbol} to ${short(draft.recipient)}`;
    case 'erc721Transfer':
      return `Send NFT #${draft.tokenId} to ${short(draft.recipient)}`;
    case 'contractCall':
      return `Call ${draft.method.split('(')[0]} on ${short(draft.to)}`;
    case 'settings':
      return settingsLabel(draft.change);
    case 'rawCall':
      return `${draft.data === '0x' ? 'Send' : 'Call'} ${short(draft.to)} (from ${draft.origin})`;
    case 'batch':
      return `Batch of ${draft.calls.length} call${draft.calls.length === 1 ? '' : 's'}`;
    case 'rejection':
      return 'Reject transaction';
  }
}

/** Longest text kept from a compose field as typed (an ABI pasted by hand is the longest). */
export const EDITED_FIELD_LIMIT = 100_000;

const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= EDITED_FIELD_LIMIT;
const isFields = (value: Record<string, unknown>, keys: readonly string[]) => keys.every((key) => isText(value[key]));

/**
 * Whether an edited (not yet submitted) compose form has the shape of a call the form can show again: the
 * kinds the form offers, every field a bounded string (numbers where the type says so). Values are not
 * validated: that is what Continue does.
 */
export function isEditedCallShape(call: unknown): call is CallDraft {
  if (typeof call !== 'object' || call === null) return false;
  const c = call as Record<string, unknown>;
  switch (c.kind) {
    case 'nativeTransfer':
      return isFields(c, ['recipient', 'amount']) && Number.isInteger(c.decimals);
    case 'erc20Transfer':
      return isFields(c, ['token', 'symbol', 'recipient', 'amount']) && Number.isInteger(c.decimals);
    case 'erc721Transfer':
      return isFields(c, ['token', 'recipient', 'tokenId']);
    case 'contractCall':
      return isFields(c, ['to', 'value', 'abi', 'method']) && Array.isArray(c.args) && c.args.length <= 64 && c.args.every(isText);
    case 'settings': {
      const change = c.change as Record<string, unknown> | null;
      return typeof change === 'object' && change !== null && typeof change.type === 'string' && Object.values(change).every((v) => isText(v) || typeof v === 'number');
    }
    default:
      return false;
  }
}
