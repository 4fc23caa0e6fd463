/**
 * Sample input and events of the loadSafe machine for the registry (QA paths, diagrams, event-log tools) and
 * its model test: plain JSON (errors as `{ name, message }` or the `{ kind, message }` the machine expects;
 * the model test turns the former into `Error` instances, which is what the real effects reject with).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { LoadSafeContext, LoadSafeInput, LoadSafeSetup, SafeSummary } from './loadSafe.types.ts';

const SAFE = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ADDED = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const OWNERS = ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'] as const;
const setupData: LoadSafeSetup = {
  chains: [
    { chainId: '31337', chainName: 'Devnet', shortName: 'dev' },
    { chainId: '1', chainName: 'Ethereum', shortName: 'eth' },
  ],
  added: [{ chainId: '31337', address: ADDED, name: 'Team' }],
};
const summary: SafeSummary = { address: SAFE, threshold: 2, owners: [...OWNERS], version: '1.4.1' };

/** No prefill (the add-existing-Safe screen opened without `?chain=&address=`). */
export const loadSafeSampleInput: LoadSafeInput = {};

export const loadSafeSampleEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadSetup', output: setupData },
  { type: 'xstate.error.actor.loadSetup', error: { name: 'Error', message: 'Gateway unreachable at http://gateway.test' } },
  { type: 'user.retry' },
  { type: 'user.submit', chainId: '31337', address: `dev:${SAFE.toLowerCase()}`, name: 'Treasury' },
  { type: 'user.submit', chainId: '31337', address: '0x1234', name: '' },
  { type: 'user.submit', chainId: '31337', address: ADDED, name: '' },
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
