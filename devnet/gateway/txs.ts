// Transaction summaries and details (protocol.md B.7.5–B.7.8) for multisig, module, transfer and creation
// entries, plus the history and queue lists.
import { getAddress, toEventSelector, zeroAddress, type Address, type Hex } from 'viem';
import { SETTINGS_METHODS } from './abis.ts';
import type { OnchainSafe } from './chain.ts';
import { KNOWN_CONTRACTS } from './config.ts';
import type { GatewayContext } from './context.ts';
import { addressesIn, dataSize, decodeData } from './decoder.ts';
import { httpError, notFound } from './errors.ts';
import { generatedTransferDetails } from './generated.ts';
import { byPosition, type BlockRef, type CreationRecord, type ModuleTx, type TransferRecord } from './indexer.ts';
import { Proposals, viewOfExecuted, type MultisigView } from './proposals.ts';
import type {
  AddressInfo,
  ConflictType,
  DataDecoded,
  HistoryItem,
  QueueItem,
  SafeAppInfo,
  SettingsInfo,
  TransactionDetails,
  TransactionItem,
  TransactionSummary,
  TxData,
  TxInfo,
  TxStatus,
} from './types.ts';

const TRUSTED_DELEGATE = new Set<string>(KNOWN_CONTRACTS.filter((c) => c.trustedForDelegateCall).map((c) => c.address));
export const isTrustedDelegateCallTarget = (to: string): boolean => TRUSTED_DELEGATE.has(getAddress(to));

export type CallFields = { to: Address; value: bigint; data: Hex | null; operation: 0 | 1 };

export function hints(ctx: GatewayContext): { isNft: (to: string) => boolean } {
  return { isNft: (to) => ctx.indexer.tokens.get(getAddress(to)) === 'ERC721' };
}

export function decodeCall(ctx: GatewayContext, call: Pick<CallFields, 'to' | 'data'>): DataDecoded | null {
  return decodeData(call.data, call.to, hints(ctx));
}

const param = (d: DataDecoded, name: string): string => {
  const p = d.parameters?.find((x) => x.name === name);
  return typeof p?.value === 'string' ? p.value : '';
};

export function settingsInfo(ctx: GatewayContext, d: DataDecoded): SettingsInfo | null {
  const a = (name: string): AddressInfo => ctx.addressInfo(param(d, name));
  switch (d.method) {
    case 'addOwnerWithThreshold':
      return { type: 'ADD_OWNER', owner: a('owner'), threshold: Number(param(d, '_threshold')) };
    case 'removeOwner':
      return { type: 'REMOVE_OWNER', owner: a('owner'), threshold: Number(param(d, '_threshold')) };
    case 'swapOwner':
      return { type: 'SWAP_OWNER', oldOwner: a('oldOwner'), newOwner: a('newOwner') };
    case 'changeThreshold':
      return { type: 'CHANGE_THRESHOLD', threshold: Number(param(d, '_threshold')) };
    case 'changeMasterCopy':
      return { type: 'CHANGE_MASTER_COPY', implementation: a('_masterCopy') };
    case 'enableModule':
      return { type: 'ENABLE_MODULE', module: a('module') };
    case 'disableModule':
      return { type: 'DISABLE_MODULE', module: a('module') };
    case 'setFallbackHandler':
      return { type: 'SET_FALLBACK_HANDLER', handler: a('handler') };
    case 'setGuard':
      return param(d, 'guard') === zeroAddress ? { type: 'DELETE_GUARD' } : { type: 'SET_GUARD', guard: a('guard') };
    default:
      return null;
  }
}

export type CancellationFields = { safeTxGas: bigint; baseGas: bigint; gasPrice: bigint; gasToken: Address; refundReceiver: Address };

