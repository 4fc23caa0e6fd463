/**
 * The Devnet Wallet: an EIP-1193 provider backed by the devnet's well-known test keys, announced to the page
 * through EIP-6963 as "Devnet Wallet". Browser-safe (no Node imports). Only the app's devnet builds load it
 * (see onboard.ts); it must never hold a real key.
 *
 * Answered locally: eth_requestAccounts, eth_accounts, eth_chainId, net_version, wallet_switchEthereumChain
 * (4902 for chains it does not know), wallet_addEthereumChain, wallet_getPermissions / wallet_requestPermissions,
 * personal_sign, eth_sign, eth_signTypedData_v4 / _v3 (signed with viem's privateKeyToAccount) and
 * eth_sendTransaction (signed locally, sent with eth_sendRawTransaction by a viem wallet client over HTTP).
 * Every other request is forwarded as JSON-RPC to the current chain's RPC URL (anvil on the devnet).
 * Test and demo hooks: selectAccount(index) emits accountsChanged; disconnect() emits accountsChanged([]);
 * setDevice / setDeviceState / approveOnDevice / rejectOnDevice drive the device profile (below).
 *
 * The selected account is remembered per tab (decision 0037), the way a real wallet remembers its account: the
 * wallet writes the selected account's address to sessionStorage (`countersign.devnetWallet.account`) and a new
 * page in the same tab (a reload, a page load) starts from it; a new tab starts at account 0. Only the address
 * is stored, never a key, and an address the wallet does not hold (another devnet) falls back to account 0. The
 * app's own machines learn of a change only through accountsChanged, as with any wallet. The account can be
 * chosen from the wallet menu ("Devnet account", devnet builds only) or through `window.__devnetWallet`.
 *
 * Device profiles (issue 19, devnetDevice.ts): with a profile (the tab's sessionStorage key
 * `countersign.devnetWallet.device`, or setDevice) the wallet signs as if on a hardware or remote signer: the
 * provider says so in `signerDevice`; personal_sign, eth_sign, eth_signTypedData_v4/_v3 and eth_sendTransaction
 * go through the device (its state may refuse them with the contract's device errors; else its screen shows what
 * it received and it waits for Approve / Reject on the device panel, devnetDevicePanel.ts). Under a profile,
 * eth_sendTransaction signs an EIP-1559 transaction with exactly the nonce, gas and fees it was given (filled from
 * the RPC only when absent) and sends it raw. Without a profile nothing of this changes the wallet's behaviour.
 */
import {
  createWalletClient,
  defineChain,
  getAddress,
  hexToBigInt,
  hexToNumber,
  http,
  isAddress,
  isHex,
  numberToHex,
  stringToHex,
  type Address,
  type Chain,
  type Hex,
  type TypedDataDefinition,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { executionDisplay, messageDisplay, typedDataDisplay, type UnsignedExecution } from '../domain/wallet/deviceDisplay.ts';
import type { SignerDevice } from '../domain/wallet/signerDevice.ts';
import {
  DEVICE_PROFILE_KEY,
  createDevnetDevice,
  deviceError,
  parseDeviceProfile,
  parseStoredDeviceProfile,
  signerDeviceOfProfile,
  typedDataIsBlind,
  type DeviceProfile,
  type DeviceState,
  type DeviceView,
} from './devnetDevice.ts';
import { mountDevicePanel } from './devnetDevicePanel.ts';

export interface DevnetWalletAccount {
  address: Address;
  privateKey: Hex;
}

export interface DevnetWalletOptions {
  rpcUrl: string;
  chainId: number;
  accounts: readonly DevnetWalletAccount[];
  /** Start connected (eth_accounts answers without eth_requestAccounts). Default false. */
  connected?: boolean;
  /** Name of the devnet chain for wallet_addEthereumChain bookkeeping. */
  chainName?: string;
  /** Where the selected account and the device profile are remembered (the tab's sessionStorage in the app). */
  storage?: DevnetWalletStorage | null;
  /** The device profile to start with; default: the one in `storage` (DEVICE_PROFILE_KEY), else none. */
  device?: DeviceProfile | null;
}

/** The part of `Storage` the wallet uses to remember its selected account and its device profile. */
export interface DevnetWalletStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem?(key: string): void;
}

/** The sessionStorage key of the selected account's address (an address only: never a key). */
export const SELECTED_ACCOUNT_KEY = 'countersign.devnetWallet.account';

