/**
 * What a SafeTx does, decoded here from its own bytes (issue 15 hole 2): ERC-20/721/1155 transfers and approvals,
 * native transfers, every Safe settings call, MultiSend batches (recursively), SignMessageLib, the migration
 * libraries, and an on-chain rejection (an empty CALL of the Safe to itself). Nothing here reads the gateway: the
 * signing screens' titles and summaries come from this, and the gateway's text is compared with it
 * (txInfoCheck.ts). A decoding the gateway offers is used for an unknown call only once it was verified against
 * the bytes (`gatewayDecoded`).
 */
import {
  decodeFunctionData,
  encodeFunctionData,
  formatUnits,
  getAddress,
  hashTypedData,
  isAddressEqual,
  maxUint256,
  parseAbi,
  size,
  slice,
  type Abi,
  type AbiFunction,
  type Address,
  type Hex,
} from 'viem';
import type { CallEffect, DescribedCall, SettingsEffect, TokenMeta, VerifiedDecoding } from './txDescription.ts';
import { multiSendAbi, safeMigrationAbi, safeSettingsAbi, safeToL2MigrationAbi, signMessageLibAbi } from './abis.ts';
import { MULTISEND_SELECTOR, decodeMultiSendTransactions } from './multisend.ts';
import { verifiedDecoding } from './crossCheck.ts';
import type { DataDecoded } from '../gateway/types.ts';
import { safeMessageTypedData } from './messages.ts';
import type { SafeContext } from './types.ts';
import { ALLOWANCE_MANAGEMENT_METHODS, NATIVE_TOKEN, allowanceModuleAbi, allowanceModuleAddress } from './allowance.ts';

/** The calls a SafeTx can make, as bytes. */
export interface RawCall {
  to: Address;
  value: bigint;
  data: Hex;
  operation: 0 | 1;
}

export interface DescribeContext extends SafeContext {
  /** MultiSend batches nest at most this deep (a deeper one is undecodable). */
  maxDepth?: number;
}

const tokenAbi = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function transferFrom(address from, address to, uint256 value) returns (bool)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
]);

function decodeWith(abi: Abi, data: Hex): { functionName: string; args: readonly unknown[] } | null {
  try {
    const decoded = decodeFunctionData({ abi, data });
    return { functionName: decoded.functionName, args: (decoded.args ?? []) as readonly unknown[] };
  } catch {
    return null;
  }
}

const addr = (value: unknown): Address => getAddress(value as string);
const num = (value: unknown): string => (value as bigint).toString();
const isSelf = (to: Address, safe: Address) => isAddressEqual(to, safe);

function settingsOf(data: Hex): SettingsEffect | null {
  const d = decodeWith(safeSettingsAbi, data);
  if (!d) return null;
  const a = d.args;
  switch (d.functionName) {
    case 'addOwnerWithThreshold':
      return { type: 'addOwner', owner: addr(a[0]), threshold: Number(a[1]) };
    case 'removeOwner':
      return { type: 'removeOwner', prevOwner: addr(a[0]), owner: addr(a[1]), threshold: Number(a[2]) };
    case 'swapOwner':
      return { type: 'swapOwner', prevOwner: addr(a[0]), oldOwner: addr(a[1]), newOwner: addr(a[2]) };
    case 'changeThreshold':
      return { type: 'changeThreshold', threshold: Number(a[0]) };
    case 'enableModule':
      return { type: 'enableModule', module: addr(a[0]) };
    case 'disableModule':
      return { type: 'disableModule', prevModule: addr(a[0]), module: addr(a[1]) };
    case 'setGuard':
      return { type: 'setGuard', guard: addr(a[0]) };
    case 'setModuleGuard':
      return { type: 'setModuleGuard', guard: addr(a[0]) };
    case 'setFallbackHandler':
      return { type: 'setFallbackHandler', handler: addr(a[0]) };
    case 'changeMasterCopy':
      return { type: 'changeMasterCopy', implementation: addr(a[0]) };
    default:
      return null;
  }
}

