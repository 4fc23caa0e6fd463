/**
 * The wallet effects of the walletConnection machine, on web3-onboard.
 *
 * - web3-onboard (and the injected-wallets module) are loaded with a dynamic import on first use, so they
 *   cost nothing on first paint. Nothing here imports them statically; only types are referenced.
 * - Chains come from the gateway's chain configs (RPC overrides of the runtime config win).
 * - EIP-6963 discovery is on, so announced wallets (the Devnet Wallet on the devnet) appear by name.
 * - The external Inter font download, the account center and notifications are off.
 * - The last wallet's label is remembered in localStorage (`countersign.lastWallet`) and reconnected on reload
 *   with `autoSelect` + `disableModals`, so a reload never pops a modal.
 * - The first load carries only walletService.ts, which loads this module on first use (decision 0045).
 * - Its wallet list has no keyboard support of its own: connectModalKeyboard.ts (loaded with it) adds it while
 *   the list is open.
 * - Known hang: calling `connectWallet` while its modal is still open never resolves. A second connect while
 *   one is in flight therefore joins the first instead of calling onboard again.
 * - Retry (2 × 100 ms) is modelled in the machine (`retrying` state), not here: an effect fails once and says
 *   why (`rejected` / `unavailable` / `failed`).
 * - Signer devices (issue 19, decision 0066): Ledger (WebHID), Trezor, WalletConnect and Keystone are listed after
 *   the browser wallets when offered (modules/shells.ts decides from the runtime config and the browser). Only their
 *   shells load with web3-onboard; each module's own code loads when the user picks it. With a device module
 *   offered, a page without a browser wallet opens the list instead of reporting `unavailable`.
 * - Chain switching talks EIP-1193 directly: wallet_switchEthereumChain, and on 4902 wallet_addEthereumChain
 *   with the gateway's chain data, then switch again (onboard's own setChain may open a modal and wait).
 */
import { getAddress } from 'viem';
import type { RuntimeConfig } from '../../machines/appSession/appSession.types.ts';
import { toDecimalChainId, toHexChainId, WALLET_TEXTS } from '../../machines/walletConnection/walletConnection.logic.ts';
import type {
  ConnectResult,
  HexAddress,
  WalletConnectionEvent,
  WalletFailureKind,
} from '../../machines/walletConnection/walletConnection.types.ts';
import type { ChainInfo } from '../../domain/gateway/types.ts';
import { signerDeviceOf } from '../../domain/wallet/signerDevice.ts';
import type { DevnetWalletProvider } from '../../dev/devnetWallet.ts';
// The device modules' shells ride in this chunk (loaded with the connect list anyway): one request and one gzip stream
// fewer than a chunk of their own (decision 0071). Each module's code still loads only when picked.
import { deviceWalletModules, type DeviceWalletInit } from './modules/shells.ts';
import { LAST_WALLET_KEY, walletStorage } from './walletService.ts';

type OnboardAPI = ReturnType<(typeof import('@web3-onboard/react'))['init']>;
type InitOptions = Parameters<(typeof import('@web3-onboard/react'))['init']>[0];
type WalletState = OnboardAPI['state'] extends { get(): { wallets: (infer W)[] } } ? W : never;
type InjectedModuleFactory = (typeof import('@web3-onboard/injected-wallets'))['default'];

// The first load's stand-in for this module (walletService.ts) owns these; they are re-exported for callers and tests.
export { LAST_WALLET_KEY, provideWalletServices } from './walletService.ts';

/** What an effect throws: the machine reads `kind` (see toWalletFailure). */
export class WalletServiceError extends Error {
  readonly kind: WalletFailureKind;
  readonly code: number | undefined;
  constructor(kind: WalletFailureKind, message: string, code?: number) {
    super(message);
    this.name = 'WalletServiceError';
    this.kind = kind;
    this.code = code;
  }
}

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  on?(event: string, listener: (...args: never[]) => void): unknown;
  removeListener?(event: string, listener: (...args: never[]) => void): unknown;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The two web3-onboard entry points, loaded lazily. Tests may pass their own. */