export interface RequestArguments {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

export type ProviderEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect' | 'message';
export type ProviderListener = (payload: unknown) => void;

/** EIP-1193 error: `code` 4001 rejected, 4100 unauthorized, 4200 unsupported, 4900 disconnected, 4902 unknown chain. */
export class ProviderRpcError extends Error {
  readonly code: number;
  readonly data?: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'ProviderRpcError';
    this.code = code;
    this.data = data;
  }
}

export interface DevnetWalletProvider {
  request(args: RequestArguments): Promise<unknown>;
  on(event: ProviderEvent, listener: ProviderListener): DevnetWalletProvider;
  removeListener(event: ProviderEvent, listener: ProviderListener): DevnetWalletProvider;
  off(event: ProviderEvent, listener: ProviderListener): DevnetWalletProvider;
  /** Makes account `index` the selected one; emits accountsChanged when connected. */
  selectAccount(index: number): void;
  /** Forgets the site connection; emits accountsChanged([]). */
  disconnect(): void;
  /** All accounts the wallet holds (the selected one is `accounts[selectedIndex]`). */
  readonly accounts: readonly Address[];
  readonly selectedIndex: number;
  readonly isConnected: boolean;
  /** Current chain id as a hex string. */
  readonly chainId: Hex;
  readonly isDevnetWallet: true;
  /** The device this wallet signs on (its device profile), or null: signs in the browser like an extension. */
  readonly signerDevice: SignerDevice | null;
  /** The device profile, its state, and the request on its screen. */
  readonly device: DeviceView;
  /** Sets (and remembers in the tab's storage) the device profile; null: no device. Throws on an invalid profile. */
  setDevice(profile: DeviceProfile | null): void;
  /** Sets the device's state; a request waiting on the device that the new state refuses is rejected. */
  setDeviceState(state: DeviceState): void;
  /** Presses Approve on the device; false when no request is on its screen. */
  approveOnDevice(): boolean;
  /** Presses Reject on the device (the request rejects with code 4001); false when no request is on its screen. */
  rejectOnDevice(): boolean;
  /** Calls `listener` on every change of the device (profile, state, screen); returns the unsubscribe function. */
  onDeviceChange(listener: () => void): () => void;
}

interface KnownChain {
  chainId: number;
  rpcUrl: string;
  name: string;
}

function params(args: RequestArguments): readonly unknown[] {
  if (args.params === undefined) return [];
  if (Array.isArray(args.params)) return args.params as readonly unknown[];
  return [args.params];
}

function invalidParams(message: string): ProviderRpcError {
  return new ProviderRpcError(-32602, message);
}

function parseChainId(value: unknown): number {
  if (typeof value === 'string' && isHex(value)) return hexToNumber(value);
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw invalidParams(`invalid chainId ${String(value)}`);
}

const quantity = (value: unknown, field: string): bigint | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && isHex(value)) return hexToBigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  throw invalidParams(`invalid ${field}: ${String(value)}`);
};

let nextRpcId = 1;

async function forward(rpcUrl: string, method: string, rpcParams: readonly unknown[]): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextRpcId++, method, params: rpcParams }),
    });
  } catch (err) {
    throw new ProviderRpcError(4900, `Devnet Wallet: the RPC at ${rpcUrl} is unreachable (${String(err)})`);
  }
  const body = (await response.json().catch(() => null)) as { result?: unknown; error?: { code: number; message: string; data?: unknown } } | null;
  if (!body) throw new ProviderRpcError(-32603, `Devnet Wallet: bad RPC response (HTTP ${response.status})`);
  if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data);
  return body.result;
}

