/**
 * Effect probe (security property S7): runs a SafeTx inside the Safe's own context with eth_call and reports
 * what it did to the Safe's critical storage — singleton (slot 0), owner count (3), threshold (4), guard and
 * fallback handler slots — so an implementation change is caught by its effect, not only by its selector.
 *
 * How: the Safe's `simulateAndRevert(probe, payload)` (StorageAccessible, Safe ≥ 1.3.0) DELEGATECALLs a probe
 * contract placed by a state override; the probe performs the transaction (CALL or DELEGATECALL with the
 * Safe as sender) and returns those storage words; the Safe reverts with them. Nothing is signed or sent.
 */
import { BaseError, concat, type PublicClient, decodeAbiParameters, encodeAbiParameters, encodeFunctionData, getAddress, hexToBigInt, parseAbi, size, slice, type Address, type Hex } from 'viem';
import { FALLBACK_HANDLER_STORAGE_SLOT, GUARD_STORAGE_SLOT } from '../../domain/safe/abis.ts';
import type { Risk, RiskCode } from '../../domain/safe/risks.ts';
import type { SafeTx } from '../../domain/safe/types.ts';
import type { ChainClient } from './client.ts';
import type { ConfigChange, Simulation } from '../../machines/shared/simulation.ts';
import { readTokenMeta } from './tokens.ts';
import { simulateExecTransaction, type ExecSimulation, type ExecSimulationClient, type SafeConfig } from './simulateExec.ts';

const storageAccessibleAbi = parseAbi(['function simulateAndRevert(address targetContract, bytes calldataPayload)']);

/** Where the probe's code is placed for the call (an address nothing lives at). */
export const PROBE_ADDRESS: Address = '0x00000000000000000000000000000000C0FFEE01';

const guardSlot = GUARD_STORAGE_SLOT.slice(2);
const fallbackSlot = FALLBACK_HANDLER_STORAGE_SLOT.slice(2);

/**
 * Probe runtime. Calldata: to (32) ‖ value (32) ‖ operation (32) ‖ data. Returns
 * success ‖ sload(0) ‖ sload(3) ‖ sload(4) ‖ sload(guard slot) ‖ sload(fallback handler slot) ‖ selfbalance().
 */
export const PROBE_CODE: Hex = `0x${[
  '606036', '03', '80', '6060', '6000', '37', // len = calldatasize - 0x60; calldatacopy(0, 0x60, len)
  '6040', '35', '6022', '57', // if operation != 0 goto DELEGATE (0x22)
  '6000', '6000', '82', '6000', '6020', '35', '6000', '35', '5a', 'f1', // call(gas, to, value, 0, len, 0, 0)
  '602f', '56', // goto END (0x2f)
  '5b', '6000', '6000', '82', '6000', '6000', '35', '5a', 'f4', // DELEGATE: delegatecall(gas, to, 0, len, 0, 0)
  '5b', '6000', '52', '50', // END: mstore(0, success); pop len
  '600054', '602052', // mstore(0x20, sload(0))
  '600354', '604052', // mstore(0x40, sload(3))
  '600454', '606052', // mstore(0x60, sload(4))
  `7f${guardSlot}`, '54', '608052', // mstore(0x80, sload(guard))
  `7f${fallbackSlot}`, '54', '60a052', // mstore(0xa0, sload(fallback))
  '47', '60c052', // mstore(0xc0, selfbalance()) — the Safe's native balance
  '60e0', '6000', 'f3', // return(0, 0xe0)
].join('')}`;

export interface SafeStorageSnapshot {
  singleton: Address;
  ownerCount: bigint;
  threshold: bigint;
  guard: Address;
  fallbackHandler: Address;
  /** The Safe's native balance (wei). */
  balance: bigint;
}

export interface SafeTxEffects {
  /** Whether the transaction itself succeeded. */
  success: boolean;
  before: SafeStorageSnapshot;
  after: SafeStorageSnapshot;
  /** Names of the snapshot fields that changed. */
  changed: (keyof SafeStorageSnapshot)[];
}

const word = (hex: Hex, index: number): Hex => slice(hex, index * 32, index * 32 + 32);
const toAddress = (w: Hex): Address => getAddress(`0x${w.slice(-40)}`);
const snapshot = (out: Hex, first: number): SafeStorageSnapshot => ({
  singleton: toAddress(word(out, first)),
  ownerCount: hexToBigInt(word(out, first + 1)),
  threshold: hexToBigInt(word(out, first + 2)),
  guard: toAddress(word(out, first + 3)),
  fallbackHandler: toAddress(word(out, first + 4)),
  balance: hexToBigInt(word(out, first + 5)),
});

function revertData(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const found = error.walk((e) => typeof (e as { data?: unknown }).data === 'string' && (e as { data: string }).data.startsWith('0x'));
  const data = (found as { data?: unknown } | null)?.data;
  return typeof data === 'string' ? (data as Hex) : undefined;
}

/** What the probe needs from the chain: eth_call with a state override. */
export type SimulationClient = Pick<ChainClient, 'call'>;