/** Classifies a Safe-executed call (multisig or module) into a TxInfo (protocol.md B.7.8). */
export async function txInfoFor(ctx: GatewayContext, safe: Address, call: CallFields, gas?: CancellationFields): Promise<TxInfo> {
  const size = dataSize(call.data);
  const decoded = size > 0 ? decodeCall(ctx, call) : null;
  const to = getAddress(call.to);
  const custom = (): TxInfo => ({
    type: 'Custom',
    to: ctx.addressInfo(to),
    dataSize: String(size),
    value: call.value.toString(),
    methodName: decoded?.method ?? null,
    actionCount: decoded?.method === 'multiSend' ? (decoded.parameters?.[0]?.valueDecoded?.length ?? null) : null,
    isCancellation:
      !!gas &&
      to === safe &&
      size === 0 &&
      call.value === 0n &&
      call.operation === 0 &&
      gas.safeTxGas === 0n &&
      gas.baseGas === 0n &&
      gas.gasPrice === 0n &&
      gas.gasToken === zeroAddress &&
      gas.refundReceiver === zeroAddress,
    humanDescription: null,
  });
  if ((call.value > 0n && size > 0) || call.operation !== 0) return custom();
  if (call.value > 0n && size === 0) {
    return {
      type: 'Transfer',
      sender: ctx.addressInfo(safe),
      recipient: ctx.addressInfo(to),
      direction: 'OUTGOING',
      transferInfo: { type: 'NATIVE_COIN', value: call.value.toString() },
      humanDescription: null,
    };
  }
  if (decoded && to === safe && SETTINGS_METHODS.has(decoded.method)) {
    return { type: 'SettingsChange', dataDecoded: decoded, settingsInfo: settingsInfo(ctx, decoded), humanDescription: null };
  }
  if (decoded && ['transfer', 'transferFrom', 'safeTransferFrom'].includes(decoded.method)) {
    const kind = ctx.indexer.tokens.get(to) ?? (decoded.method === 'transfer' ? 'ERC20' : undefined);
    const meta = kind ? await ctx.reader.tokenMeta(to, kind) : null;
    if (meta) {
      const sender = decoded.method === 'transfer' ? safe : getAddress(param(decoded, 'from'));
      const recipient = getAddress(param(decoded, 'to'));
      if (sender === safe || recipient === safe) {
        const direction = sender === safe ? 'OUTGOING' : 'INCOMING';
        const amount = decoded.parameters?.[decoded.method === 'transfer' ? 1 : 2]?.value;
        const amountStr = typeof amount === 'string' ? amount : '0';
        return {
          type: 'Transfer',
          sender: ctx.addressInfo(sender),
          recipient: ctx.addressInfo(recipient),
          direction,
          transferInfo:
            meta.type === 'ERC20'
              ? { type: 'ERC20', tokenAddress: to, value: amountStr, tokenName: meta.name, tokenSymbol: meta.symbol, logoUri: ctx.tokenLogo(meta.symbol), decimals: meta.decimals, trusted: true, imitation: false }
              : { type: 'ERC721', tokenAddress: to, tokenId: amountStr, tokenName: meta.name, tokenSymbol: meta.symbol, logoUri: ctx.tokenLogo(meta.symbol), trusted: true },
          humanDescription: null,
        };
      }
    }
  }
  return custom();
}

export function txDataFor(ctx: GatewayContext, call: CallFields): TxData {
  const decoded = dataSize(call.data) > 0 ? decodeCall(ctx, call) : null;
  const index: Record<string, AddressInfo> = {};
  for (const a of addressesIn(decoded)) {
    const info = ctx.addressInfo(a);
    if (info.name) index[a] = info;
  }
  return {
    hexData: call.data && call.data !== '0x' ? call.data : null,
    dataDecoded: decoded,
    to: ctx.addressInfo(call.to),
    value: call.value.toString(),
    operation: call.operation,
    trustedDelegateCallTarget: call.operation === 1 ? isTrustedDelegateCallTarget(call.to) : null,
    addressInfoIndex: Object.keys(index).length ? index : null,
  };
}

export function parseOrigin(origin: string | null): { url?: string; name?: string; note?: string } | null {
  if (!origin) return null;
  try {
    const parsed: unknown = JSON.parse(origin);
    return parsed && typeof parsed === 'object' ? (parsed as { url?: string; name?: string; note?: string }) : null;
  } catch {
    return null;
  }
}

export function safeAppInfoOf(ctx: GatewayContext, origin: string | null): SafeAppInfo | null {
  const o = parseOrigin(origin);
  if (!o?.url) return null;
  const app = ctx.safeApps().find((a) => a.url.replace(/\/$/, '') === o.url!.replace(/\/$/, ''));
  if (!app) return null;
  return { name: app.name, url: app.url, logoUri: app.iconUrl };
}

export function noteOf(origin: string | null): string | null {
  const note = parseOrigin(origin)?.note;
  return typeof note === 'string' && note.trim() ? note.replace(/<[^>]*>/g, '').trim() : null;
}

export function multisigStatus(v: MultisigView, safe: OnchainSafe): TxStatus {
  if (v.executed) return v.executed.success ? 'SUCCESS' : 'FAILED';
  if (v.nonce < safe.nonce) return 'CANCELLED';
  return confirmationsOf(v, safe).length >= safe.threshold ? 'AWAITING_EXECUTION' : 'AWAITING_CONFIRMATIONS';
}

