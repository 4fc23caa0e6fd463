/**
 * Model-based test of the myAccounts machine through the real accounts list of /welcome/accounts: owned and
 * added Safes with their overview (fiat total, threshold, owners, queued), failure with retry, refresh.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { appSessionMachine } from '../../src/machines/appSession/appSession.machine.ts';
import { myAccountsMachine } from '../../src/machines/myAccounts/myAccounts.machine.ts';
import type { AccountsData, MyAccountsContext, MyAccountsInput, TrustChange } from '../../src/machines/myAccounts/myAccounts.types.ts';
import { myAccountsSampleEvents, myAccountsSampleInput, serializeMyAccountsState } from '../../src/machines/myAccounts/myAccounts.samples.ts';
import { walletConnectionMachine } from '../../src/machines/walletConnection/walletConnection.machine.ts';
import type { ConnectResult } from '../../src/machines/walletConnection/walletConnection.types.ts';
import type { RuntimeConfig } from '../../src/machines/appSession/appSession.types.ts';
import { AppSessionProvider } from '../../src/views/appContext.tsx';
import { AccountsList } from '../../src/views/myAccounts/AccountsScreen.tsx';
import { WalletProvider } from '../../src/views/walletConnection/walletContext.tsx';
import { describeModel, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import { DEVNET_OTHER_SAFE, DEVNET_OWNER, DEVNET_SAFE, SAMPLE_CHAIN } from '../../src/machines/shared/samples.ts';
import { deferred, type Deferred } from '../harness/deferred.ts';

const OWNER = DEVNET_OWNER;
const TEAM = DEVNET_SAFE;
const WATCHED = DEVNET_OTHER_SAFE;
const input: MyAccountsInput = myAccountsSampleInput;
/** The shared samples with `{ name: 'Error', message }` payloads turned back into the `Error` instances the real effects reject with. */
const events: AnyEventObject[] = myAccountsSampleEvents.map((e) => {
  const error = (e as { error?: Record<string, unknown> }).error;
  return error && error.name === 'Error' && Object.keys(error).length === 2 ? { ...e, error: new Error(String(error.message)) } : e;
});

interface AccountsSut extends SystemUnderTest {
  pending: Deferred<AccountsData> | null;
  asked: MyAccountsInput[];
  pin: Deferred<TrustChange> | null;
  pinsAsked: TrustChange[];
}

const payload = <T,>(event: AnyEventObject, key: 'output' | 'error'): T => (event as unknown as Record<string, T>)[key]!;
function running(sut: AccountsSut): Deferred<AccountsData> {
  if (!sut.pending) throw new Error('loadAccounts is not running');
  return sut.pending;
}

