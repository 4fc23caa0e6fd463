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
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { findEntry, normalizeEntry, parseAddressBookCsv, toCsv, validateEntry } from './addressBook.csv.ts';
import type { AddressBookContext, AddressBookEffects, AddressBookEntry, AddressBookEvent, EntryForm, EntryKey } from './addressBook.types.ts';

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
    ...effectPlaceholders<AddressBookEffects>(
      { loadEntries: true, saveEntry: true, removeEntry: true, importEntries: true },
      'src/services/addressBook.ts',
    ),
  },
  guards: {
    isValidEntry: (_, params: EntryForm) => validateEntry(params) === null,
    hasEntry: ({ context }, params: EntryKey) => findEntry(context.entries, params) !== undefined,
    hasEntries: ({ context }) => context.entries.length > 0,
    hasImportableEntries: ({ context }) => (context.importPreview?.entries.length ?? 0) > 0,
  },
  actions: {
    /** Offers the CSV text as a file download. */
    downloadCsv: (_, _params: { text: string }) => {},
    storeEntries: assign((_, entries: AddressBookEntry[]) => ({ entries, error: null })),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    startAdding: assign({ editing: null, error: null, notice: null }),
    startEditing: assign((_, key: EntryKey) => ({ editing: key, error: null, notice: null })),
    /** Remembers the entry to delete until the user confirms. */
    askToDelete: assign((_, key: EntryKey) => ({ deleting: key, error: null, notice: null })),
    /** Reads the CSV file into a preview of what it would import. */
    previewImport: assign((_, { fileName, text }: { fileName: string; text: string }) => ({
      importPreview: parseAddressBookCsv(fileName, text),
      error: null,
      notice: null,
    })),
    clearNotice: assign({ notice: null }),
    /** The valid form, normalized, as the entry to save. */
    acceptDraft: assign((_, form: EntryForm) => ({ draft: normalizeEntry(form), error: null })),
    /** The reason the form is not valid. */
    rejectDraft: assign((_, form: EntryForm) => ({ error: validateEntry(form) })),
    stopEditing: assign({ editing: null, error: null }),
    /** The updated list after a save. */
    entrySaved: assign((_, entries: AddressBookEntry[]) => ({ entries, editing: null, draft: null, notice: 'Entry saved.' })),
    forgetDeleting: assign({ deleting: null }),
    /** The updated list after a delete. */
    entryDeleted: assign((_, entries: AddressBookEntry[]) => ({ entries, deleting: null, notice: 'Entry deleted.' })),
    forgetImport: assign({ importPreview: null }),
    /** The updated list after an import, with how many entries it brought. */
    entriesImported: assign(({ context }, entries: AddressBookEntry[]) => ({
      entries,
      notice: `Imported ${entriesText(context.importPreview?.entries.length ?? 0)}.`,
      importPreview: null,
    })),
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
        onDone: { target: 'ready', actions: { type: 'storeEntries', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      meta: { description: 'The address book could not be read' },
      on: { 'user.retry': { target: 'loading' }, 'system.storageChanged': { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          meta: { description: 'The address book' },
          on: {
            // Another part of the app rewrote the stored entries (Settings › Data import): read them again.
            'system.storageChanged': { target: '#addressBook.loading', actions: 'clearNotice' },
            'user.add': { target: 'editing', actions: 'startAdding' },
            'user.edit': {
              guard: { type: 'hasEntry', params: ({ event }) => ({ chainId: event.chainId, address: event.address }) },
              target: 'editing',
              actions: { type: 'startEditing', params: ({ event }) => ({ chainId: event.chainId, address: event.address }) },
            },
            'user.delete': {
              guard: { type: 'hasEntry', params: ({ event }) => ({ chainId: event.chainId, address: event.address }) },
              target: 'confirmingDelete',
              actions: { type: 'askToDelete', params: ({ event }) => ({ chainId: event.chainId, address: event.address }) },
            },
            'user.importFile': {
              target: 'reviewingImport',
              actions: { type: 'previewImport', params: ({ event }) => ({ fileName: event.fileName, text: event.text }) },
            },
            'user.export': {
              guard: 'hasEntries',
              actions: [{ type: 'downloadCsv', params: ({ context }) => ({ text: toCsv(context.entries) }) }, 'clearNotice'],
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
                actions: { type: 'acceptDraft', params: ({ event }) => ({ chainId: event.chainId, address: event.address, name: event.name }) },
              },
              { actions: { type: 'rejectDraft', params: ({ event }) => ({ chainId: event.chainId, address: event.address, name: event.name }) } },
            ],
            'user.cancel': { target: 'idle', actions: 'stopEditing' },
          },
        },
        saving: {
          meta: { description: 'Saving the entry' },
          tags: ['busy'],
          invoke: {
            id: 'saveEntry',
            src: 'saveEntry',
            input: ({ context }) => ({ entry: context.draft!, previous: context.editing }),
            onDone: { target: 'idle', actions: { type: 'entrySaved', params: ({ event }) => event.output } },
            onError: { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        confirmingDelete: {
          meta: { description: 'Asking before deleting an entry' },
          on: {
            'user.confirm': { target: 'deleting' },
            'user.cancel': { target: 'idle', actions: 'forgetDeleting' },
          },
        },
        deleting: {
          meta: { description: 'Deleting the entry' },
          tags: ['busy'],
          invoke: {
            id: 'removeEntry',
            src: 'removeEntry',
            input: ({ context }) => context.deleting ?? { chainId: '', address: '' },
            onDone: { target: 'idle', actions: { type: 'entryDeleted', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: ['forgetDeleting', { type: 'showError', params: ({ event }) => ({ error: event.error }) }] },
          },
        },
        reviewingImport: {
          meta: { description: 'Showing what a CSV file would import' },
          on: {
            'user.confirm': { guard: 'hasImportableEntries', target: 'importing' },
            'user.cancel': { target: 'idle', actions: 'forgetImport' },
          },
        },
        importing: {
          meta: { description: 'Importing the entries' },
          tags: ['busy'],
          invoke: {
            id: 'importEntries',
            src: 'importEntries',
            input: ({ context }) => ({ entries: context.importPreview?.entries ?? [] }),
            onDone: { target: 'idle', actions: { type: 'entriesImported', params: ({ event }) => event.output } },
            onError: { target: 'reviewingImport', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type AddressBookMachine = typeof addressBookMachine;
