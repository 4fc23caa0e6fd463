/**
 * Sample input and events of the myAccounts machine for the registry (QA paths, diagrams, event-log tools)
 * and its model test: plain JSON (errors as `{ name, message }`; the model test turns those into `Error`
 * instances, which is what the real effect rejects with).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AccountsData, MyAccountsContext, MyAccountsInput } from './myAccounts.types.ts';

const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TEAM = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const WATCHED = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const data: AccountsData = {
  rows: [
    {
      chainId: '31337', chainName: 'Devnet', shortName: 'dev', address: TEAM, owned: true, added: false, name: null,
      overview: { fiatTotal: '1234.5', currency: 'usd', threshold: 2, owners: 3, queued: 4 },
    },
    { chainId: '31337', chainName: 'Devnet', shortName: 'dev', address: WATCHED, owned: false, added: true, name: 'Watched', overview: null },
  ],
  failedChains: ['Goerli'],
};

export const myAccountsSampleInput: MyAccountsInput = { owner: OWNER };

export const myAccountsSampleEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadAccounts', output: data },
  { type: 'xstate.error.actor.loadAccounts', error: { name: 'Error', message: 'Gateway unreachable at http://gateway.test' } },
  { type: 'user.retry' },
  { type: 'user.refresh' },
];

/** Vertex identity for path generation: the state plus the error shown. */
export function serializeMyAccountsState(s: AnyMachineSnapshot): string {
  return JSON.stringify([s.value, (s.context as MyAccountsContext).error]);
}
