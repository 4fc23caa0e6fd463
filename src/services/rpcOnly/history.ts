/**
 * A Safe's history read from its own events (RPC-only mode, decision 0054), newest first, in bounded block ranges:
 * each page scans at most MAX_RANGES ranges of RANGE_BLOCKS blocks backwards (two eth_getLogs per range: the Safe's
 * own events, and token transfers to it) and stops early once it has PAGE_ITEMS items. The cursor (`next`) is
 * `chain:<toBlock>:<executions seen so far>`.
 *
 * - An execution (ExecutionSuccess / ExecutionFailure) is described from its SafeTx: the SafeMultiSigTransaction
 *   event of an L2 Safe (its additionalInfo carries the nonce), else the `execTransaction` call of the transaction
 *   itself (when it was sent to the Safe directly; the nonce is then counted back from the Safe's current nonce).
 *   Either way the SafeTx is hashed here (src/domain/safe) and must equal the hash the event carries, or no field of
 *   it is shown: the row says only that a Safe transaction ran, with its transaction hash.
 * - Incoming: SafeReceived (native coin) and ERC-20 / ERC-721 Transfer logs to the Safe; symbols and decimals are
 *   read from the token contracts (readTokenMeta), never from a gateway.
 * Calls are decoded with local ABIs only (ERC-20 transfer, the Safe's own settings functions, MultiSend).
 */
import { decodeAbiParameters, decodeEventLog, decodeFunctionData, getAddress, isAddressEqual, pad, parseAbi, size, toEventSelector, toHex, zeroAddress, type Address, type Hash, type Hex, type RpcLog } from 'viem';
import { erc20Abi, multiSendAbi, safeAbi, safeSettingsAbi } from '../../domain/safe/abis.ts';
import { safeTxHash } from '../../domain/safe/hashing.ts';
import { multisigTxId } from '../../domain/safe/txId.ts';
import type { SafeTx } from '../../domain/safe/types.ts';
import type { TokenMeta } from '../../domain/safe/txDescription.ts';
import type { AddressInfo, TransactionItem, TransactionSummary, TxInfo } from '../../domain/gateway/types.ts';
import type { ListPage } from '../../machines/pagedList/pagedList.types.ts';
import type { ChainClient } from '../chain/client.ts';
import { readSafeNonce, readSafeThreshold, readSafeVersion } from '../chain/reads.ts';
import { readTokenMeta } from '../chain/tokens.ts';

export const RANGE_BLOCKS = 10_000n;
export const MAX_RANGES = 5;
export const PAGE_ITEMS = 20;

const safeEvents = parseAbi([
  'event SafeReceived(address indexed sender, uint256 value)',
  'event SafeMultiSigTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures, bytes additionalInfo)',
]);
const EXECUTION_SUCCESS = toEventSelector('event ExecutionSuccess(bytes32 txHash, uint256 payment)');
const EXECUTION_FAILURE = toEventSelector('event ExecutionFailure(bytes32 txHash, uint256 payment)');
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

interface RawLog {
  address: Address;
  topics: Hex[];
  data: Hex;
  blockNumber: bigint;
  logIndex: number;
  transactionHash: Hash;
}

interface Cursor {
  toBlock: bigint | null;
  executionsSeen: number;
}

export function parseCursor(pageUrl: string | null): Cursor {
  const match = pageUrl ? /^chain:(\d+):(\d+)$/.exec(pageUrl) : null;
  return match ? { toBlock: BigInt(match[1]!), executionsSeen: Number(match[2]) } : { toBlock: null, executionsSeen: 0 };
}

const addressInfo = (value: Address): AddressInfo => ({ value: getAddress(value), name: null, logoUri: null });
const toNumber = (hex: Hex | null | undefined): bigint => (hex ? BigInt(hex) : 0n);

async function logsIn(client: ChainClient, safe: Address, fromBlock: bigint, toBlock: bigint): Promise<RawLog[]> {
  const range = { fromBlock: toHex(fromBlock), toBlock: toHex(toBlock) };
  const [own, transfers] = (await Promise.all([
    client.request({ method: 'eth_getLogs', params: [{ ...range, address: safe }] }),
    client.request({ method: 'eth_getLogs', params: [{ ...range, topics: [TRANSFER_TOPIC, null, pad(safe, { size: 32 }).toLowerCase() as Hex] }] }),
  ])) as [RpcLog[], RpcLog[]];
  return [...own, ...transfers].map((log) => ({
    address: getAddress(log.address),
    topics: log.topics as Hex[],
    data: log.data,
    blockNumber: toNumber(log.blockNumber),
    logIndex: Number(toNumber(log.logIndex)),
    transactionHash: log.transactionHash as Hash,
  }));
}

