/**
 * The exact `execTransaction` of a SafeTx, simulated with `eth_simulateV1` before anyone signed it (issue 15 hole 6,
 * security properties S7 and S19; decision 0021).
 *
 * One request, two simulated blocks on top of the latest one:
 *   1. no overrides: the Safe's configuration before (owners, threshold, modules, slot 0, guard, fallback handler);
 *   2. state overrides that make the transaction executable now — the Safe's nonce set to the SafeTx's nonce and,
 *      for `threshold` owners, `approvedHashes[owner][safeTxHash]` set, so their pre-approved signatures (v = 1)
 *      pass `checkSignatures` — then `execTransaction` itself, sent by one of those owners, then the same reads.
 * The threshold is not touched, so "before" and "after" are both real. `traceTransfers` makes the node report
 * native-coin movements as ERC-7528 Transfer logs; with the token standards' own events they give every balance
 * change of the Safe and of its counterparties. Nothing is signed or sent.
 */
import {
  decodeAbiParameters,
  decodeErrorResult,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  hexToBigInt,
  keccak256,
  numberToHex,
  size,
  slice,
  toEventSelector,
  type Address,
  type Hex,
  type Log,
  type PublicClient,
} from 'viem';
import { FALLBACK_HANDLER_STORAGE_SLOT, GUARD_STORAGE_SLOT, safeAbi } from '../../domain/safe/abis.ts';
import type { SafeTx } from '../../domain/safe/types.ts';
import type { BalanceChange, SimulatedAsset } from '../../machines/shared/simulation.ts';

/** What the simulation needs from the chain. */
export type ExecSimulationClient = Pick<PublicClient, 'simulateBlocks'>;

/** The Safe's configuration as read in the simulation. */
export interface SafeConfig {
  owners: Address[];
  threshold: bigint;
  modules: Address[];
  singleton: Address;
  guard: Address;
  fallbackHandler: Address;
}

export interface ExecSimulation {
  /** The block the simulation ran on top of (the first simulated block's parent). */
  blockNumber: bigint;
  /** execTransaction did not revert and reported success (ExecutionSuccess). */
  success: boolean;
  /** The Safe's error code or revert reason, when it failed. */
  revertReason: string | null;
  before: SafeConfig;
  /**
   * The configuration after; null when the Safe no longer answers the reads (e.g. its implementation was replaced
   * by an address without the Safe's code) — the caller then reads the storage words another way.
   */
  after: SafeConfig | null;
  /** Net balance changes of every holder, from the simulated logs (zero nets left out). */
  balanceChanges: BalanceChange[];
  /** The owners whose approvals were placed by override, the sender first. */
  approvers: Address[];
}

const SENTINEL: Address = '0x0000000000000000000000000000000000000001';
const ZERO: Address = '0x0000000000000000000000000000000000000000';
/** ERC-7528: the address that stands for the native coin in `traceTransfers` logs. */
export const NATIVE_TOKEN_ADDRESS: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
/** Storage slots of Safe 1.x (SafeStorage layout). */
const NONCE_SLOT = 5n;
const APPROVED_HASHES_SLOT = 8n;

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const TRANSFER_SINGLE = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62';
const TRANSFER_BATCH = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb';
const EXECUTION_SUCCESS = toEventSelector('ExecutionSuccess(bytes32,uint256)');

const word = (n: bigint): Hex => numberToHex(n, { size: 32 });

/** The storage slot of `approvedHashes[owner][hash]`. */
export function approvedHashSlot(owner: Address, hash: Hex): Hex {
  const inner = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, APPROVED_HASHES_SLOT]));
  return keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'bytes32' }], [hash, inner]));
}

/** Pre-approved signatures (r = owner, s = 0, v = 1) of `owners`, in the ascending order checkSignatures wants. */
export function approvedSignatures(owners: readonly Address[]): Hex {
  const sorted = [...owners].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  return `0x${sorted.map((o) => `${o.slice(2).toLowerCase().padStart(64, '0')}${'0'.repeat(64)}01`).join('')}`;
}

