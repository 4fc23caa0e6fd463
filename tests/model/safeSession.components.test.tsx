/**
 * The shared pieces the Safe screens are built from: Address, CopyButton, the windowed list, the gate; and which
 * lists the screens start (decision 0017).
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { appSessionMachine } from '../../src/machines/appSession/appSession.machine.ts';
import { AppSessionProvider } from '../../src/views/appContext.tsx';
import { Address } from '../../src/views/components/Address.tsx';
import { ExplorerProvider } from '../../src/views/components/explorer.tsx';
import { VirtualList } from '../../src/views/components/VirtualList.tsx';
import { SafeSessionProvider } from '../../src/views/safeSession/safeSessionContext.tsx';
import { DashboardScreen } from '../../src/views/safeSession/Dashboard.tsx';
import { BalancesScreen } from '../../src/views/safeSession/Balances.tsx';
import { MessagesScreen } from '../../src/views/safeSession/Messages.tsx';
import { NftsScreen } from '../../src/views/safeSession/Nfts.tsx';
import { HistoryScreen, QueueScreen } from '../../src/views/safeSession/Transactions.tsx';
import type { ListPage, PageRequest } from '../../src/machines/pagedList/pagedList.types.ts';
import type { Collectible, MessageListItem, TransactionItem } from '../../src/machines/safeSession/safeSession.types.ts';
import { collectiblesListMachine, historyListMachine, messagesListMachine, queueListMachine, safeSessionMachine } from '../../src/machines/safeSession/safeSession.machine.ts';
import { OWNER_A, balances, chain, fiatCodes, safeSessionSampleInput, sampleSafeInfo } from '../../src/machines/safeSession/safeSession.samples.ts';
import { quietWatcher } from '../harness/quietWatcher.ts';

afterEach(() => cleanup());

describe('Address', () => {
  it('shows the checksummed address with a name, a copy button and the explorer link', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <ExplorerProvider templates={{ address: 'https://explorer.test/address/{{address}}', txHash: 'https://explorer.test/tx/{{txHash}}' }}>
        <Address address={OWNER_A.toLowerCase()} name="Alice" />
      </ExplorerProvider>,
    );
    expect(screen.getByText(OWNER_A)).toBeInTheDocument();
    expect(screen.getByText('Alice')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `View ${OWNER_A} on the block explorer` })).toHaveAttribute('href', `https://explorer.test/address/${OWNER_A}`);
    await act(async () => screen.getByRole('button', { name: `Copy address ${OWNER_A}` }).click());
    expect(writeText).toHaveBeenCalledWith(OWNER_A);
    expect(screen.getByText('Copied')).toBeInTheDocument();
  });

  it('draws no explorer link without a usable template', () => {
    render(<Address address={OWNER_A} explorerTemplate="javascript:alert({{address}})" />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('VirtualList', () => {
  it('keeps 2,000 rows smooth: only the rows near the viewport are in the DOM', () => {
    const items = Array.from({ length: 2000 }, (_, i) => `Row ${i}`);
    render(<VirtualList label="Rows" items={items} rowHeight={56} height={560} getKey={(item) => item} renderRow={(item) => <span>{item}</span>} />);
    const list = screen.getByRole('list', { name: 'Rows' });
    let rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBeLessThan(30);
    expect(rows[0]).toHaveTextContent('Row 0');
    expect(rows[0]).toHaveAttribute('aria-setsize', '2000');
    act(() => {
      list.scrollTop = 56 * 1500;
      fireEvent.scroll(list);
    });
    rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBeLessThan(30);
    expect(within(list).getByText('Row 1500')).toBeInTheDocument();
    expect(within(list).queryByText('Row 0')).toBeNull();
    expect(within(list).getByText('Row 1500').parentElement).toHaveAttribute('aria-posinset', '1501');
  });
});

describe('SafeGate', () => {
  it('says so when no Safe is open', () => {
    const app = createActor(appSessionMachine, { input: { location: { path: '/home', search: '' }, theme: 'light' } });
    render(
      <AppSessionProvider actor={app}>
        <SafeSessionProvider actor={null}>
          <DashboardScreen />
        </SafeSessionProvider>
      </AppSessionProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Overview');
    expect(screen.getByText(/No Safe is open/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Safe accounts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a Safe by address' })).toBeInTheDocument();
  });

  it('says what is wrong with a ?safe= value that names no Safe, and offers a way on', () => {
    const app = createActor(appSessionMachine, { input: { location: { path: '/home', search: '?safe=devnet:0x1234' }, theme: 'light' } });
    render(
      <AppSessionProvider actor={app}>
        <SafeSessionProvider actor={null}>
          <DashboardScreen />
        </SafeSessionProvider>
      </AppSessionProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This link does not name a Safe. The address has 4 hexadecimal digits; a Safe address has 40.');
    expect(alert).toHaveTextContent('The link says: devnet:0x1234');
    expect(screen.getByRole('link', { name: 'My Safe accounts' })).toBeInTheDocument();
    expect(screen.queryByText(/No Safe is open/)).toBeNull();
  });
});

describe('lists loaded on demand', () => {
  it('the home asks only for what it shows; each other list starts when its screen first opens and keeps running', async () => {
    const loads = { balances: 0, fiatCodes: 0, queue: 0, history: 0, messages: 0, collectibles: 0 };
    const list = <T,>(id: 'queue' | 'history' | 'messages' | 'collectibles') => ({
      actors: { loadPage: fromPromise<ListPage<T>, PageRequest>(async () => ((loads[id] += 1), { results: [], next: null, count: 0 })) },
    });
    const session = createActor(
      safeSessionMachine.provide({
        actors: {
          loadChains: fromPromise(async () => [chain]),
          loadSafeInfo: fromPromise(async () => sampleSafeInfo),
          watchSafeInfo: quietWatcher,
          loadBalances: fromPromise(async () => ((loads.balances += 1), balances)),
          loadFiatCodes: fromPromise(async () => ((loads.fiatCodes += 1), fiatCodes)),
          queueList: queueListMachine.provide(list<TransactionItem>('queue')),
          historyList: historyListMachine.provide(list<TransactionItem>('history')),
          messagesList: messagesListMachine.provide(list<MessageListItem>('messages')),
          collectiblesList: collectiblesListMachine.provide(list<Collectible>('collectibles')),
        },
      }),
      { input: safeSessionSampleInput },
    ).start();
    const app = createActor(appSessionMachine, { input: { location: { path: '/home', search: '' }, theme: 'light' } });
    const show = (element: React.ReactNode) => (
      <AppSessionProvider actor={app}>
        <SafeSessionProvider actor={session}>{element}</SafeSessionProvider>
      </AppSessionProvider>
    );
    const { rerender } = render(show(<DashboardScreen />));
    await act(async () => {
      await waitFor(session, (s) => s.matches({ ready: { balances: 'loaded' } }));
    });
    expect(await screen.findByText('No pending transactions.')).toBeInTheDocument();
    expect(loads).toEqual({ balances: 1, fiatCodes: 0, queue: 1, history: 0, messages: 0, collectibles: 0 });

    const screens = [
      { element: <HistoryScreen />, shows: 'No transactions yet.', starts: 'history' },
      { element: <MessagesScreen />, shows: 'No messages.', starts: 'messages' },
      { element: <NftsScreen />, shows: 'No NFTs.', starts: 'collectibles' },
      { element: <BalancesScreen />, shows: 'GBP', starts: 'fiatCodes' },
    ] as const;
    for (const { element, shows, starts } of screens) {
      const before = { ...loads };
      rerender(show(element));
      expect(await screen.findByText(shows)).toBeInTheDocument();
      expect(loads).toEqual({ ...before, [starts]: 1 });
    }
    // Back to each screen, and the queue: nothing loads again (refreshes follow the Safe info's tags).
    const after = { ...loads };
    for (const element of [<DashboardScreen />, <QueueScreen />, ...screens.map((s) => s.element)]) {
      rerender(show(element));
      await act(async () => {});
    }
    expect(loads).toEqual(after);
    session.stop();
  });
});