function tokenEffectOf(to: Address, data: Hex): CallEffect | null {
  const d = decodeWith(tokenAbi, data);
  if (!d) return null;
  const a = d.args;
  switch (d.functionName) {
    case 'transfer':
      return { kind: 'tokenTransfer', token: to, from: null, to: addr(a[0]), amount: num(a[1]) };
    case 'transferFrom':
      // ERC-20 and ERC-721 share this selector: the amount is a token id for an NFT (the token's decimals tell).
      return { kind: 'tokenTransfer', token: to, from: addr(a[0]), to: addr(a[1]), amount: num(a[2]) };
    case 'approve': {
      const amount = a[1] as bigint;
      return { kind: 'tokenApproval', token: to, spender: addr(a[0]), amount: amount.toString(), unlimited: amount === maxUint256 };
    }
    case 'safeTransferFrom':
      return a.length === 5
        ? { kind: 'nftTransfer', standard: 'ERC1155', token: to, from: addr(a[0]), to: addr(a[1]), tokenId: num(a[2]), amount: num(a[3]) }
        : { kind: 'nftTransfer', standard: 'ERC721', token: to, from: addr(a[0]), to: addr(a[1]), tokenId: num(a[2]), amount: '1' };
    case 'setApprovalForAll':
      return { kind: 'nftApprovalForAll', token: to, operator: addr(a[0]), approved: a[1] as boolean };
    default:
      return null;
  }
}

const paramText = (value: unknown): string =>
  typeof value === 'bigint' || typeof value === 'number' ? value.toString() : typeof value === 'boolean' ? String(value) : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * An owner's call of Safe's Allowance module on this chain (addDelegate, setAllowance, deleteAllowance, …), decoded
 * with the module's ABI and kept only when re-encoding the values gives exactly these bytes.
 */
function allowanceEffectOf(call: RawCall, chainId: SafeContext['chainId']): CallEffect | null {
  const module = allowanceModuleAddress(chainId);
  if (!module || !isAddressEqual(call.to, module) || call.value !== 0n) return null;
  const d = decodeWith(allowanceModuleAbi, call.data);
  if (!d || !(ALLOWANCE_MANAGEMENT_METHODS as readonly string[]).includes(d.functionName)) return null;
  const fn = (allowanceModuleAbi as readonly (AbiFunction | { type: string; name?: string })[]).find((i): i is AbiFunction => i.type === 'function' && i.name === d.functionName);
  if (!fn) return null;
  let again: Hex;
  try {
    again = encodeFunctionData({ abi: [fn], functionName: fn.name, args: d.args } as never);
  } catch {
    return null;
  }
  if (again.toLowerCase() !== call.data.toLowerCase()) return null;
  const parameters = fn.inputs.map((input, i) => ({ name: input.name ?? `arg${i}`, type: input.type, value: paramText(d.args[i]) }));
  return { kind: 'contractCall', selector: slice(call.data, 0, 4), decoded: { method: fn.name, parameters, source: 'local' } };
}

function delegateEffectOf(call: RawCall, ctx: Required<DescribeContext>, depth: number): CallEffect | null {
  const selector = size(call.data) >= 4 ? slice(call.data, 0, 4).toLowerCase() : null;
  if (selector === MULTISEND_SELECTOR) {
    const d = decodeWith(multiSendAbi, call.data);
    if (!d) return { kind: 'undecodable', reason: 'The batch (multiSend) bytes do not decode.' };
    if (depth >= ctx.maxDepth) return { kind: 'undecodable', reason: `The batch nests deeper than ${ctx.maxDepth} levels.` };
    let inner;
    try {
      inner = decodeMultiSendTransactions(d.args[0] as Hex);
    } catch (error) {
      return { kind: 'undecodable', reason: `The batch's packed calls do not decode (${error instanceof Error ? error.message : 'malformed'}).` };
    }
    const calls = inner.map((t) => describeCall({ to: t.to, value: t.value, data: t.data, operation: t.operation as 0 | 1 }, ctx, depth + 1));
    // MultiSendCallOnly refuses DELEGATECALLs inside; MultiSend allows them. Which contract it is, is the risk check's job.
    return { kind: 'batch', library: calls.some((c) => c.operation === 1) ? 'MultiSend' : 'MultiSendCallOnly', calls };
  }
  const sign = decodeWith(signMessageLibAbi, call.data);
  if (sign?.functionName === 'signMessage') {
    const message = sign.args[0] as Hex;
    // SignMessageLib marks getMessageHash(message): the SafeMessage hash of these bytes in this Safe's domain.
    return { kind: 'signMessage', message, messageHash: hashTypedData(safeMessageTypedData(ctx, message)) };
  }
  const migration = decodeWith(safeMigrationAbi, call.data);
  if (migration) return { kind: 'migration', library: 'SafeMigration', method: migration.functionName, singleton: null };
  const toL2 = decodeWith(safeToL2MigrationAbi, call.data);
  if (toL2) return { kind: 'migration', library: 'SafeToL2Migration', method: toL2.functionName, singleton: addr(toL2.args[0]) };
  return null;
}

