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
 *
 * An owner who signs on a device (input `device`, issue 19, decision 0075) first sees in `checkingOnDevice` what the
 * device will show: the 32-byte registration hash, in hex, computed from the uuid and token loadDevice chose, the
 * chosen Safes and the register event's `nowMs` (the signed timestamp), the values signRegistration then signs. The
 * owner confirms (`user.confirmOnDevice`, recorded) or cancels; a failure has its own `walletError` state, from which
 * Try again returns to the check at the time of the retry. Without a device nothing of this is entered.
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import {
  ACCOUNT_TEXTS,
  deviceAfterChange,
  deviceChangedLeaves,
  deviceFailureRoutesOf,
  deviceOf,
  errorText,
  failureKindOf,
  isSameSigner,
  nowMsOf,
  otherSignerInterrupts,
  registrationCheckOf,
  sameSignerLeaves,
  signerAfterChange,
  signerOf,
  walletErrorStateOf,
  type ProposerDeviceFailureKind,
} from './accountServices.logic.ts';
import { sameHex } from '../../domain/hex.ts';
import type {
  AccountServicesInput,
  DeviceState,
  PushNotificationsContext,
  PushNotificationsEffects,
  PushNotificationsEvent,
  RegistrationIds,
  SignedRegistration,
} from './accountServices.types.ts';

export const PUSH_NOTIFICATIONS_ID = 'pushNotifications';

const recover = { 'system.recover': { target: 'loading', actions: 'markInterrupted' } } as const;

