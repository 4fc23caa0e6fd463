/**
 * walletConnection: the user's browser wallet.
 *
 *   restoring ──▶ disconnected ──user.connect──▶ connecting ──▶ connected.{ready | wrongChain | unsupportedChain}
 *                      ▲                          │  ▲   │
 *                      │        failed ◀──────────┘  │   └──▶ unavailable (no wallet in this browser)
 *                      │          (user.connect)     │
 *                      │                      retrying (after 100 ms; at most 2 retries of a `failed` error)
 *                      └──── disconnecting ◀── user.disconnect
 *
 * - `restoring` reconnects the last wallet after a reload without a modal (the effect decides whether one
 *   was remembered); any failure there ends quietly in `disconnected`.
 * - Retry (product-spec §9, "wallet connection layer: retry 2 with 100 ms delay") is modelled here, not hidden
 *   in the effect: a connection that fails with kind `failed` goes to `retrying` and, 100 ms later, back to
 *   `connecting`, at most CONNECTION_RETRIES times. A rejection (4001) or a missing wallet is never retried.
 * - `wrongChain` = connected, but not on the open Safe's chain (`system.requiredChainChanged`);
 *   `unsupportedChain` = on a chain the gateway does not list (`system.supportedChainsChanged`). Both offer
 *   `user.switchChain` (effect `switchChain`: wallet_switchEthereumChain, 4902 → wallet_addEthereumChain).
 *   A failed or rejected switch is `switchFailed` with a retry; the connection is kept.
 * - While connected, `watchWallet` (a callback actor) turns the wallet's own events into plain
 *   `wallet.accountsChanged` / `wallet.chainChanged` / `wallet.disconnected` events.
 * - Every chain-dependent transition picks its target with the guards `isUnsupportedChain` / `isWrongChain`,
 *   evaluated on the chain view the event leads to (guard params), so no eventless transitions are needed.
 *
 * Effects are named placeholders; src/services/wallet/onboard.ts `provideWalletServices` supplies the real
 * ones. Actions `rememberWallet`/`forgetWallet` persist the last wallet's label.
 */
import { assign, fromCallback, setup } from 'xstate';
import type { SignerDevice } from '../../domain/wallet/signerDevice.ts';
import { reportToParent } from '../shared/report.ts';
import { effectPlaceholders } from '../shared/effects.ts';
import { CONNECTION_RETRIES, CONNECTION_RETRY_DELAY_MS, WALLET_TEXTS, chainFit, toWalletFailure } from './walletConnection.logic.ts';
import type {
  ChainView,
  ConnectResult,
  SwitchChainOutput,
  WalletConnectionContext,
  WalletConnectionEffects,
  WalletConnectionEvent,
  WalletConnectionReport,
  WatchWalletInput,
} from './walletConnection.types.ts';

export const WALLET_CONNECTION_ID = 'walletConnection';

const view = (context: WalletConnectionContext): ChainView => ({
  chainId: context.wallet?.chainId ?? null,
  requiredChainId: context.requiredChainId,
  supportedChainIds: context.supportedChainIds,
});

const S = {
  disconnected: `#${WALLET_CONNECTION_ID}.disconnected`,
  ready: `#${WALLET_CONNECTION_ID}.connected.ready`,
  wrongChain: `#${WALLET_CONNECTION_ID}.connected.wrongChain`,
  unsupportedChain: `#${WALLET_CONNECTION_ID}.connected.unsupportedChain`,
} as const;

