/** The myAccounts view model: the accounts list's status and rows, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { myAccountsMachine } from './myAccounts.machine.ts';
import type { MyAccountsContext } from './myAccounts.types.ts';

export type MyAccountsSnapshot = SnapshotFrom<typeof myAccountsMachine>;

export interface MyAccountsView {
  status: 'loading' | 'ready' | 'failed';
  canRefresh: boolean;
  owner: MyAccountsContext['owner'];
  rows: MyAccountsContext['rows'];
  /** Chains on which the owned Safes could not be read. */
  failedChains: MyAccountsContext['failedChains'];
  error: MyAccountsContext['error'];
  /** A pin can be changed now (not while one is being saved). */
  canPin: boolean;
  trustError: string | null;
}

export function connectMyAccounts(snapshot: MyAccountsSnapshot): MyAccountsView {
  const { context } = snapshot;
  return {
    // Saving a pin keeps the list shown (`pinning` is the ready list with one change under way).
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    canRefresh: snapshot.can({ type: 'user.refresh' }),
    owner: context.owner,
    rows: context.rows,
    failedChains: context.failedChains,
    error: context.error,
    canPin: snapshot.matches('ready'),
    trustError: context.trustError ?? null,
  };
}
