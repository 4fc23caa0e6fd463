/**
 * The address book screen as a signer uses it: each name once per row, a search that narrows the list, focus back
 * on "Add entry" after its dialog closes, and "Send" to an entry from the open Safe on the entry's network.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor as waitForActor } from 'xstate';
import { addressBookMachine } from '../../src/machines/addressBook/addressBook.machine.ts';
import type { AddressBookEntry } from '../../src/machines/addressBook/addressBook.types.ts';
import type { FlowEntry, FlowRequest, FlowsPort } from '../../src/machines/shared/flows.ts';
import { safeSessionMachine } from '../../src/machines/safeSession/safeSession.machine.ts';
import { OWNER_A, balances, chain, safeSessionSampleInput, sampleSafeInfo } from '../../src/machines/safeSession/safeSession.samples.ts';
import { walletConnectionMachine } from '../../src/machines/walletConnection/walletConnection.machine.ts';
import type { ConnectResult } from '../../src/machines/walletConnection/walletConnection.types.ts';
import { AddressBookScreen } from '../../src/views/addressBook/AddressBookScreen.tsx';
import { FlowsProvider } from '../../src/views/flows/flowsContext.tsx';
import { SafeSessionProvider, type SafeSessionRef } from '../../src/views/safeSession/safeSessionContext.tsx';
import { WalletProvider } from '../../src/views/walletConnection/walletContext.tsx';
import { quietWatcher } from '../harness/quietWatcher.ts';

const ALICE = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as const;
const BOB = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' as const;
const ENTRIES: AddressBookEntry[] = [
  { chainId: chain.chainId, address: ALICE, name: 'Alice' },
  { chainId: '1', address: BOB, name: 'Bob' },
];

afterEach(cleanup);

async function renderBook(wrap: (screen: ReactNode) => ReactNode = (s) => s) {
  const addressBook = createActor(addressBookMachine.provide({ actors: { loadEntries: fromPromise(async () => ENTRIES) } })).start();
  await waitForActor(addressBook, (s) => s.matches('ready'));
  const wallet = createActor(walletConnectionMachine.provide({ actors: { restoreWallet: fromPromise<ConnectResult>(() => new Promise(() => {})) } })).start();
  wallet.send({ type: 'system.supportedChainsChanged', chainIds: [chain.chainId, '1'], chainNames: { [chain.chainId]: 'Devnet', '1': 'Ethereum' } });
  render(<WalletProvider actors={{ wallet, addressBook }}>{wrap(<AddressBookScreen />)}</WalletProvider>);
  return { addressBook, wallet };
}

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;

describe('address book screen', () => {
  it('shows each name once: in the Name column, not again beside the address', async () => {
    await renderBook();
    const row = rowOf('Alice');
    expect(within(row).getAllByText('Alice')).toHaveLength(1);
    // The address cell still shows the (short) address with its copy button.
    expect(within(row).getByText('0x90F7…b906')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: `Copy address ${ALICE}` })).toBeInTheDocument();
  });

  it('narrows the list by name, address or network, and says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderBook();
    const search = screen.getByRole('searchbox', { name: 'Search entries' });
    const names = () => within(screen.getByRole('table')).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(names()).toEqual(['Alice', 'Bob']);
    await user.type(search, 'bo');
    expect(names()).toEqual(['Bob']);
    await user.clear(search);
    await user.type(search, '0x90f7');
    expect(names()).toEqual(['Alice']);
    await user.clear(search);
    await user.type(search, 'ethereum');
    expect(names()).toEqual(['Bob']);
    await user.clear(search);
    await user.type(search, 'carol');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('No entry matches “carol”.');
  });

  it('returns focus to "Add entry" when its dialog is cancelled', async () => {
    const user = userEvent.setup();
    await renderBook();
    const add = screen.getByRole('button', { name: 'Add entry' });
    await user.click(add);
    const dialog = screen.getByRole('dialog', { name: 'Add entry' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(add).toHaveFocus());
  });

  it('offers Send to an entry on the open Safe’s network only, with the recipient filled in', async () => {
    const user = userEvent.setup();
    const requests: FlowRequest[] = [];
    const port: FlowsPort = {
      subscribe: () => () => {},
      getState: () => ({ flows: [], problems: [] }),
      open: (request) => {
        requests.push(request);
        return { id: 'flow-1' } as unknown as FlowEntry;
      },
    };
    const session = createActor(
      safeSessionMachine.provide({
        actors: {
          loadChains: fromPromise(async () => [chain]),
          loadSafeInfo: fromPromise(async () => sampleSafeInfo),
          watchSafeInfo: quietWatcher,
          loadBalances: fromPromise(async () => balances),
        },
      }),
      { input: { ...safeSessionSampleInput, walletAddress: OWNER_A } },
    ).start();
    await act(async () => {
      await waitForActor(session, (s) => s.context.safeInfo !== null && s.context.chain !== null);
    });
    await renderBook((book) => (
      <FlowsProvider port={port}>
        <SafeSessionProvider actor={session as SafeSessionRef}>{book}</SafeSessionProvider>
      </FlowsProvider>
    ));
    expect(within(rowOf('Bob')).queryByRole('button', { name: /^Send/ })).toBeNull();
    await user.click(within(rowOf('Alice')).getByRole('button', { name: 'Send to Alice' }));
    expect(requests).toEqual([{ kind: 'transaction', mode: 'create', initialDraft: { kind: 'nativeTransfer', recipient: ALICE, amount: '', decimals: 18 } }]);
    session.stop();
  });

  it('has no Send while no Safe is open', async () => {
    await renderBook();
    expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();
  });
});
