/**
 * Model-based test of the addressBook machine through the real /address-book screen: add, edit, delete,
 * CSV import (with a preview of what can and cannot be imported) and export; storage effects held in
 * deferred promises.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot, type NonReducibleUnknown } from 'xstate';
import { addressBookMachine } from '../../src/machines/addressBook/addressBook.machine.ts';
import type { AddressBookContext, AddressBookEntry, EntryKey, SaveEntryInput } from '../../src/machines/addressBook/addressBook.types.ts';
import { addressBookSampleEvents, serializeAddressBookState } from '../../src/machines/addressBook/addressBook.samples.ts';
import { walletConnectionMachine } from '../../src/machines/walletConnection/walletConnection.machine.ts';
import type { ConnectResult } from '../../src/machines/walletConnection/walletConnection.types.ts';
import { AddressBookScreen } from '../../src/views/addressBook/AddressBookScreen.tsx';
import { WalletProvider } from '../../src/views/walletConnection/walletContext.tsx';
import { describeModel, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import { deferred, type Deferred } from '../harness/deferred.ts';

/** The shared samples with `{ name: 'Error', message }` payloads turned back into the `Error` instances the real effects reject with. */
const events: AnyEventObject[] = addressBookSampleEvents.map((e) => {
  const error = (e as { error?: Record<string, unknown> }).error;
  return error && error.name === 'Error' && Object.keys(error).length === 2 ? { ...e, error: new Error(String(error.message)) } : e;
});

type Pending = Record<'loadEntries' | 'saveEntry' | 'removeEntry' | 'importEntries', Deferred<AddressBookEntry[]> | null>;
interface BookSut extends SystemUnderTest {
  pending: Pending;
  downloads: string[];
  saved: unknown[];
}

const payload = <T,>(event: AnyEventObject, key: 'output' | 'error'): T => (event as unknown as Record<string, T>)[key]!;
function running(sut: BookSut, name: keyof Pending): Deferred<AddressBookEntry[]> {
  const d = sut.pending[name];
  if (!d) throw new Error(`${name} is not running`);
  return d;
}
const click = (name: string | RegExp) => act(async () => screen.getByRole('button', { name }).click());
const ctx = (s: AnyMachineSnapshot) => s.context as AddressBookContext;

