/**
 * safeSession: the open Safe (`?safe=<shortName>:<address>`).
 *
 *   validating ─► invalidAddress                       (address is not a valid/checksummed address)
 *       └─► resolvingChain ─► chainNotSupported         (shortName not among the gateway's chains)
 *                │      └─► gatewayDown ◄─┐  user.retry (network error, 5xx, bad response)
 *                └─► loadingSafe ─► notASafe (user.retry)
 *                        ├─► lookAlike ─user.openLookAlike (acknowledged)─┐   (imitates a Safe or address you know)
 *                        └─► ready (parallel) ◄──────────────────────────────┘
 *                              info:      watching (polls every 15 s; settles when Safe info changed) ─► watching
 *                                           └─ a poll failed ─► retrying ─after 15 s─► refreshing ─► watching
 *                                         paused (hidden) ─visible─► refreshing ─► watching
 *                              balances:  loading ─► loaded | failed   (currency, history tag)
 *                              fiatCodes: idle ─user.listOpened─► loading ─► loaded | failed
 *
 * The session's children have fixed ids: the paged lists `queue`, `history`, `messages`, `collectibles`
 * (pagedList) and the openers `txDetails`, `messageDetails` (details). A poll of Safe info that changes
 * txQueuedTag / txHistoryTag / messagesTag / collectiblesTag sends `system.refresh` to the children that tag
 * covers, and a txHistoryTag change reloads balances; nothing else reloads them. Every list fails on its
 * own: one failing list never hides another. When a flow settles (`system.flowSettled`, from the root) the
 * session treats the queue, history and messages tags as changed at once and polls Safe info right away: the
 * queue must not name an executed nonce as the one to execute first, nor hide bulk execution, until the next poll.
 *
 * `ready` invokes what the home shows (the queue) and the openers. What it does not show waits until a screen
 * that shows it opens (decision 0017): a screen sends `user.listOpened` on mount, and the session then spawns
 * `history`, `messages` or `collectibles` (once: `openLists` records it) or starts `fiatCodes.idle`. Once
 * started, a list keeps running (refreshes, retries) for this Safe.
 *
 * Look-alike Safes (S17, decision 0064): the opening's `loadSafeInfo` also compares the Safe with the Safes and
 * addresses this browser knows on its chain (`checkLookAlike`); one that begins and ends like a known one but differs
 * inside stops in `lookAlike` before any of its screens. "Open this Safe anyway" needs the acknowledgement and is
 * remembered for this page load (`rememberLookAlikeOpened`, provided by the services); the other way on is a link.
 *
 * Effects are named actors with typed placeholders; src/services/safeSession.ts provides the real ones.
 */
import { assign, enqueueActions, setup } from 'xstate';
import type { ChainInfo, SafeBalances, SafeInfo } from '../../domain/gateway/types.ts';
import { effectPlaceholders } from '../shared/effects.ts';
import { reportToParent } from '../shared/report.ts';
import { createPagedListMachine } from '../pagedList/pagedList.machine.ts';
import { messageDetailsMachine, txDetailsMachine } from './details.machine.ts';
import { errorMessage, failureKind } from './safeSession.errors.ts';
import { DEFAULT_CURRENCY, POLL_INTERVAL_MS, changedTags, childrenToRefresh, findChain, hasFeature, isValidSafeAddress, type SessionChildId } from './safeSession.helpers.ts';
import type {
  CollectibleItem,
  HistoryItem,
  MessagesItem,
  OnDemandList,
  OpenedSafeInfo,
  QueueItem,
  SafeInfoTag,
  SafeSessionContext,
  SafeSessionEffects,
  SafeSessionEvent,
  SafeSessionInput,
  SafeSessionReport,
} from './safeSession.types.ts';

export const SAFE_SESSION_ID = 'safeSession';

/** The tags a settled flow may have changed (a transaction: queue and history; a message: messages). */
const FLOW_SETTLED_TAGS: readonly SafeInfoTag[] = ['txQueuedTag', 'txHistoryTag', 'messagesTag'];

export const queueListMachine = createPagedListMachine<QueueItem>('queue');
export const historyListMachine = createPagedListMachine<HistoryItem>('history');
export const messagesListMachine = createPagedListMachine<MessagesItem>('messages');
export const collectiblesListMachine = createPagedListMachine<CollectibleItem>('collectibles');

/** Whether a child runs: the queue and the openers from `ready` on, the other lists once a screen opened them. */
const isRunning = (context: SafeSessionContext, id: SessionChildId): boolean =>
  (context.openLists as readonly SessionChildId[]).includes(id) || id === 'queue' || id === 'txDetails' || id === 'messageDetails';

