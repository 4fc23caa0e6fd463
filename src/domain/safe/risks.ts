/**
 * Risk classification of a SafeTx (security properties S4–S6). Everything is decided locally from the
 * transaction bytes and a local allow-list; nothing the gateway says is trusted here.
 *
 * - DELEGATECALL to anything outside the allow-list of the chain and version (contracts.ts) is blocking: the
 *   callee runs with the Safe's storage and can overwrite slot 0 (the singleton/masterCopy), owners, modules or guard.
 * - SafeToL2Migration is allow-listed, but it writes slot 0 with whatever singleton it is given: its argument must be
 *   a canonical Safe L2 singleton of the chain and the Safe's release (singletons.ts), else blocking.
 * - MultiSend batches are decoded recursively and every inner transaction is classified the same way.
 * - Configuration changes (owners, threshold, modules, guard, fallback handler, implementation) are flagged,
 *   at any depth.
 * - Gas refunds: non-zero gasPrice together with a custom gasToken or refundReceiver can reroute funds.
 */
import { decodeFunctionData, getAddress, isAddressEqual, zeroAddress, type Address, type Hex } from 'viem';
import { safeSettingsAbi, safeToL2MigrationAbi } from './abis.ts';
import { findTrustedLibrary, type KnownLibrary } from './contracts.ts';
import { decodeMultiSendCall, isMultiSendCall } from './multisend.ts';
import { isCanonicalFallbackHandler130, isCanonicalSafeL2Singleton, safeRelease } from './singletons.ts';
import type { SafeTx } from './types.ts';

export type RiskSeverity = 'blocking' | 'warning' | 'notice';

export type RiskCode =
  | 'untrusted-delegatecall'
  | 'untrusted-migration'
  | 'invalid-operation'
  | 'undecodable-batch'
  | 'batch-too-deep'
  | 'gas-refund-reroute'
  | 'gas-refund'
  | 'custom-gas-token'
  | 'custom-refund-receiver'
  | 'owner-change'
  | 'threshold-change'
  | 'module-change'
  | 'guard-change'
  | 'fallback-handler-change'
  | 'implementation-change';

export interface Risk {
  code: RiskCode;
  severity: RiskSeverity;
  message: string;
  /** Index path inside (nested) MultiSend batches; [] is the SafeTx itself. */
  path: number[];
  to: Address;
  /** Decoded method name, when known. */
  method?: string;
}

export interface RiskContext {
  chainId: number | bigint;
  safeVersion: string;
  /** The Safe executing the tx. Without it, configuration calls are flagged whatever their target. */
  safeAddress?: Address;
}

const MAX_BATCH_DEPTH = 4;

const SETTINGS_RISK: Record<string, { code: RiskCode; describe: (args: readonly unknown[]) => string }> = {
  addOwnerWithThreshold: { code: 'owner-change', describe: (a) => `adds owner ${String(a[0])} and sets the threshold to ${String(a[1])}` },
  removeOwner: { code: 'owner-change', describe: (a) => `removes owner ${String(a[1])} and sets the threshold to ${String(a[2])}` },
  swapOwner: { code: 'owner-change', describe: (a) => `replaces owner ${String(a[1])} with ${String(a[2])}` },
  changeThreshold: { code: 'threshold-change', describe: (a) => `changes the threshold to ${String(a[0])}` },
  enableModule: { code: 'module-change', describe: (a) => `enables module ${String(a[0])}, which can execute transactions without signatures` },
  disableModule: { code: 'module-change', describe: (a) => `disables module ${String(a[1])}` },
  setGuard: {
    code: 'guard-change',
    describe: (a) => (isAddressEqual(a[0] as Address, zeroAddress) ? 'removes the transaction guard' : `sets the transaction guard to ${String(a[0])}, which can block every transaction`),
  },
  setModuleGuard: { code: 'guard-change', describe: (a) => `sets the module guard to ${String(a[0])}` },
  setFallbackHandler: { code: 'fallback-handler-change', describe: (a) => `sets the fallback handler to ${String(a[0])}, which answers signature checks for the Safe` },
  changeMasterCopy: { code: 'implementation-change', describe: (a) => `replaces the Safe implementation (masterCopy) with ${String(a[0])}` },
};

