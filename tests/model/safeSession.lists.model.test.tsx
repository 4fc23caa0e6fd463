/**
 * Model-based test of the paged lists (pagedList) through the real Queue screen: the list child of a Safe
 * session whose Safe is open, with its `loadPage` effect held in deferred promises. The NFT list on a chain
 * without ERC721 covers the `disabled` state through the NFTs screen, and the NFT list of an ERC721 chain covers
 * `loaded.annotating`: its cards are shown before their queued marks (decision 0072). Every list runs the one
 * `pagedList` statechart, so all three count towards one coverage.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom, type AnyActorRef, type AnyEventObject } from 'xstate';
import { appSessionMachine } from '../../src/machines/appSession/appSession.machine.ts';
import type { AnnotateRequest, ListPage, PageRequest } from '../../src/machines/pagedList/pagedList.types.ts';
import { collectiblesListMachine, queueListMachine, safeSessionMachine } from '../../src/machines/safeSession/safeSession.machine.ts';
import type { BalancesRequest, ChainInfo, CollectibleItem, SafeBalances, TransactionItem } from '../../src/machines/safeSession/safeSession.types.ts';
import { AppSessionProvider } from '../../src/views/appContext.tsx';
import { NftsScreen } from '../../src/views/safeSession/Nfts.tsx';
import { SafeSessionProvider } from '../../src/views/safeSession/safeSessionContext.tsx';
import { QueueScreen } from '../../src/views/safeSession/Transactions.tsx';
import { deferred, type Deferred } from '../harness/deferred.ts';
import { describeModel, withErrorInstances, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import {
  SAFE,
  annotatedListSampleEvents,
  annotatedListSampleInput,
  chain,
  firstQueuePage as firstPage,
  pagedListDisabledInput,
  pagedListSampleEvents,
  pagedListSampleInput,
  sampleSafeInfo as safeInfo,
  serializePagedListState,
} from '../../src/machines/safeSession/safeSession.samples.ts';
import { quietWatcher } from '../harness/quietWatcher.ts';

const events = withErrorInstances(pagedListSampleEvents);

interface ListSut extends SystemUnderTest {
  requests: PageRequest[];
  pending: Deferred<ListPage<TransactionItem>> | null;
}

async function startSession(
  chainInfo: ChainInfo,
  onLoad: (req: PageRequest) => Promise<ListPage<TransactionItem>>,
  screenElement: React.ReactNode,
  nfts?: { onLoad: (req: PageRequest) => Promise<ListPage<CollectibleItem>>; onAnnotate: () => Promise<CollectibleItem[]> },
) {
  const never = () => new Promise<never>(() => {});
  const session = createActor(
    safeSessionMachine.provide({
      actors: {
        loadChains: fromPromise(async () => [chainInfo]),
        loadSafeInfo: fromPromise(async () => safeInfo),
        watchSafeInfo: quietWatcher,
        loadBalances: fromPromise<SafeBalances, BalancesRequest>(never),
        loadFiatCodes: fromPromise<string[]>(never),
        queueList: queueListMachine.provide({ actors: { loadPage: fromPromise<ListPage<TransactionItem>, PageRequest>(({ input }) => onLoad(input)) } }),
        ...(nfts
          ? {
              collectiblesList: collectiblesListMachine.provide({
                actors: {
                  loadPage: fromPromise<ListPage<CollectibleItem>, PageRequest>(({ input }) => nfts.onLoad(input)),
                  annotateItems: fromPromise<CollectibleItem[], AnnotateRequest<CollectibleItem>>(() => nfts.onAnnotate()),
                },
              }),
            }
          : {}),
      },
    }),
    { input: { safe: { shortName: chainInfo.shortName, address: SAFE } } },
  );
  session.start();
  await waitFor(session, (s) => s.matches('ready'));
  const app = createActor(appSessionMachine, { input: { location: { path: '/transactions/queue', search: `?safe=devnet:${SAFE}` }, theme: 'light' } });
  render(
    <AppSessionProvider actor={app}>
      <SafeSessionProvider actor={session}>{screenElement}</SafeSessionProvider>
    </AppSessionProvider>,
  );
  return session;
}

const outputOf = <T,>(event: AnyEventObject): T => (event as unknown as { output: T }).output;
const errorOf = (event: AnyEventObject): unknown => (event as unknown as { error: unknown }).error;
const texts = (role: 'status' | 'alert') => screen.queryAllByRole(role).map((el) => el.textContent ?? '');
const hasText = (role: 'status' | 'alert', text: string) => texts(role).some((t) => t.includes(text));
const current = (sut: ListSut) => {
  if (!sut.pending) throw new Error('loadPage is not running');
  return sut.pending;
};
type ListSnapshot = SnapshotFrom<typeof queueListMachine>;
const actual = (sut: ListSut) => sut.actor.getSnapshot() as ListSnapshot;

function expectRows(sut: ListSut) {
  const s = actual(sut);
  const list = screen.getByRole('table', { name: 'queued transactions' });
  const txs = new Set(s.context.items.flatMap((i) => (i.type === 'TRANSACTION' ? [i.transaction.id] : []))).size;
  expect(within(list).getAllByRole('link', { name: /^Details of / })).toHaveLength(txs);
  expect(within(list).queryByText('Next') !== null).toBe(s.context.items.some((i) => i.type === 'LABEL' && i.label === 'Next'));
  expect(within(list).queryByText('Conflicting transactions') !== null).toBe(s.context.items.some((i) => i.type === 'CONFLICT_HEADER'));
  expect(within(list).queryByText(/^Queued - transaction with nonce 3 needs to be executed first$/) !== null).toBe(s.context.items.some((i) => i.type === 'LABEL' && i.label === 'Queued'));
}

const driver: ViewDriver<ListSut> = {
  async start() {
    const sut: ListSut = { actor: null as unknown as AnyActorRef, requests: [], pending: null, cleanup: () => {} };
    const session = await startSession(
      chain,
      (req) => {
        sut.requests.push(req);
        return (sut.pending = deferred<ListPage<TransactionItem>>()).promise;
      },
      <QueueScreen />,
    );
    sut.actor = session.getSnapshot().children.queue as AnyActorRef;
    sut.cleanup = () => {
      cleanup();
      session.stop();
    };
    return sut;
  },
  events: {
    'xstate.done.actor.loadPage': (sut, e) => act(async () => current(sut).resolve(outputOf<ListPage<TransactionItem>>(e))),
    'xstate.error.actor.loadPage': (sut, e) => act(async () => current(sut).reject(errorOf(e))),
    'user.loadMore': async (sut) => {
      await act(async () => screen.getByRole('button', { name: 'Load more queued transactions' }).click());
      expect(sut.requests.at(-1)?.pageUrl).toBe(firstPage.next);
    },
    'user.retry': async (sut) => {
      const more = actual(sut).matches('loadMoreFailed');
      await act(async () => screen.getByRole('button', { name: more ? 'Retry loading more queued transactions' : 'Retry loading queued transactions' }).click());
      expect(sut.requests.at(-1)?.pageUrl).toBe(more ? firstPage.next : null);
    },
    'system.refresh': async (sut, e) => {
      await act(async () => sut.actor.send(e));
      expect(sut.requests.at(-1)?.pageUrl).toBeNull();
    },
  },
  states: {
    loading: (sut) => {
      const s = actual(sut);
      if (s.context.hasLoaded) {
        expect(hasText('status', 'Updating queued transactions…')).toBe(true);
        expectRows(sut);
      } else {
        expect(hasText('status', 'Loading queued transactions…')).toBe(true);
        expect(screen.queryByRole('table', { name: 'queued transactions' })).toBeNull();
      }
    },
    loaded: (sut) => {
      const s = actual(sut);
      expect(texts('status')).toEqual([]);
      expect(texts('alert')).toEqual([]);
      expectRows(sut);
      expect(screen.queryByRole('button', { name: 'Load more queued transactions' }) !== null).toBe(s.context.next !== null);
    },
    failed: (sut) => {
      expect(hasText('alert', `Could not load queued transactions. ${actual(sut).context.error}`)).toBe(true);
      expect(screen.getByRole('button', { name: 'Retry loading queued transactions' })).toBeEnabled();
    },
    loadingMore: (sut) => {
      expect(hasText('status', 'Loading more queued transactions…')).toBe(true);
      expectRows(sut);
    },
    loadMoreFailed: (sut) => {
      expect(hasText('alert', `Could not load more queued transactions. ${actual(sut).context.error}`)).toBe(true);
      expect(screen.getByRole('button', { name: 'Retry loading more queued transactions' })).toBeEnabled();
      expectRows(sut);
    },
  },
};

/** The NFT list of a Safe on a chain without ERC721, on the NFTs screen: disabled from the start. */
const disabledDriver: ViewDriver<ListSut> = {
  async start() {
    const sut: ListSut = { actor: null as unknown as AnyActorRef, requests: [], pending: null, cleanup: () => {} };
    const session = await startSession({ ...chain, features: ['EIP1271'] }, () => new Promise(() => {}), <NftsScreen />);
    sut.actor = session.getSnapshot().children.collectibles as AnyActorRef;
    sut.cleanup = () => {
      cleanup();
      session.stop();
    };
    return sut;
  },
  events: {},
  states: {
    disabled: () => {
      expect(screen.getByText('NFTs are not available on this network.')).toBeInTheDocument();
      expect(texts('status')).toEqual([]);
    },
  },
};

