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
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { ACCOUNT_TEXTS, errorText, signerOf } from './accountServices.logic.ts';
import { sameHex } from '../../domain/hex.ts';
import type {
  AccountServicesInput,
  DeviceState,
  PushNotificationsContext,
  PushNotificationsEffects,
  PushNotificationsEvent,
  SignedRegistration,
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
    ...effectPlaceholders<PushNotificationsEffects>(
      { loadDevice: true, signRegistration: true, registerDevice: true, unregisterSafe: true, unregisterDevice: true },
      'src/services/accountServices/index.ts',
    ),
  },
  actions: {
    markInterrupted: assign({ signed: null, target: null, notice: ACCOUNT_TEXTS.interrupted }),
    /** This browser's uuid and the Safes to offer; nothing selected. */
    storeDevice: assign((_, { uuid, safes }: DeviceState) => ({ uuid, safes, selected: [], error: null })),
    /** Adds the Safe to the selection (as the list spells its address), or takes it out. */
    toggleSelection: assign(({ context }, { address }: { address: string }) => ({
      selected: context.selected.some((a) => sameHex(a, address))
        ? context.selected.filter((a) => !sameHex(a, address))
        : [...context.selected, context.safes.find((s) => sameHex(s.address, address))?.address ?? address],
    })),
    clearMessages: assign({ error: null, notice: null }),
    clearError: assign({ error: null }),
    /** The Safe to unregister. */
    chooseTarget: assign((_, { address }: { address: string }) => ({ target: address, error: null, notice: null })),
    storeSigned: assign((_, signed: SignedRegistration) => ({ signed })),
    /** The selected Safes now registered, under the signed uuid. */
    markRegistered: assign(({ context }) => ({
      uuid: context.signed?.uuid ?? context.uuid,
      safes: context.safes.map((s) => (context.selected.some((a) => sameHex(a, s.address)) ? { ...s, registered: true } : s)),
      selected: [],
      signed: null,
      notice: ACCOUNT_TEXTS.registered,
    })),
    forgetSigned: assign({ signed: null }),
    markSafeUnregistered: assign(({ context }) => ({
      safes: context.safes.map((s) => (sameHex(s.address, context.target ?? '') ? { ...s, registered: false } : s)),
      target: null,
    })),
    forgetTarget: assign({ target: null }),
    markDeviceUnregistered: assign(({ context }) => ({
      uuid: null,
      safes: context.safes.map((s) => ({ ...s, registered: false })),
      notice: ACCOUNT_TEXTS.deviceRemoved,
    })),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
  guards: {
    isSelectable: ({ context }, params: { address: string }) => context.safes.some((s) => s.owned && sameHex(s.address, params.address)),
    hasSelection: ({ context }) => context.signer !== null && context.selected.length > 0,
    isRegistered: ({ context }, params: { address: string }) => context.uuid !== null && context.safes.some((s) => s.registered && sameHex(s.address, params.address)),
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
        onDone: { target: 'idle', actions: { type: 'storeDevice', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      meta: { description: 'The registration could not be read' },
      on: { 'user.retry': { target: 'loading', actions: 'clearError' } },
    },
    idle: {
      meta: { description: 'Per Safe: registered or not; choose Safes to register, unregister one or the device' },
      on: {
        'user.toggleSafe': {
          guard: { type: 'isSelectable', params: ({ event }) => ({ address: event.address }) },
          actions: { type: 'toggleSelection', params: ({ event }) => ({ address: event.address }) },
        },
        'user.register': { guard: 'hasSelection', target: 'signing', actions: 'clearMessages' },
        'user.unregisterSafe': {
          guard: { type: 'isRegistered', params: ({ event }) => ({ address: event.address }) },
          target: 'unregisteringSafe',
          actions: { type: 'chooseTarget', params: ({ event }) => ({ address: event.address }) },
        },
        'user.unregisterDevice': { guard: 'hasDevice', target: 'unregisteringDevice', actions: 'clearMessages' },
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
        onDone: { target: 'registering', actions: { type: 'storeSigned', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
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
        onDone: { target: 'idle', actions: 'markRegistered' },
        onError: { target: 'idle', actions: ['forgetSigned', { type: 'showError', params: ({ event }) => ({ error: event.error }) }] },
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
        onDone: { target: 'idle', actions: 'markSafeUnregistered' },
        onError: { target: 'idle', actions: ['forgetTarget', { type: 'showError', params: ({ event }) => ({ error: event.error }) }] },
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
        onDone: { target: 'idle', actions: 'markDeviceUnregistered' },
        onError: { target: 'idle', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type PushNotificationsMachine = typeof pushNotificationsMachine;
