/**
 * pushNotifications: this browser as a push-notification device for chosen Safes (/settings/notifications).
 *
 *   loading ──▶ idle ──user.register [selection]──▶ signing ──▶ registering ──▶ idle
 *      │  ▲       ├──user.unregisterSafe [registered]──▶ unregisteringSafe ──▶ idle
 *      ▼  │       └──user.unregisterDevice [device]────▶ unregisteringDevice ─▶ idle
 *   loadFailed (user.retry)
 *
 * Effects: loadDevice (the device uuid kept by the browser and the Safes to offer: the open Safe, the Safes the
 * wallet owns on this chain, and those already registered), signRegistration (the owner's personal_sign of the
 * registration hash, protocol.md B.7.17; the service picks uuid, token and timestamp), registerDevice (POST
 * /v1/register/notifications, remembers the uuid), unregisterSafe / unregisterDevice (the two DELETE calls).
 * Signing and the three requests are tagged nonIdempotent; system.recover goes back to loading (re-reads).
 */
import { assign, fromPromise, setup } from 'xstate';
import { ACCOUNT_TEXTS, errorText, sameAddress, signerOf } from './accountServices.logic.ts';
import type {
  AccountServicesInput,
  DeviceState,
  PushNotificationsContext,
  PushNotificationsEvent,
  SignRegistrationInput,
  SignedRegistration,
  UnregisterDeviceInput,
  UnregisterSafeInput,
} from './accountServices.types.ts';

export const PUSH_NOTIFICATIONS_ID = 'pushNotifications';

const recover = { 'system.recover': { target: 'loading', actions: 'markInterrupted' } } as const;

