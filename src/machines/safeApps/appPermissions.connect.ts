/** The appPermissions view model: the Safe App permissions list's status and data, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { appPermissionsMachine } from './appPermissions.machine.ts';

export type AppPermissionsSnapshot = SnapshotFrom<typeof appPermissionsMachine>;

export interface AppPermissionsView {
  status: 'loading' | 'failed' | 'ready';
  canRevoke: boolean;
  canRetry: boolean;
  entries: AppPermissionsSnapshot['context']['entries'];
  error: AppPermissionsSnapshot['context']['error'];
}

export function connectAppPermissions(snapshot: AppPermissionsSnapshot): AppPermissionsView {
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    canRevoke: snapshot.can({ type: 'user.revoke', origin: '', capability: null }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    entries: snapshot.context.entries,
    error: snapshot.context.error,
  };
}
