/**
 * viem clients for talking to the devnet chain from Node: a public client, wallet clients backed by local
 * private keys, and `send`, which sends a transaction and waits for its successful receipt. `send` lets the node
 * sign when it holds the sender unlocked (anvil's dev accounts: one eth_sendTransaction, and with automine the
 * receipt is there at once, about 10x faster than preparing and signing in viem) and signs locally otherwise,
 * so the helpers work against any node. A short polling interval suits anvil's instant mining.
 */
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  numberToHex,
  TransactionReceiptNotFoundError,
  type Account,
  type Address,
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

export interface TxRequest {
  /** Omit (or null) to deploy `data` as a contract. */
  to?: Address | null;
  data?: Hex;
  value?: bigint;
  gas?: bigint;
}

export interface DevnetClients {
  readonly rpcUrl: string;
  readonly chain: Chain;
  readonly publicClient: DevnetPublicClient;
  /** A wallet client that signs locally with the given private key. */
  wallet(privateKey: Hex): DevnetWalletClient;
  /** Sends `tx` from `from` and returns the receipt; throws if it reverts. */
  send(from: { address: Address; privateKey: Hex }, tx: TxRequest, what?: string): Promise<TransactionReceipt>;
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
  const wallet = (privateKey: Hex): DevnetWalletClient => {
    let w = wallets.get(privateKey);
    if (!w) {
      w = createWalletClient({ account: privateKeyToAccount(privateKey), chain, transport: http(rpcUrl), pollingInterval: POLLING_MS });
      wallets.set(privateKey, w);
    }
    return w;
  };
  let unlocked: Promise<Set<string>> | undefined;
  const nodeHolds = async (address: Address): Promise<boolean> => {
    unlocked ??= publicClient
      .request<{ Method: 'eth_accounts'; Parameters?: undefined; ReturnType: Address[] }>({ method: 'eth_accounts' })
      .then((list) => new Set<string>(list.map((a) => a.toLowerCase())))
      .catch(() => new Set<string>());
    return (await unlocked).has(address.toLowerCase());
  };
  return {
    rpcUrl,
    chain,
    publicClient,
    wallet,
    async send(from, tx, what = 'transaction') {
      let hash: Hash;
      if (await nodeHolds(from.address)) {
        const request: EthSendTransactionParams = { from: from.address };
        if (tx.to) request.to = tx.to;
        if (tx.data) request.data = tx.data;
        if (tx.value !== undefined) request.value = numberToHex(tx.value);
        if (tx.gas !== undefined) request.gas = numberToHex(tx.gas);
        try {
          hash = await publicClient.request<{ Method: 'eth_sendTransaction'; Parameters: [EthSendTransactionParams]; ReturnType: Hash }>({
            method: 'eth_sendTransaction',
            params: [request],
          });
        } catch (err) {
          throw new Error(`${what} failed: ${(err as { shortMessage?: string; message: string }).shortMessage ?? (err as Error).message}`, { cause: err });
        }
        try {
          const receipt = await publicClient.getTransactionReceipt({ hash });
          if (receipt.status !== 'success') throw new Error(`${what} reverted (tx ${hash})`);
          return receipt;
        } catch (err) {
          if (!(err instanceof TransactionReceiptNotFoundError)) throw err;
        }
      } else {
        const w = wallet(from.privateKey);
        hash = tx.to
          ? await w.sendTransaction({ to: tx.to, data: tx.data, value: tx.value, gas: tx.gas })
          : await w.sendTransaction({ to: null, data: tx.data, value: tx.value, gas: tx.gas });
      }
      return waitForSuccess(publicClient, hash, what);
    },
  };
}

interface EthSendTransactionParams {
  from: Address;
  to?: Address;
  data?: Hex;
  value?: Hex;
  gas?: Hex;
}

/** How long waitForSuccess waits for a receipt: generous, for a loaded 2-core machine (two browser-test workers). */
const RECEIPT_WAIT_MS = 120_000;

/**
 * Waits for the receipt of `hash` and throws if the transaction reverted. It asks for the receipt itself every
 * POLLING_MS rather than using viem's waitForTransactionReceipt: that one asks again only when a new block comes, and
 * anvil mines a block only per transaction, so one failed first ask (a busy machine) waited for a block that never
 * came and the devnet's seeding timed out.
 */
export async function waitForSuccess(publicClient: DevnetPublicClient, hash: Hash, what = 'transaction'): Promise<TransactionReceipt> {
  const receipt = await receiptOf(publicClient, hash, what);
  if (receipt.status !== 'success') throw new Error(`${what} reverted (tx ${hash})`);
  return receipt;
}

/** The receipt of `hash`, whatever its status, asked for every POLLING_MS (see waitForSuccess) for up to 120 s. */
export async function receiptOf(client: { getTransactionReceipt(args: { hash: Hash }): Promise<TransactionReceipt> }, hash: Hash, what = 'transaction'): Promise<TransactionReceipt> {
  const deadline = Date.now() + RECEIPT_WAIT_MS;
  for (;;) {
    const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`${what}: no receipt for ${hash} after ${RECEIPT_WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLLING_MS));
  }
}