export const pushNotificationsMachine = setup({
  types: {
    context: {} as PushNotificationsContext,
    events: {} as PushNotificationsEvent,
    input: {} as AccountServicesInput,
  },
  actors: {
    loadDevice: fromPromise<DeviceState, { chainId: string; safe: string; signer: string | null }>(async () => {
      throw new Error('loadDevice is provided by the composition root');
    }),
    signRegistration: fromPromise<SignedRegistration, SignRegistrationInput>(async () => {
      throw new Error('signRegistration is provided by the composition root');
    }),
    registerDevice: fromPromise<unknown, SignedRegistration>(async () => {
      throw new Error('registerDevice is provided by the composition root');
    }),
    unregisterSafe: fromPromise<unknown, UnregisterSafeInput>(async () => {
      throw new Error('unregisterSafe is provided by the composition root');
    }),
    unregisterDevice: fromPromise<unknown, UnregisterDeviceInput>(async () => {
      throw new Error('unregisterDevice is provided by the composition root');
    }),
  },
  actions: {
    markInterrupted: assign({ signed: null, target: null, notice: ACCOUNT_TEXTS.interrupted }),
  },
  guards: {
    isSelectable: ({ context }, params: { address: string }) => context.safes.some((s) => s.owned && sameAddress(s.address, params.address)),
    hasSelection: ({ context }) => context.signer !== null && context.selected.length > 0,
    isRegistered: ({ context }, params: { address: string }) => context.uuid !== null && context.safes.some((s) => s.registered && sameAddress(s.address, params.address)),
    hasDevice: ({ context }) => context.uuid !== null,
  },
}).createMachine({
  id: PUSH_NOTIFICATIONS_ID,
  context: ({ input }) => ({
    safe: input.safe,
    signer: signerOf(input),
    uuid: null,
    safes: [],
    selected: [],
    signed: null,
    target: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'Reading this browser’s registration and the Safes to offer' },
      tags: ['busy'],
      invoke: {
        id: 'loadDevice',
        src: 'loadDevice',
        input: ({ context }) => ({ chainId: context.safe.chainId, safe: context.safe.address, signer: context.signer }),
        onDone: {
          target: 'idle',
          actions: assign({ uuid: ({ event }) => event.output.uuid, safes: ({ event }) => event.output.safes, selected: [], error: null }),
        },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    loadFailed: {
      meta: { description: 'The registration could not be read' },
      on: { 'user.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    idle: {
      meta: { description: 'Per Safe: registered or not; choose Safes to register, unregister one or the device' },
      on: {
        'user.toggleSafe': {
          guard: { type: 'isSelectable', params: ({ event }) => ({ address: event.address }) },
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.some((a) => sameAddress(a, event.address))
                ? context.selected.filter((a) => !sameAddress(a, event.address))
                : [...context.selected, context.safes.find((s) => sameAddress(s.address, event.address))?.address ?? event.address],
          }),
        },
        'user.register': { guard: 'hasSelection', target: 'signing', actions: assign({ error: null, notice: null }) },
        'user.unregisterSafe': {
          guard: { type: 'isRegistered', params: ({ event }) => ({ address: event.address }) },
          target: 'unregisteringSafe',
          actions: assign({ target: ({ event }) => event.address, error: null, notice: null }),
        },
        'user.unregisterDevice': { guard: 'hasDevice', target: 'unregisteringDevice', actions: assign({ error: null, notice: null }) },
      },
    },
    signing: {
      meta: { description: 'The wallet signs the registration (personal_sign)' },
      tags: ['busy', 'nonIdempotent'],
      on: recover,
      invoke: {
        id: 'signRegistration',
        src: 'signRegistration',
        input: ({ context }) => ({ chainId: context.safe.chainId, safes: context.selected, signer: context.signer ?? '' }),
        onDone: { target: 'registering', actions: assign({ signed: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    registering: {
      meta: { description: 'POST /v1/register/notifications' },
      tags: ['busy', 'nonIdempotent'],
      on: recover,
      invoke: {
        id: 'registerDevice',
        src: 'registerDevice',
        input: ({ context }) => context.signed as SignedRegistration,
        onDone: {
          target: 'idle',
          actions: assign(({ context }) => ({
            uuid: context.signed?.uuid ?? context.uuid,
            safes: context.safes.map((s) => (context.selected.some((a) => sameAddress(a, s.address)) ? { ...s, registered: true } : s)),
            selected: [],
            signed: null,
            notice: ACCOUNT_TEXTS.registered,
          })),
        },
        onError: { target: 'idle', actions: assign({ signed: null, error: ({ event }) => errorText(event.error) }) },
      },
    },
    unregisteringSafe: {
      meta: { description: 'DELETE …/notifications/devices/{uuid}/safes/{safe}' },
      tags: ['busy', 'nonIdempotent'],
      on: recover,
      invoke: {
        id: 'unregisterSafe',
        src: 'unregisterSafe',
        input: ({ context }) => ({ chainId: context.safe.chainId, uuid: context.uuid ?? '', address: context.target ?? '' }),
        onDone: {
          target: 'idle',
          actions: assign(({ context }) => ({
            safes: context.safes.map((s) => (sameAddress(s.address, context.target ?? '') ? { ...s, registered: false } : s)),
            target: null,
          })),
        },
        onError: { target: 'idle', actions: assign({ target: null, error: ({ event }) => errorText(event.error) }) },
      },
    },
    unregisteringDevice: {
      meta: { description: 'DELETE …/notifications/devices/{uuid}' },
      tags: ['busy', 'nonIdempotent'],
      on: recover,
      invoke: {
        id: 'unregisterDevice',
        src: 'unregisterDevice',
        input: ({ context }) => ({ chainId: context.safe.chainId, uuid: context.uuid ?? '' }),
        onDone: {
          target: 'idle',
          actions: assign(({ context }) => ({ uuid: null, safes: context.safes.map((s) => ({ ...s, registered: false })), notice: ACCOUNT_TEXTS.deviceRemoved })),
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});

export type PushNotificationsMachine = typeof pushNotificationsMachine;