/** The chain switch offered while connected on another chain than the Safe's: the same substates for a wrong chain and an unsupported one. */
const switchingChain = (idle: { guard?: 'hasRequiredChain'; target: 'switching' }) => {
  const switched = ({ context, event }: { context: WalletConnectionContext; event: { output: SwitchChainOutput } }) => ({ ...view(context), chainId: event.output.chainId });
  const storeSwitched = ({ event }: { event: { output: SwitchChainOutput } }) => event.output;
  return {
    initial: 'idle' as const,
    states: {
      idle: { on: { 'user.switchChain': idle } },
      switching: {
        tags: ['busy'],
        invoke: {
          id: 'switchChain',
          src: 'switchChain' as const,
          input: ({ context }: { context: WalletConnectionContext }) => ({ chainId: context.requiredChainId ?? '' }),
          onDone: [
            { guard: { type: 'isUnsupportedChain' as const, params: switched }, target: S.unsupportedChain, actions: [{ type: 'assignSwitchedChain' as const, params: storeSwitched }, 'reportConnection' as const] },
            { guard: { type: 'isWrongChain' as const, params: switched }, target: S.wrongChain, actions: [{ type: 'assignSwitchedChain' as const, params: storeSwitched }, 'reportConnection' as const] },
            { target: S.ready, actions: [{ type: 'assignSwitchedChain' as const, params: storeSwitched }, 'reportConnection' as const] },
          ],
          onError: { target: 'switchFailed', actions: { type: 'showSwitchFailure' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
        },
      },
      switchFailed: {
        on: {
          'user.switchChain': { target: 'switching', actions: 'clearError' as const },
          'user.dismiss': { target: 'idle', actions: 'clearError' as const },
        },
      },
    },
  };
};

export const walletConnectionMachine = setup({
  types: {
    context: {} as WalletConnectionContext,
    events: {} as WalletConnectionEvent,
  },
  actors: {
    ...effectPlaceholders<WalletConnectionEffects>(
      { restoreWallet: true, connectWallet: true, switchChain: true, disconnectWallet: true },
      'src/services/wallet/onboard.ts',
    ),
    // Placeholder: watches nothing. The real one subscribes to the wallet's EIP-1193 events.
    watchWallet: fromCallback<WalletConnectionEvent, WatchWalletInput>(() => () => {}),
  },
  delays: {
    connectionRetryDelay: CONNECTION_RETRY_DELAY_MS,
  },
  guards: {
    hasConnection: (_, params: { result: ConnectResult }) => params.result !== null,
    isUnsupportedChain: (_, params: ChainView) => chainFit(params) === 'unsupportedChain',
    isWrongChain: (_, params: ChainView) => chainFit(params) === 'wrongChain',
    isUnavailable: (_, params: { error: unknown }) => toWalletFailure(params.error).kind === 'unavailable',
    canRetryConnection: ({ context }, params: { error: unknown }) =>
      toWalletFailure(params.error).kind === 'failed' && context.retries < CONNECTION_RETRIES,
    hasNoAccounts: (_, params: { accounts: readonly string[] }) => params.accounts.length === 0,
    hasRequiredChain: ({ context }) => context.requiredChainId !== null,
  },
  actions: {
    /** Persist the connected wallet's label so a reload reconnects it. */
    rememberWallet: (_, _params: { label: string }) => {},
    /** Forget the remembered wallet (the user disconnected, or the wallet went away). */
    forgetWallet: () => {},
    /** Tells the parent (the root) the connected account, or null; nothing when the machine runs alone. */
    reportConnection: ({ context, self }) =>
      reportToParent<WalletConnectionReport>(self, {
        type: 'wallet.connectionChanged',
        account: context.wallet
          ? { address: context.wallet.address, chainId: context.wallet.chainId, ...(context.wallet.device ? { device: context.wallet.device } : {}) }
          : null,
      }),
    assignConnection: assign((_, result: ConnectResult) => ({ wallet: result, error: null, retries: 0 })),
    assignChain: assign(({ context }, params: { chainId: string }) => ({ wallet: context.wallet ? { ...context.wallet, chainId: params.chainId } : context.wallet })),
    assignSwitchedChain: assign(({ context }, output: SwitchChainOutput) => ({
      wallet: context.wallet ? { ...context.wallet, chainId: output.chainId } : context.wallet,
      error: null,
    })),
    /** The wallet's selected account is now the first of the list. */
    assignAccount: assign(({ context }, params: { accounts: readonly `0x${string}`[] }) => ({
      wallet: context.wallet && params.accounts[0] ? { ...context.wallet, address: params.accounts[0] } : context.wallet,
    })),
    /** The wallet signs on `device` from now on (null: in the browser, no device). */
    assignDevice: assign(({ context }, params: { device: SignerDevice | null }) => {
      if (!context.wallet) return {};
      const { device: _old, ...rest } = context.wallet;
      return { wallet: params.device ? { ...rest, device: params.device } : rest };
    }),
    clearWallet: assign({ wallet: null, error: null }),
    startAttempt: assign({ retries: 0, error: null }),
    clearError: assign({ error: null }),
    showFailure: assign((_, params: { error: unknown }) => ({ error: toWalletFailure(params.error) })),
    showSwitchFailure: assign((_, params: { error: unknown }) => ({ error: toWalletFailure(params.error, WALLET_TEXTS.switchRejected) })),
    countRetry: assign(({ context }, params: { error: unknown }) => ({ retries: context.retries + 1, error: toWalletFailure(params.error) })),
    assignRequiredChain: assign({
      requiredChainId: ({ context, event }) => (event.type === 'system.requiredChainChanged' ? event.chainId : context.requiredChainId),
    }),
    assignSupportedChains: assign({
      supportedChainIds: ({ context, event }) => (event.type === 'system.supportedChainsChanged' ? event.chainIds : context.supportedChainIds),
      chainNames: ({ context, event }) => (event.type === 'system.supportedChainsChanged' ? { ...context.chainNames, ...event.chainNames } : context.chainNames),
    }),
  },
}).createMachine({
  id: WALLET_CONNECTION_ID,
  context: {
    wallet: null,
    requiredChainId: null,
    supportedChainIds: null,
    chainNames: {},
    retries: 0,
    error: null,
  },
  // Outside `connected` these only record; inside it they also re-classify the chain (see below).
  on: {
    'system.requiredChainChanged': { actions: 'assignRequiredChain' },
    'system.supportedChainsChanged': { actions: 'assignSupportedChains' },
  },
  initial: 'restoring',
  states: {
    restoring: {
      meta: { description: 'Reconnecting the wallet remembered from the last visit' },
      tags: ['busy'],
      invoke: {
        id: 'restoreWallet',
        src: 'restoreWallet',
        onDone: [
          {
            guard: { type: 'isUnsupportedChain', params: ({ context, event }) => ({ ...view(context), chainId: event.output?.chainId ?? null }) },
            target: S.unsupportedChain,
            actions: [{ type: 'assignConnection', params: ({ event }) => event.output }, 'reportConnection'],
          },
          {
            guard: { type: 'isWrongChain', params: ({ context, event }) => ({ ...view(context), chainId: event.output?.chainId ?? null }) },
            target: S.wrongChain,
            actions: [{ type: 'assignConnection', params: ({ event }) => event.output }, 'reportConnection'],
          },
          {
            guard: { type: 'hasConnection', params: ({ event }) => ({ result: event.output }) },
            target: S.ready,
            actions: [{ type: 'assignConnection', params: ({ event }) => event.output }, 'reportConnection'],
          },
          { target: 'disconnected' },
        ],
        // Nothing was asked of the user, so a failed silent reconnect is not an error to show.
        onError: { target: 'disconnected', actions: 'forgetWallet' },
      },
    },
    disconnected: {
      meta: { description: 'No wallet connected' },
      on: { 'user.connect': { target: 'connecting', actions: 'startAttempt' } },
    },
    connecting: {
      meta: { description: 'Waiting for the user to choose and approve a wallet' },
      tags: ['busy'],
      invoke: {
        id: 'connectWallet',
        src: 'connectWallet',
        onDone: [
          {
            guard: { type: 'isUnsupportedChain', params: ({ context, event }) => ({ ...view(context), chainId: event.output?.chainId ?? null }) },
            target: S.unsupportedChain,
            actions: [{ type: 'assignConnection', params: ({ event }) => event.output }, 'reportConnection', { type: 'rememberWallet', params: ({ event }) => ({ label: event.output?.label ?? '' }) }],
          },
          {
            guard: { type: 'isWrongChain', params: ({ context, event }) => ({ ...view(context), chainId: event.output?.chainId ?? null }) },
            target: S.wrongChain,
            actions: [{ type: 'assignConnection', params: ({ event }) => event.output }, 'reportConnection', { type: 'rememberWallet', params: ({ event }) => ({ label: event.output?.label ?? '' }) }],
          },
          {
            guard: { type: 'hasConnection', params: ({ event }) => ({ result: event.output }) },
            target: S.ready,
            actions: [{ type: 'assignConnection', params: ({ event }) => event.output }, 'reportConnection', { type: 'rememberWallet', params: ({ event }) => ({ label: event.output?.label ?? '' }) }],
          },
          // The user closed the wallet list without choosing: back to where they were, nothing to report.
          { target: 'disconnected' },
        ],
        onError: [
          {
            guard: { type: 'isUnavailable', params: ({ event }) => ({ error: event.error }) },
            target: 'unavailable',
            actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'canRetryConnection', params: ({ event }) => ({ error: event.error }) },
            target: 'retrying',
            actions: { type: 'countRetry', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    retrying: {
      meta: { description: 'The connection failed; trying again shortly' },
      tags: ['busy'],
      after: { connectionRetryDelay: { target: 'connecting' } },
    },
    failed: {
      meta: { description: 'The connection was rejected or failed' },
      on: {
        'user.connect': { target: 'connecting', actions: 'startAttempt' },
        'user.dismiss': { target: 'disconnected', actions: 'clearError' },
      },
    },
    unavailable: {
      meta: { description: 'No wallet is installed or available in this browser' },
      on: {
        'user.connect': { target: 'connecting', actions: 'startAttempt' },
        'user.dismiss': { target: 'disconnected', actions: 'clearError' },
      },
    },
    connected: {
      meta: { description: 'A wallet is connected' },
      invoke: {
        id: 'watchWallet',
        src: 'watchWallet',
        input: ({ context }) => ({ label: context.wallet?.label ?? '' }),
      },
      on: {
        'wallet.accountsChanged': [
          {
            guard: { type: 'hasNoAccounts', params: ({ event }) => ({ accounts: event.accounts }) },
            target: 'disconnected',
            actions: ['clearWallet', 'reportConnection', 'forgetWallet'],
          },
          {
            actions: [{ type: 'assignAccount', params: ({ event }) => event }, 'reportConnection'],
          },
        ],
        'wallet.chainChanged': [
          {
            guard: { type: 'isUnsupportedChain', params: ({ context, event }) => ({ ...view(context), chainId: event.chainId }) },
            target: S.unsupportedChain,
            actions: [{ type: 'assignChain', params: ({ event }) => event }, 'reportConnection'],
          },
          {
            guard: { type: 'isWrongChain', params: ({ context, event }) => ({ ...view(context), chainId: event.chainId }) },
            target: S.wrongChain,
            actions: [{ type: 'assignChain', params: ({ event }) => event }, 'reportConnection'],
          },
          { target: S.ready, actions: [{ type: 'assignChain', params: ({ event }) => event }, 'reportConnection'] },
        ],
        'wallet.disconnected': { target: 'disconnected', actions: ['clearWallet', 'reportConnection', 'forgetWallet'] },
        // The next signing step uses the new device (the root passes it on to running flows as wallet.changed).
        'wallet.deviceChanged': { actions: [{ type: 'assignDevice', params: ({ event }) => event }, 'reportConnection'] },
        'system.requiredChainChanged': [
          {
            guard: { type: 'isUnsupportedChain', params: ({ context, event }) => ({ ...view(context), requiredChainId: event.chainId }) },
            target: S.unsupportedChain,
            actions: 'assignRequiredChain',
          },
          {
            guard: { type: 'isWrongChain', params: ({ context, event }) => ({ ...view(context), requiredChainId: event.chainId }) },
            target: S.wrongChain,
            actions: 'assignRequiredChain',
          },
          { target: S.ready, actions: 'assignRequiredChain' },
        ],
        'system.supportedChainsChanged': [
          {
            guard: { type: 'isUnsupportedChain', params: ({ context, event }) => ({ ...view(context), supportedChainIds: event.chainIds }) },
            target: S.unsupportedChain,
            actions: 'assignSupportedChains',
          },
          {
            guard: { type: 'isWrongChain', params: ({ context, event }) => ({ ...view(context), supportedChainIds: event.chainIds }) },
            target: S.wrongChain,
            actions: 'assignSupportedChains',
          },
          { target: S.ready, actions: 'assignSupportedChains' },
        ],
        'user.disconnect': { target: 'disconnecting' },
      },
      // Always entered through an explicit, guarded target (ready / wrongChain / unsupportedChain); the
      // initial state is only a formality.
      initial: 'ready',
      states: {
        ready: { meta: { description: 'Connected on a usable chain' } },
        wrongChain: {
          meta: { description: 'Connected, but not on the open Safe’s chain' },
          tags: ['chainMismatch'],
          ...switchingChain({ target: 'switching' }),
        },
        unsupportedChain: {
          meta: { description: 'Connected on a chain the gateway does not list' },
          tags: ['chainMismatch'],
          ...switchingChain({ guard: 'hasRequiredChain', target: 'switching' }),
        },
      },
    },
    disconnecting: {
      meta: { description: 'Disconnecting the wallet' },
      tags: ['busy'],
      invoke: {
        id: 'disconnectWallet',
        src: 'disconnectWallet',
        input: ({ context }) => ({ label: context.wallet?.label ?? '' }),
        // Whatever the wallet answers, the app forgets it: the user asked to disconnect.
        onDone: { target: 'disconnected', actions: ['clearWallet', 'reportConnection', 'forgetWallet'] },
        onError: { target: 'disconnected', actions: ['clearWallet', 'reportConnection', 'forgetWallet'] },
      },
    },
  },
});

export type WalletConnectionMachine = typeof walletConnectionMachine;