/** What one call does, from its bytes. `gatewayDecoded`: a decoding already verified against these bytes. */
export function describeCall(call: RawCall, ctx: DescribeContext, depth = 0, gatewayDecoded: VerifiedDecoding | null = null): DescribedCall {
  const full: Required<DescribeContext> = { maxDepth: 4, ...ctx };
  const base = { to: getAddress(call.to), value: call.value.toString(), operation: call.operation, dataSize: size(call.data) };
  const empty = size(call.data) === 0;
  let effect: CallEffect | null = null;
  if (call.operation === 0) {
    if (empty && call.value === 0n) effect = isSelf(call.to, full.safeAddress) ? { kind: 'rejection' } : { kind: 'empty' };
    else if (empty) effect = { kind: 'nativeTransfer', to: base.to, amount: base.value };
    else if (isSelf(call.to, full.safeAddress)) {
      const change = settingsOf(call.data);
      if (change) effect = { kind: 'settings', change };
    } else if (call.value === 0n) effect = allowanceEffectOf(call, full.chainId) ?? tokenEffectOf(base.to, call.data);
  } else {
    effect = delegateEffectOf(call, full, depth);
  }
  if (!effect) {
    const selector = size(call.data) >= 4 ? slice(call.data, 0, 4) : call.data;
    effect = { kind: 'contractCall', selector, decoded: gatewayDecoded };
  }
  return { ...base, effect };
}

/**
 * `describeCall` with the gateway's decoding of the call, kept for an unknown call only when it was verified
 * against exactly these bytes (`verifiedDecoding`, decision 0023); pass `verified` when it is already known.
 */
export function describeWithGatewayDecoding(call: RawCall, ctx: DescribeContext, dataDecoded: DataDecoded | null | undefined, verified: DataDecoded | null = verifiedDecoding(call.data, dataDecoded)): DescribedCall {
  const decoding: VerifiedDecoding | null = verified
    ? {
        method: verified.method,
        parameters: (verified.parameters ?? []).map((p) => ({ name: p.name, type: p.type, value: typeof p.value === 'string' ? p.value : JSON.stringify(p.value) })),
        source: 'gateway',
      }
    : null;
  return describeCall(call, ctx, 0, decoding);
}

/** The tokens a description touches (their symbols and decimals are read on chain for the sentences). */
export function tokensOf(call: DescribedCall): Address[] {
  const out = new Set<Address>();
  const visit = (c: DescribedCall) => {
    const e = c.effect;
    if (e.kind === 'tokenTransfer' || e.kind === 'tokenApproval') out.add(e.token);
    // an allowance's token (the native coin needs no read)
    const token = e.kind === 'contractCall' && e.decoded?.source === 'local' ? e.decoded.parameters.find((p) => p.name === 'token')?.value : undefined;
    if (token && /^0x[0-9a-fA-F]{40}$/.test(token) && !isAddressEqual(token as Address, NATIVE_TOKEN)) out.add(getAddress(token));
    if (e.kind === 'batch') e.calls.forEach(visit);
  };
  visit(call);
  return [...out];
}

/** An amount in token units: "1.5 USDC"; without metadata the raw integer and "units of" the token. */
export function tokenAmountText(amount: string, meta: TokenMeta | undefined, token: Address): string {
  if (!meta) return `${amount} base units of token ${token}`;
  return `${formatUnits(BigInt(amount), meta.decimals)} ${meta.symbol}`;
}
