/**
 * Sample input and events of the myAccounts machine for the registry (QA paths, diagrams, event-log tools)
 * and its model test: plain JSON (errors as `{ name, message }`; the model test turns those into `Error`
 * instances, which is what the real effect rejects with).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { DEVNET_OTHER_SAFE, DEVNET_OWNER, DEVNET_SAFE, SAMPLE_CHAIN } from '../shared/samples.ts';
import type { AccountsData, MyAccountsContext, MyAccountsInput } from './myAccounts.types.ts';

const OWNER = DEVNET_OWNER;
const TEAM = DEVNET_SAFE;
const WATCHED = DEVNET_OTHER_SAFE;
const data: AccountsData = {
  rows: [
    {
      ...SAMPLE_CHAIN, address: TEAM, owned: true, added: false, name: null,
      overview: { fiatTotal: '1234.5', currency: 'usd', threshold: 2, owners: 3, queued: 4 },
    },
    { ...SAMPLE_CHAIN, address: WATCHED, owned: false, added: true, name: 'Watched', overview: null },
  ],
  failedChains: ['Goerli'],
};

export const myAccountsSampleInput: MyAccountsInput = { owner: OWNER };

export const myAccountsSampleEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadAccounts', output: data },
  { type: 'xstate.error.actor.loadAccounts', error: { name: 'Error', message: 'Gateway unreachable at http://gateway.test' } },
  { type: 'user.retry' },
  { type: 'user.refresh' },
  { type: 'user.setTrusted', chainId: SAMPLE_CHAIN.chainId, address: WATCHED, trusted: true },
  { type: 'xstate.done.actor.setTrusted', output: { chainId: SAMPLE_CHAIN.chainId, address: WATCHED, trusted: true } },
  { type: 'xstate.error.actor.setTrusted', error: { name: 'Error', message: 'The database connection is closing.' } },
];

/** Vertex identity for path generation: the state plus the errors shown. */
export function serializeMyAccountsState(s: AnyMachineSnapshot): string {
  const c = s.context as MyAccountsContext;
  return JSON.stringify([s.value, c.error, c.trustError ?? null]);
}