interface Call {
  to: Address;
  value: bigint;
  data: Hex;
  operation: number;
}

function decodeSettingsCall(data: Hex): { functionName: string; args: readonly unknown[] } | undefined {
  if (data.length < 10) return undefined;
  try {
    const decoded = decodeFunctionData({ abi: safeSettingsAbi, data });
    return { functionName: decoded.functionName, args: decoded.args ?? [] };
  } catch {
    return undefined;
  }
}

function visit(call: Call, path: number[], ctx: RiskContext, risks: Risk[]): void {
  const where = path.length ? ` (batch item ${path.join('.')})` : '';
  const to = getAddress(call.to);

  if (call.operation !== 0 && call.operation !== 1) {
    risks.push({ code: 'invalid-operation', severity: 'blocking', message: `Unknown operation ${call.operation}${where}`, path, to });
    return;
  }

  const settings = decodeSettingsCall(call.data);
  const targetsSafe = ctx.safeAddress === undefined || isAddressEqual(to, ctx.safeAddress);

  if (call.operation === 1) {
    const library = findTrustedLibrary({ chainId: ctx.chainId, version: ctx.safeVersion }, to);
    if (!library) {
      risks.push({
        code: 'untrusted-delegatecall',
        severity: 'blocking',
        message:
          `DELEGATECALL to ${to}${where}, which is not a known Safe library for version ${ctx.safeVersion} on chain ${String(ctx.chainId)}. ` +
          'The called code runs with the Safe’s own storage and can overwrite its implementation (masterCopy, storage slot 0), owners, modules or guard.',
        path,
        to,
        ...(settings ? { method: settings.functionName } : {}),
      });
      if (settings) flagSettings(settings, to, path, where, risks);
      if (isMultiSendCall(call.data)) visitBatch(call, path, ctx, risks, where);
      return;
    }
    if (library.kind === 'MultiSend' || library.kind === 'MultiSendCallOnly') {
      visitBatch(call, path, ctx, risks, where);
      return;
    }
    if (library.kind === 'SafeToL2Migration') {
      migrationToL2Risks(call, library, ctx, path, where, risks);
      return;
    }
    if (library.kind === 'SafeMigration') {
      risks.push({
        code: 'implementation-change',
        severity: 'warning',
        message: `Migrates the Safe to another implementation through ${library.kind} ${library.release}${where}`,
        path,
        to,
      });
    }
    return;
  }

  if (settings && targetsSafe) flagSettings(settings, to, path, where, risks);
}

/**
 * SafeToL2Migration 1.4.1 writes slot 0 with the singleton it is given (the contract itself cannot tell a real Safe
 * L2 singleton from any contract answering VERSION()). `migrateToL2(l2Singleton)` keeps the Safe's release;
 * `migrateFromV111(l2Singleton, fallbackHandler)` takes a 1.1.1 Safe to 1.3.0. Anything but a canonical Safe L2
 * singleton of that release on this chain is blocking.
 */
function migrationToL2Risks(call: Call, library: KnownLibrary, ctx: RiskContext, path: number[], where: string, risks: Risk[]): void {
  const to = getAddress(call.to);
  let decoded: ReturnType<typeof decodeFunctionData<typeof safeToL2MigrationAbi>> | undefined;
  try {
    decoded = decodeFunctionData({ abi: safeToL2MigrationAbi, data: call.data });
  } catch {
    decoded = undefined;
  }
  if (!decoded) {
    risks.push({
      code: 'untrusted-migration',
      severity: 'blocking',
      message: `The call to SafeToL2Migration ${library.release}${where} is neither migrateToL2 nor migrateFromV111 as this app knows them — signing is blocked.`,
      path,
      to,
    });
    return;
  }
  const singleton = getAddress(decoded.args[0]);
  const release = decoded.functionName === 'migrateToL2' ? safeRelease(ctx.safeVersion) : '1.3.0';
  const method = decoded.functionName;
  if (release === null || release === '1.1.1' || !isCanonicalSafeL2Singleton(ctx.chainId, release, singleton)) {
    risks.push({
      code: 'untrusted-migration',
      severity: 'blocking',
      message: `The migration${where} would switch this Safe to ${singleton} which is not a canonical Safe L2 singleton for this chain — signing is blocked.`,
      path,
      to,
      method,
    });
  } else {
    risks.push({
      code: 'implementation-change',
      severity: 'warning',
      message: `Migrates the Safe to the canonical Safe L2 ${release} singleton ${singleton} through SafeToL2Migration ${library.release}${where}`,
      path,
      to,
      method,
    });
  }
  if (decoded.functionName === 'migrateFromV111') {
    const handler = getAddress(decoded.args[1]);
    if (!isCanonicalFallbackHandler130(ctx.chainId, handler)) {
      risks.push({
        code: 'fallback-handler-change',
        severity: 'warning',
        message: `The migration${where} sets the fallback handler to ${handler}, which is not the canonical CompatibilityFallbackHandler 1.3.0 and answers signature checks for the Safe`,
        path,
        to,
        method,
      });
    }
  }
}