export interface OnboardModules {
  init: (options: InitOptions) => OnboardAPI;
  injectedModule: InjectedModuleFactory;
  /** The signer-device modules offered for a config in a window (modules/shells.ts); none when absent. */
  deviceWallets?: (config: RuntimeConfig | null, win: Window | undefined) => DeviceWalletInit[];
}

export interface WalletServiceDeps {
  /** The gateway's chain configs (`/v1/chains`), used for onboard's chain list and wallet_addEthereumChain. */
  loadChains: () => Promise<ChainInfo[]>;
  /** The runtime config once loaded (RPC overrides, devnet). */
  getConfig: () => RuntimeConfig | null;
  /** Where the last wallet's label is kept; default `window.localStorage`. */
  storage?: KeyValueStorage;
  /** Replaces the dynamic import of web3-onboard (tests). */
  loadOnboard?: () => Promise<OnboardModules>;
  /** Replaces the dynamic import of the devnet wallet (tests). */
  offerDevnet?: (config: RuntimeConfig | null) => Promise<boolean>;
  /** The window whose wallets are used; default the global one. */
  window?: Window;
}

// ───────────────────────────── lazy loading ─────────────────────────────

const loadOnboardModules = async (): Promise<OnboardModules> => {
  const [react, injected] = await Promise.all([import('@web3-onboard/react'), import('@web3-onboard/injected-wallets')]);
  return { init: react.init, injectedModule: injected.default, deviceWallets: deviceWalletModules };
};

/** True in the builds that may carry the Devnet Wallet: development and the `devnet` build mode. */
export const DEVNET_WALLET_BUILD: boolean = import.meta.env.DEV || import.meta.env.MODE === 'devnet';

let devnetOffered: Promise<boolean> | null = null;
/** The Devnet Wallet once announced, with the name it announced itself by (web3-onboard's label for it). */
let devnetInstalled: { provider: DevnetWalletProvider; label: string } | null = null;

/**
 * Announces the Devnet Wallet (EIP-6963) when the runtime config has `devnet` set AND this build may carry it.
 * In a production build the condition is a compile-time `false`, so the dynamic import below and the
 * devnet wallet's code are dropped from the bundle. Resolves true when the wallet was announced.
 */
export function offerDevnetWallet(config: RuntimeConfig | null): Promise<boolean> {
  if (!(import.meta.env.DEV || import.meta.env.MODE === 'devnet')) return Promise.resolve(false);
  if (!config?.devnet) return Promise.resolve(false);
  const devnet = config.devnet;
  devnetOffered ??= import('../../dev/devnetWallet.ts')
    .then((module) => {
      devnetInstalled = { provider: module.installDevnetWallet(devnet), label: module.DEVNET_WALLET_NAME };
      return true;
    })
    .catch((error: unknown) => {
      devnetOffered = null;
      throw error;
    });
  return devnetOffered;
}

/** What the wallet menu's account switcher may do with the Devnet Wallet (the views' DevnetAccountsPort). */
export interface DevnetAccounts {
  /** Its accounts when `walletLabel` is the Devnet Wallet's (announced in this page); else null. */
  accountsOf(walletLabel: string): readonly string[] | null;
  /** Selects account `index` in the Devnet Wallet; it emits accountsChanged, which the wallet machine follows. */
  select(index: number): void;
}

/**
 * The Devnet Wallet's account switcher for the wallet menu (decision 0037): in the builds that may carry the
 * Devnet Wallet only; null in production builds (a compile-time null: nothing of it is in their bundle).
 */
export const devnetAccounts: DevnetAccounts | null =
  import.meta.env.DEV || import.meta.env.MODE === 'devnet'
    ? {
        accountsOf: (walletLabel) => (devnetInstalled && walletLabel === devnetInstalled.label ? devnetInstalled.provider.accounts : null),
        select: (index) => devnetInstalled?.provider.selectAccount(index),
      }
    : null;

// ───────────────────────────── chains ─────────────────────────────

export interface OnboardChain {
  id: `0x${string}`;
  token: string;
  label: string;
  rpcUrl: string;
  blockExplorerUrl?: string;
  color?: string;
}