/** Confirmations that count: from current owners (or, once executed, everything recorded). */
function confirmationsOf(v: MultisigView, safe: OnchainSafe): MultisigView['confirmations'] {
  if (v.executed) return v.confirmations;
  return v.confirmations.filter((c) => safe.owners.includes(c.owner));
}

export const multisigId = (safe: string, hash: string): string => `multisig_${getAddress(safe)}_${hash}`;

export async function multisigSummary(ctx: GatewayContext, v: MultisigView, safe: OnchainSafe): Promise<TransactionSummary> {
  const status = multisigStatus(v, safe);
  const confs = confirmationsOf(v, safe);
  const required = v.executed ? v.executed.threshold : safe.threshold;
  return {
    id: multisigId(v.safe, v.safeTxHash),
    timestamp: v.executed ? v.executed.timestamp : v.submittedAt,
    txStatus: status,
    txInfo: await txInfoFor(ctx, v.safe, v, v),
    executionInfo: {
      type: 'MULTISIG',
      nonce: v.nonce,
      confirmationsRequired: required,
      confirmationsSubmitted: confs.length,
      missingSigners:
        status === 'AWAITING_CONFIRMATIONS'
          ? safe.owners.filter((o) => !confs.some((c) => c.owner === o)).map((o) => ctx.addressInfo(o))
          : null,
    },
    safeAppInfo: safeAppInfoOf(ctx, v.origin),
    txHash: v.executed?.txHash ?? null,
  };
}

const EXECUTION_EVENTS = new Set([toEventSelector('ExecutionSuccess(bytes32,uint256)'), toEventSelector('ExecutionFailure(bytes32,uint256)')]);

/**
 * `fee` and `payment` as the real gateway takes them from the Transaction Service: the Ethereum transaction's fee
 * (gas used × effective gas price) and the refund the Safe paid (the `payment` of ExecutionSuccess/Failure), both
 * in wei; '0' before execution.
 */
async function feeAndPayment(ctx: GatewayContext, v: MultisigView): Promise<{ fee: string; payment: string }> {
  if (!v.executed) return { fee: '0', payment: '0' };
  const receipt = await ctx.reader.client.getTransactionReceipt({ hash: v.executed.txHash as Hex }).catch(() => null);
  if (!receipt) return { fee: '0', payment: '0' };
  const log = receipt.logs.find(
    (l) => getAddress(l.address) === v.safe && EXECUTION_EVENTS.has(l.topics[0] ?? '0x') && l.topics[1]?.toLowerCase() === v.safeTxHash.toLowerCase(),
  );
  const payment = log && log.data.length >= 66 ? BigInt(log.data.slice(0, 66)) : 0n;
  return { fee: (receipt.gasUsed * receipt.effectiveGasPrice).toString(), payment: payment.toString() };
}

export async function multisigDetails(ctx: GatewayContext, v: MultisigView, safe: OnchainSafe): Promise<TransactionDetails> {
  const summary = await multisigSummary(ctx, v, safe);
  const { fee, payment } = await feeAndPayment(ctx, v);
  const rejectors: AddressInfo[] = [];
  if (!v.executed) {
    // confirmers of a same-nonce rejection (0-value self call without data)
    for (const other of new Proposals(ctx.store).atNonce(v.safe, v.nonce)) {
      if (other.safeTxHash !== v.safeTxHash && other.to === v.safe && other.value === 0n && !other.data) {
        for (const c of other.confirmations) rejectors.push(ctx.addressInfo(c.owner));
      }
    }
  }
  return {
    safeAddress: v.safe,
    txId: summary.id,
    executedAt: v.executed?.timestamp ?? null,
    txStatus: summary.txStatus,
    txInfo: summary.txInfo,
    txData: txDataFor(ctx, v),
    txHash: v.executed?.txHash ?? null,
    detailedExecutionInfo: {
      type: 'MULTISIG',
      submittedAt: v.submittedAt,
      nonce: v.nonce,
      safeTxGas: v.safeTxGas.toString(),
      baseGas: v.baseGas.toString(),
      gasPrice: v.gasPrice.toString(),
      gasToken: v.gasToken,
      fee,
      payment,
      refundReceiver: ctx.addressInfo(v.refundReceiver),
      safeTxHash: v.safeTxHash,
      executor: v.executed ? ctx.addressInfo(v.executed.executor) : null,
      signers: safe.owners.map((o) => ctx.addressInfo(o)),
      confirmationsRequired: v.executed ? v.executed.threshold : safe.threshold,
      confirmations: confirmationsOf(v, safe).map((c) => ({ signer: ctx.addressInfo(c.owner), signature: c.signature, submittedAt: c.submittedAt })),
      rejectors,
      gasTokenInfo: null,
      trusted: true,
      proposer: v.proposer ? ctx.addressInfo(v.proposer) : null,
      proposedByDelegate: v.proposedByDelegate ? ctx.addressInfo(v.proposedByDelegate) : null,
    },
    safeAppInfo: summary.safeAppInfo,
    note: noteOf(v.origin),
  };
}

