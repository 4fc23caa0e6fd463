/**
 * Sample events of the localData machine for the registry (QA paths, diagrams, event-log tools) and its model
 * test: plain JSON (errors as `{ name, message }`).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ImportPreview, LocalDataSetup } from './localData.types.ts';

const SETUP: LocalDataSetup = { chains: [{ chainId: '31337', chainName: 'Devnet', defaultRpc: 'http://127.0.0.1:8545' }], customRpc: {}, addedTokens: {} };
const TOKEN = { address: '0x8464135c8F25Da09e49BC8782676a84730C318bC', symbol: 'dEUR' };
/** A stored RPC URL for a chain the list does not show, as an RPC with an API key would be (private: decision 0048). */
const SETUP_WITH_RPC: LocalDataSetup = { ...SETUP, customRpc: { '100': 'https://rpc.example.invalid/v3/sample-key' }, addedTokens: { '31337': [TOKEN] } };
const PREVIEW: ImportPreview = {
  fileName: 'countersign-local-data.json',
  exportedAt: '2026-11-28T00:00:00.000Z',
  changes: [{ kind: 'addressBook', label: 'Address book entries', inFile: 2, added: 1, changed: 0, unchanged: 1, removedByReplace: 0 }],
  errors: [],
};
const FILE = '{"format":"countersign-local-data","version":1,"data":{}}';

/** The machine takes no input. */
export const localDataSampleInput = undefined;

export const localDataSampleEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadSetup', output: SETUP_WITH_RPC },
  { type: 'xstate.error.actor.loadSetup', error: { name: 'Error', message: 'The gateway did not answer' } },
  { type: 'user.retry' },
  { type: 'user.saveRpc', chainId: '31337', url: 'http://127.0.0.1:8545' },
  { type: 'user.saveRpc', chainId: '31337', url: 'not a url' },
  { type: 'user.resetRpc', chainId: '31337' },
  { type: 'xstate.done.actor.checkRpc' },
  { type: 'xstate.error.actor.checkRpc', error: { name: 'Error', message: 'This RPC serves chain 1, not 31337.' } },
  { type: 'xstate.done.actor.saveRpc', output: { '31337': 'http://127.0.0.1:8545' } },
  { type: 'xstate.error.actor.saveRpc', error: { name: 'Error', message: 'Quota exceeded' } },
  { type: 'user.addToken', chainId: '31337', address: '0x8464135c8F25Da09e49BC8782676a84730C318bC' },
  { type: 'user.addToken', chainId: '31337', address: '0x1234' },
  { type: 'user.removeToken', chainId: '31337', address: TOKEN.address },
  { type: 'xstate.done.actor.checkToken', output: TOKEN },
  { type: 'xstate.error.actor.checkToken', error: { name: 'Error', message: `There is no contract at ${TOKEN.address} on Devnet.` } },
  { type: 'xstate.done.actor.saveTokens', output: { '31337': [TOKEN] } },
  { type: 'xstate.error.actor.saveTokens', error: { name: 'Error', message: 'Quota exceeded' } },
  { type: 'user.export' },
  { type: 'xstate.done.actor.exportData', output: { fileName: 'countersign-local-data-2026-11-28.json', items: 3 } },
  { type: 'xstate.error.actor.exportData', error: { name: 'Error', message: 'Quota exceeded' } },
  { type: 'user.chooseFile', fileName: 'countersign-local-data.json', text: FILE },
  { type: 'xstate.done.actor.readImport', output: PREVIEW },
  { type: 'xstate.done.actor.readImport', output: { ...PREVIEW, errors: ['Address book entries, item 2: address: invalid address'] } },
  { type: 'xstate.error.actor.readImport', error: { name: 'Error', message: 'This file is not JSON. Choose a file exported from Settings › Data.' } },
  { type: 'user.setImportMode', mode: 'replace' },
  { type: 'user.setImportMode', mode: 'merge' },
  { type: 'user.confirmImport' },
  { type: 'user.cancelImport' },
  { type: 'xstate.done.actor.applyImport', output: { summary: { mode: 'merge', written: 2, skipped: 0 }, setup: { ...SETUP_WITH_RPC, customRpc: { ...SETUP_WITH_RPC.customRpc } } } },
  { type: 'xstate.error.actor.applyImport', error: { name: 'Error', message: 'Import failed, nothing was changed: Quota exceeded' } },
];

/** Vertex identity for path generation: the state plus what decides the next step (mode, file errors). */
export function serializeLocalDataState(s: AnyMachineSnapshot): string {
  const c = s.context as { importMode: string; preview: ImportPreview | null };
  return JSON.stringify([s.value, c.importMode, c.preview ? c.preview.errors.length > 0 : null]);
}