function flagSettings(settings: { functionName: string; args: readonly unknown[] }, to: Address, path: number[], where: string, risks: Risk[]): void {
  const rule = SETTINGS_RISK[settings.functionName];
  if (!rule) return;
  risks.push({ code: rule.code, severity: 'warning', message: `This transaction ${rule.describe(settings.args)}${where}`, path, to, method: settings.functionName });
  if (settings.functionName === 'addOwnerWithThreshold' || settings.functionName === 'removeOwner') {
    risks.push({ code: 'threshold-change', severity: 'warning', message: `Sets the threshold to ${String(settings.args.at(-1))}${where}`, path, to, method: settings.functionName });
  }
}

function visitBatch(call: Call, path: number[], ctx: RiskContext, risks: Risk[], where: string): void {
  const to = getAddress(call.to);
  if (path.length >= MAX_BATCH_DEPTH) {
    risks.push({ code: 'batch-too-deep', severity: 'blocking', message: `MultiSend batches nested deeper than ${MAX_BATCH_DEPTH} levels${where}`, path, to });
    return;
  }
  let inner;
  try {
    inner = decodeMultiSendCall(call.data);
  } catch (error) {
    risks.push({
      code: 'undecodable-batch',
      severity: 'blocking',
      message: `The batch sent to ${to}${where} cannot be decoded: ${(error as Error).message}`,
      path,
      to,
    });
    return;
  }
  inner.forEach((tx, index) => visit(tx, [...path, index], ctx, risks));
}

function gasRisks(tx: SafeTx): Risk[] {
  const risks: Risk[] = [];
  const customToken = !isAddressEqual(tx.gasToken, zeroAddress);
  const customReceiver = !isAddressEqual(tx.refundReceiver, zeroAddress);
  const to = getAddress(tx.to);
  if (tx.gasPrice > 0n && (customToken || customReceiver)) {
    risks.push({
      code: 'gas-refund-reroute',
      severity: 'warning',
      message:
        `Gas price ${tx.gasPrice} with ${customToken ? `gas token ${tx.gasToken}` : 'the native coin'} refunded to ` +
        `${customReceiver ? tx.refundReceiver : 'the executor'}: gas refunds can hide a transfer of funds.`,
      path: [],
      to,
    });
  } else if (tx.gasPrice > 0n) {
    risks.push({ code: 'gas-refund', severity: 'notice', message: `The Safe refunds gas to the executor at gas price ${tx.gasPrice}`, path: [], to });
  }
  if (customToken) risks.push({ code: 'custom-gas-token', severity: 'notice', message: `Custom gas token ${tx.gasToken}`, path: [], to });
  if (customReceiver) risks.push({ code: 'custom-refund-receiver', severity: 'notice', message: `Custom refund receiver ${tx.refundReceiver}`, path: [], to });
  return risks;
}

/** Every risk found in the SafeTx, blocking ones first. */
export function classifyRisks(tx: SafeTx, ctx: RiskContext): Risk[] {
  const risks: Risk[] = [];
  visit(tx, [], ctx, risks);
  risks.push(...gasRisks(tx));
  const order: Record<RiskSeverity, number> = { blocking: 0, warning: 1, notice: 2 };
  return risks.sort((a, b) => order[a.severity] - order[b.severity]);
}

export const hasBlockingRisk = (risks: readonly Risk[]): boolean => risks.some((risk) => risk.severity === 'blocking');
