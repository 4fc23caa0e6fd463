/**
 * An EIP-1193 provider for apps, over our SDK, behaving like `@safe-global/safe-apps-provider` 0.18.6
 * (protocol.md A.6) for the methods it lists: accounts and chain id, personal_sign / eth_sign,
 * eth_signTypedData(_v4), eth_sendTransaction (value '0' and data '0x' by default, optional gas), and the
 * rpcCall reads. Anything else fails with `{method} not implemented`.
 */
import { BridgeErrors } from '../../machines/bridgeRequest/bridgeRequest.protocol.ts';
import type { EIP712TypedData, SafeAppsSdk, SafeInfoExtended, TransactionConfig } from './sdk.ts';

export interface RequestArguments {
  method: string;
  params?: readonly unknown[] | object;
}

type Listener = (...args: unknown[]) => void;

interface SubmittedTx {
  blockHash: null;
  blockNumber: null;
  from: string;
  gas: number;
  gasPrice: string;
  hash: string;
  input: string;
  nonce: number;
  to: string;
  transactionIndex: null;
  value: string;
}

const lower = (value: unknown): unknown => (typeof value === 'string' ? value.toLowerCase() : value);

export class SafeAppProvider {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly submittedTxs = new Map<string, SubmittedTx>();

  constructor(
    private readonly safe: Pick<SafeInfoExtended, 'safeAddress' | 'chainId'>,
    private readonly sdk: SafeAppsSdk,
  ) {}

  get chainId(): number {
    return this.safe.chainId;
  }

  private get hexChainId(): string {
    return `0x${this.safe.chainId.toString(16)}`;
  }

  connect(): void {
    this.emit('connect', { chainId: this.hexChainId });
  }

  disconnect(): void {}

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  private emit(event: string, ...args: unknown[]): void {
    this.listeners.get(event)?.forEach((listener) => listener(...args));
  }

  private isSafeAddress(address: unknown): boolean {
    return typeof address === 'string' && address.toLowerCase() === this.safe.safeAddress.toLowerCase();
  }

