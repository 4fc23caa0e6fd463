/**
 * appPermissions: /settings/safe-apps. Lists the bridge permissions stored per app origin and revokes one
 * capability, or every permission of an origin.
 *
 * Named effects: actors `loadPermissions`, `revokePermission` (both answer the full list after the change).
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorText } from './safeApps.logic.ts';
import type { AppPermissionsContext, AppPermissionsEvent, PermissionsByOrigin, RevokePermissionInput } from './safeApps.types.ts';

export const appPermissionsMachine = setup({
  types: {
    context: {} as AppPermissionsContext,
    events: {} as AppPermissionsEvent,
  },
  actors: {
    loadPermissions: fromPromise<PermissionsByOrigin, void>(async () => {
      throw new Error('loadPermissions is provided by the composition root');
    }),
    revokePermission: fromPromise<PermissionsByOrigin, RevokePermissionInput>(async () => {
      throw new Error('revokePermission is provided by the composition root');
    }),
  },
}).createMachine({
  id: 'appPermissions',
  context: { entries: {}, error: null },
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'Reading the stored Safe App permissions' },
      tags: ['busy'],
      invoke: {
        id: 'loadPermissions',
        src: 'loadPermissions',
        onDone: { target: 'ready', actions: assign({ entries: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, 'The permissions could not be read.') }) },
      },
    },
    failed: {
      meta: { description: 'The permissions could not be read' },
      on: { 'user.retry': 'loading' },
    },
    ready: {
      meta: { description: 'Permissions per app origin' },
      on: { 'user.revoke': 'revoking' },
    },
    revoking: {
      meta: { description: 'Removing a permission' },
      tags: ['busy'],
      invoke: {
        id: 'revokePermission',
        src: 'revokePermission',
        input: ({ event }) => (event.type === 'user.revoke' ? { origin: event.origin, capability: event.capability } : { origin: '', capability: null }),
        onDone: { target: 'ready', actions: assign({ entries: ({ event }) => event.output, error: null }) },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => errorText(event.error, 'The permission could not be removed.') }) },
      },
    },
  },
});

export type AppPermissionsMachine = typeof appPermissionsMachine;
