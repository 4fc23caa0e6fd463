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
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { CONNECTION_RETRIES, CONNECTION_RETRY_DELAY_MS, WALLET_TEXTS, chainFit, toWalletFailure } from './walletConnection.logic.ts';
import type {
  ChainView,
  ConnectResult,
  DisconnectInput,
  SwitchChainInput,
  SwitchChainOutput,
  WalletConnectionContext,
  WalletConnectionEvent,
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

export const walletConnectionMachine = setup({
  types: {
    context: {} as WalletConnectionContext,
    events: {} as WalletConnectionEvent,
  },
  actors: {
    restoreWallet: fromPromise<ConnectResult>(async () => {
      throw new Error('restoreWallet is provided by the composition root');
    }),
    connectWallet: fromPromise<ConnectResult>(async () => {
      throw new Error('connectWallet is provided by the composition root');
    }),
    switchChain: fromPromise<SwitchChainOutput, SwitchChainInput>(async () => {
      throw new Error('switchChain is provided by the composition root');
    }),
    disconnectWallet: fromPromise<void, DisconnectInput>(async () => {
      throw new Error('disconnectWallet is provided by the composition root');
    }),
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
    assignConnection: assign({
      wallet: ({ event }) => (event as unknown as { output: ConnectResult }).output,
      error: null,
      retries: 0,
    }),
    assignChain: assign({
      wallet: ({ context, event }) => (context.wallet && event.type === 'wallet.chainChanged' ? { ...context.wallet, chainId: event.chainId } : context.wallet),
    }),
    assignSwitchedChain: assign({
      wallet: ({ context, event }) => {
        const chainId = (event as unknown as { output: SwitchChainOutput }).output.chainId;
        return context.wallet ? { ...context.wallet, chainId } : context.wallet;
      },
      error: null,
    }),
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
            actions: 'assignConnection',
          },
          {
            guard: { type: 'isWrongChain', params: ({ context, event }) => ({ ...view(context), chainId: event.output?.chainId ?? null }) },
            target: S.wrongChain,
            actions: 'assignConnection',
          },
          { guard: { type: 'hasConnection', params: ({ event }) => ({ result: event.output }) }, target: S.ready, actions: 'assignConnection' },
          { target: 'disconnected' },
        ],
        // Nothing was asked of the user, so a failed silent reconnect is not an error to show.
        onError: { target: 'disconnected', actions: 'forgetWallet' },
      },
    },
    disconnected: {
      meta: { description: 'No wallet connected' },
      on: { 'user.connect': { target: 'connecting', actions: assign({ retries: 0, error: null }) } },
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
            actions: ['assignConnection', { type: 'rememberWallet', params: ({ event }) => ({ label: event.output?.label ?? '' }) }],
          },
          {
            guard: { type: 'isWrongChain', params: ({ context, event }) => ({ ...view(context), chainId: event.output?.chainId ?? null }) },
            target: S.wrongChain,
            actions: ['assignConnection', { type: 'rememberWallet', params: ({ event }) => ({ label: event.output?.label ?? '' }) }],
          },
          {
            guard: { type: 'hasConnection', params: ({ event }) => ({ result: event.output }) },
            target: S.ready,
            actions: ['assignConnection', { type: 'rememberWallet', params: ({ event }) => ({ label: event.output?.label ?? '' }) }],
          },
          // The user closed the wallet list without choosing: back to where they were, nothing to report.
          { target: 'disconnected' },
        ],
        onError: [
          {
            guard: { type: 'isUnavailable', params: ({ event }) => ({ error: event.error }) },
            target: 'unavailable',
            actions: assign({ error: ({ event }) => toWalletFailure(event.error) }),
          },
          {
            guard: { type: 'canRetryConnection', params: ({ event }) => ({ error: event.error }) },
            target: 'retrying',
            actions: assign({ retries: ({ context }) => context.retries + 1, error: ({ event }) => toWalletFailure(event.error) }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => toWalletFailure(event.error) }) },
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
        'user.connect': { target: 'connecting', actions: assign({ retries: 0, error: null }) },
        'user.dismiss': { target: 'disconnected', actions: assign({ error: null }) },
      },
    },
    unavailable: {
      meta: { description: 'No wallet is installed or available in this browser' },
      on: {
        'user.connect': { target: 'connecting', actions: assign({ retries: 0, error: null }) },
        'user.dismiss': { target: 'disconnected', actions: assign({ error: null }) },
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
            actions: [assign({ wallet: null, error: null }), 'forgetWallet'],
          },
          {
            actions: assign({
              wallet: ({ context, event }) => (context.wallet && event.accounts[0] ? { ...context.wallet, address: event.accounts[0] } : context.wallet),
            }),
          },
        ],
        'wallet.chainChanged': [
          {
            guard: { type: 'isUnsupportedChain', params: ({ context, event }) => ({ ...view(context), chainId: event.chainId }) },
            target: S.unsupportedChain,
            actions: 'assignChain',
          },
          {
            guard: { type: 'isWrongChain', params: ({ context, event }) => ({ ...view(context), chainId: event.chainId }) },
            target: S.wrongChain,
            actions: 'assignChain',
          },
          { target: S.ready, actions: 'assignChain' },
        ],
        'wallet.disconnected': { target: 'disconnected', actions: [assign({ wallet: null, error: null }), 'forgetWallet'] },
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
          initial: 'idle',
          states: {
            idle: { on: { 'user.switchChain': { target: 'switching' } } },
            switching: {
              tags: ['busy'],
              invoke: {
                id: 'switchChain',
                src: 'switchChain',
                input: ({ context }) => ({ chainId: context.requiredChainId ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isUnsupportedChain', params: ({ context, event }) => ({ ...view(context), chainId: event.output.chainId }) },
                    target: S.unsupportedChain,
                    actions: 'assignSwitchedChain',
                  },
                  {
                    guard: { type: 'isWrongChain', params: ({ context, event }) => ({ ...view(context), chainId: event.output.chainId }) },
                    target: S.wrongChain,
                    actions: 'assignSwitchedChain',
                  },
                  { target: S.ready, actions: 'assignSwitchedChain' },
                ],
                onError: { target: 'switchFailed', actions: assign({ error: ({ event }) => toWalletFailure(event.error, WALLET_TEXTS.switchRejected) }) },
              },
            },
            switchFailed: {
              on: {
                'user.switchChain': { target: 'switching', actions: assign({ error: null }) },
                'user.dismiss': { target: 'idle', actions: assign({ error: null }) },
              },
            },
          },
        },
        unsupportedChain: {
          meta: { description: 'Connected on a chain the gateway does not list' },
          tags: ['chainMismatch'],
          initial: 'idle',
          states: {
            idle: { on: { 'user.switchChain': { guard: 'hasRequiredChain', target: 'switching' } } },
            switching: {
              tags: ['busy'],
              invoke: {
                id: 'switchChain',
                src: 'switchChain',
                input: ({ context }) => ({ chainId: context.requiredChainId ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isUnsupportedChain', params: ({ context, event }) => ({ ...view(context), chainId: event.output.chainId }) },
                    target: S.unsupportedChain,
                    actions: 'assignSwitchedChain',
                  },
                  {
                    guard: { type: 'isWrongChain', params: ({ context, event }) => ({ ...view(context), chainId: event.output.chainId }) },
                    target: S.wrongChain,
                    actions: 'assignSwitchedChain',
                  },
                  { target: S.ready, actions: 'assignSwitchedChain' },
                ],
                onError: { target: 'switchFailed', actions: assign({ error: ({ event }) => toWalletFailure(event.error, WALLET_TEXTS.switchRejected) }) },
              },
            },
            switchFailed: {
              on: {
                'user.switchChain': { target: 'switching', actions: assign({ error: null }) },
                'user.dismiss': { target: 'idle', actions: assign({ error: null }) },
              },
            },
          },
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
        onDone: { target: 'disconnected', actions: [assign({ wallet: null, error: null }), 'forgetWallet'] },
        onError: { target: 'disconnected', actions: [assign({ wallet: null, error: null }), 'forgetWallet'] },
      },
    },
  },
});

export type WalletConnectionMachine = typeof walletConnectionMachine;