interface NftSut extends SystemUnderTest {
  requests: PageRequest[];
  page: Deferred<ListPage<CollectibleItem>> | null;
  marks: Deferred<CollectibleItem[]> | null;
}
const nftSnapshot = (sut: NftSut) => sut.actor.getSnapshot() as SnapshotFrom<typeof collectiblesListMachine>;
const pendingOf = <T,>(d: Deferred<T> | null, what: string): Deferred<T> => {
  if (!d) throw new Error(`${what} is not running`);
  return d;
};
function expectCards(sut: NftSut) {
  const { items } = nftSnapshot(sut).context;
  const grid = screen.getByRole('list', { name: 'NFTs' });
  expect(within(grid).getAllByRole('checkbox')).toHaveLength(items.length);
  const marked = items.filter((nft) => (nft.queuedIn ?? []).length > 0).length;
  expect(within(grid).queryAllByRole('link', { name: /^In queued transaction, nonce / })).toHaveLength(marked);
}

/** The NFT list of an ERC721 chain on the NFTs screen: cards first, then their queued marks (decision 0072). */
const annotatedDriver: ViewDriver<NftSut> = {
  async start() {
    const sut: NftSut = { actor: null as unknown as AnyActorRef, requests: [], page: null, marks: null, cleanup: () => {} };
    const session = await startSession(chain, () => new Promise(() => {}), <NftsScreen />, {
      onLoad: (req) => {
        sut.requests.push(req);
        return (sut.page = deferred<ListPage<CollectibleItem>>()).promise;
      },
      onAnnotate: () => (sut.marks = deferred<CollectibleItem[]>()).promise,
    });
    sut.actor = session.getSnapshot().children.collectibles as AnyActorRef;
    sut.cleanup = () => {
      cleanup();
      session.stop();
    };
    return sut;
  },
  events: {
    'xstate.done.actor.loadPage': (sut, e) => act(async () => pendingOf(sut.page, 'loadPage').resolve(outputOf<ListPage<CollectibleItem>>(e))),
    'xstate.done.actor.annotateItems': (sut, e) => act(async () => pendingOf(sut.marks, 'annotateItems').resolve(outputOf<CollectibleItem[]>(e))),
    'xstate.error.actor.annotateItems': (sut, e) => act(async () => pendingOf(sut.marks, 'annotateItems').reject(errorOf(e))),
    'system.refresh': async (sut, e) => {
      await act(async () => sut.actor.send(e));
      expect(sut.requests.at(-1)?.pageUrl).toBeNull();
    },
  },
  states: {
    loading: (sut) => {
      // A reload keeps the cards (and their marks) shown until the new page is in.
      if (nftSnapshot(sut).context.hasLoaded) {
        expectCards(sut);
        expect(hasText('status', 'Checking the queued transactions')).toBe(false);
      } else expect(hasText('status', 'Loading NFTs…')).toBe(true);
    },
    // The cards are there before the marks, and the screen says the queue is still being checked.
    'loaded.annotating': (sut) => {
      expectCards(sut);
      expect(hasText('status', 'Checking the queued transactions for these NFTs…')).toBe(true);
    },
    'loaded.complete': (sut) => {
      expectCards(sut);
      expect(hasText('status', 'Checking the queued transactions')).toBe(false);
    },
  },
};

describeModel('pagedList (model-based, Queue and NFTs screens)', {
  machine: queueListMachine,
  events,
  serializeState: serializePagedListState,
  driver,
  plans: [
    { input: pagedListSampleInput },
    { input: pagedListDisabledInput, prefix: 'NFTs without ERC721: ', driver: disabledDriver },
    { input: annotatedListSampleInput, prefix: 'NFTs, cards before marks: ', driver: annotatedDriver as unknown as ViewDriver<ListSut>, events: withErrorInstances(annotatedListSampleEvents) },
  ],
  name: 'pagedList',
  states: 'with transitions',
});