type Decoded =
  | { kind: 'exec'; log: RawLog; ok: boolean; hash: Hash }
  | { kind: 'l2'; log: RawLog; tx: Omit<SafeTx, 'nonce'>; nonce: bigint; threshold: number; signatures: Hex }
  | { kind: 'native'; log: RawLog; sender: Address; value: bigint }
  | { kind: 'token'; log: RawLog; token: Address; from: Address; value: bigint; nft: boolean };

function decode(log: RawLog, safe: Address): Decoded | null {
  if (log.topics[0] === TRANSFER_TOPIC) {
    const from = log.topics[1] ? getAddress(`0x${log.topics[1].slice(-40)}`) : zeroAddress;
    if (isAddressEqual(from, safe)) return null;
    if (log.topics.length === 4) return { kind: 'token', log, token: log.address, from, value: toNumber(log.topics[3]), nft: true };
    if (log.topics.length === 3 && log.data.length >= 66) return { kind: 'token', log, token: log.address, from, value: BigInt(log.data.slice(0, 66)), nft: false };
    return null;
  }
  if (!isAddressEqual(log.address, safe)) return null;
  // ExecutionSuccess / ExecutionFailure: txHash is indexed from 1.4.0 on and in the data before; read it either way.
  const exec = log.topics[0] === EXECUTION_SUCCESS ? true : log.topics[0] === EXECUTION_FAILURE ? false : null;
  if (exec !== null) {
    const hash = log.topics.length > 1 ? log.topics[1] : log.data.length >= 66 ? (log.data.slice(0, 66) as Hash) : null;
    return hash ? { kind: 'exec', log, ok: exec, hash } : null;
  }
  try {
    const event = decodeEventLog({ abi: safeEvents, data: log.data, topics: log.topics as [Hex, ...Hex[]] });
    switch (event.eventName) {
      case 'SafeReceived':
        return { kind: 'native', log, sender: event.args.sender, value: event.args.value };
      case 'SafeMultiSigTransaction': {
        const { additionalInfo, signatures, ...tx } = event.args;
        const [nonce, , threshold] = decodeAbiParameters([{ type: 'uint256' }, { type: 'address' }, { type: 'uint256' }], additionalInfo);
        return { kind: 'l2', log, tx: { ...tx, operation: tx.operation as SafeTx['operation'] }, nonce, threshold: Number(threshold), signatures };
      }
    }
  } catch {
    return null;
  }
  return null;
}

/** The SafeTx and signatures of a transaction that called execTransaction on the Safe directly, or null. */
async function safeTxFromInput(client: ChainClient, safe: Address, hash: Hash): Promise<{ tx: Omit<SafeTx, 'nonce'>; signatures: Hex; sender: Address } | null> {
  try {
    const sent = await client.getTransaction({ hash });
    if (!sent.to || !isAddressEqual(sent.to, safe)) return null;
    const call = decodeFunctionData({ abi: safeAbi, data: sent.input });
    if (call.functionName !== 'execTransaction') return null;
    const [to, value, data, operation, safeTxGas, baseGas, gasPrice, gasToken, refundReceiver, signatures] = call.args;
    return { tx: { to, value, data, operation: operation as SafeTx['operation'], safeTxGas, baseGas, gasPrice, gasToken, refundReceiver }, signatures, sender: getAddress(sent.from) };
  } catch {
    return null;
  }
}

function methodOf(data: Hex): string | null {
  for (const abi of [safeSettingsAbi, erc20Abi, multiSendAbi]) {
    try {
      return decodeFunctionData({ abi, data }).functionName;
    } catch {
      // next ABI
    }
  }
  return null;
}

/** What an executed SafeTx did, from its own bytes (local ABIs only). */
export function txInfoOf(safe: Address, tx: Omit<SafeTx, 'nonce'>, meta: Record<string, TokenMeta>): TxInfo {
  if (tx.operation === 0 && tx.data === '0x' && tx.value > 0n) {
    return { type: 'Transfer', sender: addressInfo(safe), recipient: addressInfo(tx.to), direction: 'OUTGOING', transferInfo: { type: 'NATIVE_COIN', value: tx.value.toString() } };
  }
  if (tx.operation === 0 && tx.value === 0n) {
    try {
      const call = decodeFunctionData({ abi: erc20Abi, data: tx.data });
      if (call.functionName === 'transfer') {
        const [recipient, amount] = call.args as [Address, bigint];
        const token = meta[tx.to.toLowerCase()];
        return {
          type: 'Transfer',
          sender: addressInfo(safe),
          recipient: addressInfo(recipient),
          direction: 'OUTGOING',
          transferInfo: { type: 'ERC20', tokenAddress: getAddress(tx.to), value: amount.toString(), tokenName: null, tokenSymbol: token?.symbol ?? null, logoUri: null, decimals: token?.decimals ?? null, trusted: null },
        };
      }
    } catch {
      // not an ERC-20 transfer
    }
  }
  return {
    type: 'Custom',
    to: addressInfo(tx.to),
    dataSize: String(size(tx.data)),
    value: tx.value.toString(),
    methodName: methodOf(tx.data),
    actionCount: null,
    isCancellation: isAddressEqual(tx.to, safe) && tx.data === '0x' && tx.value === 0n,
  };
}