/** Input of the children: the open Safe on its chain. */
const safeOf = (context: SafeSessionContext) => ({
  chainId: context.chain?.chainId ?? '',
  safeAddress: context.safeInfo?.address.value ?? context.safe.address,
});

export const safeSessionMachine = setup({
  types: {
    context: {} as SafeSessionContext,
    events: {} as SafeSessionEvent,
    input: {} as SafeSessionInput,
    children: {} as {
      queue: 'queueList';
      history: 'historyList';
      messages: 'messagesList';
      collectibles: 'collectiblesList';
      txDetails: 'txDetails';
      messageDetails: 'messageDetails';
    },
  },
  actors: {
    ...effectPlaceholders<SafeSessionEffects>({ loadChains: true, loadSafeInfo: true, watchSafeInfo: true, loadBalances: true, loadFiatCodes: true }, 'src/services/safeSession.ts'),
    queueList: queueListMachine,
    historyList: historyListMachine,
    messagesList: messagesListMachine,
    collectiblesList: collectiblesListMachine,
    txDetails: txDetailsMachine,
    messageDetails: messageDetailsMachine,
  },
  // After a failed poll (retrying ─► refreshing); before decision 0090, every poll (watching ─► refreshing).
  delays: { pollInterval: POLL_INTERVAL_MS },
  guards: {
    isValidAddress: ({ context }) => isValidSafeAddress(context.safe.address),
    isChainListed: ({ context }, chains: ChainInfo[]) => findChain(chains, context.safe.shortName) !== null,
    isNotASafe: (_, params: { error: unknown }) => failureKind(params.error) === 'notFound',
    hasChain: ({ context }) => context.chain !== null,
    isHidden: ({ context }) => !context.visible,
    isHiddenNow: (_, params: { visible: boolean }) => !params.visible,
    isVisibleNow: (_, params: { visible: boolean }) => params.visible,
    /** A currency from supported-fiat-codes other than the current one. */
    isOtherCurrency: ({ context }, params: { currency: string }) =>
      params.currency.toLowerCase() !== context.currency &&
      context.fiatCodes.some((code) => code.toLowerCase() === params.currency.toLowerCase()),
    hasBalances: ({ context }) => context.balances !== null,
    hasHistoryChanged: (_, params: { tags: string[] }) => params.tags.includes('txHistoryTag'),
    opensFiatCodes: (_, params: { list: OnDemandList }) => params.list === 'fiatCodes',
    /** A list child no screen has opened yet. */
    opensNewList: ({ context }, params: { list: OnDemandList }) => params.list !== 'fiatCodes' && !context.openLists.includes(params.list),
    /** The Safe being opened imitates one this browser knows (found by the services, never by the gateway). */
    isLookAlike: (_, info: OpenedSafeInfo) => info.lookAlike !== undefined,
    isLookAlikeAcknowledged: ({ context }) => context.lookAlikeAcknowledged === true,
  },
  actions: {
    assignChains: assign(({ context }, chains: ChainInfo[]) => ({
      chain: findChain(chains, context.safe.shortName),
      supportedShortNames: chains.map((chain) => chain.shortName),
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    assignSafeInfo: assign((_, info: SafeInfo) => ({ safeInfo: info, error: null, pollError: null })),
    /** An opening that found a look-alike: its Safe info (without the finding) and the finding. */
    assignLookAlike: assign((_, { lookAlike, ...info }: OpenedSafeInfo) => ({ safeInfo: info, error: null, pollError: null, lookAlike: lookAlike ?? null, lookAlikeAcknowledged: false })),
    assignLookAlikeAcknowledged: assign((_, params: { acknowledged: boolean }) => ({ lookAlikeAcknowledged: params.acknowledged })),
    /** The user opened a look-alike anyway: not asked again for it during this page load (provided by the services). */
    rememberLookAlikeOpened: (_, _params: { chainId: string; address: string }) => {},
    /** Takes a polled Safe info; its changed tags are a `gateway.tagsChanged`, which refreshes what they cover. */
    applyPolledSafeInfo: enqueueActions(({ context, enqueue }, info: SafeInfo) => {
      const tags = changedTags(context.safeInfo, info);
      enqueue.assign({ safeInfo: info, pollError: null });
      if (tags.length > 0) enqueue.raise({ type: 'gateway.tagsChanged', tags });
    }),
    /** The running children the changed tags cover reload (a poll's tags, or a flow that wrote to the gateway). */
    refreshChildren: enqueueActions(({ context, enqueue }, params: { tags: SafeInfoTag[] }) => {
      for (const id of childrenToRefresh(params.tags)) if (isRunning(context, id)) enqueue.sendTo(id, { type: 'system.refresh' });
    }),
    /** A flow settled: what it may have changed counts as changed (the lists reload before the poll returns). */
    raiseFlowSettledTags: enqueueActions(({ enqueue }) => {
      enqueue.raise({ type: 'gateway.tagsChanged', tags: [...FLOW_SETTLED_TAGS] });
    }),
    assignPollError: assign((_, params: { error: unknown }) => ({ pollError: errorMessage(params.error) })),
    assignVisibility: assign((_, params: { visible: boolean }) => ({ visible: params.visible })),
    assignBalances: assign((_, balances: SafeBalances) => ({ balances, balancesError: null })),
    assignBalancesError: assign((_, params: { error: unknown }) => ({ balancesError: errorMessage(params.error) })),
    assignCurrency: assign((_, params: { currency: string }) => ({ currency: params.currency.toLowerCase() })),
    assignFiatCodes: assign((_, codes: string[]) => ({ fiatCodes: codes, fiatCodesError: null })),
    assignFiatCodesError: assign((_, params: { error: unknown }) => ({ fiatCodesError: errorMessage(params.error) })),
    toggleTokenHidden: assign(({ context }, params: { tokenAddress: string }) => {
      const address = params.tokenAddress.toLowerCase();
      const hidden = context.hiddenTokens.includes(address);
      return { hiddenTokens: hidden ? context.hiddenTokens.filter((a) => a !== address) : [...context.hiddenTokens, address] };
    }),
    toggleShowHiddenTokens: assign(({ context }) => ({ showHiddenTokens: !context.showHiddenTokens })),
    toggleHideSmallBalances: assign(({ context }) => ({ hideSmallBalances: !context.hideSmallBalances })),
    assignWallet: assign((_, params: { address: string | null }) => ({ walletAddress: params.address })),
    /** Spawns a list child a screen opened (the guard lets each list through once). */
    startList: enqueueActions(({ context, enqueue }, params: { list: OnDemandList }) => {
      const safe = safeOf(context);
      if (params.list === 'history') enqueue.spawnChild('historyList', { id: 'history', input: { ...safe, enabled: true } });
      if (params.list === 'messages') enqueue.spawnChild('messagesList', { id: 'messages', input: { ...safe, enabled: hasFeature(context.chain, 'EIP1271') } });
      if (params.list === 'collectibles') enqueue.spawnChild('collectiblesList', { id: 'collectibles', input: { ...safe, enabled: hasFeature(context.chain, 'ERC721'), annotated: true } });
      if (params.list !== 'fiatCodes') enqueue.assign({ openLists: [...context.openLists, params.list] });
    }),
    /** Tells the parent (the root) the Safe's chain, or null when the gateway does not list it. */
    reportChain: ({ context, self }) => reportToParent<SafeSessionReport>(self, { type: 'safeSession.chainResolved', chainId: context.chain?.chainId ?? null }),
    /** Tells the parent (the root) that the Safe's info has loaded: its unfinished flows can come back. */
    reportSafeLoaded: ({ context, self }) =>
      reportToParent<SafeSessionReport>(self, {
        type: 'safeSession.safeLoaded',
        chainId: context.chain?.chainId ?? '',
        address: context.safeInfo?.address.value ?? context.safe.address,
      }),
  },
}).createMachine({
  id: SAFE_SESSION_ID,
  context: ({ input }) => ({
    safe: input.safe,
    chain: null,
    supportedShortNames: [],
    safeInfo: null,
    error: null,
    pollError: null,
    visible: input.visible ?? true,
    walletAddress: input.walletAddress ?? null,
    currency: (input.currency ?? DEFAULT_CURRENCY).toLowerCase(),
    balances: null,
    balancesError: null,
    fiatCodes: [],
    fiatCodesError: null,
    hiddenTokens: [],
    showHiddenTokens: false,
    hideSmallBalances: false,
    openLists: [],
  }),
  on: {
    'system.visibilityChanged': { actions: { type: 'assignVisibility', params: ({ event }) => event } },
    'wallet.accountChanged': { actions: { type: 'assignWallet', params: ({ event }) => event } },
  },
  initial: 'validating',
  states: {
    validating: {
      always: [{ guard: 'isValidAddress', target: 'resolvingChain' }, { target: 'invalidAddress' }],
    },
    invalidAddress: { meta: { description: 'The Safe address in the URL is not a valid address' } },
    resolvingChain: {
      meta: { description: 'Reading the gateway’s chain configs' },
      tags: ['loading'],
      invoke: {
        id: 'loadChains',
        src: 'loadChains',
        onDone: [
          {
            guard: { type: 'isChainListed', params: ({ event }) => event.output },
            target: 'loadingSafe',
            actions: [{ type: 'assignChains', params: ({ event }) => event.output }, 'reportChain'],
          },
          { target: 'chainNotSupported', actions: [{ type: 'assignChains', params: ({ event }) => event.output }, 'reportChain'] },
        ],
        onError: { target: 'gatewayDown', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    chainNotSupported: { meta: { description: 'The gateway does not list the chain of this Safe' } },
    loadingSafe: {
      meta: { description: 'Loading the Safe’s info' },
      tags: ['loading'],
      invoke: {
        id: 'loadSafeInfo',
        src: 'loadSafeInfo',
        input: ({ context }) => ({ chainId: context.chain?.chainId ?? '', safeAddress: context.safe.address, checkLookAlike: true }),
        onDone: [
          {
            guard: { type: 'isLookAlike', params: ({ event }) => event.output },
            target: 'lookAlike',
            actions: { type: 'assignLookAlike', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: [{ type: 'assignSafeInfo', params: ({ event }) => event.output }, 'reportSafeLoaded'] },
        ],
        onError: [
          {
            guard: { type: 'isNotASafe', params: ({ event }) => ({ error: event.error }) },
            target: 'notASafe',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'gatewayDown', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    notASafe: {
      meta: { description: 'The gateway knows no Safe at this address on this chain' },
      on: { 'user.retry': 'loadingSafe' },
    },
    lookAlike: {
      meta: { description: 'Warning: the Safe imitates one you know' },
      on: {
        'user.acknowledgeLookAlike': { actions: { type: 'assignLookAlikeAcknowledged', params: ({ event }) => event } },
        'user.openLookAlike': {
          guard: 'isLookAlikeAcknowledged',
          target: 'ready',
          actions: [{ type: 'rememberLookAlikeOpened', params: ({ context }) => ({ chainId: context.chain?.chainId ?? '', address: context.safe.address }) }, 'reportSafeLoaded'],
        },
      },
    },
    gatewayDown: {
      meta: { description: 'The gateway could not be reached or answered with an error' },
      on: { 'user.retry': [{ guard: 'hasChain', target: 'loadingSafe' }, { target: 'resolvingChain' }] },
    },
    ready: {
      meta: { description: 'The Safe is open' },
      type: 'parallel',
      invoke: [
        { id: 'queue', src: 'queueList', input: ({ context }) => ({ ...safeOf(context), enabled: true }) },
        { id: 'txDetails', src: 'txDetails', input: ({ context }) => ({ ...safeOf(context), version: context.safeInfo?.version ?? null }) },
        { id: 'messageDetails', src: 'messageDetails', input: ({ context }) => ({ ...safeOf(context), version: context.safeInfo?.version ?? null }) },
      ],
      on: {
        'user.toggleTokenHidden': { guard: 'hasBalances', actions: { type: 'toggleTokenHidden', params: ({ event }) => event } },
        'user.toggleShowHiddenTokens': { actions: 'toggleShowHiddenTokens' },
        'user.toggleHideSmallBalances': { actions: 'toggleHideSmallBalances' },
        'user.listOpened': {
          guard: { type: 'opensNewList', params: ({ event }) => event },
          actions: { type: 'startList', params: ({ event }) => event },
        },
      },
      states: {
        info: {
          initial: 'watching',
          // The regions each take the event (a handler on `ready` would run only when none does): here the running
          // lists and details the changed tags cover reload; the balances region reloads on a history change.
          on: {
            'gateway.tagsChanged': { actions: { type: 'refreshChildren', params: ({ event }) => event } },
            // Safe info (its nonce, its tags) is polled again now (`refreshing` restarts a poll already running).
            'system.flowSettled': { target: '.refreshing', actions: 'raiseFlowSettledTags' },
          },
          states: {
            watching: {
              meta: { description: 'Safe info is polled every 15 s; a poll that finds it unchanged is not an event' },
              // Decision 0090: the poll runs inside this state. A poll that answers the Safe info the session holds
              // makes no transition (no snapshot, no selector, no log record); a change or a failure settles it,
              // and the state is entered again with what it settled with.
              invoke: {
                id: 'watchSafeInfo',
                src: 'watchSafeInfo',
                input: ({ context }) => ({ ...safeOf(context), known: context.safeInfo, intervalMs: POLL_INTERVAL_MS }),
                onDone: { target: 'watching', reenter: true, actions: { type: 'applyPolledSafeInfo', params: ({ event }) => event.output } },
                onError: { target: 'retrying', actions: { type: 'assignPollError', params: ({ event }) => ({ error: event.error }) } },
              },
              on: {
                'system.visibilityChanged': {
                  guard: { type: 'isHiddenNow', params: ({ event }) => event },
                  target: 'paused',
                  actions: { type: 'assignVisibility', params: ({ event }) => event },
                },
              },
            },
            retrying: {
              meta: { description: 'A poll failed: Safe info is asked again in 15 s' },
              // A timer of its own, so that a watcher failing at once can never poll in a loop.
              after: { pollInterval: 'refreshing' },
              on: {
                'system.visibilityChanged': {
                  guard: { type: 'isHiddenNow', params: ({ event }) => event },
                  target: 'paused',
                  actions: { type: 'assignVisibility', params: ({ event }) => event },
                },
              },
            },
            paused: {
              meta: { description: 'Polling paused while the tab is hidden' },
              on: {
                'system.visibilityChanged': {
                  guard: { type: 'isVisibleNow', params: ({ event }) => event },
                  target: 'refreshing',
                  actions: { type: 'assignVisibility', params: ({ event }) => event },
                },
              },
            },
            refreshing: {
              meta: { description: 'Polling Safe info' },
              // A poll running when a flow settles may have been answered before the flow's write: it restarts.
              on: { 'system.flowSettled': { target: 'refreshing', reenter: true, actions: 'raiseFlowSettledTags' } },
              invoke: {
                id: 'pollSafeInfo',
                src: 'loadSafeInfo',
                input: ({ context }) => safeOf(context),
                onDone: [
                  { guard: 'isHidden', target: 'paused', actions: { type: 'applyPolledSafeInfo', params: ({ event }) => event.output } },
                  { target: 'watching', actions: { type: 'applyPolledSafeInfo', params: ({ event }) => event.output } },
                ],
                onError: [
                  { guard: 'isHidden', target: 'paused', actions: { type: 'assignPollError', params: ({ event }) => ({ error: event.error }) } },
                  { target: 'watching', actions: { type: 'assignPollError', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
          },
        },
        balances: {
          initial: 'loading',
          on: {
            'user.setCurrency': {
              guard: { type: 'isOtherCurrency', params: ({ event }) => event },
              target: '.loading',
              actions: { type: 'assignCurrency', params: ({ event }) => event },
            },
            'gateway.tagsChanged': { guard: { type: 'hasHistoryChanged', params: ({ event }) => event }, target: '.loading' },
            'system.tokensChanged': '.loading',
          },
          states: {
            loading: {
              meta: { description: 'Loading balances in the chosen currency' },
              invoke: {
                id: 'loadBalances',
                src: 'loadBalances',
                input: ({ context }) => ({ ...safeOf(context), currency: context.currency }),
                onDone: { target: 'loaded', actions: { type: 'assignBalances', params: ({ event }) => event.output } },
                onError: { target: 'failed', actions: { type: 'assignBalancesError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            loaded: { meta: { description: 'Balances loaded' } },
            failed: { meta: { description: 'Balances could not be loaded' }, on: { 'user.retryBalances': 'loading' } },
          },
        },
        fiatCodes: {
          initial: 'idle',
          states: {
            idle: {
              meta: { description: 'Not loaded until a screen that shows the fiat currencies opens' },
              on: { 'user.listOpened': { guard: { type: 'opensFiatCodes', params: ({ event }) => event }, target: 'loading' } },
            },
            loading: {
              meta: { description: 'Loading the supported fiat currencies' },
              invoke: {
                id: 'loadFiatCodes',
                src: 'loadFiatCodes',
                onDone: { target: 'loaded', actions: { type: 'assignFiatCodes', params: ({ event }) => event.output } },
                onError: { target: 'failed', actions: { type: 'assignFiatCodesError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            loaded: { meta: { description: 'Fiat currencies loaded' } },
            failed: { meta: { description: 'Fiat currencies could not be loaded' }, on: { 'user.retryFiatCodes': 'loading' } },
          },
        },
      },
    },
  },
});

export type SafeSessionMachine = typeof safeSessionMachine;
