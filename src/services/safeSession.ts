/**
 * The Safe session's effects, on the real gateway client and the local hashing (src/domain/safe).
 *
 *   provideSafeSessionServices(safeSessionMachine, gatewayClient) → machine.provide({...})
 *
 * Effect names (what the event log and the diagrams show):
 *   loadChains, loadSafeInfo (also `pollSafeInfo`), watchSafeInfo (the 15 s poll, decision 0090), loadBalances, loadFiatCodes;
 *   the lists' `loadPage` = loadQueue / loadHistory / loadMessages / loadCollectibles;
 *   txDetails: `loadDetails` = loadTxDetails, `computeHashes` = checkTxDetails (hashes + listed signatures; safeSession.hashes.ts, loaded on first use);
 *   messageDetails: `loadDetails` = loadMessage, `computeHashes` = checkMessageDetails.
 *
 * Failures reach the machine as Errors with a `kind` (see safeSession.errors.ts): a gateway 404/422 is
 * `notFound`, everything else (network, timeout, 5xx, malformed response) is `unavailable`.
 */
import type { AnnotateRequest, ListPage, PagedListEffects, PageRequest } from '../machines/pagedList/pagedList.types.ts';
import { pause } from './pause.ts';
import type { DetailsEffects, DetailsRequest, MessageHashes, TxHashes } from '../machines/safeSession/details.types.ts';
import { effectActors } from '../machines/shared/effects.ts';
import type { LoadFailureKind } from '../machines/safeSession/safeSession.errors.ts';
import { collectiblesListMachine, historyListMachine, messagesListMachine, queueListMachine, type SafeSessionMachine } from '../machines/safeSession/safeSession.machine.ts';
import { messageDetailsMachine, txDetailsMachine } from '../machines/safeSession/details.machine.ts';
import type { BalancesRequest, CollectibleItem, OpenedSafeInfo, SafeInfoRequest, SafeLookAlike, SafeSessionEffects, WatchSafeInfoRequest } from '../machines/safeSession/safeSession.types.ts';
import { readAllPages, type GatewayClient } from './gateway/client.ts';
import { GatewayError } from './gateway/http.ts';
import type { DetailsChain, QueuedCallCache } from './safeSession.hashes.ts';
import type { ChainInfo, Message, Page, SafeBalances, SafeInfo, TransactionDetails } from '../domain/gateway/types.ts';

/** An Error the Safe session can classify. */
export class SessionLoadError extends Error {
  override readonly name = 'SessionLoadError';
  constructor(
    message: string,
    readonly kind: LoadFailureKind,
  ) {
    super(message);
  }
}

/** Maps any failure of a gateway call to a SessionLoadError with a message a user can act on. */
export function toSessionError(error: unknown, what: string): SessionLoadError {
  if (error instanceof SessionLoadError) return error;
  if (error instanceof GatewayError) {
    // 400 too: the gateway rejects the id or address itself ("Invalid transaction ID"); asking again cannot help.
    if (error.status === 400 || error.status === 404 || error.status === 422) return new SessionLoadError(error.message || `${what}: not found`, 'notFound');
    if (error.status >= 500) return new SessionLoadError(`The gateway failed (${error.status}): ${error.message}`, 'unavailable');
    return new SessionLoadError(error.message, 'unavailable');
  }
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError') return new SessionLoadError(`The gateway did not answer in time (${what}).`, 'unavailable');
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return new SessionLoadError(`The gateway could not be reached${detail}.`, 'unavailable');
}

async function guarded<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toSessionError(error, what);
  }
}

const toListPage = <T>(page: Page<T>): ListPage<T> => ({ results: page.results, next: page.next, count: page.count });

/** Every chain the gateway lists, following `next` links. */
export async function loadChains(client: GatewayClient): Promise<ChainInfo[]> {
  return guarded('chains', () => readAllPages(() => client.getChainsConfig(), (link) => client.getChainsConfig(link)));
}

/**
 * The Safe's info, refused when the gateway answers for another Safe or chain than the one asked for: every
 * list, hash and flow of the session is keyed on this answer, so a swapped one must never be shown as this Safe.
 */