const driver: ViewDriver<AccountsSut> = {
  start() {
    const sut = { pending: null, asked: [], pin: null, pinsAsked: [] } as unknown as AccountsSut;
    const actor = createActor(
      myAccountsMachine.provide({
        actors: {
          loadAccounts: fromPromise(({ input: asked }) => {
            sut.asked.push(asked);
            return (sut.pending = deferred<AccountsData>()).promise;
          }),
          setTrusted: fromPromise(({ input: change }) => {
            sut.pinsAsked.push(change);
            return (sut.pin = deferred<TrustChange>()).promise;
          }),
        },
      }),
      { input },
    );
        const app = createActor(appSessionMachine.provide({ actors: { loadConfig: fromPromise<RuntimeConfig>(() => new Promise(() => {})) } }), {
      input: { location: { path: '/welcome/accounts', search: '' }, theme: 'light' },
    });
    const wallet = createActor(walletConnectionMachine.provide({ actors: { restoreWallet: fromPromise<ConnectResult>(() => new Promise(() => {})) } }));
    app.start();
    wallet.start();
    actor.start();
    render(
      <AppSessionProvider actor={app}>
        <WalletProvider actors={{ wallet }}>
          <AccountsList actor={actor} />
        </WalletProvider>
      </AppSessionProvider>,
    );
    return Object.assign(sut, {
      actor,
      cleanup: () => {
        cleanup();
        actor.stop();
        wallet.stop();
        app.stop();
      },
    });
  },
  events: {
    'xstate.done.actor.loadAccounts': async (sut, e) => {
      expect(sut.asked.at(-1)).toEqual({ owner: OWNER });
      await act(async () => running(sut).resolve(payload(e, 'output')));
    },
    'xstate.error.actor.loadAccounts': (sut, e) => act(async () => running(sut).reject(payload(e, 'error'))),
    'user.retry': () => act(async () => screen.getByRole('button', { name: 'Retry' }).click()),
    'user.refresh': () => act(async () => screen.getByRole('button', { name: 'Refresh' }).click()),
    // The toggle on the added Safe's row (pinning is keyboard-reachable: a real button with aria-pressed).
    'user.setTrusted': async (sut) => {
      const added = within(screen.getByRole('list', { name: 'Added Safes' })).getAllByTestId('account-row')[0]!;
      await act(async () => within(added).getByRole('button', { name: /^Pin as trusted: Watched on Devnet$/ }).click());
      expect(sut.pinsAsked.at(-1)).toEqual({ chainId: SAMPLE_CHAIN.chainId, address: WATCHED, trusted: true });
    },
    'xstate.done.actor.setTrusted': async (sut, e) => {
      if (!sut.pin) throw new Error('setTrusted is not running');
      await act(async () => sut.pin!.resolve(payload(e, 'output')));
    },
    'xstate.error.actor.setTrusted': async (sut, e) => {
      if (!sut.pin) throw new Error('setTrusted is not running');
      await act(async () => sut.pin!.reject(payload(e, 'error')));
    },
  },
  states: {
    loading: () => {
      expect(screen.getByRole('status')).toHaveTextContent('Loading your Safe accounts…');
    },
    failed: (_, s) => {
      expect(screen.getByRole('alert')).toHaveTextContent(`Could not load your Safe accounts. ${(s.context as MyAccountsContext).error}`);
    },
    pinning: () => {
      // The list stays; no other pin can be changed while one is saved.
      for (const button of screen.getAllByRole('button', { name: /^Pin as trusted/ })) expect(button).toBeDisabled();
    },
    ready: (sut) => {
      const context = sut.actor.getSnapshot().context as MyAccountsContext;
      const watched = context.rows.find((r) => r.address === WATCHED);
      const addedRow = within(screen.getByRole('list', { name: 'Added Safes' })).getAllByTestId('account-row')[0]!;
      const pin = within(addedRow).getByRole('button', { name: 'Pin as trusted: Watched on Devnet' });
      expect(pin).toBeEnabled();
      expect(pin).toHaveAttribute('aria-pressed', String(watched?.trusted === true));
      expect(within(addedRow).queryByText('Trusted') !== null).toBe(watched?.trusted === true);
      if (context.trustError) expect(screen.getByRole('alert')).toHaveTextContent(`The pin could not be saved: ${context.trustError.replace('The pin could not be saved: ', '')}`);
      else expect(screen.queryByRole('alert')).toBeNull();
      const owned = within(screen.getByRole('list', { name: 'Owned Safes' })).getAllByTestId('account-row');
      expect(owned).toHaveLength(1);
      expect(owned[0]).toHaveTextContent('Devnet');
      expect(owned[0]).toHaveTextContent('$1,234.50');
      expect(owned[0]).toHaveTextContent('Threshold2/3');
      expect(owned[0]).toHaveTextContent('Queued4');
      expect(within(owned[0]!).getByRole('link', { name: `Open ${TEAM} on Devnet` })).toHaveAttribute('href', `/home?safe=dev%3A${TEAM}`);
      const added = within(screen.getByRole('list', { name: 'Added Safes' })).getAllByTestId('account-row');
      expect(added[0]).toHaveTextContent('Watched');
      expect(added[0]).toHaveTextContent('No overview available.');
      expect(screen.getByRole('note')).toHaveTextContent('Owned Safes could not be read on: Goerli.');
    },
  },
};

describeModel('myAccounts (model-based, real views)', { machine: myAccountsMachine, input, events, serializeState: serializeMyAccountsState, driver });