export async function moduleSummary(ctx: GatewayContext, m: ModuleTx): Promise<TransactionSummary> {
  const operation = m.operation === 1 ? 1 : 0;
  return {
    id: `module_${m.safe}_${m.id}`,
    timestamp: m.timestamp,
    txStatus: m.success ? 'SUCCESS' : 'FAILED',
    txInfo: await txInfoFor(ctx, m.safe, { to: m.to, value: m.value, data: m.data, operation }),
    executionInfo: { type: 'MODULE', address: ctx.addressInfo(m.module) },
    safeAppInfo: null,
    txHash: m.txHash,
  };
}

export async function moduleDetails(ctx: GatewayContext, m: ModuleTx): Promise<TransactionDetails> {
  const s = await moduleSummary(ctx, m);
  return {
    safeAddress: m.safe,
    txId: s.id,
    executedAt: m.timestamp,
    txStatus: s.txStatus,
    txInfo: s.txInfo,
    txData: txDataFor(ctx, { to: m.to, value: m.value, data: m.data === '0x' ? null : m.data, operation: m.operation === 1 ? 1 : 0 }),
    txHash: m.txHash,
    detailedExecutionInfo: { type: 'MODULE', address: ctx.addressInfo(m.module) },
    safeAppInfo: null,
    note: null,
  };
}

export function transferInfoOf(ctx: GatewayContext, safe: Address, t: TransferRecord): TxInfo {
  const direction = t.to === safe ? 'INCOMING' : t.from === safe ? 'OUTGOING' : 'UNKNOWN';
  const meta = t.token ? ctx.reader.cachedToken(t.token) : null;
  return {
    type: 'Transfer',
    sender: ctx.addressInfo(t.from),
    recipient: ctx.addressInfo(t.to),
    direction,
    transferInfo:
      t.kind === 'NATIVE_COIN'
        ? { type: 'NATIVE_COIN', value: t.value.toString() }
        : t.kind === 'ERC20'
          ? { type: 'ERC20', tokenAddress: t.token!, value: t.value.toString(), tokenName: meta?.name ?? null, tokenSymbol: meta?.symbol ?? null, logoUri: meta ? ctx.tokenLogo(meta.symbol) : null, decimals: meta?.decimals ?? null, trusted: true, imitation: false }
          : { type: 'ERC721', tokenAddress: t.token!, tokenId: t.value.toString(), tokenName: meta?.name ?? null, tokenSymbol: meta?.symbol ?? null, logoUri: meta ? ctx.tokenLogo(meta.symbol) : null, trusted: true },
    humanDescription: null,
  };
}

export function transferSummary(ctx: GatewayContext, safe: Address, t: TransferRecord): TransactionSummary {
  return {
    id: `transfer_${safe}_${t.id}`,
    timestamp: t.timestamp,
    txStatus: 'SUCCESS',
    txInfo: transferInfoOf(ctx, safe, t),
    executionInfo: null,
    safeAppInfo: null,
    txHash: t.txHash,
  };
}

export function transferDetails(ctx: GatewayContext, safe: Address, t: TransferRecord): TransactionDetails {
  const s = transferSummary(ctx, safe, t);
  return {
    safeAddress: safe,
    txId: s.id,
    executedAt: t.timestamp,
    txStatus: 'SUCCESS',
    txInfo: s.txInfo,
    txData: null,
    txHash: t.txHash,
    detailedExecutionInfo: null,
    safeAppInfo: null,
    note: null,
  };
}