export function createDevnetWallet(opts: DevnetWalletOptions): DevnetWalletProvider {
  if (opts.accounts.length === 0) throw new Error('Devnet Wallet needs at least one account');
  const signers: PrivateKeyAccount[] = opts.accounts.map((a) => {
    const account = privateKeyToAccount(a.privateKey);
    if (account.address.toLowerCase() !== a.address.toLowerCase()) throw new Error(`Devnet Wallet: key does not match ${a.address}`);
    return account;
  });
  const chains = new Map<number, KnownChain>([[opts.chainId, { chainId: opts.chainId, rpcUrl: opts.rpcUrl, name: opts.chainName ?? 'Countersign Devnet' }]]);
  const listeners = new Map<ProviderEvent, Set<ProviderListener>>();
  const storage = opts.storage ?? null;
  /** The remembered account's index, or 0 (nothing remembered, storage refused, or an address it does not hold). */
  const remembered = (): number => {
    let stored: string | null = null;
    try {
      stored = storage?.getItem(SELECTED_ACCOUNT_KEY) ?? null;
    } catch {
      return 0;
    }
    const index = stored ? signers.findIndex((s) => s.address.toLowerCase() === stored.toLowerCase()) : -1;
    return index < 0 ? 0 : index;
  };
  const remember = (index: number): void => {
    try {
      storage?.setItem(SELECTED_ACCOUNT_KEY, signers[index]!.address);
    } catch {
      // Storage full or refused: the choice holds for this page only.
    }
  };
  let selected = remembered();
  let connected = opts.connected ?? false;
  let currentChainId = opts.chainId;
  const storedDevice = (): DeviceProfile | null => {
    try {
      return parseStoredDeviceProfile(storage?.getItem(DEVICE_PROFILE_KEY) ?? null);
    } catch {
      return null;
    }
  };
  const rememberDevice = (profile: DeviceProfile | null): void => {
    try {
      if (profile) storage?.setItem(DEVICE_PROFILE_KEY, JSON.stringify(profile));
      else if (storage?.removeItem) storage.removeItem(DEVICE_PROFILE_KEY);
      else storage?.setItem(DEVICE_PROFILE_KEY, 'null');
    } catch {
      // Storage full or refused: the profile holds for this page only.
    }
  };
  const device = createDevnetDevice(opts.device === undefined ? storedDevice() : opts.device, (profile, kind) => {
    const e = deviceError(profile, kind);
    return new ProviderRpcError(e.code, e.message, e.data);
  });

  const emit = (event: ProviderEvent, payload: unknown): void => {
    for (const l of [...(listeners.get(event) ?? [])]) {
      try {
        l(payload);
      } catch (err) {
        console.error(`Devnet Wallet: ${event} listener threw`, err);
      }
    }
  };
  const currentChain = (): KnownChain => {
    const c = chains.get(currentChainId);
    if (!c) throw new ProviderRpcError(4901, `Devnet Wallet: chain ${currentChainId} is not configured`);
    return c;
  };
  const selectedSigner = (): PrivateKeyAccount => {
    const s = signers[selected];
    if (!s) throw new ProviderRpcError(4100, 'Devnet Wallet: no account selected');
    return s;
  };
  /** The signer for `address`; signing needs a connection and an address the wallet holds. */
  const signerFor = (address: unknown): PrivateKeyAccount => {
    if (!connected) throw new ProviderRpcError(4100, 'Devnet Wallet: not connected; call eth_requestAccounts first');
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) throw invalidParams(`invalid address ${String(address)}`);
    const signer = signers.find((s) => s.address.toLowerCase() === address.toLowerCase());
    if (!signer) throw new ProviderRpcError(4100, `Devnet Wallet: it does not hold ${address}`);
    return signer;
  };
  const visibleAccounts = (): Address[] => (connected ? [selectedSigner().address] : []);
  const permissions = (): unknown[] => (connected ? [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: visibleAccounts() }] }] : []);

  /**
   * eth_sendTransaction on the device: the unsigned EIP-1559 transaction is fixed first (nonce, gas and fees exactly
   * as given; only absent ones are filled from the RPC; a legacy gasPrice stands for both fees), the device shows it
   * (executionDisplay) and, once approved, signs it (with both fees 1 gwei higher when the profile changesFees) and
   * the wallet sends it raw.
   */
  const sendOnDevice = async (signer: PrivateKeyAccount, chainInfo: KnownChain, tx: Record<string, unknown>, to: Address | null, data: Hex): Promise<Hex> => {
    if (!to) throw invalidParams('Devnet Wallet: a device profile signs calls only, not contract creations (no `to`)');
    const rpc = (method: string, rpcParams: readonly unknown[]): Promise<unknown> => forward(chainInfo.rpcUrl, method, rpcParams);
    const value = quantity(tx.value, 'value') ?? 0n;
    const gasPrice = quantity(tx.gasPrice, 'gasPrice');
    const givenNonce = quantity(tx.nonce, 'nonce');
    const givenGas = quantity(tx.gas, 'gas');
    const givenMaxFee = quantity(tx.maxFeePerGas, 'maxFeePerGas') ?? gasPrice;
    const givenPriority = quantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas') ?? gasPrice;
    const nonce = givenNonce ?? hexToBigInt((await rpc('eth_getTransactionCount', [signer.address, 'pending'])) as Hex);
    const gas =
      givenGas ?? hexToBigInt((await rpc('eth_estimateGas', [{ from: signer.address, to, data, value: numberToHex(value) }])) as Hex);
    let maxPriorityFeePerGas = givenPriority ?? hexToBigInt((await rpc('eth_maxPriorityFeePerGas', [])) as Hex);
    let maxFeePerGas = givenMaxFee;
    if (maxFeePerGas === undefined) {
      const block = (await rpc('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: Hex } | null;
      maxFeePerGas = hexToBigInt(block?.baseFeePerGas ?? '0x0') * 2n + maxPriorityFeePerGas;
    } else if (givenPriority === undefined && maxPriorityFeePerGas > maxFeePerGas) {
      maxPriorityFeePerGas = maxFeePerGas;
    }
    const unsigned: UnsignedExecution = { chainId: chainInfo.chainId, nonce: Number(nonce), gas, maxFeePerGas, maxPriorityFeePerGas, to, value, data };
    await device.confirm({ kind: 'transaction', blind: data !== '0x', lines: executionDisplay(unsigned) });
    const bump = device.view.profile?.changesFees === true ? 1_000_000_000n : 0n; // 1 gwei (a literal: viem's parseGwei would join the first load, decision 0071)
    const serialized = await signer.signTransaction({
      type: 'eip1559',
      chainId: unsigned.chainId,
      nonce: unsigned.nonce,
      gas: unsigned.gas,
      maxFeePerGas: unsigned.maxFeePerGas + bump,
      maxPriorityFeePerGas: unsigned.maxPriorityFeePerGas + bump,
      to: unsigned.to,
      value: unsigned.value,
      data: unsigned.data,
    });
    return (await rpc('eth_sendRawTransaction', [serialized])) as Hex;
  };

  const sendTransaction = async (raw: unknown): Promise<Hex> => {
    if (typeof raw !== 'object' || raw === null) throw invalidParams('eth_sendTransaction needs a transaction object');
    const tx = raw as Record<string, unknown>;
    const signer = signerFor(tx.from ?? selectedSigner().address);
    const chainInfo = currentChain();
    const chain: Chain = defineChain({
      id: chainInfo.chainId,
      name: chainInfo.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chainInfo.rpcUrl] } },
    });
    const to = tx.to;
    if (to !== undefined && to !== null && (typeof to !== 'string' || !isAddress(to, { strict: false }))) throw invalidParams(`invalid to ${String(to)}`);
    const data = tx.data ?? tx.input;
    if (data !== undefined && data !== null && (typeof data !== 'string' || !isHex(data))) throw invalidParams('invalid data');
    if (device.view.profile) return sendOnDevice(signer, chainInfo, tx, typeof to === 'string' ? getAddress(to) : null, typeof data === 'string' ? (data as Hex) : '0x');
    const client = createWalletClient({ account: signer, chain, transport: http(chainInfo.rpcUrl, { retryCount: 0 }) });
    const gasPrice = quantity(tx.gasPrice, 'gasPrice');
    const nonce = quantity(tx.nonce, 'nonce');
    const common = {
      to: typeof to === 'string' ? getAddress(to) : null,
      data: typeof data === 'string' ? (data as Hex) : undefined,
      value: quantity(tx.value, 'value'),
      gas: quantity(tx.gas, 'gas'),
      nonce: nonce === undefined ? undefined : Number(nonce),
    };
    try {
      if (gasPrice !== undefined) return await client.sendTransaction({ ...common, gasPrice });
      return await client.sendTransaction({
        ...common,
        maxFeePerGas: quantity(tx.maxFeePerGas, 'maxFeePerGas'),
        maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas'),
      });
    } catch (err) {
      if (err instanceof ProviderRpcError) throw err;
      const e = err as { shortMessage?: string; message?: string; details?: string };
      throw new ProviderRpcError(-32603, e.shortMessage ?? e.message ?? 'eth_sendTransaction failed', e.details);
    }
  };

  const handle = async (args: RequestArguments): Promise<unknown> => {
    const p = params(args);
    switch (args.method) {
      case 'eth_requestAccounts': {
        if (!connected) {
          connected = true;
          emit('connect', { chainId: numberToHex(currentChainId) });
          emit('accountsChanged', visibleAccounts());
        }
        return visibleAccounts();
      }
      case 'eth_accounts':
        return visibleAccounts();
      case 'eth_chainId':
        return numberToHex(currentChainId);
      case 'net_version':
        return String(currentChainId);
      case 'wallet_getPermissions':
        return permissions();
      case 'wallet_requestPermissions':
        if (!connected) {
          connected = true;
          emit('accountsChanged', visibleAccounts());
        }
        return permissions();
      case 'wallet_revokePermissions':
        provider.disconnect();
        return null;
      case 'wallet_switchEthereumChain': {
        const target = parseChainId((p[0] as { chainId?: unknown } | undefined)?.chainId);
        if (!chains.has(target)) throw new ProviderRpcError(4902, `Unrecognized chain ID "${numberToHex(target)}". Try adding the chain using wallet_addEthereumChain first.`);
        if (target !== currentChainId) {
          currentChainId = target;
          emit('chainChanged', numberToHex(target));
        }
        return null;
      }
      case 'wallet_addEthereumChain': {
        const spec = p[0] as { chainId?: unknown; rpcUrls?: unknown; chainName?: unknown } | undefined;
        const id = parseChainId(spec?.chainId);
        const rpcUrl = Array.isArray(spec?.rpcUrls) ? spec.rpcUrls.find((u): u is string => typeof u === 'string' && /^https?:\/\//.test(u)) : undefined;
        if (!chains.has(id)) {
          if (!rpcUrl) throw invalidParams('wallet_addEthereumChain needs an http(s) rpcUrls entry');
          chains.set(id, { chainId: id, rpcUrl, name: typeof spec?.chainName === 'string' ? spec.chainName : `Chain ${id}` });
        }
        if (id !== currentChainId) {
          currentChainId = id;
          emit('chainChanged', numberToHex(id));
        }
        return null;
      }
      case 'personal_sign': {
        const [message, address] = p;
        if (typeof message !== 'string') throw invalidParams('personal_sign needs a message');
        const signer = signerFor(address);
        // The screen is computed as the app computes what it shows beside it (deviceDisplay.ts): text, or hex for bytes.
        if (device.view.profile) await device.confirm({ kind: 'message', blind: false, lines: isHex(message) ? messageDisplay(message) : [{ label: 'Message', value: message }] });
        return signer.signMessage({ message: { raw: isHex(message) ? message : stringToHex(message) } });
      }
      case 'eth_sign': {
        const [address, hash] = p;
        if (typeof hash !== 'string' || !isHex(hash) || hash.length !== 66) throw invalidParams('eth_sign needs a 32-byte hash');
        const signer = signerFor(address);
        if (device.view.profile) await device.confirm({ kind: 'hash', blind: true, lines: [{ label: 'Hash', value: hash.toLowerCase() }] });
        return signer.sign({ hash });
      }
      case 'eth_signTypedData_v4':
      case 'eth_signTypedData_v3': {
        const [address, raw] = p;
        const signer = signerFor(address);
        let typed: unknown;
        try {
          typed = typeof raw === 'string' ? JSON.parse(raw) : raw;
        } catch {
          throw invalidParams('typed data is not valid JSON');
        }
        if (typeof typed !== 'object' || typed === null) throw invalidParams('typed data must be an object');
        const { types, primaryType, domain, message } = typed as Record<string, unknown>;
        if (typeof types !== 'object' || types === null || typeof primaryType !== 'string') throw invalidParams('typed data needs types and primaryType');
        const { EIP712Domain: _domainType, ...rest } = types as Record<string, unknown>;
        const definition = { types: rest, primaryType, domain: (domain ?? {}) as object, message: (message ?? {}) as object } as unknown as TypedDataDefinition;
        const profile = device.view.profile;
        if (profile) {
          let lines;
          try {
            // The screen shows the payload as received (its own EIP712Domain type when it lists one).
            lines = typedDataDisplay(profile.display, typed as TypedDataDefinition);
          } catch (err) {
            throw invalidParams(`cannot show typed data: ${(err as Error).message}`);
          }
          await device.confirm({ kind: 'typedData', blind: typedDataIsBlind(profile.display), lines });
        }
        try {
          return await signer.signTypedData(definition);
        } catch (err) {
          throw invalidParams(`cannot sign typed data: ${(err as Error).message}`);
        }
      }
      case 'eth_sendTransaction':
        return sendTransaction(p[0]);
      default:
        return forward(currentChain().rpcUrl, args.method, p);
    }
  };

  const provider: DevnetWalletProvider = {
    request: (args) => {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
        return Promise.reject(invalidParams('request() needs { method, params? }'));
      }
      return handle(args);
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return provider;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
    off(event, listener) {
      return provider.removeListener(event, listener);
    },
    selectAccount(index) {
      if (!Number.isInteger(index) || index < 0 || index >= signers.length) throw new RangeError(`Devnet Wallet has no account ${index}`);
      if (index === selected) return;
      selected = index;
      remember(index);
      if (connected) emit('accountsChanged', visibleAccounts());
    },
    disconnect() {
      if (!connected) return;
      connected = false;
      emit('accountsChanged', []);
    },
    get accounts() {
      return signers.map((s) => s.address);
    },
    get selectedIndex() {
      return selected;
    },
    get isConnected() {
      return connected;
    },
    get chainId() {
      return numberToHex(currentChainId);
    },
    isDevnetWallet: true,
    get signerDevice() {
      const profile = device.view.profile;
      return profile ? signerDeviceOfProfile(profile) : null;
    },
    get device() {
      return device.view;
    },
    setDevice(profile) {
      const valid = profile === null ? null : parseDeviceProfile(profile);
      if (profile !== null && !valid) throw new TypeError(`Devnet Wallet: not a device profile: ${JSON.stringify(profile)}`);
      rememberDevice(valid);
      device.setProfile(valid);
    },
    setDeviceState(state) {
      device.setState(state);
    },
    approveOnDevice: () => device.approve(),
    rejectOnDevice: () => device.reject(),
    onDeviceChange: (listener) => device.subscribe(listener),
  };
  return provider;
}

