// Indexes the devnet chain from its logs: Safe creations (ProxyCreation + SafeSetup), executed multisig
// transactions (SafeMultiSigTransaction + ExecutionSuccess/Failure), module transactions, incoming ETH
// (SafeReceived) and ERC20/ERC721 Transfer logs. The devnet is small, so everything is kept in memory and
// rebuilt from block 0 on start (or when the chain is reset).
import {
  decodeAbiParameters,
  decodeEventLog,
  decodeFunctionData,
  getAddress,
  toEventSelector,
  zeroAddress,
  type Address,
  type Hex,
  type Log,
} from 'viem';
import { erc20Abi, proxyFactoryAbi, safeAbi } from './abis.ts';
import type { ChainReader } from './chain.ts';

export type BlockRef = { blockNumber: bigint; logIndex: number; txHash: Hex; timestamp: number };

export type CreationRecord = BlockRef & {
  safe: Address;
  creator: Address;
  factory: Address | null;
  singleton: Address | null;
  saltNonce: string | null;
  initializer: Hex | null;
  owners: Address[];
  threshold: number;
  fallbackHandler: Address | null;
};

export type ExecutedMultisig = BlockRef & {
  safe: Address;
  safeTxHash: Hex;
  to: Address;
  value: bigint;
  data: Hex;
  operation: number;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  signatures: Hex;
  nonce: number;
  executor: Address;
  threshold: number;
  success: boolean;
};

export type ModuleTx = BlockRef & {
  id: string;
  safe: Address;
  module: Address;
  to: Address;
  value: bigint;
  data: Hex;
  operation: number;
  success: boolean;
};

/** An `ApproveHash` event of an indexed Safe. */
export interface OnchainApproval {
  safe: Address;
  owner: Address;
  safeTxHash: Hex;
  timestamp: number;
}

export type TransferRecord = BlockRef & {
  id: string;
  kind: 'NATIVE_COIN' | 'ERC20' | 'ERC721';
  token: Address | null;
  from: Address;
  to: Address;
  /** amount (native/ERC20) or token id (ERC721) */
  value: bigint;
};

const T = {
  proxyCreation: toEventSelector('ProxyCreation(address,address)'),
  safeSetup: toEventSelector('SafeSetup(address,address[],uint256,address,address)'),
  multisig: toEventSelector('SafeMultiSigTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes,bytes)'),
  execSuccess: toEventSelector('ExecutionSuccess(bytes32,uint256)'),
  execFailure: toEventSelector('ExecutionFailure(bytes32,uint256)'),
  moduleTx: toEventSelector('SafeModuleTransaction(address,address,uint256,bytes,uint8)'),
  moduleSuccess: toEventSelector('ExecutionFromModuleSuccess(address)'),
  moduleFailure: toEventSelector('ExecutionFromModuleFailure(address)'),
  received: toEventSelector('SafeReceived(address,uint256)'),
  approveHash: toEventSelector('ApproveHash(bytes32,address)'),
  transfer: toEventSelector('Transfer(address,address,uint256)'),
};

const byPosition = (a: BlockRef, b: BlockRef): number =>
  a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1;

type TagKind = 'history' | 'queue' | 'collectibles';

export class Indexer {
  private lastBlock = -1n;
  private lastHash: Hex | null = null;
  private syncing: Promise<bigint> | null = null;
  private blockTimes = new Map<bigint, number>();
  private txFrom = new Map<Hex, { from: Address; to: Address | null; input: Hex }>();

  safes = new Set<Address>();
  creations = new Map<Address, CreationRecord>();
  multisigBySafe = new Map<Address, ExecutedMultisig[]>();
  multisigByHash = new Map<Hex, ExecutedMultisig>();
  moduleBySafe = new Map<Address, ModuleTx[]>();
  moduleById = new Map<string, ModuleTx>();
  transfersByAddress = new Map<Address, TransferRecord[]>();
  transferById = new Map<string, TransferRecord>();
  /** ERC20 / ERC721 token contracts seen in Transfer logs */
  tokens = new Map<Address, 'ERC20' | 'ERC721'>();
  /** `${token}:${id}` → current owner */
  nftOwners = new Map<string, Address>();
  /** ethereum txs in which a Safe executed a multisig/module tx: `${safe}:${txHash}` */
  private executions = new Set<string>();

