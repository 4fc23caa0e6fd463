/**
 * Model-based test of the Safe session through the real views: every generated path is replayed on the Assets
 * screen (which shows the session's blocking states, its polling line, balances and fiat currencies), with
 * effects held in deferred promises and the 15 s poll driven by a simulated clock.
 *
 * `user.listOpened` is what a screen sends on mount for a list loaded on demand (decision 0017). The views'
 * `user.listOpened` events are held like the effects and delivered when the path takes that event: the Assets
 * screen sends it for the fiat currencies as soon as the Safe is ready (the path decides when the user "opened"
 * it), and the History screen, mounted for the step and closed after it, sends it for the history.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { SimulatedClock, createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { appSessionMachine } from '../../src/machines/appSession/appSession.machine.ts';
import { changedTags } from '../../src/machines/safeSession/safeSession.helpers.ts';
import {
  collectiblesListMachine,
  historyListMachine,
  messagesListMachine,
  queueListMachine,
  safeSessionMachine,
} from '../../src/machines/safeSession/safeSession.machine.ts';
import type { ListPage, PageRequest } from '../../src/machines/pagedList/pagedList.types.ts';
import type {
  BalancesRequest,
  ChainInfo,
  Collectible,
  MessageListItem,
  TransactionItem,
  SafeBalances,
  SafeInfo,
  SafeSessionContext as SessionContext,
  SafeSessionEvent,
  SafeSessionInput,
  WatchSafeInfoRequest,
} from '../../src/machines/safeSession/safeSession.types.ts';
import { AppSessionProvider } from '../../src/views/appContext.tsx';
import { BalancesScreen } from '../../src/views/safeSession/Balances.tsx';
import { formatFiat } from '../../src/views/safeSession/format.ts';
import { visibleFiatTotal } from '../../src/views/safeSession/connect.ts';
import { SafeSessionProvider, type SafeSessionRef } from '../../src/views/safeSession/safeSessionContext.tsx';
import { HistoryScreen } from '../../src/views/safeSession/Transactions.tsx';
import { deferred, type Deferred } from '../harness/deferred.ts';
import { describeModel, withErrorInstances, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import {
  AFTER_FAILED_POLL,
  OWNER_A,
  SAFE,
  TRUSTED_SAFE,
  chain,
  balances,
  safeSessionInvalidInput,
  safeSessionSampleEvents,
  safeSessionSampleInput,
  serializeSafeSessionState as serializeState,
} from '../../src/machines/safeSession/safeSession.samples.ts';

const input = safeSessionSampleInput;
const invalidInput = safeSessionInvalidInput;
const events = withErrorInstances(safeSessionSampleEvents);

type ListId = 'queue' | 'history' | 'messages' | 'collectibles';

interface SessionSut extends SystemUnderTest {
  clock: SimulatedClock;
  /** What `rememberLookAlikeOpened` was given (the services keep it for the page load). */
  remembered: unknown[];
  pending: {
    loadChains: Deferred<ChainInfo[]> | null;
    loadSafeInfo: Deferred<SafeInfo> | null;
    /** The running watcher of `watching` (decision 0090) and what it was asked to watch. */
    watchSafeInfo: Deferred<SafeInfo> | null;
    loadBalances: Deferred<SafeBalances> | null;
    loadFiatCodes: Deferred<string[]> | null;
  };
  balanceRequests: BalancesRequest[];
  watches: WatchSafeInfoRequest[];
  listLoads: Record<ListId, number>;
  /** `user.listOpened` events the views sent, not delivered yet. */
  held: Extract<SafeSessionEvent, { type: 'user.listOpened' }>[];
  /** Mounts the History screen (beside the Assets screen, as if the user went there); returns its unmount. */
  openHistory(): () => void;
}

function current<T>(d: Deferred<T> | null, name: string): Deferred<T> {
  if (!d) throw new Error(`${name} is not running`);
  return d;
}
const outputOf = <T,>(event: AnyEventObject): T => (event as unknown as { output: T }).output;
const errorOf = (event: AnyEventObject): unknown => (event as unknown as { error: unknown }).error;
const never = () => new Promise<never>(() => {});

const texts = (role: 'status' | 'alert') => screen.queryAllByRole(role).map((el) => el.textContent ?? '');
const expectRole = (role: 'status' | 'alert', text: string) => expect(texts(role).some((t) => t.includes(text)), `${role} "${text}" in ${JSON.stringify(texts(role))}`).toBe(true);
const expectNoRole = (role: 'status' | 'alert', text: string) => expect(texts(role).some((t) => t.includes(text))).toBe(false);