/** The explorer's origin, from an address template like `https://etherscan.io/address/{{address}}`. */
function explorerBase(template: string): string | undefined {
  try {
    return new URL(template.replace(/\{\{\w+\}\}/g, 'x')).origin;
  } catch {
    return undefined;
  }
}

export function rpcUrlFor(chain: ChainInfo, config: RuntimeConfig | null): string {
  return config?.rpcOverrides[chain.chainId] ?? chain.rpcUri.value;
}

/** Gateway chain configs → web3-onboard chains (hex ids). */
export function toOnboardChains(chains: readonly ChainInfo[], config: RuntimeConfig | null): OnboardChain[] {
  return chains.map((chain) => {
    const explorer = explorerBase(chain.blockExplorerUriTemplate.address);
    return {
      id: toHexChainId(chain.chainId),
      token: chain.nativeCurrency.symbol,
      label: chain.chainName,
      rpcUrl: rpcUrlFor(chain, config),
      ...(explorer ? { blockExplorerUrl: explorer } : {}),
      color: chain.theme.backgroundColor,
    };
  });
}

/** wallet_addEthereumChain parameters (EIP-3085) from a gateway chain config. */
export function addChainParams(chain: ChainInfo, config: RuntimeConfig | null) {
  const explorer = explorerBase(chain.blockExplorerUriTemplate.address);
  return {
    chainId: toHexChainId(chain.chainId),
    chainName: chain.chainName,
    nativeCurrency: { name: chain.nativeCurrency.name, symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals },
    rpcUrls: [config?.rpcOverrides[chain.chainId] ?? chain.publicRpcUri.value],
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
  };
}

// ───────────────────────────── wallet discovery ─────────────────────────────

/**
 * Whether any injected wallet is present: a legacy `window.ethereum`, or an EIP-6963 wallet answering a
 * request (wallets answer synchronously, inside the dispatch).
 */
export function hasInjectedWallet(win: Window): boolean {
  if ((win as Window & { ethereum?: unknown }).ethereum) return true;
  let announced = false;
  const onAnnounce = () => {
    announced = true;
  };
  win.addEventListener('eip6963:announceProvider', onAnnounce);
  win.dispatchEvent(new Event('eip6963:requestProvider'));
  win.removeEventListener('eip6963:announceProvider', onAnnounce);
  return announced;
}

function rpcErrorCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'number') return code;
  // Some wallets wrap the real error: { code: -32603, data: { originalError: { code: 4902 } } }
  const data = (error as { data?: { originalError?: { code?: unknown } } }).data;
  return typeof data?.originalError?.code === 'number' ? data.originalError.code : undefined;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return WALLET_TEXTS.somethingWrong;
}

function toServiceError(error: unknown, rejectedText: string): WalletServiceError {
  if (error instanceof WalletServiceError) return error;
  const code = rpcErrorCode(error);
  if (code === 4001) return new WalletServiceError('rejected', rejectedText, code);
  return new WalletServiceError('failed', errorMessage(error), code);
}

// ───────────────────────────── the service ─────────────────────────────

export interface WalletService {
  /** Opens web3-onboard's wallet list (or auto-selects `label` without any modal). */
  connect(label?: string): Promise<ConnectResult>;
  /** Reconnects the remembered wallet without a modal; null when none is remembered or it is gone. */
  restore(): Promise<ConnectResult>;
  switchChain(chainId: string): Promise<{ chainId: string }>;
  disconnect(label: string): Promise<void>;
  /** Subscribes to the wallet's own events; returns the unsubscribe function. */
  watch(label: string, emit: (event: WalletConnectionEvent) => void): () => void;
  remember(label: string): void;
  forget(): void;
  /** The connected wallet's EIP-1193 provider, or null while none is connected (synchronous: flows ask it per request). */
  provider(): Eip1193Provider | null;
}