  constructor(
    private readonly reader: ChainReader,
    private readonly onActivity: (safe: Address, kinds: TagKind[]) => void,
    /** An owner approved a hash on chain (`approveHash`): the Transaction Service lists it as that owner's confirmation. */
    private readonly onApproval: (approval: OnchainApproval) => void = () => {},
  ) {}

  get head(): bigint {
    return this.lastBlock;
  }

  /** Brings the index up to the chain head; concurrent callers share one sync. */
  sync(): Promise<bigint> {
    if (!this.syncing) {
      this.syncing = this.doSync().finally(() => {
        this.syncing = null;
      });
    }
    return this.syncing;
  }

  private reset(): void {
    this.lastBlock = -1n;
    this.lastHash = null;
    this.blockTimes.clear();
    this.txFrom.clear();
    this.safes.clear();
    this.creations.clear();
    this.multisigBySafe.clear();
    this.multisigByHash.clear();
    this.moduleBySafe.clear();
    this.moduleById.clear();
    this.transfersByAddress.clear();
    this.transferById.clear();
    this.tokens.clear();
    this.nftOwners.clear();
    this.executions.clear();
  }

  private async doSync(): Promise<bigint> {
    const client = this.reader.client;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    if (this.lastBlock >= 0n) {
      // chain reset / reverted? re-index from scratch
      const known = head >= this.lastBlock ? await client.getBlock({ blockNumber: this.lastBlock }).catch(() => null) : null;
      if (!known || known.hash !== this.lastHash) this.reset();
    }
    if (head <= this.lastBlock) return this.lastBlock;
    const from = this.lastBlock + 1n;
    const logs = await client.getLogs({ fromBlock: from, toBlock: head });
    await this.process(logs);
    const headBlock = await client.getBlock({ blockNumber: head });
    this.lastBlock = head;
    this.lastHash = headBlock.hash;
    return head;
  }

  private async blockTime(n: bigint): Promise<number> {
    const hit = this.blockTimes.get(n);
    if (hit !== undefined) return hit;
    const block = await this.reader.client.getBlock({ blockNumber: n });
    const ms = Number(block.timestamp) * 1000;
    this.blockTimes.set(n, ms);
    return ms;
  }

  private async tx(hash: Hex): Promise<{ from: Address; to: Address | null; input: Hex }> {
    const hit = this.txFrom.get(hash);
    if (hit) return hit;
    const tx = await this.reader.client.getTransaction({ hash });
    const rec = { from: getAddress(tx.from), to: tx.to ? getAddress(tx.to) : null, input: tx.input };
    this.txFrom.set(hash, rec);
    return rec;
  }