export interface HistoryContext {
  chainId: string;
  safe: string;
}

/** An execution of the Safe found in its events: the SafeTx (hashed here to the event's hash), its signatures. */
export interface Execution {
  exec: Extract<Decoded, { kind: 'exec' }>;
  /** Null when no SafeTx hashing to the event's hash was found. */
  tx: Omit<SafeTx, 'nonce'> | null;
  nonce: bigint;
  threshold: number;
  /** The signatures execTransaction was called with (null when the SafeTx is unknown). */
  signatures: Hex | null;
  /** Who sent the transaction, when it called the Safe directly (read by findExecution; in a page only when no L2 event carries the SafeTx). */
  executor: Address | null;
}

/** One scan of at most MAX_RANGES block ranges back from the cursor: the decoded logs and the executions among them. */
async function scanHistory(client: ChainClient, { chainId, safe: safeAddress }: HistoryContext, pageUrl: string | null) {
  const safe = getAddress(safeAddress);
  const cursor = parseCursor(pageUrl);
  const [latest, nonce, threshold, version] = await Promise.all([
    cursor.toBlock === null ? client.getBlockNumber() : Promise.resolve(cursor.toBlock),
    readSafeNonce(client, safe),
    readSafeThreshold(client, safe),
    readSafeVersion(client, safe),
  ]);
  let to = latest;
  let from = to;
  const decoded: Decoded[] = [];
  for (let range = 0; range < MAX_RANGES; range += 1) {
    from = to >= RANGE_BLOCKS - 1n ? to - (RANGE_BLOCKS - 1n) : 0n;
    for (const log of await logsIn(client, safe, from, to)) {
      const item = decode(log, safe);
      if (item) decoded.push(item);
    }
    const shown = decoded.filter((d) => d.kind !== 'l2').length;
    if (from === 0n || shown >= PAGE_ITEMS) break;
    to = from - 1n;
  }
  const newestFirst = (a: Decoded, b: Decoded) => (a.log.blockNumber === b.log.blockNumber ? b.log.logIndex - a.log.logIndex : a.log.blockNumber > b.log.blockNumber ? -1 : 1);
  decoded.sort(newestFirst);

  // Executions, newest first: the i-th one (counting those of earlier pages) ran at nonce `nonce - 1 - i`.
  const executions = decoded.filter((d): d is Extract<Decoded, { kind: 'exec' }> => d.kind === 'exec');
  const l2 = decoded.filter((d): d is Extract<Decoded, { kind: 'l2' }> => d.kind === 'l2');
  const resolved: Execution[] = await Promise.all(
    executions.map(async (exec, index) => {
      const event = l2.find((d) => d.log.transactionHash === exec.log.transactionHash && d.log.logIndex < exec.log.logIndex && l2.every((o) => o.log.transactionHash !== exec.log.transactionHash || o.log.logIndex <= d.log.logIndex || o.log.logIndex > exec.log.logIndex));
      const counted = nonce - 1n - BigInt(cursor.executionsSeen + index);
      // The call itself is read only when no L2 event carries the SafeTx (findExecution reads its sender).
      const input = event ? null : await safeTxFromInput(client, safe, exec.log.transactionHash);
      const tx = event?.tx ?? input?.tx ?? null;
      const txNonce = event?.nonce ?? counted;
      const verified = tx !== null && safeTxHash({ chainId: BigInt(chainId), safeAddress: safe, version }, { ...tx, nonce: txNonce }) === exec.hash;
      return {
        exec,
        tx: verified ? tx : null,
        nonce: txNonce,
        threshold: event?.threshold ?? threshold,
        signatures: verified ? (event?.signatures ?? input?.signatures ?? null) : null,
        executor: input?.sender ?? null,
      };
    }),
  );
  const next = from === 0n ? null : `chain:${from - 1n}:${cursor.executionsSeen + executions.length}`;
  return { safe, decoded, resolved, next };
}

/**
 * The execution of `safeTxHash` among the Safe's events, newest first, scanning at most `maxScans` pages of ranges;
 * null when it is not there. Its SafeTx and signatures are the ones hashed to the event's hash.
 */
