/**
 * The Ledger module's EIP-1193 provider around the EthDevice port (issue 19, decision 0066). It never signs
 * anything but what it was given:
 * - eth_requestAccounts / eth_accounts: the address at m/44'/60'/0'/0/0, read from the device once;
 * - eth_chainId, wallet_switchEthereumChain (among the configured chains; 4902 otherwise), wallet_addEthereumChain;
 * - eth_signTypedData_v4 and personal_sign on the device;
 * - eth_sendTransaction: nonce, gas and fees are taken exactly as given and filled from the chain's RPC only when
 *   missing; the unsigned EIP-1559 transaction is serialised, signed on the device and sent with
 *   eth_sendRawTransaction;
 * - eth_sign is refused (`noTypedData`), never a fallback;
 * - every other method goes to the chain's RPC URL.
 * Device failures (EthDeviceError with a kind) reject with the contract's deviceRpcError; a lost session emits
 * `disconnect` with the `disconnected` error.
 */
import { getAddress, hexToBytes, isAddressEqual, serializeTransaction, signatureToHex, stringToHex, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { deviceRpcError, type DeviceErrorKind } from '../../../domain/wallet/signerDevice.ts';
import { Emitter, ethSignRefusal, fetchRpc, messageOf, paramsArray, parseTypedData, rpcError, type DeviceEip1193Provider, type RequestArguments, type RpcSend } from './deviceProvider.ts';
import { EthDeviceError, LEDGER_ETH_PATH, type EthDevice, type EthSignatureParts } from './ledgerDevice.ts';

/** What to do on the Ledger for each device error: the text the provider rejects with. */
export const LEDGER_TEXTS: Readonly<Record<DeviceErrorKind, string>> = {
  locked: 'Your Ledger is locked. Unlock it with your PIN, then try again.',
  wrongApp: 'Open the Ethereum app on your Ledger (install it with Ledger Live if it is missing), then try again.',
  blindSigningDisabled: 'Blind signing is off on your Ledger. In the Ethereum app open Settings, turn Blind signing on, then try again.',
  disconnected: 'Your Ledger is not connected. Plug it in, unlock it and open the Ethereum app, then try again.',
  rejected: 'You rejected the request on your Ledger.',
  noTypedData: 'Your Ledger signs typed data (eth_signTypedData_v4) here: eth_sign is refused.',
};

export interface LedgerChain {
  /** Hex chain id, e.g. 0x1. */
  id: string;
  rpcUrl: string;
}

export interface LedgerProviderOptions {
  /** Connects to the device (WebHID: asks the browser to pick it) on first need; called again after a disconnect. */
  connect: () => Promise<EthDevice>;
  chains: readonly LedgerChain[];
  /** JSON-RPC to a chain (default: fetch). */
  rpc?: RpcSend;
  path?: string;
}

interface TxRequest {
  from?: string;
  to?: string | null;
  value?: string;
  data?: string;
  input?: string;
  nonce?: string | number;
  gas?: string;
  gasLimit?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  gasPrice?: string;
}

const big = (value: string | number | undefined): bigint | undefined => (value === undefined || value === null || value === '' ? undefined : BigInt(value));

/** 65-byte signature from the device's parts (v as 27/28). */
export function joinSignature({ r, s, v }: EthSignatureParts): Hex {
  const recovery = v === 0 || v === 1 ? v + 27 : v;
  return signatureToHex({ r, s, v: BigInt(recovery) });
}

/** y-parity of a transaction signature from the device's v (0/1, 27/28, or EIP-155 style). */
export function yParityOf(v: number): 0 | 1 {
  if (v === 0 || v === 1) return v;
  if (v === 27 || v === 28) return (v - 27) as 0 | 1;
  return ((v - 35) % 2) as 0 | 1;
}

export function createLedgerProvider(options: LedgerProviderOptions): DeviceEip1193Provider & { chainId(): string } {
  const rpc = options.rpc ?? fetchRpc;
  const path = options.path ?? LEDGER_ETH_PATH;
  const chains = [...options.chains];
  const events = new Emitter();
  let chain = chains[0];
  let account: `0x${string}` | null = null;
  let device: Promise<EthDevice> | null = null;
  let stopWatching: (() => void) | null = null;

  if (!chain) throw new Error('The Ledger module needs at least one chain.');

  const lost = () => {
    stopWatching?.();
    stopWatching = null;
    device = null;
    events.emit('disconnect', deviceRpcError('disconnected', LEDGER_TEXTS.disconnected));
  };

  function theDevice(): Promise<EthDevice> {
    device ??= options.connect().then(
      (d) => {
        stopWatching = d.onDisconnect(lost);
        return d;
      },
      (error: unknown) => {
        device = null;
        throw error;
      },
    );
    return device;
  }

  /** Runs a device call; a device error rejects in the contract's shape. */
  async function onDevice<T>(call: (d: EthDevice) => Promise<T>): Promise<T> {
    try {
      return await call(await theDevice());
    } catch (error) {
      if (error instanceof EthDeviceError) {
        if (error.kind === 'disconnected') device = null;
        throw error.kind ? deviceRpcError(error.kind, LEDGER_TEXTS[error.kind]) : rpcError(-32603, error.message);
      }
      throw error;
    }
  }

  const send = (method: string, params: unknown[]) => rpc(chain!.rpcUrl, method, params);

  async function requestAccounts(): Promise<string[]> {
    if (!account) {
      const { address } = await onDevice((d) => d.getAddress(path));
      account = getAddress(address);
      events.emit('accountsChanged', [account]);
    }
    return [account];
  }

  function requireAccount(from: unknown): `0x${string}` {
    if (!account) throw rpcError(4100, 'Connect the Ledger first (eth_requestAccounts).');
    if (typeof from === 'string' && from !== '' && !(/^0x[0-9a-fA-F]{40}$/.test(from) && isAddressEqual(from as `0x${string}`, account))) {
      throw rpcError(4100, `This Ledger signs for ${account} only.`);
    }
    return account;
  }

  async function sendTransaction(tx: TxRequest): Promise<unknown> {
    const from = requireAccount(tx.from ?? account);
    const chainId = Number(BigInt(chain!.id));
    const data = (tx.data ?? tx.input ?? '0x') as Hex;
    const value = big(tx.value) ?? 0n;
    // Fill from the RPC only what the request lacks: the app passes nonce, gas and fees, signed exactly as given.
    const nonce = tx.nonce !== undefined ? Number(BigInt(tx.nonce)) : Number(BigInt((await send('eth_getTransactionCount', [from, 'pending'])) as string));
    const gas = big(tx.gas ?? tx.gasLimit) ?? BigInt((await send('eth_estimateGas', [{ from, ...(tx.to ? { to: tx.to } : {}), value: `0x${value.toString(16)}`, data }])) as string);
    let maxPriorityFeePerGas = big(tx.maxPriorityFeePerGas) ?? (tx.maxFeePerGas === undefined ? big(tx.gasPrice) : undefined);
    let maxFeePerGas = big(tx.maxFeePerGas) ?? big(tx.gasPrice);
    if (maxPriorityFeePerGas === undefined) maxPriorityFeePerGas = BigInt((await send('eth_maxPriorityFeePerGas', [])) as string);
    if (maxFeePerGas === undefined) {
      const block = (await send('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: string } | null;
      maxFeePerGas = BigInt(block?.baseFeePerGas ?? '0x0') * 2n + maxPriorityFeePerGas;
    }
    const unsigned: TransactionSerializableEIP1559 = {
      type: 'eip1559',
      chainId,
      nonce,
      gas,
      maxFeePerGas,
      maxPriorityFeePerGas,
      ...(tx.to ? { to: getAddress(tx.to) } : {}),
      value,
      data,
      accessList: [],
    };
    const serialized = serializeTransaction(unsigned);
    const signature = await onDevice((d) => d.signTransaction(path, hexToBytes(serialized)));
    const raw = serializeTransaction(unsigned, { r: signature.r, s: signature.s, yParity: yParityOf(signature.v) });
    return send('eth_sendRawTransaction', [raw]);
  }

  async function request({ method, params }: RequestArguments): Promise<unknown> {
    const list = paramsArray(params);
    switch (method) {
      case 'eth_requestAccounts':
        return requestAccounts();
      case 'eth_accounts':
        return account ? [account] : [];
      case 'eth_chainId':
        return chain!.id;
      case 'net_version':
        return String(BigInt(chain!.id));
      case 'wallet_switchEthereumChain': {
        const id = String((list[0] as { chainId?: unknown } | undefined)?.chainId ?? '').toLowerCase();
        const next = chains.find((c) => c.id.toLowerCase() === id);
        if (!next) throw rpcError(4902, `Chain ${id} is not configured for the Ledger.`);
        if (next !== chain) {
          chain = next;
          events.emit('chainChanged', next.id);
        }
        return null;
      }
      case 'wallet_addEthereumChain': {
        const added = list[0] as { chainId?: string; rpcUrls?: string[] } | undefined;
        const id = String(added?.chainId ?? '').toLowerCase();
        const rpcUrl = added?.rpcUrls?.[0];
        if (!/^0x[0-9a-f]+$/.test(id) || !rpcUrl) throw rpcError(-32602, 'wallet_addEthereumChain needs a chainId and an RPC URL.');
        if (!chains.some((c) => c.id.toLowerCase() === id)) chains.push({ id, rpcUrl });
        return null;
      }
      case 'eth_sign':
        throw ethSignRefusal();
      case 'eth_signTypedData_v4': {
        requireAccount(list[0]);
        const typedData = parseTypedData(list[1]);
        return joinSignature(await onDevice((d) => d.signTypedData(path, typedData)));
      }
      case 'personal_sign': {
        requireAccount(list[1]);
        const message = typeof list[0] === 'string' ? list[0] : '';
        const bytes = /^0x([0-9a-fA-F]{2})*$/.test(message) ? hexToBytes(message as Hex) : hexToBytes(stringToHex(message));
        return joinSignature(await onDevice((d) => d.signPersonalMessage(path, bytes)));
      }
      case 'eth_sendTransaction':
        return sendTransaction((list[0] ?? {}) as TxRequest);
      case 'eth_signTransaction':
      case 'eth_signTypedData':
      case 'eth_signTypedData_v3':
        throw rpcError(4200, `${method} is not supported by the Ledger module.`);
      default:
        return send(method, list);
    }
  }

  return {
    async request(args) {
      try {
        return await request(args);
      } catch (error) {
        if (typeof error === 'object' && error !== null && 'code' in error) throw error;
        throw rpcError(-32603, messageOf(error));
      }
    },
    on: (event, listener) => events.on(event, listener),
    removeListener: (event, listener) => events.removeListener(event, listener),
    disconnect() {
      const current = device;
      stopWatching?.();
      stopWatching = null;
      device = null;
      account = null;
      void current?.then((d) => d.close()).catch(() => undefined);
    },
    chainId: () => chain!.id,
  };
}