  private async process(logs: Log[]): Promise<void> {
    const relevant = new Set<string>(Object.values(T));
    const wanted = logs.filter((l) => l.topics[0] && relevant.has(l.topics[0]) && l.blockNumber !== null && l.transactionHash !== null);
    // prefetch block times and txs in parallel
    const blocks = [...new Set(wanted.map((l) => l.blockNumber!))];
    await Promise.all(blocks.map((b) => this.blockTime(b)));
    const needTx = [...new Set(wanted.filter((l) => l.topics[0] === T.multisig || l.topics[0] === T.safeSetup).map((l) => l.transactionHash!))];
    await Promise.all(needTx.map((h) => this.tx(h)));

    const touched = new Map<Address, Set<TagKind>>();
    const touch = (safe: Address, ...kinds: TagKind[]): void => {
      const set = touched.get(safe) ?? new Set<TagKind>();
      for (const k of kinds) set.add(k);
      touched.set(safe, set);
    };

    const pendingMultisig = new Map<string, Omit<ExecutedMultisig, 'safeTxHash' | 'success'>>();
    const pendingModule = new Map<string, Omit<ModuleTx, 'success' | 'id'>>();
    const proxyFactories = new Map<string, { factory: Address; singleton: Address }>();
    const newTransfers: TransferRecord[] = [];

    for (const log of wanted) {
      const ref: BlockRef = {
        blockNumber: log.blockNumber!,
        logIndex: log.logIndex ?? 0,
        txHash: log.transactionHash!,
        timestamp: this.blockTimes.get(log.blockNumber!) ?? 0,
      };
      const topic = log.topics[0];
      const emitter = getAddress(log.address);
      try {
        if (topic === T.proxyCreation) {
          const ev = decodeEventLog({ abi: proxyFactoryAbi, eventName: 'ProxyCreation', data: log.data, topics: log.topics });
          proxyFactories.set(`${getAddress(ev.args.proxy)}:${ref.txHash}`, { factory: emitter, singleton: getAddress(ev.args.singleton) });
          const existing = this.creations.get(getAddress(ev.args.proxy));
          if (existing) {
            existing.factory = emitter;
            existing.singleton = getAddress(ev.args.singleton);
          }
        } else if (topic === T.safeSetup) {
          const ev = decodeEventLog({ abi: safeAbi, eventName: 'SafeSetup', data: log.data, topics: log.topics });
          const tx = await this.tx(ref.txHash);
          const pf = proxyFactories.get(`${emitter}:${ref.txHash}`);
          let saltNonce: string | null = null;
          let singleton: Address | null = pf?.singleton ?? null;
          try {
            const call = decodeFunctionData({ abi: proxyFactoryAbi, data: tx.input });
            saltNonce = String(call.args[2]);
            singleton = singleton ?? getAddress(call.args[0]);
          } catch {
            saltNonce = null;
          }
          this.creations.set(emitter, {
            ...ref,
            safe: emitter,
            creator: tx.from,
            factory: pf?.factory ?? (tx.to && tx.to !== emitter ? tx.to : null),
            singleton,
            saltNonce,
            initializer: null,
            owners: ev.args.owners.map((o) => getAddress(o)),
            threshold: Number(ev.args.threshold),
            fallbackHandler: ev.args.fallbackHandler === zeroAddress ? null : getAddress(ev.args.fallbackHandler),
          });
          this.safes.add(emitter);
          touch(emitter, 'history');
        } else if (topic === T.multisig) {
          const ev = decodeEventLog({ abi: safeAbi, eventName: 'SafeMultiSigTransaction', data: log.data, topics: log.topics });
          const [nonce, , threshold] = decodeAbiParameters(
            [{ type: 'uint256' }, { type: 'address' }, { type: 'uint256' }],
            ev.args.additionalInfo,
          );
          const tx = await this.tx(ref.txHash);
          pendingMultisig.set(`${emitter}:${ref.txHash}`, {
            ...ref,
            safe: emitter,
            to: getAddress(ev.args.to),
            value: ev.args.value,
            data: ev.args.data,
            operation: ev.args.operation,
            safeTxGas: ev.args.safeTxGas,
            baseGas: ev.args.baseGas,
            gasPrice: ev.args.gasPrice,
            gasToken: getAddress(ev.args.gasToken),
            refundReceiver: getAddress(ev.args.refundReceiver),
            signatures: ev.args.signatures,
            nonce: Number(nonce),
            executor: tx.from,
            threshold: Number(threshold),
          });
        } else if (topic === T.execSuccess || topic === T.execFailure) {
          const ev = decodeEventLog({ abi: safeAbi, data: log.data, topics: log.topics });
          if (ev.eventName !== 'ExecutionSuccess' && ev.eventName !== 'ExecutionFailure') continue;
          const key = `${emitter}:${ref.txHash}`;
          const pending = pendingMultisig.get(key);
          if (!pending) continue;
          pendingMultisig.delete(key);
          const rec: ExecutedMultisig = { ...pending, safeTxHash: ev.args.txHash, success: ev.eventName === 'ExecutionSuccess' };
          this.multisigByHash.set(rec.safeTxHash, rec);
          push(this.multisigBySafe, emitter, rec);
          this.executions.add(key);
          this.safes.add(emitter);
          touch(emitter, 'history', 'queue');
        } else if (topic === T.moduleTx) {
          const ev = decodeEventLog({ abi: safeAbi, eventName: 'SafeModuleTransaction', data: log.data, topics: log.topics });
          pendingModule.set(`${emitter}:${ref.txHash}`, {
            ...ref,
            safe: emitter,
            module: getAddress(ev.args.module),
            to: getAddress(ev.args.to),
            value: ev.args.value,
            data: ev.args.data,
            operation: ev.args.operation,
          });
        } else if (topic === T.moduleSuccess || topic === T.moduleFailure) {
          const key = `${emitter}:${ref.txHash}`;
          const pending = pendingModule.get(key);
          if (!pending) continue;
          pendingModule.delete(key);
          const rec: ModuleTx = { ...pending, id: `i${pending.txHash}${pending.logIndex}`, success: topic === T.moduleSuccess };
          this.moduleById.set(rec.id, rec);
          push(this.moduleBySafe, emitter, rec);
          this.executions.add(key);
          touch(emitter, 'history');
        } else if (topic === T.approveHash) {
          // Only a Safe's own event counts (any contract can emit one with the same signature).
          if (!this.safes.has(emitter)) continue;
          const ev = decodeEventLog({ abi: safeAbi, eventName: 'ApproveHash', data: log.data, topics: log.topics });
          this.onApproval({ safe: emitter, owner: getAddress(ev.args.owner), safeTxHash: ev.args.approvedHash, timestamp: ref.timestamp });
          touch(emitter, 'queue');
        } else if (topic === T.received) {
          const ev = decodeEventLog({ abi: safeAbi, eventName: 'SafeReceived', data: log.data, topics: log.topics });
          newTransfers.push({
            ...ref,
            id: `e${ref.txHash}${ref.logIndex}`,
            kind: 'NATIVE_COIN',
            token: null,
            from: getAddress(ev.args.sender),
            to: emitter,
            value: ev.args.value,
          });
        } else if (topic === T.transfer) {
          const isNft = log.topics.length === 4;
          if (!isNft && log.topics.length !== 3) continue;
          const from = getAddress(`0x${log.topics[1]!.slice(-40)}`);
          const to = getAddress(`0x${log.topics[2]!.slice(-40)}`);
          let value: bigint;
          if (isNft) {
            value = BigInt(log.topics[3]!);
          } else {
            const ev = decodeEventLog({ abi: erc20Abi, eventName: 'Transfer', data: log.data, topics: log.topics });
            value = ev.args.value;
          }
          const kind = isNft ? 'ERC721' : 'ERC20';
          if (!this.tokens.has(emitter)) {
            this.tokens.set(emitter, kind);
            await this.reader.tokenMeta(emitter, kind);
          }
          if (isNft) this.nftOwners.set(`${emitter}:${value}`, to);
          newTransfers.push({ ...ref, id: `e${ref.txHash}${ref.logIndex}`, kind, token: emitter, from, to, value });
        }
      } catch {
        // not the event we thought (same topic, other layout): ignore
      }
    }

    for (const t of newTransfers) {
      this.transferById.set(t.id, t);
      for (const party of new Set([t.from, t.to])) {
        if (party === zeroAddress) continue;
        push(this.transfersByAddress, party, t);
        if (this.safes.has(party)) touch(party, t.kind === 'ERC721' ? 'collectibles' : 'history', 'history');
      }
    }
    for (const [safe, kinds] of touched) this.onActivity(safe, [...kinds]);
  }

  /** Whether the ethereum tx `txHash` contains a multisig/module execution of `safe`. */
  isExecutionTx(safe: Address, txHash: Hex): boolean {
    return this.executions.has(`${safe}:${txHash}`);
  }

  /** Transfers touching `safe`, oldest first. */
  transfersOf(safe: Address): TransferRecord[] {
    return [...(this.transfersByAddress.get(safe) ?? [])].sort(byPosition);
  }

  multisigOf(safe: Address): ExecutedMultisig[] {
    return [...(this.multisigBySafe.get(safe) ?? [])].sort(byPosition);
  }

  moduleTxsOf(safe: Address): ModuleTx[] {
    return [...(this.moduleBySafe.get(safe) ?? [])].sort(byPosition);
  }

  lastMultisigFor(safe: Address): ExecutedMultisig | undefined {
    return this.multisigOf(safe).at(-1);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export { byPosition };