export async function findExecution(client: ChainClient, ctx: HistoryContext, safeTxHash: Hex, maxScans = 10): Promise<(Execution & { timestamp: number }) | null> {
  let pageUrl: string | null = null;
  for (let scan = 0; scan < maxScans; scan += 1) {
    const { resolved, next } = await scanHistory(client, ctx, pageUrl);
    const found = resolved.find((r) => r.exec.hash.toLowerCase() === safeTxHash.toLowerCase());
    if (found) {
      const [block, executor] = await Promise.all([
        client.getBlock({ blockNumber: found.exec.log.blockNumber }),
        found.executor ?? safeTxFromInput(client, getAddress(ctx.safe), found.exec.log.transactionHash).then((input) => input?.sender ?? null),
      ]);
      return { ...found, executor, timestamp: Number(block.timestamp) * 1000 };
    }
    if (next === null) return null;
    pageUrl = next;
  }
  return null;
}

/** One page of the Safe's history from chain events (see the header for the bounds). */
export async function readHistoryPage(client: ChainClient, ctx: HistoryContext, pageUrl: string | null): Promise<ListPage<TransactionItem>> {
  const { safe, decoded, resolved, next } = await scanHistory(client, ctx, pageUrl);
  const tokens = [
    ...resolved.flatMap((r) => (r.tx && r.tx.data !== '0x' ? [r.tx.to] : [])),
    ...decoded.flatMap((d) => (d.kind === 'token' ? [d.token] : [])),
  ];
  const meta = await readTokenMeta(client, [...new Set(tokens.map((t) => getAddress(t)))]);
  const blocks = new Map<bigint, number>();
  await Promise.all(
    [...new Set(decoded.filter((d) => d.kind !== 'l2').map((d) => d.log.blockNumber))].map(async (number) => {
      blocks.set(number, Number((await client.getBlock({ blockNumber: number })).timestamp) * 1000);
    }),
  );

  const summaries: TransactionSummary[] = [];
  for (const item of decoded) {
    const timestamp = blocks.get(item.log.blockNumber) ?? 0;
    const txHash = item.log.transactionHash;
    if (item.kind === 'exec') {
      const found = resolved.find((r) => r.exec === item);
      const tx = found?.tx ?? null;
      summaries.push({
        id: multisigTxId(safe, item.hash),
        timestamp,
        txStatus: item.ok ? 'SUCCESS' : 'FAILED',
        txInfo: tx
          ? txInfoOf(safe, tx, meta)
          : { type: 'Custom', to: addressInfo(safe), dataSize: '0', value: null, methodName: null, actionCount: null, isCancellation: false },
        executionInfo: tx && found ? { type: 'MULTISIG', nonce: Number(found.nonce), confirmationsRequired: found.threshold, confirmationsSubmitted: found.threshold } : null,
        safeAppInfo: null,
        txHash,
      });
    } else if (item.kind === 'native') {
      summaries.push({
        id: `chain_${txHash}_${item.log.logIndex}`,
        timestamp,
        txStatus: 'SUCCESS',
        txInfo: { type: 'Transfer', sender: addressInfo(item.sender), recipient: addressInfo(safe), direction: 'INCOMING', transferInfo: { type: 'NATIVE_COIN', value: item.value.toString() } },
        executionInfo: null,
        safeAppInfo: null,
        txHash,
      });
    } else if (item.kind === 'token') {
      const token = meta[item.token.toLowerCase()];
      summaries.push({
        id: `chain_${txHash}_${item.log.logIndex}`,
        timestamp,
        txStatus: 'SUCCESS',
        txInfo: {
          type: 'Transfer',
          sender: addressInfo(item.from),
          recipient: addressInfo(safe),
          direction: 'INCOMING',
          transferInfo: item.nft
            ? { type: 'ERC721', tokenAddress: item.token, tokenId: item.value.toString(), tokenName: null, tokenSymbol: token?.symbol ?? null, logoUri: null, trusted: null }
            : { type: 'ERC20', tokenAddress: item.token, value: item.value.toString(), tokenName: null, tokenSymbol: token?.symbol ?? null, logoUri: null, decimals: token?.decimals ?? null, trusted: null },
        },
        executionInfo: null,
        safeAppInfo: null,
        txHash,
      });
    }
  }

  // Day labels (UTC midnight), as the gateway's history has them.
  const results: TransactionItem[] = [];
  let day = -1;
  for (const transaction of summaries) {
    const start = transaction.timestamp - (transaction.timestamp % 86_400_000);
    if (start !== day) results.push({ type: 'DATE_LABEL', timestamp: start });
    day = start;
    results.push({ type: 'TRANSACTION', transaction, conflictType: 'None' });
  }
  return { results, next, count: null };
}
