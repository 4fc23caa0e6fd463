/**
 * A witness: a chain the verifier asks about an export's claims (in the app the chain client of the Safe's chain;
 * on the command line `--rpc URL`). It answers two questions and nothing else:
 *   - was this address an owner of the Safe at this block (Safe `isOwner` at the block, `latest` when none is given)?
 *   - did this execution happen as the log says (the Safe's ExecutionSuccess / ExecutionFailure with the safeTxHash
 *     in the recorded transaction's receipt)?
 */
import { decodeEventLog, parseAbi, type Address, type Hex, type PublicClient } from 'viem';
import type { RegisteredMachine } from '../../machines/machineVersion.ts';
import { verifyNdjson, type VerifyReport } from './ndjson.ts';

export interface Witness {
  /** Shown in the verifier's output, e.g. "RPC http://127.0.0.1:8545". */
  label: string;
  chainId(): Promise<number>;
  isOwner(safe: Address, who: Address, block: bigint | 'latest'): Promise<boolean>;
  /** The latest block number (what `latest` meant when asked). */
  latestBlock(): Promise<bigint>;
  /** The Safe's execution event for `safeTxHash` in transaction `txHash`; null when the transaction is unknown. */
  execution(safe: Address, txHash: Hex, safeTxHash: Hex): Promise<{ block: bigint; outcome: 'SUCCESS' | 'FAILED' | 'absent' } | null>;
}

const safeReads = parseAbi(['function isOwner(address owner) view returns (bool)']);

/** Safe ≥ 1.4.0 indexes the safeTxHash of its execution events; 1.3.0 does not. */
const executionEvents = [
  parseAbi(['event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)', 'event ExecutionFailure(bytes32 indexed txHash, uint256 payment)']),
  parseAbi(['event ExecutionSuccess(bytes32 txHash, uint256 payment)', 'event ExecutionFailure(bytes32 txHash, uint256 payment)']),
];

/** The reads a witness needs: any viem public client has them. */
export type WitnessReader = Pick<PublicClient, 'getChainId' | 'readContract' | 'getBlockNumber' | 'getTransactionReceipt'>;

const blockArgs = (block: bigint | 'latest') => (block === 'latest' ? { blockTag: 'latest' as const } : { blockNumber: block });

/** A witness over a viem public client (the app's chain client, or one made from `--rpc URL`). */
export function rpcWitness(client: WitnessReader, label: string): Witness {
  return {
    label,
    chainId: () => client.getChainId(),
    latestBlock: () => client.getBlockNumber(),
    isOwner: (safe, who, block) => client.readContract({ address: safe, abi: safeReads, functionName: 'isOwner', args: [who], ...blockArgs(block) }),
    async execution(safe, txHash, safeTxHash) {
      let receipt;
      try {
        receipt = await client.getTransactionReceipt({ hash: txHash });
      } catch {
        return null;
      }
      let outcome: 'SUCCESS' | 'FAILED' | 'absent' = 'absent';
      for (const log of receipt.logs) {
        if (log.address.toLowerCase() !== safe.toLowerCase()) continue;
        for (const abi of executionEvents) {
          try {
            const event = decodeEventLog({ abi, data: log.data, topics: log.topics });
            if (event.args.txHash.toLowerCase() === safeTxHash.toLowerCase()) outcome = event.eventName === 'ExecutionSuccess' ? 'SUCCESS' : 'FAILED';
            break;
          } catch {
            // another event of the Safe, or the other layout
          }
        }
      }
      return { block: receipt.blockNumber, outcome };
    },
  };
}

/** Verifies an export with, as witness, the chain client of the stream's chain (the app's /audit verification). */
export function verifyWithWitness(text: string, machines: readonly RegisteredMachine[], client: ((chainId: string) => Promise<WitnessReader>) | null): Promise<VerifyReport> {
  const witness = client ? async (chainId: string) => rpcWitness(await client(chainId), `the app's RPC for chain ${chainId}`) : null;
  return verifyNdjson(text, machines, { witness });
}
