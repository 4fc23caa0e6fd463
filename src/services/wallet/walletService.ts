/**
 * The wallet service as the first load carries it: a thin stand-in for onboard.ts (the service on web3-onboard),
 * which it loads on first real use — connecting, or reconnecting a remembered wallet. A visitor with no wallet
 * remembered downloads none of it until they press Connect (decision 0045). What it answers by itself is only
 * what needs no wallet code: whether a wallet is remembered, remembering and forgetting one, and "no provider
 * yet". Everything else is onboard.ts's, unchanged.
 */
import { fromCallback } from 'xstate';
import { effectActors } from '../../machines/shared/effects.ts';
import type { WalletConnectionMachine } from '../../machines/walletConnection/walletConnection.machine.ts';
import type { WalletConnectionEffects, WalletConnectionEvent } from '../../machines/walletConnection/walletConnection.types.ts';
import type { DevnetAccounts, KeyValueStorage, WalletService, WalletServiceDeps } from './onboard.ts';

/** Where the last connected wallet's label is kept (localStorage), so that a reload reconnects it without a modal. */
export const LAST_WALLET_KEY = 'countersign.lastWallet';

type OnboardModule = typeof import('./onboard.ts');

/** The service module once loaded in this page (the Devnet Wallet's account switcher asks it). */
let loadedModule: OnboardModule | null = null;
const loadOnboardService = (): Promise<OnboardModule> =>
  import('./onboard.ts').then((module) => {
    loadedModule = module;
    return module;
  });

/** Where the remembered wallet is kept: the given storage, else the window's localStorage; null where it is refused. */
export function walletStorage(deps: Pick<WalletServiceDeps, 'storage' | 'window'>): KeyValueStorage | null {
  try {
    return deps.storage ?? (deps.window ?? window).localStorage;
  } catch {
    return null;
  }
}

export function createLazyWalletService(deps: WalletServiceDeps, load: () => Promise<OnboardModule> = loadOnboardService): WalletService {
  const storage = () => walletStorage(deps);
  let service: WalletService | null = null;
  let loading: Promise<WalletService> | null = null;
  const real = (): Promise<WalletService> =>
    (loading ??= load()
      .then((module) => (service = module.createWalletService(deps)))
      .catch((error: unknown) => {
        loading = null; // a later attempt loads again (a chunk that failed to download)
        throw error;
      }));

  return {
    connect: async (label) => (await real()).connect(label),
    async restore() {
      if (!storage()?.getItem(LAST_WALLET_KEY)) return null; // nothing remembered: no wallet code is loaded
      return (await real()).restore();
    },
    switchChain: async (chainId) => (await real()).switchChain(chainId),
    async disconnect(label) {
      if (service) await service.disconnect(label); // never loaded: nothing is connected
    },
    watch(label, emit) {
      if (service) return service.watch(label, emit);
      let stop: (() => void) | null = null;
      let stopped = false;
      void real().then(
        (loaded) => {
          if (!stopped) stop = loaded.watch(label, emit);
        },
        () => {
          if (!stopped) emit({ type: 'wallet.disconnected' });
        },
      );
      return () => {
        stopped = true;
        stop?.();
      };
    },
    remember: (label) => storage()?.setItem(LAST_WALLET_KEY, label),
    forget: () => storage()?.removeItem(LAST_WALLET_KEY),
    provider: () => service?.provider() ?? null,
  };
}

/**
 * The Devnet Wallet's account switcher for the wallet menu (decision 0037), in the builds that may carry the
 * Devnet Wallet; null in production builds. Before the wallet code is loaded no Devnet Wallet is announced, so
 * it lists nothing.
 */
export const devnetAccounts: DevnetAccounts | null =
  import.meta.env.DEV || import.meta.env.MODE === 'devnet'
    ? {
        accountsOf: (walletLabel) => loadedModule?.devnetAccounts?.accountsOf(walletLabel) ?? null,
        select: (index) => loadedModule?.devnetAccounts?.select(index),
      }
    : null;

/**
 * The walletConnection machine with its real effects. The composition root calls this once and creates the
 * actor from the result, e.g.
 *   provideWalletServices(walletConnectionMachine, { loadChains: async () => (await gateway.getChainsConfig()).results, getConfig })
 */
export function provideWalletServices(machine: WalletConnectionMachine, deps: WalletServiceDeps | WalletService) {
  const service = 'connect' in deps ? deps : createLazyWalletService(deps);
  return machine.provide({
    actors: {
      ...effectActors<WalletConnectionEffects>({
        restoreWallet: () => service.restore(),
        connectWallet: () => service.connect(),
        switchChain: (input) => service.switchChain(input.chainId),
        disconnectWallet: (input) => service.disconnect(input.label),
      }),
      watchWallet: fromCallback<WalletConnectionEvent, { label: string }>(({ sendBack, input }) => service.watch(input.label, sendBack)),
    },
    actions: {
      rememberWallet: (_, params) => service.remember(params.label),
      forgetWallet: () => service.forget(),
    },
  });
}