function startSut(sessionInput: SafeSessionInput): SessionSut {
  const pending: SessionSut['pending'] = { loadChains: null, loadSafeInfo: null, watchSafeInfo: null, loadBalances: null, loadFiatCodes: null };
  const watches: WatchSafeInfoRequest[] = [];
  const balanceRequests: BalancesRequest[] = [];
  const listLoads: Record<ListId, number> = { queue: 0, history: 0, messages: 0, collectibles: 0 };
  const list = <T,>(id: ListId) => ({
    actors: { loadPage: fromPromise<ListPage<T>, PageRequest>(() => ((listLoads[id] += 1), never())) },
  });
  const clock = new SimulatedClock();
  const held: SessionSut['held'] = [];
  const remembered: unknown[] = [];
  const actor = createActor(
    safeSessionMachine.provide({
      actions: { rememberLookAlikeOpened: (_, params) => void remembered.push(params) },
      actors: {
        loadChains: fromPromise(() => (pending.loadChains = deferred<ChainInfo[]>()).promise),
        loadSafeInfo: fromPromise(() => (pending.loadSafeInfo = deferred<SafeInfo>()).promise),
        watchSafeInfo: fromPromise<SafeInfo, WatchSafeInfoRequest>(({ input: req }) => (watches.push(req), (pending.watchSafeInfo = deferred<SafeInfo>()).promise)),
        loadBalances: fromPromise(({ input: req }) => (balanceRequests.push(req), (pending.loadBalances = deferred<SafeBalances>()).promise)),
        loadFiatCodes: fromPromise(() => (pending.loadFiatCodes = deferred<string[]>()).promise),
        queueList: queueListMachine.provide(list<TransactionItem>('queue')),
        historyList: historyListMachine.provide(list<TransactionItem>('history')),
        messagesList: messagesListMachine.provide(list<MessageListItem>('messages')),
        collectiblesList: collectiblesListMachine.provide(list<Collectible>('collectibles')),
      },
    }),
    { input: sessionInput, clock },
  );
  actor.start();
  // What the views get: the session, except that their `user.listOpened` events are held for the driver.
  const viewRef = new Proxy(actor, {
    get(target, prop) {
      if (prop === 'send') return (event: SafeSessionEvent) => (event.type === 'user.listOpened' ? held.push(event) : target.send(event));
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as SafeSessionRef;
  const app = createActor(appSessionMachine, { input: { location: { path: '/balances', search: `?safe=devnet:${SAFE}` }, theme: 'light' } });
  const withSession = (screenElement: React.ReactNode) => (
    <AppSessionProvider actor={app}>
      <SafeSessionProvider actor={viewRef}>{screenElement}</SafeSessionProvider>
    </AppSessionProvider>
  );
  render(withSession(<BalancesScreen />));
  const openHistory = () => render(withSession(<HistoryScreen />)).unmount;
  return { actor, clock, remembered, pending, watches, balanceRequests, listLoads, held, openHistory, cleanup: () => { cleanup(); actor.stop(); } };
}

/** Whether a list child runs (the history, messages and NFTs only once a screen opened them). */
const started = (sut: SessionSut, id: ListId) => (sut.actor.getSnapshot() as AnyMachineSnapshot).children[id] !== undefined;

/**
 * The harness checks the state value against the model; context-dependent rendering is checked against the
 * actor's own context (the planner collapses context into vertices, so a path's snapshots may carry context
 * from another visit of the same vertex).
 */
const actual = (sut: SessionSut) => sut.actor.getSnapshot() as AnyMachineSnapshot & { context: SessionContext };

const click = (name: string) => act(async () => screen.getByRole('button', { name }).click());

/** A poll answered (the one-shot `pollSafeInfo` or the watcher): only the lists whose tag changed reload. */
async function settlePoll(sut: SessionSut, which: 'loadSafeInfo' | 'watchSafeInfo', next: SafeInfo): Promise<void> {
  const before = { ...sut.listLoads };
  const previous = sut.actor.getSnapshot().context.safeInfo as SafeInfo;
  const running = { history: started(sut, 'history'), messages: started(sut, 'messages'), collectibles: started(sut, 'collectibles') };
  await act(async () => current(sut.pending[which], which).resolve(next));
  // Only the lists whose tag changed were reloaded, and of the lazy ones only those a screen has started.
  const tags = changedTags(previous, next);
  const expected: Record<ListId, number> = {
    queue: before.queue + (tags.includes('txQueuedTag') || tags.includes('txHistoryTag') ? 1 : 0),
    history: before.history + (running.history && tags.includes('txHistoryTag') ? 1 : 0),
    messages: before.messages + (running.messages && tags.includes('messagesTag') ? 1 : 0),
    collectibles: before.collectibles + (running.collectibles && tags.some((t) => t === 'collectiblesTag' || t === 'txQueuedTag' || t === 'txHistoryTag') ? 1 : 0),
  };
  expect(sut.listLoads).toEqual(expected);
}

const driver: ViewDriver<SessionSut> = {
  start: () => startSut(input),
  events: {
    'xstate.done.actor.loadChains': (sut, e) => act(async () => current(sut.pending.loadChains, 'loadChains').resolve(outputOf<ChainInfo[]>(e))),
    'xstate.error.actor.loadChains': (sut, e) => act(async () => current(sut.pending.loadChains, 'loadChains').reject(errorOf(e))),
    'xstate.done.actor.loadSafeInfo': (sut, e) => act(async () => current(sut.pending.loadSafeInfo, 'loadSafeInfo').resolve(outputOf<SafeInfo>(e))),
    'xstate.error.actor.loadSafeInfo': (sut, e) => act(async () => current(sut.pending.loadSafeInfo, 'loadSafeInfo').reject(errorOf(e))),
    'xstate.done.actor.pollSafeInfo': (sut, e) => settlePoll(sut, 'loadSafeInfo', outputOf<SafeInfo>(e)),
    'xstate.error.actor.pollSafeInfo': (sut, e) => act(async () => current(sut.pending.loadSafeInfo, 'pollSafeInfo').reject(errorOf(e))),
    'xstate.done.actor.watchSafeInfo': async (sut, e) => {
      const watcher = sut.pending.watchSafeInfo;
      await settlePoll(sut, 'watchSafeInfo', outputOf<SafeInfo>(e));
      // `watching` is entered again: a new watcher, told the Safe info the session now holds.
      expect(sut.pending.watchSafeInfo).not.toBe(watcher);
      expect(sut.watches.at(-1)).toMatchObject({ intervalMs: 15_000 });
      expect(sut.watches.at(-1)?.known).toBe(actual(sut).context.safeInfo);
    },
    'xstate.error.actor.watchSafeInfo': (sut, e) => act(async () => current(sut.pending.watchSafeInfo, 'watchSafeInfo').reject(errorOf(e))),
    [AFTER_FAILED_POLL]: async (sut) => {
      const before = sut.pending.loadSafeInfo;
      await act(async () => sut.clock.increment(15_000));
      // 15 s after a failed poll, Safe info is asked once at once (refreshing), whatever it answers clearing the error.
      expect(sut.pending.loadSafeInfo).not.toBe(before);
    },
    'system.visibilityChanged': (sut, e) => act(async () => sut.actor.send(e)),
    'wallet.accountChanged': (sut, e) => act(async () => sut.actor.send(e)),
    'gateway.tagsChanged': (sut, e) => act(async () => sut.actor.send(e)),
    'system.flowSettled': async (sut, e) => {
      const before = { ...sut.listLoads };
      const poll = sut.pending.loadSafeInfo;
      await act(async () => sut.actor.send(e));
      // The queue reloads at once and Safe info is polled again (a running poll restarts).
      expect(sut.listLoads.queue).toBe(before.queue + 1);
      expect(sut.pending.loadSafeInfo).not.toBe(poll);
    },
    'system.tokensChanged': async (sut, e) => {
      const before = sut.pending.loadBalances;
      await act(async () => sut.actor.send(e));
      // Once the Safe is open, the balances load again (with the added tokens when read from the chain).
      if (sut.actor.getSnapshot().matches('ready')) expect(sut.pending.loadBalances).not.toBe(before);
    },
    'xstate.done.actor.loadBalances': (sut, e) => act(async () => current(sut.pending.loadBalances, 'loadBalances').resolve(outputOf<SafeBalances>(e))),
    'xstate.error.actor.loadBalances': (sut, e) => act(async () => current(sut.pending.loadBalances, 'loadBalances').reject(errorOf(e))),
    'xstate.done.actor.loadFiatCodes': (sut, e) => act(async () => current(sut.pending.loadFiatCodes, 'loadFiatCodes').resolve(outputOf<string[]>(e))),
    'xstate.error.actor.loadFiatCodes': (sut, e) => act(async () => current(sut.pending.loadFiatCodes, 'loadFiatCodes').reject(errorOf(e))),
    'user.listOpened': async (sut, e) => {
      const list = (e as Extract<SafeSessionEvent, { type: 'user.listOpened' }>).list;
      if (list === 'history') expect(started(sut, 'history')).toBe(false);
      const close = list === 'history' ? await act(async () => sut.openHistory()) : null;
      // The screen that shows the list sent the event (the Assets screen for the fiat currencies, once ready).
      const index = sut.held.findIndex((sent) => sent.list === list);
      expect(index, `a screen sent user.listOpened for ${list}`).toBeGreaterThanOrEqual(0);
      const [event] = sut.held.splice(index, 1);
      await act(async () => sut.actor.send(event!));
      if (list === 'fiatCodes') expect(sut.pending.loadFiatCodes).not.toBeNull();
      if (close) {
        // The history loaded its first page once, and keeps running after its screen closes.
        expect(sut.listLoads.history).toBe(1);
        await act(async () => close());
        expect(started(sut, 'history')).toBe(true);
      }
    },
    // Retry is offered only where asking again can help (gateway down). "Not a Safe" keeps the machine's retry
    // transition (stored logs may hold it) but shows ways on instead of a button, so the event is sent as such.
    'user.retry': (sut) => (sut.actor.getSnapshot().matches('notASafe') ? act(async () => sut.actor.send({ type: 'user.retry' })) : click('Retry loading the Safe')),
    'user.acknowledgeLookAlike': async (sut, e) => {
      const box = await screen.findByRole('checkbox', { name: /I checked this Safe’s whole address/ });
      const wanted = (e as Extract<SafeSessionEvent, { type: 'user.acknowledgeLookAlike' }>).acknowledged;
      if ((box as HTMLInputElement).checked !== wanted) await act(async () => box.click());
      expect(sut.actor.getSnapshot().context.lookAlikeAcknowledged).toBe(wanted);
    },
    'user.openLookAlike': async (sut) => {
      await click('Open this Safe anyway');
      // Remembered for this page load (the services' action), and the root hears the Safe loaded as for any other.
      expect(sut.remembered).toEqual([{ chainId: chain.chainId, address: SAFE }]);
    },
    'user.retryBalances': () => click('Retry loading balances'),
    'user.retryFiatCodes': () => click('Retry loading fiat currencies'),
    'user.setCurrency': async (sut) => {
      await act(async () => fireEvent.change(screen.getByRole('combobox', { name: 'Currency' }), { target: { value: 'EUR' } }));
      expect(sut.balanceRequests.at(-1)?.currency).toBe('eur');
    },
    'user.toggleTokenHidden': () => click('Hide DAI'),
    'user.toggleShowHiddenTokens': () => act(async () => screen.getByRole('checkbox', { name: /Show hidden tokens/ }).click()),
    'user.toggleHideSmallBalances': () => act(async () => screen.getByRole('checkbox', { name: 'Hide small balances' }).click()),
  },
  states: {
    resolvingChain: () => expectRole('status', 'Loading chain configuration…'),
    loadingSafe: () => expectRole('status', 'Loading Safe…'),
    lookAlike: async (sut) => {
      // First, before any of the Safe's screens: both addresses, the differing middle marked, the way to the trusted one.
      expect(await screen.findByRole('heading', { name: 'Look-alike Safe: this is not “Treasury”' })).toBeInTheDocument();
      expectRole('alert', `begins and ends like “Treasury”, a Safe you pinned as trusted (${TRUSTED_SAFE}) but is a different address`);
      expect(screen.queryByRole('checkbox', { name: 'Hide small balances' })).toBeNull();
      const marked = [...document.querySelectorAll('.look-alike-address mark')].map((m) => m.textContent);
      expect(marked).toEqual([SAFE.slice(11, 38), TRUSTED_SAFE.slice(11, 38)]);
      expect(screen.getByRole('link', { name: 'Open Treasury instead' })).toHaveAttribute('href', `/home?safe=devnet%3A${TRUSTED_SAFE}`);
      expect(screen.getByRole('button', { name: 'Open this Safe anyway' })).toHaveProperty('disabled', actual(sut).context.lookAlikeAcknowledged !== true);
    },
    invalidAddress: () => expectRole('alert', 'Invalid Safe address.'),
    chainNotSupported: () => {
      expectRole('alert', 'Network not supported. Countersign does not know a network called “devnet”. Networks it supports: eth.');
      expect(screen.getByRole('link', { name: 'My Safe accounts' })).toBeInTheDocument();
    },
    notASafe: () => {
      expectRole('alert', 'Not a Safe.');
      expect(screen.queryByRole('button', { name: 'Retry loading the Safe' })).toBeNull();
      expect(screen.getByRole('link', { name: 'My Safe accounts' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Add a Safe by address' })).toBeInTheDocument();
    },
    gatewayDown: (sut) => {
      const s = actual(sut);
      expectRole('alert', 'Gateway unavailable.');
      expectRole('alert', `Technical detail: ${s.context.error}`);
      expect(screen.getByRole('button', { name: 'Retry loading the Safe' })).toBeEnabled();
    },
    ready: (sut) => {
      const s = actual(sut);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Assets');
      const owner = s.context.walletAddress === OWNER_A;
      expect(screen.queryByText('Read-only') === null).toBe(owner);
      if (s.context.pollError) expectRole('alert', `Could not refresh the Safe: ${s.context.pollError}`);
      else expectNoRole('alert', 'Could not refresh the Safe');
      expect(screen.getByRole('checkbox', { name: 'Hide small balances' })).toHaveProperty('checked', s.context.hideSmallBalances);
      expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue(s.context.currency.toUpperCase());
    },
    'ready.info.watching': () => {
      expect(screen.getByLabelText('Safe updates')).toHaveTextContent('Refreshes every 15 s.');
    },
    'ready.info.paused': () => {
      expect(screen.getByLabelText('Safe updates')).toHaveTextContent('Updates paused while this tab is hidden.');
    },
    // A poll in flight shows what a watching Safe shows (decision 0085): the line does not flicker every 15 s.
    // After a failed poll the line stays (the failure itself is the poll-error notice's).
    'ready.info.retrying': (sut) => {
      expect(screen.getByLabelText('Safe updates')).toHaveTextContent('Refreshes every 15 s.');
      expect(actual(sut).context.pollError).not.toBeNull();
    },
    'ready.info.refreshing': () => {
      expect(screen.getByLabelText('Safe updates')).toHaveTextContent('Refreshes every 15 s.');
    },
    'ready.balances.loading': (sut) => {
      const s = actual(sut);
      expectRole('status', 'Loading balances…');
      expect(screen.queryByRole('table') !== null).toBe(s.context.balances !== null);
    },
    'ready.balances.loaded': (sut) => {
      const s = actual(sut);
      expectNoRole('status', 'Loading balances…');
      // A hidden token is not counted in the total (and the total says so).
      expect(screen.getByLabelText('Total value')).toHaveTextContent(formatFiat(visibleFiatTotal(balances.items, balances.fiatTotal, s.context.hiddenTokens), s.context.currency));
      expect(screen.queryByText(/without 1 hidden token/) !== null).toBe(s.context.hiddenTokens.length > 0);
      const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
      const daiHidden = s.context.hiddenTokens.length > 0;
      const daiShown = !s.context.hideSmallBalances && (!daiHidden || s.context.showHiddenTokens);
      expect(rows.map((r) => within(r).getByRole('rowheader').textContent?.includes('DAI'))).toEqual(daiShown ? [false, true] : [false]);
    },
    'ready.balances.failed': (sut) => {
      const s = actual(sut);
      expectRole('alert', `Could not load balances. ${s.context.balancesError}`);
      expect(screen.getByRole('button', { name: 'Retry loading balances' })).toBeEnabled();
    },
    'ready.fiatCodes.idle': (sut) => {
      // Not requested until the screen's user.listOpened is delivered; the screen shows them as loading.
      expectRole('status', 'Loading fiat currencies…');
      expect(sut.pending.loadFiatCodes).toBeNull();
      expect(sut.held.some((sent) => sent.list === 'fiatCodes')).toBe(true);
    },
    'ready.fiatCodes.loading': () => expectRole('status', 'Loading fiat currencies…'),
    'ready.fiatCodes.loaded': () => {
      const options = within(screen.getByRole('combobox', { name: 'Currency' })).getAllByRole('option').map((o) => o.textContent);
      expect(options).toEqual(['USD', 'EUR', 'GBP']);
    },
    'ready.fiatCodes.failed': () => {
      expectRole('alert', 'Could not load fiat currencies.');
      expect(screen.getByRole('button', { name: 'Retry loading fiat currencies' })).toBeEnabled();
    },
  },
};

describeModel('safeSession (model-based, real views)', {
  machine: safeSessionMachine,
  events,
  serializeState,
  driver,
  plans: [{ input }, { input: invalidInput, prefix: 'invalid address: ', driver: { ...driver, start: () => startSut(invalidInput) } }],
});