export const loadSafeInfo = (client: GatewayClient, req: SafeInfoRequest): Promise<SafeInfo> =>
  guarded('Safe info', async () => {
    const info = await client.getSafeInfo(req.chainId, req.safeAddress);
    if (info.address.value.toLowerCase() !== req.safeAddress.toLowerCase()) {
      throw new SessionLoadError(`The gateway answered with another Safe (${info.address.value}) than the one asked for (${req.safeAddress}).`, 'unavailable');
    }
    if (String(info.chainId) !== String(req.chainId)) {
      throw new SessionLoadError(`The gateway answered with a Safe on another chain (${info.chainId}) than the one asked for (${req.chainId}).`, 'unavailable');
    }
    return info;
  });

export const loadBalances = (client: GatewayClient, req: BalancesRequest): Promise<SafeBalances> =>
  guarded('balances', () => client.getBalances(req.chainId, req.safeAddress, req.currency, { trusted: false, exclude_spam: true }));

export const loadFiatCodes = (client: GatewayClient): Promise<string[]> => guarded('fiat currencies', () => client.getFiatCurrencies());

const localTimezone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

export const loadQueue = (client: GatewayClient, req: PageRequest) =>
  guarded('queue', async () => toListPage(await client.getTransactionQueue(req.chainId, req.safeAddress, req.pageUrl ?? { trusted: true })));

export const loadHistory = (client: GatewayClient, req: PageRequest) =>
  guarded('history', async () =>
    toListPage(await client.getTransactionHistory(req.chainId, req.safeAddress, req.pageUrl ?? { trusted: true, timezone: localTimezone() })),
  );

export const loadMessages = (client: GatewayClient, req: PageRequest) =>
  guarded('messages', async () => toListPage(await client.getSafeMessages(req.chainId, req.safeAddress, req.pageUrl ?? undefined)));

/** A page of the Safe's NFTs as the gateway lists them; their queued marks come after, from `markCollectibles`. */
export const loadCollectibles = (client: GatewayClient, req: PageRequest) =>
  guarded('NFTs', async (): Promise<ListPage<CollectibleItem>> => toListPage(await client.getCollectiblesPage(req.chainId, req.safeAddress, req.pageUrl ?? { trusted: false, exclude_spam: true })));

/**
 * The NFTs shown, each with the queued transactions that move it (`queuedIn`), found by decoding the queued
 * transactions' own hash-checked bytes (safeSession.hashes.ts, loaded on first use; decisions 0041, 0072). The cards
 * are shown before this runs; it never fails: when the queue cannot be checked the marks are null.
 */
export async function markCollectibles(client: GatewayClient, req: AnnotateRequest<CollectibleItem>, queued: QueuedCallCache = new Map()): Promise<CollectibleItem[]> {
  const { queuedNftMarksOf, queuedInOf } = await import('./safeSession.hashes.ts');
  const marks = await queuedNftMarksOf(client, req, queued);
  return req.items.map((nft) => ({ ...nft, queuedIn: queuedInOf(marks, nft) }));
}

export const loadTxDetails = (client: GatewayClient, req: DetailsRequest): Promise<TransactionDetails> =>
  guarded('transaction', () => client.getTransactionDetails(req.chainId, req.key));

export const loadMessage = (client: GatewayClient, req: DetailsRequest): Promise<Message> =>
  guarded('message', () => client.getSafeMessage(req.chainId, req.key));

/** What the Safe being opened imitates among the Safes and addresses this browser knows (S17), or null. */
export type SafeLookAlikeCheck = (chainId: string, address: string) => Promise<SafeLookAlike | null>;

/**
 * The opening's Safe info with the look-alike found, if any (decision 0064). The gateway and the local check run at
 * once; a Safe the user chose to open anyway during this page load (`opened`) is not checked again. A check that
 * fails (storage unreadable) opens the Safe: the transaction flows check again and say when they could not.
 */
export async function loadOpenedSafeInfo(client: GatewayClient, req: SafeInfoRequest, check: SafeLookAlikeCheck | null, opened: ReadonlySet<string>): Promise<OpenedSafeInfo> {
  const key = `${req.chainId}:${req.safeAddress.toLowerCase()}`;
  const checking = req.checkLookAlike && check && !opened.has(key) ? check(req.chainId, req.safeAddress).catch(() => null) : null;
  const [info, lookAlike] = await Promise.all([loadSafeInfo(client, req), checking]);
  return lookAlike ? { ...info, lookAlike } : info;
}