  async request({ method, params: rawParams = [] }: RequestArguments): Promise<unknown> {
    const params: unknown[] = Array.isArray(rawParams) ? [...rawParams] : [rawParams];
    const { sdk } = this;
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [this.safe.safeAddress];
      case 'net_version':
      case 'eth_chainId':
        return this.hexChainId;

      case 'personal_sign': {
        const [message, address] = params;
        if (!this.isSafeAddress(address)) throw new Error(BridgeErrors.invalidAddressOrMessageHash);
        const response = await sdk.txs.signMessage(String(message));
        return 'signature' in response && response.signature ? response.signature : '0x';
      }
      case 'eth_sign': {
        const [address, messageHash] = params;
        if (!this.isSafeAddress(address) || typeof messageHash !== 'string' || !messageHash.startsWith('0x')) {
          throw new Error(BridgeErrors.invalidAddressOrMessageHash);
        }
        const response = await sdk.txs.signMessage(messageHash);
        return 'signature' in response && response.signature ? response.signature : '0x';
      }
      case 'eth_signTypedData':
      case 'eth_signTypedData_v4': {
        const [address, typedData] = params;
        const parsed = (typeof typedData === 'string' ? JSON.parse(typedData) : typedData) as EIP712TypedData;
        if (!this.isSafeAddress(address)) throw new Error(BridgeErrors.invalidAddress);
        const response = await sdk.txs.signTypedMessage(parsed);
        return 'signature' in response && response.signature ? response.signature : '0x';
      }

      case 'eth_sendTransaction': {
        const given = (params[0] ?? {}) as TransactionConfig & Record<string, unknown>;
        const tx = { ...given, value: given.value || '0', data: given.data || '0x' } as Record<string, unknown> & { to: string; value: string; data: string; gas?: number | string };
        if (typeof tx.gas === 'string' && tx.gas.startsWith('0x')) tx.gas = parseInt(tx.gas, 16);
        const gas = tx.gas === undefined ? undefined : Number(tx.gas);
        const { safeTxHash } = await sdk.txs.send({ txs: [tx], params: gas === undefined ? {} : { safeTxGas: gas } });
        this.submittedTxs.set(safeTxHash, {
          from: this.safe.safeAddress,
          hash: safeTxHash,
          gas: 0,
          gasPrice: '0x00',
          nonce: 0,
          input: String(tx.data),
          value: String(tx.value),
          to: String(tx.to),
          blockHash: null,
          blockNumber: null,
          transactionIndex: null,
        });
        return safeTxHash;
      }

      case 'eth_blockNumber': {
        const block = await sdk.eth.getBlockByNumber(['latest']);
        return block.number;
      }
      case 'eth_getBalance':
        return sdk.eth.getBalance([lower(params[0]) as string, params[1] as string | undefined]);
      case 'eth_getCode':
        return sdk.eth.getCode([lower(params[0]) as string, params[1] as string | undefined]);
      case 'eth_getTransactionCount':
        return sdk.eth.getTransactionCount([lower(params[0]) as string, params[1] as string | undefined]);
      case 'eth_getStorageAt':
        return sdk.eth.getStorageAt([lower(params[0]) as string, params[1] as string, params[2] as string | undefined]);
      case 'eth_getBlockByNumber':
        return sdk.eth.getBlockByNumber([params[0] as string, params[1] as boolean | undefined]);
      case 'eth_getBlockByHash':
        return sdk.eth.getBlockByHash([params[0] as string, params[1] as boolean | undefined]);
      case 'eth_getTransactionByHash':
        return this.transactionByHash(String(params[0]));
      case 'eth_getTransactionReceipt':
        return this.transactionReceipt(String(params[0]));
      case 'eth_estimateGas':
        return sdk.eth.getEstimateGas(params[0] as TransactionConfig);
      case 'eth_call':
        return sdk.eth.call([params[0] as TransactionConfig, params[1] as string | undefined]);
      case 'eth_getLogs':
        return sdk.eth.getPastLogs([params[0] as Record<string, unknown>]);
      case 'eth_gasPrice':
        return sdk.eth.getGasPrice();
      case 'wallet_getPermissions':
        return sdk.wallet.getPermissions();
      case 'wallet_requestPermissions':
        return sdk.wallet.requestPermissions(params[0] as Parameters<SafeAppsSdk['wallet']['requestPermissions']>[0]);
      case 'safe_setSettings':
        return sdk.eth.setSafeSettings([params[0] as { offChainSigning?: boolean }]);
      default:
        throw new Error(BridgeErrors.notImplemented(method));
    }
  }

  /** A safeTxHash maps to its executed tx hash; a just-submitted one to a placeholder tx (A.6). */
  private async resolveHash(hash: string): Promise<string> {
    try {
      const details = await this.sdk.txs.getBySafeTxHash(hash);
      return details.txHash ?? hash;
    } catch {
      return hash;
    }
  }

  private async transactionByHash(hash: string): Promise<unknown> {
    const resolved = await this.resolveHash(hash);
    if (resolved === hash && this.submittedTxs.has(hash)) return this.submittedTxs.get(hash);
    const tx = await this.sdk.eth.getTransactionByHash([resolved]);
    return tx ? { ...tx, hash } : tx;
  }

  private async transactionReceipt(hash: string): Promise<unknown> {
    const resolved = await this.resolveHash(hash);
    const receipt = await this.sdk.eth.getTransactionReceipt([resolved]);
    return receipt ? { ...receipt, transactionHash: hash } : receipt;
  }

  /** Legacy `send(request, callback)`. */
  send(request: RequestArguments & { id?: number | string }, callback: (error: unknown, response?: unknown) => void): void {
    this.request(request).then(
      (result) => callback(null, { jsonrpc: '2.0', id: request.id, result }),
      (error: unknown) => callback(error),
    );
  }
}