async function probe(client: SimulationClient, safe: Address, tx: Pick<SafeTx, 'to' | 'value' | 'data' | 'operation'>): Promise<Hex> {
  const payload = concat([encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }, { type: 'uint256' }], [tx.to, tx.value, BigInt(tx.operation)]), tx.data]);
  const data = encodeFunctionData({ abi: storageAccessibleAbi, functionName: 'simulateAndRevert', args: [PROBE_ADDRESS, payload] });
  let reverted: Hex | undefined;
  try {
    await client.call({ to: safe, data, stateOverride: [{ address: PROBE_ADDRESS, code: PROBE_CODE }], blockTag: 'latest' });
  } catch (error) {
    reverted = revertData(error);
    if (!reverted) throw error;
  }
  if (!reverted) throw new Error('simulateAndRevert did not revert: not a Safe ≥ 1.3.0?');
  // Revert data: success ‖ returndatasize ‖ returndata (the probe's seven words).
  const [ok] = decodeAbiParameters([{ type: 'bool' }], word(reverted, 0));
  if (!ok || size(reverted) < 64 + 224) throw new Error('The simulation probe failed');
  return slice(reverted, 64);
}

/** Simulates the SafeTx in the Safe's context and reports changes to its critical storage. */
export async function simulateSafeTxEffects(client: SimulationClient, safe: Address, tx: Pick<SafeTx, 'to' | 'value' | 'data' | 'operation'>): Promise<SafeTxEffects> {
  // A no-op call (to the zero address, no data) reads the "before" words the same way.
  const [beforeOut, afterOut] = await Promise.all([
    probe(client, safe, { to: '0x0000000000000000000000000000000000000000', value: 0n, data: '0x', operation: 0 }),
    probe(client, safe, tx),
  ]);
  const before = snapshot(beforeOut, 1);
  const after = snapshot(afterOut, 1);
  const changed = (Object.keys(before) as (keyof SafeStorageSnapshot)[]).filter((key) => before[key] !== after[key]);
  return { success: hexToBigInt(word(afterOut, 0)) === 1n, before, after, changed };
}

const EFFECT_RISK: Record<Exclude<keyof SafeStorageSnapshot, 'balance'>, RiskCode> = {
  singleton: 'implementation-change',
  ownerCount: 'owner-change',
  threshold: 'threshold-change',
  guard: 'guard-change',
  fallbackHandler: 'fallback-handler-change',
};

/**
 * Risks seen in the simulated effects. A change the static classification (classifyRisks) already names is a
 * warning; a change it did not predict means the calldata hides what it does, and is blocking.
 */
export function effectRisks(effects: SafeTxEffects, tx: Pick<SafeTx, 'to'>, staticRisks: readonly Risk[]): Risk[] {
  const to = getAddress(tx.to);
  return effects.changed.flatMap((field) => {
    if (field === 'balance') return [];
    const code = EFFECT_RISK[field];
    const predicted = staticRisks.some((risk) => risk.code === code);
    const message =
      field === 'singleton' && !predicted
        ? `Simulation: the Safe's implementation changes to ${effects.after.singleton}, which the transaction data does not declare — signing is blocked.`
        : `Simulation: ${field} changes from ${String(effects.before[field])} to ${String(effects.after[field])}${predicted ? '' : ', which the transaction data does not declare'}`;
    return [{ code, severity: predicted ? ('warning' as const) : ('blocking' as const), message, path: [], to }];
  });
}

/** The probe's findings in the form the flows record and show (decision 0021). */
export function simulationOf(effects: SafeTxEffects, safe: Address): Extract<Simulation, { status: 'simulated' }> {
  const configChanges: ConfigChange[] = [];
  for (const field of effects.changed) {
    if (field === 'singleton' || field === 'guard' || field === 'fallbackHandler') configChanges.push({ field, before: effects.before[field], after: effects.after[field] });
    if (field === 'threshold') configChanges.push({ field, before: Number(effects.before.threshold), after: Number(effects.after.threshold) });
    if (field === 'ownerCount') configChanges.push({ field, before: Number(effects.before.ownerCount), after: Number(effects.after.ownerCount) });
  }
  const delta = effects.after.balance - effects.before.balance;
  return {
    status: 'simulated',
    method: 'eth_call: the Safe runs the call through simulateAndRevert (state override places the probe)',
    blockNumber: 'latest',
    success: effects.success,
    revertReason: effects.success ? null : 'The call reverts when the Safe makes it.',
    configChanges,
    balanceChanges: delta === 0n ? [] : [{ holder: getAddress(safe), asset: { kind: 'native' }, delta: delta.toString() }],
    assumptions: [
      "Run as the Safe itself on the latest block: the signature check, the nonce and the gas refund of execTransaction are not part of it.",
      'Token and NFT balance changes are not simulated yet; only the native coin of the Safe is.',
    ],
  };
}

/** What the full simulation can use: eth_simulateV1 when the client has it, eth_call for the fallback, token reads. */
export type SafeTxSimulationClient = SimulationClient & Partial<ExecSimulationClient> & Partial<Pick<PublicClient, 'readContract'>>;

