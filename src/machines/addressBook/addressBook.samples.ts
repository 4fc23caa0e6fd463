/**
 * Sample input and events of the addressBook machine for the registry (QA paths, diagrams, event-log tools)
 * and its model test: plain JSON (errors as `{ name, message }`; the model test turns those into `Error`
 * instances, which is what the real storage effects reject with).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { DEVNET_OWNERS } from '../shared/samples.ts';
import type { AddressBookContext, AddressBookEntry } from './addressBook.types.ts';

const ALICE: AddressBookEntry = { chainId: '1', address: DEVNET_OWNERS[0], name: 'Alice' };
const BOB: AddressBookEntry = { chainId: '1', address: DEVNET_OWNERS[1], name: 'Bob' };
const GOOD_CSV = `address,name,chainId\n${BOB.address},Bob,1\nnot-an-address,Eve,1\n`;

/** The machine takes no input. */
export const addressBookSampleInput = undefined;

export const addressBookSampleEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadEntries', output: [ALICE] },
  { type: 'xstate.error.actor.loadEntries', error: { name: 'Error', message: 'IndexedDB is not available' } },
  { type: 'user.retry' },
  { type: 'system.storageChanged' },
  { type: 'user.add' },
  { type: 'user.edit', chainId: ALICE.chainId, address: ALICE.address },
  { type: 'user.delete', chainId: ALICE.chainId, address: ALICE.address },
  { type: 'user.save', chainId: '1', address: BOB.address, name: 'Bob' },
  { type: 'user.save', chainId: '1', address: '0x12', name: 'Bob' },
  { type: 'user.cancel' },
  { type: 'user.confirm' },
  { type: 'user.importFile', fileName: 'book.csv', text: GOOD_CSV },
  { type: 'user.importFile', fileName: 'empty.csv', text: '' },
  { type: 'user.export' },
  { type: 'xstate.done.actor.saveEntry', output: [ALICE, BOB] },
  { type: 'xstate.error.actor.saveEntry', error: { name: 'Error', message: 'Quota exceeded' } },
  { type: 'xstate.done.actor.removeEntry', output: [] },
  { type: 'xstate.error.actor.removeEntry', error: { name: 'Error', message: 'Quota exceeded' } },
  { type: 'xstate.done.actor.importEntries', output: [ALICE, BOB] },
  { type: 'xstate.error.actor.importEntries', error: { name: 'Error', message: 'Quota exceeded' } },
];

/** Vertex identity for path generation: the state plus what the views show. */
export function serializeAddressBookState(s: AnyMachineSnapshot): string {
  const c = s.context as AddressBookContext;
  return JSON.stringify([s.value, c.entries.map((e) => e.name), c.editing, c.deleting, c.importPreview?.fileName ?? null, c.error, c.notice]);
}