// ───────────────────────────── EIP-6963 ─────────────────────────────

export interface Eip6963ProviderInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

export const DEVNET_WALLET_RDNS = 'dev.countersign.devnet';
export const DEVNET_WALLET_NAME = 'Devnet Wallet';

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#1f6f5c"/>' +
  '<path d="M24 34h48v36H24z" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/>' +
  '<path d="M30 34l6-10h24l6 10" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/><circle cx="60" cy="52" r="5" fill="#fff"/></svg>';

export const DEVNET_WALLET_ICON = `data:image/svg+xml;base64,${btoa(ICON_SVG)}`;

/** A v4 UUID. `crypto.randomUUID` exists only in secure contexts (https, localhost), so fall back to getRandomValues. */
function newUuid(): string {
  if (typeof globalThis.crypto.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const b = globalThis.crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Announces `provider` as "Devnet Wallet" (EIP-6963): dispatches `eip6963:announceProvider` now and again on
 * every `eip6963:requestProvider`. Returns a function that stops answering. `target` defaults to `window`.
 */
export function announceDevnetWallet(provider: DevnetWalletProvider, target: EventTarget = globalThis.window): () => void {
  const detail = Object.freeze({
    info: Object.freeze<Eip6963ProviderInfo>({ uuid: newUuid(), name: DEVNET_WALLET_NAME, icon: DEVNET_WALLET_ICON, rdns: DEVNET_WALLET_RDNS }),
    provider,
  });
  const announce = (): void => {
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  };
  target.addEventListener('eip6963:requestProvider', announce);
  announce();
  return () => target.removeEventListener('eip6963:requestProvider', announce);
}

/** The tab's sessionStorage, or null where the browser refuses it (storage disabled, sandboxed frames). */
function tabStorage(): DevnetWalletStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Creates the Devnet Wallet from the app's runtime devnet config and announces it on `window`. It is also
 * reachable as `window.__devnetWallet`, so a person or a browser test can switch accounts and chains the
 * way one would in a wallet's own UI (devnet builds only; production builds do not contain this module).
 * It remembers its selected account in the tab's sessionStorage unless `config.storage` says otherwise, and takes
 * its device profile from there (DEVICE_PROFILE_KEY). In a page (`document` present) it adds the device panel
 * while a profile is set (devnetDevicePanel.ts).
 */
export function installDevnetWallet(config: DevnetWalletOptions, target: EventTarget = globalThis.window): DevnetWalletProvider {
  const provider = createDevnetWallet({ storage: tabStorage(), ...config });
  announceDevnetWallet(provider, target);
  Object.defineProperty(target, '__devnetWallet', { value: provider, configurable: true });
  const doc = (globalThis as { document?: Document }).document;
  if (doc?.body) mountDevicePanel(provider, doc);
  else doc?.addEventListener('DOMContentLoaded', () => mountDevicePanel(provider, doc), { once: true });
  return provider;
}