export function createWalletService(deps: WalletServiceDeps): WalletService {
  const win = deps.window ?? window;
  const storage = () => walletStorage(deps);
  const load = deps.loadOnboard ?? loadOnboardModules;
  const offer = deps.offerDevnet ?? offerDevnetWallet;
  let onboard: Promise<OnboardAPI> | null = null;
  let connecting: Promise<WalletState[]> | null = null;
  let loaded: OnboardAPI | null = null;
  /** How many signer-device modules the wallet list offers (known once web3-onboard is initialised). */
  let deviceModules = 0;
  // Loaded with web3-onboard (its host element's name must stay out of the first paint's chunks too).
  let keyboardForList: (typeof import('./connectModalKeyboard.ts'))['keyboardForConnectModal'] | null = null;

  function getOnboard(): Promise<OnboardAPI> {
    onboard ??= (async () => {
      const config = deps.getConfig();
      // The devnet wallet must answer EIP-6963 requests before the injected module asks for wallets.
      await offer(config);
      const [modules, chains, keyboard] = await Promise.all([load(), deps.loadChains(), import('./connectModalKeyboard.ts')]);
      keyboardForList = keyboard.keyboardForConnectModal;
      if (chains.length === 0) throw new WalletServiceError('failed', 'The gateway lists no chains to connect a wallet to.');
      const devices = modules.deviceWallets?.(config, win) ?? [];
      deviceModules = devices.length;
      return modules.init({
        wallets: [modules.injectedModule(), ...(devices as unknown as NonNullable<InitOptions['wallets']>)],
        chains: toOnboardChains(chains, config),
        appMetadata: {
          name: 'Countersign',
          description: 'A statechart-driven interface for Safe multi-owner wallets',
          icon: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#12805c"/><path d="M9 17l5 5 9-12" stroke="#fff" stroke-width="3" fill="none"/></svg>',
        },
        accountCenter: { desktop: { enabled: false }, mobile: { enabled: false } },
        notify: { desktop: { enabled: false, transactionHandler: () => {}, position: 'topRight' }, mobile: { enabled: false, transactionHandler: () => {}, position: 'topRight' } },
        // No "Why don't I see my wallet?" box: it sent signers to a third-party blog about one extension wallet, did not
        // reach its 4.5:1 contrast (web3-onboard's link on its yellow) and was cut off at a phone's edge (decision 0091).
        connect: { autoConnectLastWallet: false, showSidebar: false, removeWhereIsMyWalletWarning: true },
        disableFontDownload: true,
        theme: keyboard.CONNECT_MODAL_THEME,
      } as InitOptions);
    })().then((api) => (loaded = api)).catch((error: unknown) => {
      onboard = null; // a later attempt loads again (e.g. a chunk that failed to download)
      throw toServiceError(error, WALLET_TEXTS.connectRejected);
    });
    return onboard;
  }

  async function readConnection(wallet: WalletState): Promise<ConnectResult> {
    const provider = wallet.provider as Eip1193Provider;
    const [accounts, chainId] = await Promise.all([provider.request({ method: 'eth_accounts' }), provider.request({ method: 'eth_chainId' })]);
    const address = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : wallet.accounts[0]?.address;
    const chain = toDecimalChainId(chainId) ?? toDecimalChainId(wallet.chains[0]?.id);
    if (!address || !chain) return null;
    // The device it signs on (issue 19): its provider's own word (the Devnet Wallet's device profiles), else its module.
    const own = devnetInstalled && wallet.label === devnetInstalled.label ? devnetInstalled.provider : provider;
    const device = signerDeviceOf(wallet.label, own);
    return { label: wallet.label, address: getAddress(address), chainId: chain, ...(device ? { device } : {}) };
  }

  async function connect(label?: string): Promise<ConnectResult> {
    const api = await getOnboard();
    if (!label && deviceModules === 0 && !hasInjectedWallet(win)) throw new WalletServiceError('unavailable', WALLET_TEXTS.unavailable);
    // Never call connectWallet while its modal is open: join the call in flight instead.
    if (!connecting) {
      // The wallet list shows (no autoSelect): give it keyboard support for as long as it is open.
      const doc = (win as Partial<Window>).document;
      const release = !label && doc && keyboardForList ? keyboardForList(doc) : null;
      connecting = api.connectWallet(label ? { autoSelect: { label, disableModals: true } } : undefined).finally(() => {
        connecting = null;
        release?.();
      });
    }
    let wallets: WalletState[];
    try {
      wallets = await connecting;
    } catch (error) {
      throw toServiceError(error, WALLET_TEXTS.connectRejected);
    }
    const wallet = label ? wallets.find((w) => w.label === label) : wallets[0];
    return wallet ? readConnection(wallet) : null;
  }

  return {
    connect,
    async restore() {
      const label = storage()?.getItem(LAST_WALLET_KEY);
      if (!label) return null; // nothing remembered: web3-onboard is not even loaded
      return connect(label);
    },
    async switchChain(chainId) {
      const api = await getOnboard();
      const wallet = api.state.get().wallets[0];
      if (!wallet) throw new WalletServiceError('failed', 'No wallet is connected.');
      const provider = wallet.provider as Eip1193Provider;
      const hex = toHexChainId(chainId);
      try {
        try {
          await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hex }] });
        } catch (error) {
          if (rpcErrorCode(error) !== 4902) throw error;
          const chain = (await deps.loadChains()).find((c) => c.chainId === chainId);
          if (!chain) throw new WalletServiceError('failed', `Chain ${chainId} is not listed by the gateway.`);
          await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParams(chain, deps.getConfig())] });
          await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hex }] });
        }
        const now = toDecimalChainId(await provider.request({ method: 'eth_chainId' }));
        return { chainId: now ?? chainId };
      } catch (error) {
        throw toServiceError(error, WALLET_TEXTS.switchRejected);
      }
    },
    async disconnect(label) {
      if (!onboard) return;
      const api = await onboard;
      await api.disconnectWallet({ label });
    },
    watch(label, emit) {
      let stopped = false;
      const disposers: (() => void)[] = [];
      void (async () => {
        const api = onboard ? await onboard.catch(() => null) : null;
        if (stopped) return;
        const wallet = api?.state.get().wallets.find((w) => w.label === label);
        if (!api || !wallet) {
          emit({ type: 'wallet.disconnected' });
          return;
        }
        const provider = wallet.provider as Eip1193Provider;
        const onAccounts = (accounts: unknown) => {
          const list = Array.isArray(accounts) ? accounts.filter((a): a is string => typeof a === 'string') : [];
          emit({ type: 'wallet.accountsChanged', accounts: list.map((a) => getAddress(a) as HexAddress) });
        };
        const onChain = (chainId: unknown) => {
          const decimal = toDecimalChainId(chainId);
          if (decimal) emit({ type: 'wallet.chainChanged', chainId: decimal });
        };
        const onDisconnect = () => emit({ type: 'wallet.disconnected' });
        // The Devnet Wallet's device profile may change while it is connected (issue 19): the next signing step uses it.
        const devnet = devnetInstalled && devnetInstalled.label === label ? devnetInstalled.provider : null;
        if (devnet) {
          let reported = JSON.stringify(signerDeviceOf(label, devnet));
          disposers.push(
            devnet.onDeviceChange(() => {
              const device = signerDeviceOf(label, devnet);
              const key = JSON.stringify(device);
              if (key === reported) return; // a state or screen change of the same device
              reported = key;
              emit({ type: 'wallet.deviceChanged', device });
            }),
          );
        }
        provider.on?.('accountsChanged', onAccounts as never);
        provider.on?.('chainChanged', onChain as never);
        provider.on?.('disconnect', onDisconnect as never);
        disposers.push(() => {
          provider.removeListener?.('accountsChanged', onAccounts as never);
          provider.removeListener?.('chainChanged', onChain as never);
          provider.removeListener?.('disconnect', onDisconnect as never);
        });
        // web3-onboard may drop the wallet itself; for the app that is a disconnect too.
        const subscription = api.state.select('wallets').subscribe((wallets) => {
          if (!wallets.some((w) => w.label === label)) onDisconnect();
        });
        disposers.push(() => subscription.unsubscribe());
      })();
      return () => {
        stopped = true;
        for (const dispose of disposers.splice(0)) dispose();
      };
    },
    remember(label) {
      storage()?.setItem(LAST_WALLET_KEY, label);
    },
    forget() {
      storage()?.removeItem(LAST_WALLET_KEY);
    },
    provider() {
      const wallet = loaded?.state.get().wallets[0];
      return wallet ? (wallet.provider as Eip1193Provider) : null;
    },
  };
}