export function creationSummary(ctx: GatewayContext, c: CreationRecord): TransactionSummary {
  return {
    id: `creation_${c.safe}`,
    timestamp: c.timestamp,
    txStatus: 'SUCCESS',
    txInfo: {
      type: 'Creation',
      creator: ctx.addressInfo(c.creator),
      transactionHash: c.txHash,
      implementation: c.singleton ? ctx.addressInfo(c.singleton) : null,
      factory: ctx.addressInfo(c.factory ?? zeroAddress),
      saltNonce: c.saltNonce,
      humanDescription: null,
    },
    executionInfo: null,
    safeAppInfo: null,
    txHash: c.txHash,
  };
}

export function creationDetails(ctx: GatewayContext, c: CreationRecord): TransactionDetails {
  const s = creationSummary(ctx, c);
  return {
    safeAddress: c.safe,
    txId: s.id,
    executedAt: c.timestamp,
    txStatus: 'SUCCESS',
    txInfo: s.txInfo,
    txData: null,
    txHash: c.txHash,
    detailedExecutionInfo: null,
    safeAppInfo: null,
    note: null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Lists

export type HistoryEntry = { ref: BlockRef; build: () => Promise<TransactionSummary> };

export async function executedViews(ctx: GatewayContext, safe: Address): Promise<MultisigView[]> {
  const proposals = new Proposals(ctx.store);
  return Promise.all(ctx.indexer.multisigOf(safe).map((e) => viewOfExecuted(e, proposals.get(e.safeTxHash))));
}

/** History entries of a Safe, newest first. */
export async function historyEntries(ctx: GatewayContext, safe: OnchainSafe): Promise<HistoryEntry[]> {
  const addr = safe.address;
  const entries: HistoryEntry[] = [];
  for (const v of await executedViews(ctx, addr)) entries.push({ ref: v.executed!, build: () => multisigSummary(ctx, v, safe) });
  for (const m of ctx.indexer.moduleTxsOf(addr)) entries.push({ ref: m, build: () => moduleSummary(ctx, m) });
  for (const t of ctx.indexer.transfersOf(addr)) {
    if (ctx.indexer.isExecutionTx(addr, t.txHash)) continue;
    entries.push({ ref: t, build: async () => transferSummary(ctx, addr, t) });
  }
  const creation = ctx.indexer.creations.get(addr);
  if (creation) entries.push({ ref: creation, build: async () => creationSummary(ctx, creation) });
  entries.sort((a, b) => byPosition(b.ref, a.ref));
  // a large-Safe fixture's generated transfers (devnet/gateway/generated.ts), older than everything on chain
  for (const item of ctx.generated.get(addr)?.history ?? []) entries.push({ ref: { blockNumber: 0n, logIndex: 0, txHash: item.txHash as Hex, timestamp: item.timestamp }, build: async () => item });
  return entries;
}

const DAY = 86_400_000;

export function tzOffsetMs(ts: number, timezone: string | null, fallbackOffset: number): number {
  if (!timezone) return fallbackOffset;
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(ts));
    const get = (t: string): number => Number(parts.find((p) => p.type === t)?.value ?? 0);
    const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
    return asUtc - (ts - (ts % 1000));
  } catch {
    return fallbackOffset;
  }
}

export function dayStart(ts: number, timezone: string | null, offset: number): number {
  const off = tzOffsetMs(ts, timezone, offset);
  return Math.floor((ts + off) / DAY) * DAY - off;
}

/** Renders one page of history with DATE_LABELs (a label is not repeated across a page boundary). */
export async function historyPage(
  ctx: GatewayContext,
  entries: HistoryEntry[],
  offset: number,
  limit: number,
  tz: { timezone: string | null; offset: number },
): Promise<HistoryItem[]> {
  const slice = entries.slice(offset, offset + limit);
  const summaries = await Promise.all(slice.map((e) => e.build()));
  const items: HistoryItem[] = [];
  let lastDay: number | null = null;
  if (offset > 0 && entries[offset - 1]) lastDay = dayStart(entries[offset - 1]!.ref.timestamp, tz.timezone, tz.offset);
  for (const s of summaries) {
    const day = dayStart(s.timestamp, tz.timezone, tz.offset);
    if (day !== lastDay) items.push({ type: 'DATE_LABEL', timestamp: day });
    lastDay = day;
    items.push({ type: 'TRANSACTION', transaction: s, conflictType: 'None' });
  }
  return items;
}

/** Queued (unexecuted, nonce ≥ Safe nonce) proposals, by nonce then submission. */
export function queuedViews(ctx: GatewayContext, safe: OnchainSafe): MultisigView[] {
  return new Proposals(ctx.store)
    .ofSafe(safe.address)
    .filter((p) => p.nonce >= safe.nonce && !ctx.indexer.multisigByHash.has(p.safeTxHash))
    .map((p) => ({ ...p, executed: null }))
    .sort((a, b) => a.nonce - b.nonce || a.submittedAt - b.submittedAt);
}