/**
 * The session's poll (decision 0090): every `intervalMs`, `load` the Safe info; settle with the first answer that is
 * not `known` (the services give the same object for an unchanged answer), or with the first failure. An answer that
 * is the object the session holds is not news: wait and ask again. Stops when `signal` aborts.
 */
export async function watchSafeInfo(load: (request: SafeInfoRequest) => Promise<SafeInfo>, { known, intervalMs, ...request }: WatchSafeInfoRequest, signal: AbortSignal): Promise<SafeInfo> {
  for (;;) {
    await pause(intervalMs, signal);
    const info = await load(request);
    if (info !== known) return info;
  }
}

/** The Safe session machine with every effect wired to `client` and the local hashing. */
export function provideSafeSessionServices(
  machine: SafeSessionMachine,
  client: GatewayClient,
  chainClient: ((chainId: string) => Promise<DetailsChain>) | null = null,
  lookAlikeCheck: SafeLookAlikeCheck | null = null,
) {
  /** Look-alike Safes opened anyway during this page load: not asked about again until the next load. */
  const openedAnyway = new Set<string>();
  /** The chain of the open Safe for the details page's checks; null (checks reported as not run) when it cannot be had. */
  const chainFor = async (chainId: string): Promise<DetailsChain | null> => {
    if (!chainClient) return null;
    try {
      return await chainClient(chainId);
    } catch {
      return null;
    }
  };
  /**
   * The last Safe info answered, given again when a poll answers the same (decision 0077): the session's context then
   * keeps its object, so what reads it (the views' selectors, the event log's digest) sees nothing changed and does
   * no work for it. The same JSON is the same answer: the object is never changed in place.
   */
  let lastInfo: { json: string; info: OpenedSafeInfo } | null = null;
  const session: SafeSessionEffects = {
    loadChains: () => loadChains(client),
    loadSafeInfo: async (input) => {
      const info = await loadOpenedSafeInfo(client, input, lookAlikeCheck, openedAnyway);
      // The gateway client gives the same object for the same answer (decision 0085): nothing to compare.
      if (lastInfo?.info === info) return info;
      let json: string;
      try {
        json = JSON.stringify(info);
      } catch {
        return info;
      }
      if (lastInfo?.json === json) return lastInfo.info;
      lastInfo = { json, info };
      return info;
    },
    watchSafeInfo: (input, signal) => watchSafeInfo((request) => session.loadSafeInfo(request), input, signal),
    loadBalances: (input) => loadBalances(client, input),
    loadFiatCodes: () => loadFiatCodes(client),
  };
  /** The queued transactions' checked calls, kept by id for the NFT marks (a txId names one safeTxHash). */
  const queuedCalls: QueuedCallCache = new Map();
  /** A list that adds nothing to its items gives them back as they are (its machine never asks: not annotated). */
  const list = <TItem>(loadPage: PagedListEffects<TItem>['loadPage'], annotateItems: PagedListEffects<TItem>['annotateItems'] = async ({ items }) => items) =>
    effectActors<PagedListEffects<TItem>>({ loadPage, annotateItems });
  const txDetails: DetailsEffects<TransactionDetails, TxHashes> = {
    loadDetails: (input) => loadTxDetails(client, input),
    computeHashes: async (input) => (await import('./safeSession.hashes.ts')).checkTxDetails(input, await chainFor(input.chainId)),
  };
  const messageDetails: DetailsEffects<Message, MessageHashes> = {
    loadDetails: (input) => loadMessage(client, input),
    computeHashes: async (input) => (await import('./safeSession.hashes.ts')).checkMessageDetails(input),
  };
  return machine.provide({
    actions: {
      rememberLookAlikeOpened: (_, params) => void openedAnyway.add(`${params.chainId}:${params.address.toLowerCase()}`),
    },
    actors: {
      ...effectActors(session),
      queueList: queueListMachine.provide({ actors: list((input) => loadQueue(client, input)) }),
      historyList: historyListMachine.provide({ actors: list((input) => loadHistory(client, input)) }),
      messagesList: messagesListMachine.provide({ actors: list((input) => loadMessages(client, input)) }),
      collectiblesList: collectiblesListMachine.provide({ actors: list(
        (input) => loadCollectibles(client, input),
        (input) => markCollectibles(client, input, queuedCalls),
      ) }),
      txDetails: txDetailsMachine.provide({ actors: effectActors(txDetails) }),
      messageDetails: messageDetailsMachine.provide({ actors: effectActors(messageDetails) }),
    },
  });
}
