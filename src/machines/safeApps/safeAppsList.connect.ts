/** The safeAppsList view model: the Safe Apps list's status, filters and pins, computed only from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { safeAppsListMachine } from './safeAppsList.machine.ts';

export type SafeAppsListSnapshot = SnapshotFrom<typeof safeAppsListMachine>;
type Context = SafeAppsListSnapshot['context'];

export interface SafeAppsListView {
  status: 'loading' | 'failed' | 'ready';
  /** Search, tag and the batched-only filter can be changed. */
  canFilter: boolean;
  canPin: boolean;
  canRetry: boolean;
  apps: Context['apps'];
  pinned: Context['pinned'];
  query: Context['query'];
  tag: Context['tag'];
  batchedOnly: Context['batchedOnly'];
  error: Context['error'];
  pinError: Context['pinError'];
}

export function connectSafeAppsList(snapshot: SafeAppsListSnapshot): SafeAppsListView {
  const { context } = snapshot;
  return {
    status: snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : 'loading',
    canFilter: snapshot.can({ type: 'user.toggleBatched' }),
    canPin: snapshot.can({ type: 'user.togglePin', appId: 0 }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    apps: context.apps,
    pinned: context.pinned,
    query: context.query,
    tag: context.tag,
    batchedOnly: context.batchedOnly,
    error: context.error,
    pinError: context.pinError,
  };
}