/** Renders one page of the queue with LABEL / CONFLICT_HEADER items and conflict types. */
export async function queuePage(ctx: GatewayContext, safe: OnchainSafe, views: MultisigView[], offset: number, limit: number): Promise<QueueItem[]> {
  const counts = new Map<number, number>();
  for (const v of views) counts.set(v.nonce, (counts.get(v.nonce) ?? 0) + 1);
  const items: QueueItem[] = [];
  for (let i = offset; i < Math.min(views.length, offset + limit); i++) {
    const v = views[i]!;
    const prev = views[i - 1];
    const next = views[i + 1];
    const firstOfGroup = !prev || prev.nonce !== v.nonce;
    if (firstOfGroup) {
      const isNext = v.nonce === safe.nonce;
      const firstQueued = !isNext && (!prev || prev.nonce === safe.nonce);
      if (isNext) items.push({ type: 'LABEL', label: 'Next' });
      else if (firstQueued) items.push({ type: 'LABEL', label: 'Queued' });
      if ((counts.get(v.nonce) ?? 0) > 1) items.push({ type: 'CONFLICT_HEADER', nonce: v.nonce });
    } else if (i === offset && (counts.get(v.nonce) ?? 0) > 1) {
      // group continues from the previous page
      items.push({ type: 'CONFLICT_HEADER', nonce: v.nonce });
    }
    const conflictType: ConflictType = (counts.get(v.nonce) ?? 0) > 1 ? (next && next.nonce === v.nonce ? 'HasNext' : 'End') : 'None';
    const item: TransactionItem = { type: 'TRANSACTION', transaction: await multisigSummary(ctx, v, safe), conflictType };
    items.push(item);
  }
  return items;
}

// ---------------------------------------------------------------------------------------------------------
// Details by id

export async function multisigViewByHash(ctx: GatewayContext, hash: string): Promise<MultisigView | null> {
  await ctx.sync();
  const key = hash.toLowerCase() as Hex;
  const proposal = new Proposals(ctx.store).get(key);
  const executed = [...ctx.indexer.multisigByHash.values()].find((e) => e.safeTxHash.toLowerCase() === key);
  if (executed) return viewOfExecuted(executed, proposal);
  return proposal ? { ...proposal, executed: null } : null;
}

const HASH_RE = /^0x[0-9a-fA-F]{64}$/;

export async function detailsById(ctx: GatewayContext, id: string): Promise<TransactionDetails> {
  await ctx.sync();
  if (HASH_RE.test(id)) {
    const v = await multisigViewByHash(ctx, id);
    if (!v) throw notFound('No MultisigTransaction matches the given query.');
    return multisigDetails(ctx, v, await ctx.getSafe(v.safe));
  }
  const [kind, rawSafe, ...rest] = id.split('_');
  const ref = rest.join('_');
  if (!kind || !rawSafe || !/^0x[0-9a-fA-F]{40}$/.test(rawSafe)) throw httpError(400, 'Invalid transaction ID');
  const safeAddr = getAddress(rawSafe);
  switch (kind) {
    case 'multisig': {
      if (!HASH_RE.test(ref)) throw httpError(400, 'Invalid transaction ID');
      const v = await multisigViewByHash(ctx, ref);
      if (!v || v.safe !== safeAddr) throw notFound('No MultisigTransaction matches the given query.');
      return multisigDetails(ctx, v, await ctx.getSafe(v.safe));
    }
    case 'module': {
      const m = ctx.indexer.moduleById.get(ref);
      if (!m || m.safe !== safeAddr) throw notFound('No ModuleTransaction matches the given query.');
      return moduleDetails(ctx, m);
    }
    case 'transfer': {
      const generated = ctx.generated.transfer(safeAddr, id);
      if (generated) return generatedTransferDetails(generated.g, generated.item);
      const t = ctx.indexer.transferById.get(ref);
      if (!t || (t.from !== safeAddr && t.to !== safeAddr)) throw notFound('No Transfer matches the given query.');
      return transferDetails(ctx, safeAddr, t);
    }
    case 'creation': {
      const c = ctx.indexer.creations.get(safeAddr);
      if (!c) throw notFound('Safe creation not found');
      return creationDetails(ctx, c);
    }
    default:
      throw httpError(400, 'Invalid transaction ID');
  }
}
