/**
 * addressBook: the local address book (names for addresses, per chain) and its multi-step interactions.
 *
 *   loading ──▶ ready.idle ◀──────────────────────────────┐
 *      │          ├─ user.add / user.edit ──▶ editing ──user.save [valid]──▶ saving ─┤
 *      ▼          ├─ user.delete ──▶ confirmingDelete ──user.confirm──▶ deleting ────┤
 *   loadFailed    └─ user.importFile ──▶ reviewingImport ──user.confirm──▶ importing ┘
 *  (user.retry)   user.export: action downloadCsv (the whole book as CSV)
 *
 * Effects (named, provided by src/services/addressBook.ts): loadEntries, saveEntry, removeEntry,
 * importEntries (each resolves with the full, updated list) and the action downloadCsv. Validation and CSV
 * parsing are pure (addressBook.csv.ts); the CSV text arrives in the event, read by the view from the file.
 */
import { assign, fromPromise, setup } from 'xstate';
import { findEntry, normalizeEntry, parseAddressBookCsv, toCsv, validateEntry } from './addressBook.csv.ts';
import type { AddressBookContext, AddressBookEntry, AddressBookEvent, EntryKey, SaveEntryInput } from './addressBook.types.ts';

export const ADDRESS_BOOK_ID = 'addressBook';

function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Oops, something went wrong!';
}

const entriesText = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

export const addressBookMachine = setup({
  types: {
    context: {} as AddressBookContext,
    events: {} as AddressBookEvent,
  },
  actors: {
    loadEntries: fromPromise<AddressBookEntry[]>(async () => {
      throw new Error('loadEntries is provided by the composition root');
    }),
    saveEntry: fromPromise<AddressBookEntry[], SaveEntryInput>(async () => {
      throw new Error('saveEntry is provided by the composition root');
    }),
    removeEntry: fromPromise<AddressBookEntry[], EntryKey>(async () => {
      throw new Error('removeEntry is provided by the composition root');
    }),
    importEntries: fromPromise<AddressBookEntry[], { entries: AddressBookEntry[] }>(async () => {
      throw new Error('importEntries is provided by the composition root');
    }),
  },
  guards: {
    isValidEntry: (_, params: { chainId: string; address: string; name: string }) => validateEntry(params) === null,
    hasEntry: ({ context }, params: EntryKey) => findEntry(context.entries, params) !== undefined,
    hasEntries: ({ context }) => context.entries.length > 0,
    hasImportableEntries: ({ context }) => (context.importPreview?.entries.length ?? 0) > 0,
  },
  actions: {
    /** Offers the CSV text as a file download. */
    downloadCsv: (_, _params: { text: string }) => {},
  },
}).createMachine({
  id: ADDRESS_BOOK_ID,
  context: { entries: [], editing: null, draft: null, deleting: null, importPreview: null, error: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'Reading the address book' },
      tags: ['busy'],
      invoke: {
        id: 'loadEntries',
        src: 'loadEntries',
        onDone: { target: 'ready', actions: assign({ entries: ({ event }) => event.output, error: null }) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    loadFailed: {
      meta: { description: 'The address book could not be read' },
      on: { 'user.retry': { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          meta: { description: 'The address book' },
          on: {
            'user.add': { target: 'editing', actions: assign({ editing: null, error: null, notice: null }) },
            'user.edit': {
              guard: { type: 'hasEntry', params: ({ event }) => ({ chainId: event.chainId, address: event.address }) },
              target: 'editing',
              actions: assign({ editing: ({ event }) => ({ chainId: event.chainId, address: event.address }), error: null, notice: null }),
            },
            'user.delete': {
              guard: { type: 'hasEntry', params: ({ event }) => ({ chainId: event.chainId, address: event.address }) },
              target: 'confirmingDelete',
              actions: assign({ deleting: ({ event }) => ({ chainId: event.chainId, address: event.address }), error: null, notice: null }),
            },
            'user.importFile': {
              target: 'reviewingImport',
              actions: assign({ importPreview: ({ event }) => parseAddressBookCsv(event.fileName, event.text), error: null, notice: null }),
            },
            'user.export': {
              guard: 'hasEntries',
              actions: [{ type: 'downloadCsv', params: ({ context }) => ({ text: toCsv(context.entries) }) }, assign({ notice: null })],
            },
          },
        },
        editing: {
          meta: { description: 'Adding or editing an entry' },
          on: {
            'user.save': [
              {
                guard: { type: 'isValidEntry', params: ({ event }) => ({ chainId: event.chainId, address: event.address, name: event.name }) },
                target: 'saving',
                actions: assign({ draft: ({ event }) => normalizeEntry(event), error: null }),
              },
              { actions: assign({ error: ({ event }) => validateEntry(event) }) },
            ],
            'user.cancel': { target: 'idle', actions: assign({ editing: null, error: null }) },
          },
        },
        saving: {
          meta: { description: 'Saving the entry' },
          tags: ['busy'],
          invoke: {
            id: 'saveEntry',
            src: 'saveEntry',
            input: ({ context }) => ({ entry: context.draft!, previous: context.editing }),
            onDone: {
              target: 'idle',
              actions: assign({ entries: ({ event }) => event.output, editing: null, draft: null, notice: 'Entry saved.' }),
            },
            onError: { target: 'editing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        confirmingDelete: {
          meta: { description: 'Asking before deleting an entry' },
          on: {
            'user.confirm': { target: 'deleting' },
            'user.cancel': { target: 'idle', actions: assign({ deleting: null }) },
          },
        },
        deleting: {
          meta: { description: 'Deleting the entry' },
          tags: ['busy'],
          invoke: {
            id: 'removeEntry',
            src: 'removeEntry',
            input: ({ context }) => context.deleting ?? { chainId: '', address: '' },
            onDone: { target: 'idle', actions: assign({ entries: ({ event }) => event.output, deleting: null, notice: 'Entry deleted.' }) },
            onError: { target: 'idle', actions: assign({ deleting: null, error: ({ event }) => errorText(event.error) }) },
          },
        },
        reviewingImport: {
          meta: { description: 'Showing what a CSV file would import' },
          on: {
            'user.confirm': { guard: 'hasImportableEntries', target: 'importing' },
            'user.cancel': { target: 'idle', actions: assign({ importPreview: null }) },
          },
        },
        importing: {
          meta: { description: 'Importing the entries' },
          tags: ['busy'],
          invoke: {
            id: 'importEntries',
            src: 'importEntries',
            input: ({ context }) => ({ entries: context.importPreview?.entries ?? [] }),
            onDone: {
              target: 'idle',
              actions: assign({
                entries: ({ event }) => event.output,
                notice: ({ context }) => `Imported ${entriesText(context.importPreview?.entries.length ?? 0)}.`,
                importPreview: null,
              }),
            },
            onError: { target: 'reviewingImport', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
  },
});

export type AddressBookMachine = typeof addressBookMachine;
