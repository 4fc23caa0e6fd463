/**
 * Sample input and events of the loadSafe machine for the registry (QA paths, diagrams, event-log tools) and
 * its model test: plain JSON (errors as `{ name, message }` or the `{ kind, message }` the machine expects;
 * the model test turns the former into `Error` instances, which is what the real effects reject with).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { DEVNET_OTHER_SAFE, DEVNET_OWNERS, DEVNET_SAFE, SAMPLE_CHAIN, SAMPLE_CHAIN_ID, SAMPLE_OTHER_CHAIN } from '../shared/samples.ts';
import type { LoadSafeContext, LoadSafeInput, LoadSafeSetup, SafeSummary } from './loadSafe.types.ts';

const SAFE = DEVNET_SAFE;
const ADDED = DEVNET_OTHER_SAFE;
const setupData: LoadSafeSetup = {
  chains: [
    { ...SAMPLE_CHAIN },
    { ...SAMPLE_OTHER_CHAIN },
  ],
  added: [{ chainId: SAMPLE_CHAIN_ID, address: ADDED, name: 'Team' }],
};
const summary: SafeSummary = { address: SAFE, threshold: 2, owners: [...DEVNET_OWNERS], version: '1.4.1' };

/** No prefill (the add-existing-Safe screen opened without `?chain=&address=`). */
export const loadSafeSampleInput: LoadSafeInput = {};

export const loadSafeSampleEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadSetup', output: setupData },
  { type: 'xstate.error.actor.loadSetup', error: { name: 'Error', message: 'Gateway unreachable at http://gateway.test' } },
  { type: 'user.retry' },
  { type: 'user.submit', chainId: SAMPLE_CHAIN_ID, address: `dev:${SAFE.toLowerCase()}`, name: 'Treasury' },
  { type: 'user.submit', chainId: SAMPLE_CHAIN_ID, address: '0x1234', name: '' },
  { type: 'user.submit', chainId: SAMPLE_CHAIN_ID, address: ADDED, name: '' },
  { type: 'xstate.done.actor.checkSafe', output: summary },
  { type: 'xstate.error.actor.checkSafe', error: { kind: 'notASafe', message: 'No Safe at this address' } },
  { type: 'xstate.error.actor.checkSafe', error: { name: 'Error', message: 'Gateway unreachable at http://gateway.test' } },
  { type: 'user.back' },
  { type: 'user.confirm' },
  { type: 'xstate.done.actor.addSafe', output: undefined },
  { type: 'xstate.error.actor.addSafe', error: { name: 'Error', message: 'Quota exceeded' } },
];

/** Vertex identity for path generation: the state plus the form and its errors. */
export function serializeLoadSafeState(s: AnyMachineSnapshot): string {
  const c = s.context as LoadSafeContext;
  return JSON.stringify([s.value, c.form, c.fieldError, c.error]);
}