/** The reads that give a SafeConfig, in order. */
function configReads(safe: Address): { to: Address; data: Hex; account?: Address }[] {
  const read = (data: Hex) => ({ to: safe, data });
  return [
    read(encodeFunctionData({ abi: safeAbi, functionName: 'getOwners' })),
    read(encodeFunctionData({ abi: safeAbi, functionName: 'getThreshold' })),
    read(encodeFunctionData({ abi: safeAbi, functionName: 'getModulesPaginated', args: [SENTINEL, 100n] })),
    read(encodeFunctionData({ abi: safeAbi, functionName: 'getStorageAt', args: [0n, 1n] })),
    read(encodeFunctionData({ abi: safeAbi, functionName: 'getStorageAt', args: [hexToBigInt(GUARD_STORAGE_SLOT), 1n] })),
    read(encodeFunctionData({ abi: safeAbi, functionName: 'getStorageAt', args: [hexToBigInt(FALLBACK_HANDLER_STORAGE_SLOT), 1n] })),
  ];
}

interface CallResult {
  status: 'success' | 'failure';
  data: Hex;
  logs?: readonly Log[] | undefined;
  error?: Error | undefined;
}

function storedAddress(result: CallResult): Address {
  const bytes = decodeFunctionResult({ abi: safeAbi, functionName: 'getStorageAt', data: result.data });
  return getAddress(`0x${bytes.slice(-40)}`);
}

function configOf(results: readonly CallResult[], what: string): SafeConfig {
  if (results.length < 6 || results.some((r) => r.status !== 'success')) throw new Error(`The Safe's configuration could not be read ${what} in the simulation`);
  const [owners, threshold, modules, slot0, guard, fallback] = results as [CallResult, CallResult, CallResult, CallResult, CallResult, CallResult];
  return {
    owners: [...decodeFunctionResult({ abi: safeAbi, functionName: 'getOwners', data: owners.data })].map((a) => getAddress(a)),
    threshold: decodeFunctionResult({ abi: safeAbi, functionName: 'getThreshold', data: threshold.data }),
    modules: [...decodeFunctionResult({ abi: safeAbi, functionName: 'getModulesPaginated', data: modules.data })[0]].map((a) => getAddress(a)),
    singleton: storedAddress(slot0),
    guard: storedAddress(guard),
    fallbackHandler: storedAddress(fallback),
  };
}

/** Revert data of a failed simulated call, found on the result or its error. */
function revertDataOf(result: CallResult): Hex | null {
  if (result.data && result.data !== '0x') return result.data;
  let error: unknown = result.error;
  for (let i = 0; i < 5 && error; i++) {
    const data = (error as { data?: unknown }).data;
    if (typeof data === 'string' && data.startsWith('0x') && data.length > 2) return data as Hex;
    error = (error as { cause?: unknown }).cause;
  }
  return null;
}

/** A revert as a signer can read it: the Safe's error code ("GS013") or the reason string. */
export function revertReasonOf(data: Hex | null): string {
  if (!data) return 'The transaction reverts (no reason given).';
  try {
    const decoded = decodeErrorResult({ data, abi: [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }] });
    const message = String(decoded.args[0]);
    return /^GS\d{3}$/.test(message) ? `${message}${SAFE_ERRORS[message] ? ` (${SAFE_ERRORS[message]})` : ''}` : message;
  } catch {
    return `The transaction reverts with data ${size(data) > 68 ? `${slice(data, 0, 68)}…` : data}.`;
  }
}

/** The Safe's error codes a simulation can meet (safe-smart-account, Errors.md). */
const SAFE_ERRORS: Record<string, string> = {
  GS010: 'not enough gas to execute the Safe transaction',
  GS011: 'could not pay gas costs with ether',
  GS012: 'could not pay gas costs with token',
  GS013: 'the Safe transaction failed when gasPrice and safeTxGas are 0',
  GS020: 'signatures data too short',
  GS025: 'hash has not been approved',
  GS026: 'invalid owner provided',
};

const topicAddress = (topic: Hex | undefined): Address => getAddress(`0x${(topic ?? '0x').slice(-40)}`);

