/** The dashboard of a Safe that holds nothing yet says how to fund it; one that holds assets does not. */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { appSessionMachine } from '../../src/machines/appSession/appSession.machine.ts';
import type { ListPage, PageRequest } from '../../src/machines/pagedList/pagedList.types.ts';
import { queueListMachine, safeSessionMachine } from '../../src/machines/safeSession/safeSession.machine.ts';
import type { SafeBalances, TransactionItem } from '../../src/machines/safeSession/safeSession.types.ts';
import { balances, chain, safeSessionSampleInput, sampleSafeInfo } from '../../src/machines/safeSession/safeSession.samples.ts';
import { AppSessionProvider } from '../../src/views/appContext.tsx';
import { DashboardScreen } from '../../src/views/safeSession/Dashboard.tsx';
import { SafeSessionProvider } from '../../src/views/safeSession/safeSessionContext.tsx';
import { quietWatcher } from '../harness/quietWatcher.ts';

afterEach(cleanup);

/** A new Safe: the gateway lists the native coin with a zero balance. */
const nothing: SafeBalances = { fiatTotal: '0', items: balances.items.slice(0, 1).map((item) => ({ ...item, balance: '0', fiatBalance: '0' })) };

async function renderDashboard(held: SafeBalances) {
  const session = createActor(
    safeSessionMachine.provide({
      actors: {
        loadChains: fromPromise(async () => [chain]),
        loadSafeInfo: fromPromise(async () => sampleSafeInfo),
        watchSafeInfo: quietWatcher,
        loadBalances: fromPromise(async () => held),
        queueList: queueListMachine.provide({ actors: { loadPage: fromPromise<ListPage<TransactionItem>, PageRequest>(async () => ({ results: [], next: null, count: 0 })) } }),
      },
    }),
    { input: safeSessionSampleInput },
  ).start();
  const app = createActor(appSessionMachine, { input: { location: { path: '/home', search: '' }, theme: 'light' } });
  render(
    <AppSessionProvider actor={app}>
      <SafeSessionProvider actor={session}>
        <DashboardScreen />
      </SafeSessionProvider>
    </AppSessionProvider>,
  );
  await act(async () => {
    await waitFor(session, (s) => s.matches({ ready: { balances: 'loaded' } }));
  });
  return session;
}

describe('dashboard', () => {
  it('tells a Safe with no assets how to add funds, with Receive one click away', async () => {
    const session = await renderDashboard(nothing);
    const note = await screen.findByRole('note', { name: 'Add funds' });
    expect(note).toHaveTextContent(`This Safe holds no assets yet. To add funds, send ETH or tokens to the Safe's address on ${chain.chainName}`);
    expect(within(note).getByRole('button', { name: 'Receive funds' })).toHaveAttribute('aria-haspopup', 'dialog');
    session.stop();
  });

  it('says nothing of the kind once the Safe holds something', async () => {
    const session = await renderDashboard(balances);
    expect(await screen.findByLabelText('Total balance')).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: 'Add funds' })).toBeNull();
    session.stop();
  });
});