const driver: ViewDriver<BookSut> = {
  start() {
    const pending: Pending = { loadEntries: null, saveEntry: null, removeEntry: null, importEntries: null };
    const downloads: string[] = [];
    const saved: unknown[] = [];
    const hold = <I,>(name: keyof Pending) => fromPromise<AddressBookEntry[], I>(({ input }) => {
      saved.push(input);
      return (pending[name] = deferred<AddressBookEntry[]>()).promise;
    });
    const actor = createActor(
      addressBookMachine.provide({
        actors: {
          loadEntries: hold<NonReducibleUnknown>('loadEntries'),
          saveEntry: hold<SaveEntryInput>('saveEntry'),
          removeEntry: hold<EntryKey>('removeEntry'),
          importEntries: hold<{ entries: AddressBookEntry[] }>('importEntries'),
        },
        actions: { downloadCsv: (_, params) => void downloads.push(params.text) },
      }),
    );
    const wallet = createActor(walletConnectionMachine.provide({ actors: { restoreWallet: fromPromise<ConnectResult>(() => new Promise(() => {})) } }));
    wallet.start();
    wallet.send({ type: 'system.supportedChainsChanged', chainIds: ['1', '5'], chainNames: { '1': 'Ethereum', '5': 'Goerli' } });
    actor.start();
    render(
      <WalletProvider actors={{ wallet, addressBook: actor }}>
        <AddressBookScreen />
      </WalletProvider>,
    );
    return {
      actor,
      pending,
      downloads,
      saved,
      cleanup: () => {
        cleanup();
        actor.stop();
        wallet.stop();
      },
    };
  },
  events: {
    'xstate.done.actor.loadEntries': (sut, e) => act(async () => running(sut, 'loadEntries').resolve(payload(e, 'output'))),
    'xstate.error.actor.loadEntries': (sut, e) => act(async () => running(sut, 'loadEntries').reject(payload(e, 'error'))),
    'xstate.done.actor.saveEntry': (sut, e) => act(async () => running(sut, 'saveEntry').resolve(payload(e, 'output'))),
    'xstate.error.actor.saveEntry': (sut, e) => act(async () => running(sut, 'saveEntry').reject(payload(e, 'error'))),
    'xstate.done.actor.removeEntry': (sut, e) => act(async () => running(sut, 'removeEntry').resolve(payload(e, 'output'))),
    'xstate.error.actor.removeEntry': (sut, e) => act(async () => running(sut, 'removeEntry').reject(payload(e, 'error'))),
    'xstate.done.actor.importEntries': (sut, e) => act(async () => running(sut, 'importEntries').resolve(payload(e, 'output'))),
    'xstate.error.actor.importEntries': (sut, e) => act(async () => running(sut, 'importEntries').reject(payload(e, 'error'))),
    'user.retry': () => click('Retry'),
    // An import of local data rewrote the stored entries: the machine reads them again.
    'system.storageChanged': (sut, e) => act(async () => void sut.actor.send(e)),
    'user.add': () => click('Add entry'),
    'user.edit': () => click('Edit Alice'),
    'user.delete': () => click('Delete Alice'),
    'user.save': async (_, e) => {
      const { chainId, address, name } = e as unknown as AddressBookEntry;
      const form = screen.getByRole('form');
      await act(async () => {
        fireEvent.change(within(form).getByRole('combobox', { name: /Network/ }), { target: { value: chainId } });
        fireEvent.change(within(form).getByRole('textbox', { name: /Address/ }), { target: { value: address } });
        fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: name } });
      });
      await act(async () => within(form).getByRole('button', { name: 'Save' }).click());
    },
    'user.cancel': () => click('Cancel'),
    'user.confirm': async (sut) => {
      const s = sut.actor.getSnapshot() as AnyMachineSnapshot;
      if (s.matches({ ready: 'confirmingDelete' })) await click('Delete');
      else await click(/^Import \d+ entr/);
    },
    'user.importFile': async (_, e) => {
      const { fileName, text } = e as unknown as { fileName: string; text: string };
      const file = new File([text], fileName, { type: 'text/csv' });
      await act(async () => {
        fireEvent.change(screen.getByLabelText('Import CSV'), { target: { files: [file] } });
      });
    },
    'user.export': async (sut) => {
      const before = sut.downloads.length;
      await click('Export CSV');
      expect(sut.downloads.length).toBe(before + 1);
      const entries = ctx(sut.actor.getSnapshot() as AnyMachineSnapshot).entries;
      expect(sut.downloads.at(-1)).toBe(`address,name,chainId\n${entries.map((x) => `${x.address},${x.name},${x.chainId}\n`).join('')}`);
    },
  },
  states: {
    loading: () => {
      expect(screen.getByRole('status')).toHaveTextContent('Loading the address book…');
    },
    loadFailed: (_, s) => {
      expect(screen.getByRole('alert')).toHaveTextContent(`Could not read the address book. ${ctx(s).error}`);
    },
    ready: (_, s) => {
      const { entries } = ctx(s);
      if (entries.length === 0) expect(screen.getByText(/No entries yet/)).toBeInTheDocument();
      // While a dialog is open the list behind it is hidden from assistive technology (aria-hidden), hence `hidden`.
      else expect(within(screen.getByRole('table', { hidden: true })).getAllByRole('row', { hidden: true })).toHaveLength(entries.length + 1);
      const names = screen.queryAllByRole('cell', { hidden: true }).map((cell) => cell.textContent);
      for (const entry of entries) expect(names).toContain(entry.name);
    },
    'ready.idle': (_, s) => {
      expect(screen.getByRole('button', { name: 'Add entry' })).toBeEnabled();
      const { notice, error } = ctx(s);
      if (notice) expect(screen.getByRole('status')).toHaveTextContent(notice);
      if (error) expect(screen.getByRole('alert')).toHaveTextContent(error);
    },
    'ready.editing': (_, s) => {
      const { editing, error } = ctx(s);
      expect(screen.getByRole('form', { name: editing ? 'Edit entry' : 'Add entry' })).toBeInTheDocument();
      if (error) expect(screen.getByRole('alert')).toHaveTextContent(error);
      else expect(screen.queryByRole('alert')).toBeNull();
    },
    'ready.saving': () => {
      expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    },
    'ready.confirmingDelete': () => {
      expect(screen.getByRole('dialog', { name: 'Delete entry' })).toHaveTextContent('Delete Alice');
    },
    'ready.deleting': () => {
      expect(screen.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    },
    'ready.reviewingImport': (_, s) => {
      const preview = ctx(s).importPreview!;
      const dialog = screen.getByRole('dialog', { name: 'Import address book' });
      for (const problem of preview.errors) expect(dialog).toHaveTextContent(problem);
      const button = within(dialog).getByRole('button', { name: /^Import \d+ entr/ });
      if (preview.entries.length > 0) expect(button).toBeEnabled();
      else expect(button).toBeDisabled();
    },
    'ready.importing': () => {
      expect(screen.getByRole('button', { name: 'Importing…' })).toBeDisabled();
    },
  },
};

describeModel('addressBook (model-based, real views)', {
  machine: addressBookMachine,
  events,
  serializeState: serializeAddressBookState,
  driver,
});