/** Net balance changes from Transfer (ERC-20, ERC-721, ERC-7528 native), TransferSingle and TransferBatch logs. */
export function balanceChangesOf(logs: readonly Pick<Log, 'address' | 'topics' | 'data'>[]): BalanceChange[] {
  const net = new Map<string, { holder: Address; asset: SimulatedAsset; delta: bigint }>();
  const move = (asset: SimulatedAsset, from: Address, to: Address, amount: bigint) => {
    if (amount === 0n) return;
    for (const [holder, delta] of [
      [from, -amount],
      [to, amount],
    ] as const) {
      if (holder === ZERO) continue; // minted or burned: no holder on that side
      const key = `${holder}|${JSON.stringify(asset)}`;
      const entry = net.get(key) ?? { holder, asset, delta: 0n };
      entry.delta += delta;
      net.set(key, entry);
    }
  };
  for (const log of logs) {
    const topics = log.topics as readonly Hex[];
    const token = getAddress(log.address);
    try {
      if (topics[0] === TRANSFER && topics.length === 3 && size(log.data) === 32) {
        move(token === NATIVE_TOKEN_ADDRESS ? { kind: 'native' } : { kind: 'ERC20', token }, topicAddress(topics[1]), topicAddress(topics[2]), hexToBigInt(log.data));
      } else if (topics[0] === TRANSFER && topics.length === 4) {
        move({ kind: 'ERC721', token, tokenId: hexToBigInt(topics[3]!).toString() }, topicAddress(topics[1]), topicAddress(topics[2]), 1n);
      } else if (topics[0] === TRANSFER_SINGLE && topics.length === 4 && size(log.data) === 64) {
        const id = hexToBigInt(slice(log.data, 0, 32));
        move({ kind: 'ERC1155', token, tokenId: id.toString() }, topicAddress(topics[2]), topicAddress(topics[3]), hexToBigInt(slice(log.data, 32, 64)));
      } else if (topics[0] === TRANSFER_BATCH && topics.length === 4) {
        const [ids, values] = decodeBatch(log.data);
        ids.forEach((id, i) => move({ kind: 'ERC1155', token, tokenId: id.toString() }, topicAddress(topics[2]), topicAddress(topics[3]), values[i] ?? 0n));
      }
    } catch {
      // a log that only looks like a transfer is left out
    }
  }
  return [...net.values()].filter((e) => e.delta !== 0n).map((e) => ({ holder: e.holder, asset: e.asset, delta: e.delta.toString() }));
}

function decodeBatch(data: Hex): readonly [readonly bigint[], readonly bigint[]] {
  const [ids, values] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], data);
  if (ids.length > 1000) throw new Error('too many ids');
  return [ids, values];
}

/**
 * Simulates the SafeTx's execTransaction from `approvers[0]`, `threshold` owners having pre-approved its hash by
 * state override. Throws when the node cannot run eth_simulateV1 (the caller falls back or says unavailable).
 */
export async function simulateExecTransaction(
  client: ExecSimulationClient,
  safe: { address: Address; owners: readonly Address[]; threshold: number },
  tx: SafeTx,
  safeTxHash: Hex,
): Promise<ExecSimulation> {
  if (safe.owners.length === 0 || safe.threshold < 1 || safe.threshold > safe.owners.length) throw new Error('The Safe’s owners and threshold are not known, so its transaction cannot be simulated');
  const approvers = safe.owners.slice(0, safe.threshold).map((o) => getAddress(o));
  const exec = encodeFunctionData({
    abi: safeAbi,
    functionName: 'execTransaction',
    args: [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, approvedSignatures(approvers)],
  });
  const reads = configReads(safe.address);
  const blocks = await client.simulateBlocks({
    blocks: [
      { calls: reads },
      {
        stateOverrides: [
          {
            address: safe.address,
            stateDiff: [{ slot: word(NONCE_SLOT), value: word(tx.nonce) }, ...approvers.map((owner) => ({ slot: approvedHashSlot(owner, safeTxHash), value: word(1n) }))],
          },
        ],
        calls: [{ account: approvers[0]!, to: safe.address, data: exec }, ...reads],
      },
    ],
    traceTransfers: true,
    validation: false,
  });
  const [first, second] = blocks;
  if (!first || !second) throw new Error('The node returned no simulated blocks');
  const before = configOf(first.calls as readonly CallResult[], 'before');
  const [execResult, ...afterReads] = second.calls as readonly CallResult[];
  if (!execResult) throw new Error('The node returned no result for execTransaction');
  let after: SafeConfig | null;
  try {
    after = configOf(afterReads, 'after');
  } catch {
    after = null;
  }
  const logs = execResult.logs ?? [];
  const succeeded = execResult.status === 'success' && logs.some((l) => getAddress(l.address) === getAddress(safe.address) && l.topics[0] === EXECUTION_SUCCESS);
  return {
    blockNumber: (first.number ?? 1n) - 1n,
    success: succeeded,
    revertReason: succeeded ? null : execResult.status === 'success' ? "The Safe's call failed (ExecutionFailure): the transaction would use up its nonce and do nothing." : revertReasonOf(revertDataOf(execResult)),
    before,
    after,
    balanceChanges: execResult.status === 'success' ? balanceChangesOf(logs) : [],
    approvers,
  };
}
