/**
 * appPermissions: /settings/safe-apps. Lists the bridge permissions stored per app origin and revokes one
 * capability, or every permission of an origin.
 *
 * Named effects: actors `loadPermissions`, `revokePermission` (both answer the full list after the change).
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { errorText } from './safeApps.logic.ts';
import type { AppPermissionsContext, AppPermissionsEffects, AppPermissionsEvent, PermissionsByOrigin } from './safeApps.types.ts';

export const appPermissionsMachine = setup({
  types: {
    context: {} as AppPermissionsContext,
    events: {} as AppPermissionsEvent,
  },
  actors: {
    ...effectPlaceholders<AppPermissionsEffects>({ loadPermissions: true, revokePermission: true }, 'src/services/bridge.ts'),
  },
  actions: {
    /** The permissions as the store answered them. */
    storeEntries: assign((_, entries: PermissionsByOrigin) => ({ entries, error: null })),
    /** The effect's error text, or `fallback` when it has none. */
    showError: assign((_, { error, fallback }: { error: unknown; fallback: string }) => ({ error: errorText(error, fallback) })),
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
        onDone: { target: 'ready', actions: { type: 'storeEntries', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error, fallback: 'The permissions could not be read.' }) } },
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
        onDone: { target: 'ready', actions: { type: 'storeEntries', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'showError', params: ({ event }) => ({ error: event.error, fallback: 'The permission could not be removed.' }) } },
      },
    },
  },
});

export type AppPermissionsMachine = typeof appPermissionsMachine;