type Simulated = Extract<Simulation, { status: 'simulated' }>;

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x.toLowerCase() === b[i]!.toLowerCase());

function configChangesOf(before: SafeConfig, after: SafeConfig): ConfigChange[] {
  const out: ConfigChange[] = [];
  if (!sameList(before.owners, after.owners)) out.push({ field: 'owners', before: before.owners, after: after.owners });
  if (before.threshold !== after.threshold) out.push({ field: 'threshold', before: Number(before.threshold), after: Number(after.threshold) });
  if (!sameList(before.modules, after.modules)) out.push({ field: 'modules', before: before.modules, after: after.modules });
  for (const field of ['singleton', 'guard', 'fallbackHandler'] as const) if (before[field] !== after[field]) out.push({ field, before: before[field], after: after[field] });
  return out;
}

const storageOf = (config: SafeConfig, balance: bigint): SafeStorageSnapshot => ({
  singleton: config.singleton,
  ownerCount: BigInt(config.owners.length),
  threshold: config.threshold,
  guard: config.guard,
  fallbackHandler: config.fallbackHandler,
  balance,
});

/** The exec simulation in the probe's terms, so effectRisks judges both the same way. */
function effectsOf(exec: ExecSimulation, after: SafeConfig, safe: Address): SafeTxEffects {
  const native = exec.balanceChanges.find((b) => b.asset.kind === 'native' && getAddress(b.holder) === getAddress(safe));
  const before = storageOf(exec.before, 0n);
  const afterSnapshot = storageOf(after, native ? BigInt(native.delta) : 0n);
  const changed = (Object.keys(before) as (keyof SafeStorageSnapshot)[]).filter((key) => before[key] !== afterSnapshot[key]);
  return { success: exec.success, before, after: afterSnapshot, changed };
}

/** A failure in one line for the signer: viem's short message when it has one. */
export const errorText = (error: unknown): string => (error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error));

/**
 * The SafeTx's exact execTransaction simulated with eth_simulateV1 (simulateExec.ts): success or the revert
 * reason, the Safe's configuration before and after, and every balance change from the simulated logs. A node
 * without eth_simulateV1 gets the probe instead (the Safe's call only, the Safe's native balance only), and the
 * result says so. Throws when neither can run (the flow shows "Simulation unavailable").
 */
export async function simulateSafeTx(
  client: SafeTxSimulationClient,
  safe: { address: Address; owners: readonly Address[]; threshold: number },
  tx: SafeTx,
  safeTxHash: Hex,
): Promise<{ effects: SafeTxEffects; simulation: Simulated }> {
  const address = getAddress(safe.address);
  let exec: ExecSimulation | null = null;
  let execError: string | null = client.simulateBlocks ? null : 'this client has no eth_simulateV1';
  if (client.simulateBlocks) {
    try {
      exec = await simulateExecTransaction({ simulateBlocks: client.simulateBlocks.bind(client) as ExecSimulationClient['simulateBlocks'] }, { ...safe, address }, tx, safeTxHash);
    } catch (error) {
      execError = errorText(error);
    }
  }
  if (!exec) {
    const effects = await simulateSafeTxEffects(client, address, tx);
    const fallback = simulationOf(effects, address);
    return { effects, simulation: { ...fallback, assumptions: [`eth_simulateV1 could not run here (${execError}), so only the Safe's call was run, through simulateAndRevert.`, ...fallback.assumptions] } };
  }
  const assumptions = [
    `The Safe's nonce set to ${tx.nonce} and its hash pre-approved by ${safe.threshold} owner${safe.threshold === 1 ? '' : 's'} (state overrides), so it runs before the signatures exist; sent by ${exec.approvers[0]}.`,
    `Run on top of block ${exec.blockNumber}; what other transactions change before it executes is not known.`,
  ];
  let after = exec.after;
  if (!after) {
    // The Safe no longer answers after the transaction (its implementation replaced by code that is not a Safe):
    // the probe reads the storage words inside the same call instead.
    const probed = await simulateSafeTxEffects(client, address, tx);
    after = { ...exec.before, singleton: probed.after.singleton, threshold: probed.after.threshold, guard: probed.after.guard, fallbackHandler: probed.after.fallbackHandler };
    assumptions.push("After this transaction the Safe no longer answers as a Safe: its owners and modules afterwards are unknown; the storage words were read by the probe.");
  }
  const tokens = client.readContract
    ? await readTokenMeta({ readContract: client.readContract.bind(client) as PublicClient['readContract'] }, [...new Set(exec.balanceChanges.flatMap((b) => (b.asset.kind === 'ERC20' ? [b.asset.token] : [])))])
    : {};
  return {
    effects: effectsOf(exec, after, address),
    simulation: {
      status: 'simulated',
      method: 'eth_simulateV1: the exact execTransaction, with state overrides for the nonce and the owners’ approvals',
      blockNumber: exec.blockNumber.toString(),
      success: exec.success,
      revertReason: exec.revertReason,
      configChanges: configChangesOf(exec.before, after),
      balanceChanges: exec.balanceChanges,
      tokens,
      assumptions,
    },
  };
}