/** A failure of a registration checked on the device: its own state per kind, any other `other` (issue 19). */
const deviceFailureRoutes = deviceFailureRoutesOf(PUSH_NOTIFICATIONS_ID);

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
    /** The device the wallet signs on now (decision 0084): only a signer's; none when the wallet has none now. */
    assignDevice: assign(({ context, event }) => deviceAfterChange(context, event)),
    /** The Safe's owners and the signer after they or the connected account changed (decision 0088). */
    assignSigner: assign(({ context, event }) => signerAfterChange(context, event)),
    /**
     * Another signer (decision 0088): the Safes chosen are kept aside while the registration is read again for it
     * (a choice made while there was no signer is none: the one kept before stays); nothing started goes on.
     */
    keepChoice: assign(({ context }) => ({
      kept: context.signer !== null ? context.selected : context.kept,
      selected: [],
      signed: null,
      target: null,
      nowMs: undefined,
      checkedOnDevice: undefined,
      error: null,
      notice: null,
    })),
    markSignerChanged: assign({ notice: ACCOUNT_TEXTS.signerChanged }),
    markInterrupted: assign({ signed: null, target: null, notice: ACCOUNT_TEXTS.interrupted, nowMs: undefined, checkedOnDevice: undefined }),
    /**
     * This browser's uuid and the Safes to offer; nothing selected, but for the Safes kept from before another signer
     * (decision 0088) that this signer owns. The ids a registration signs with, when read.
     */
    storeDevice: assign(({ context }, { uuid, safes, registrationIds }: DeviceState) => ({
      uuid,
      safes,
      selected: context.signer === null ? [] : (context.kept ?? []).filter((a) => safes.some((s) => s.owned && sameHex(s.address, a))),
      ...(context.kept !== undefined ? { kept: context.signer === null ? context.kept : undefined } : {}),
      error: null,
      ...(registrationIds ? { registrationIds } : {}),
    })),
    /** When the owner asked to register (the signed timestamp derives from it); absent in events recorded before. */
    startRegistration: assign(({ event }) => ({ nowMs: nowMsOf(event), error: null, notice: null })),
    /** Try again after a device's failure: the signature is asked at the time of the retry (issue 19). */
    retime: assign(({ context, event }) => ({ nowMs: nowMsOf(event) ?? context.nowMs })),
    /** The device will show the registration hash signRegistration signs (issue 19; connect computes it: registrationCheckOf). */
    assignRegistrationCheck: assign({ checkedOnDevice: ({ context }) => registrationCheckOf(context) !== undefined }),
    forgetCheck: assign({ nowMs: undefined, checkedOnDevice: undefined }),
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
    storeSigned: assign((_, signed: SignedRegistration) => ({ signed, checkedOnDevice: undefined })),
    /** The selected Safes now registered, under the signed uuid. */
    markRegistered: assign(({ context }) => ({
      uuid: context.signed?.uuid ?? context.uuid,
      safes: context.safes.map((s) => (context.selected.some((a) => sameHex(a, s.address)) ? { ...s, registered: true } : s)),
      selected: [],
      signed: null,
      nowMs: undefined,
      notice: ACCOUNT_TEXTS.registered,
    })),
    forgetSigned: assign({ signed: null }),
    markSafeUnregistered: assign(({ context }) => ({
      safes: context.safes.map((s) => (sameHex(s.address, context.target ?? '') ? { ...s, registered: false } : s)),
      target: null,
    })),
    forgetTarget: assign({ target: null }),
    /** This browser is forgotten; a next registration signs with the new ids the effect chose, when it says. */
    markDeviceUnregistered: assign(({ context }, { registrationIds }: { registrationIds?: RegistrationIds | undefined }) => ({
      uuid: null,
      ...(registrationIds ? { registrationIds } : {}),
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
    /** An owner on a device registers (issue 19): the device's screen is compared first. */
    hasSelectionOnDevice: ({ context, event }) =>
      context.signer !== null && context.selected.length > 0 && context.device !== undefined && context.registrationIds !== undefined && nowMsOf(event) !== undefined,
    /** A failure of a registration the owner checked on the device, of this kind. */
    isDeviceFailure: ({ context, event }, { kind }: { kind: ProposerDeviceFailureKind }) =>
      context.checkedOnDevice === true && 'error' in event && failureKindOf((event as { error: unknown }).error) === kind,
    isCheckedOnDevice: ({ context }) => context.checkedOnDevice === true,
    isSameSigner: ({ context, event }) => isSameSigner(context, event),
    isOtherSigner: ({ context, event }) => !isSameSigner(context, event),
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
    ...deviceOf(input),
  }),
  on: {
    // The device the wallet signs on changed (decision 0084): kept for the next signature; the card keeps what it holds.
    'system.deviceChanged': { actions: 'assignDevice' },
    // The Safe's owners or the connected account changed (decision 0088): the same signer keeps everything; for
    // another (or none) what this browser is registered for and which Safes it owns are read again, the choice kept.
    'system.signerChanged': [
      { guard: 'isSameSigner', actions: 'assignSigner' },
      { target: '#pushNotifications.loading', actions: ['keepChoice', 'assignSigner'] },
    ],
  },
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
        'user.register': [
          { guard: 'hasSelectionOnDevice', target: 'checkingOnDevice', actions: ['startRegistration', 'assignRegistrationCheck'] },
          { guard: 'hasSelection', target: 'signing', actions: ['clearMessages', 'startRegistration'] },
        ],
        'user.unregisterSafe': {
          guard: { type: 'isRegistered', params: ({ event }) => ({ address: event.address }) },
          target: 'unregisteringSafe',
          actions: { type: 'chooseTarget', params: ({ event }) => ({ address: event.address }) },
        },
        'user.unregisterDevice': { guard: 'hasDevice', target: 'unregisteringDevice', actions: 'clearMessages' },
      },
    },
    // An owner on a device (issue 19): the registration hash it will show, computed from what is signed, before its prompt.
    checkingOnDevice: {
      meta: { description: 'What the owner’s device will show for the registration (its 32-byte hash), before its prompt' },
      on: {
        'user.confirmOnDevice': { target: 'signing' },
        'user.cancel': { target: 'idle', actions: 'forgetCheck' },
        ...deviceChangedLeaves('idle', ['forgetCheck']),
        ...sameSignerLeaves('idle', ['forgetCheck']),
      },
    },
    signing: {
      meta: { description: 'The wallet signs the registration (personal_sign)' },
      tags: ['busy', 'nonIdempotent'],
      on: { ...recover, ...otherSignerInterrupts('loading', ['keepChoice']) },
      invoke: {
        id: 'signRegistration',
        src: 'signRegistration',
        // The time and the ids the check was computed from (when known) are the ones signed.
        input: ({ context }) => ({
          chainId: context.safe.chainId,
          safes: context.selected,
          signer: context.signer ?? '',
          ...(context.nowMs !== undefined ? { nowMs: context.nowMs } : {}),
          ...(context.registrationIds ?? {}),
          ...(context.device ? { deviceName: context.device.name } : {}),
        }),
        onDone: { target: 'registering', actions: { type: 'storeSigned', params: ({ event }) => event.output } },
        onError: [...deviceFailureRoutes, { target: 'idle', actions: ['forgetCheck', { type: 'showError', params: ({ event }) => ({ error: event.error }) }] }],
      },
    },
    // A registration checked on the device failed (issue 19): what to do, per kind; the chosen Safes are kept.
    walletError: walletErrorStateOf({ what: 'registration', clear: 'clearError', check: 'assignRegistrationCheck', cancelTo: 'idle', cancelActions: ['forgetCheck', 'clearError'] }),
    registering: {
      meta: { description: 'POST /v1/register/notifications' },
      tags: ['busy', 'nonIdempotent'],
      on: { ...recover, ...otherSignerInterrupts('loading', ['keepChoice']) },
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
      on: { ...recover, ...otherSignerInterrupts('loading', ['keepChoice']) },
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
      on: { ...recover, ...otherSignerInterrupts('loading', ['keepChoice']) },
      invoke: {
        id: 'unregisterDevice',
        src: 'unregisterDevice',
        input: ({ context }) => ({ chainId: context.safe.chainId, uuid: context.uuid ?? '' }),
        onDone: { target: 'idle', actions: { type: 'markDeviceUnregistered', params: ({ event }) => ({ registrationIds: (event.output as { registrationIds?: RegistrationIds } | undefined)?.registrationIds }) } },
        onError: { target: 'idle', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type PushNotificationsMachine = typeof pushNotificationsMachine;
