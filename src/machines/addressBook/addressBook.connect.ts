/** The addressBook view model: what the address-book screen shows, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { addressBookMachine } from './addressBook.machine.ts';
import type { AddressBookContext } from './addressBook.types.ts';

export type AddressBookSnapshot = SnapshotFrom<typeof addressBookMachine>;

/** Which panel is open over the list once the book is read: none (`idle`), the entry form, the delete confirmation, the import review. */
export type AddressBookPanel = 'idle' | 'form' | 'deleteConfirm' | 'importReview';

export interface AddressBookView {
  status: 'loading' | 'loadFailed' | 'ready';
  /** `null` until the book is read. */
  panel: AddressBookPanel | null;
  /** No panel is open: entries can be added, edited, deleted, imported and exported. */
  idle: boolean;
  /** The open panel's change is being written (saving, deleting or importing). */
  busy: boolean;
  canImport: boolean;
  canExport: boolean;
  entries: AddressBookContext['entries'];
  /** The entry being edited (null when adding). */
  editing: AddressBookContext['editing'];
  /** The entry awaiting delete confirmation. */
  deleting: AddressBookContext['deleting'];
  importPreview: AddressBookContext['importPreview'];
  error: AddressBookContext['error'];
  notice: AddressBookContext['notice'];
}

export function connectAddressBook(snapshot: AddressBookSnapshot): AddressBookView {
  const ready = (state: 'idle' | 'editing' | 'saving' | 'confirmingDelete' | 'deleting' | 'reviewingImport' | 'importing') => snapshot.matches({ ready: state });
  const panel: AddressBookPanel | null = ready('idle')
    ? 'idle'
    : ready('editing') || ready('saving')
      ? 'form'
      : ready('confirmingDelete') || ready('deleting')
        ? 'deleteConfirm'
        : ready('reviewingImport') || ready('importing')
          ? 'importReview'
          : null;
  const { context } = snapshot;
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'loadFailed' : 'ready',
    panel,
    idle: panel === 'idle',
    busy: ready('saving') || ready('deleting') || ready('importing'),
    canImport: snapshot.can({ type: 'user.confirm' }),
    canExport: snapshot.can({ type: 'user.export' }),
    entries: context.entries,
    editing: context.editing,
    deleting: context.deleting,
    importPreview: context.importPreview,
    error: context.error,
    notice: context.notice,
  };
}
