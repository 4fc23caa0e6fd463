/**
 * viem clients for talking to the devnet chain from Node: a public client and wallet clients backed by local
 * private keys (so the same code works against any node, not only anvil's unlocked accounts), with a short
 * polling interval because anvil mines instantly. `sendAndWait` sends a transaction and fails loudly on revert.
 */
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type Account,
  type Chain,
  type Hash,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export type DevnetPublicClient = PublicClient<Transport, Chain>;
export type DevnetWalletClient = WalletClient<Transport, Chain, Account>;

export interface DevnetClients {
  readonly rpcUrl: string;
  readonly chain: Chain;
  readonly publicClient: DevnetPublicClient;
  /** A wallet client that signs locally with the given private key. */
  wallet(privateKey: Hex): DevnetWalletClient;
}

const POLLING_MS = 25;

/** A viem chain definition for the devnet (native currency ETH, no explorer). */
export function devnetChain(rpcUrl: string, chainId: number): Chain {
  return defineChain({
    id: chainId,
    name: 'Countersign Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  });
}

export async function connectDevnet(rpcUrl: string): Promise<DevnetClients> {
  const probe = createPublicClient({ transport: http(rpcUrl) });
  const chainId = await probe.getChainId();
  const chain = devnetChain(rpcUrl, chainId);
  const publicClient: DevnetPublicClient = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: POLLING_MS });
  const wallets = new Map<Hex, DevnetWalletClient>();
  return {
    rpcUrl,
    chain,
    publicClient,
    wallet(privateKey) {
      let w = wallets.get(privateKey);
      if (!w) {
        w = createWalletClient({ account: privateKeyToAccount(privateKey), chain, transport: http(rpcUrl), pollingInterval: POLLING_MS });
        wallets.set(privateKey, w);
      }
      return w;
    },
  };
}

/** Waits for the receipt of `hash` and throws if the transaction reverted. */
export async function waitForSuccess(publicClient: DevnetPublicClient, hash: Hash, what = 'transaction'): Promise<TransactionReceipt> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS, timeout: 30_000 });
  if (receipt.status !== 'success') throw new Error(`${what} reverted (tx ${hash})`);
  return receipt;
}
