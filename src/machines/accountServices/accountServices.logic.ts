/** Pure helpers and texts of the account-services machines. */
import { getAddress, isAddress, type TypedDataDefinition } from 'viem';
import { sameHex } from '../../domain/hex.ts';
import { delegateTypedData } from '../../domain/safe/delegateRequest.ts';
import { authTimestamp, emailAuthMessage, pushTimestamp, recoveryAuthMessage, registrationHash } from '../../domain/safe/accountAuth.ts';
import { messageDisplay, personalSignData, typedDataDisplay } from '../../domain/wallet/deviceDisplay.ts';
import type { SignerDevice } from '../../domain/wallet/signerDevice.ts';
import type { DeviceCheck } from '../transactionFlow/transactionFlow.types.ts';
import type {
  AccountSafe,
  AccountServicesInput,
  CodeProblem,
  DelegatesContext,
  EffectFailure,
  EmailRequest,
  ProposerFieldError,
  RecoveryRequest,
  RegistrationIds,
} from './accountServices.types.ts';

export const ACCOUNT_TEXTS = {
  noSigner: 'Connect a wallet that is an owner of this Safe to change these settings.',
  invalidEmail: 'Enter a valid e-mail address',
  noCode: 'Enter the verification code from the e-mail',
  wrongCode: 'That code is not right. Check the latest e-mail and try again.',
  expiredCode: 'That code has expired. Send a new code and try again.',
  codeSent: 'A verification code was sent to the address.',
  codeResent: 'A new verification code was sent.',
  verified: 'The e-mail address is verified.',
  deleted: 'The e-mail address was removed.',
  notRegistered: 'No e-mail address is registered for this signer.',
  interrupted: 'The previous request was interrupted; its outcome is unknown. Check again before repeating it.',
  /** A request in progress when the connected account changed (decision 0088): it was the previous account's. */
  signerChanged:
    'The connected account changed while a request was in progress. That request was the previous account’s: it is not followed here and its outcome is not shown as this account’s. Connect that account and check before repeating it.',
  invalidModule: 'Enter the address of the recovery module',
  moduleIsSafe: 'The module address cannot be the Safe itself',
  invalidToken: 'Enter the unsubscribe token from the e-mail',
  registered: 'This browser is registered for notifications of the chosen Safes.',
  deviceRemoved: 'This browser no longer receives notifications.',
  /** The gateway has no e-mail endpoints (today's real gateway: decision 0051). */
  emailNotOffered:
    'E-mail alerts are not offered by this gateway. Nothing was signed or sent, and the rest of the app works as before. To get e-mail alerts, use a gateway that offers them.',
  /** The gateway has no unsubscribe endpoints (decision 0051). */
  /** Proposers (delegates, /settings/security). */
  proposersReadOnly: 'Only the Safe’s owners can add, rename or remove proposers. Connect a wallet that is an owner of this Safe to change them.',
  proposerAdded: 'Proposer added.',
  proposerRenamed: 'Proposer renamed.',
  proposerRemoved: 'Proposer removed.',
  invalidProposer: 'Enter the proposer’s address: 0x followed by 40 hexadecimal characters.',
  proposerIsSafe: 'The Safe cannot be its own proposer.',
  proposerIsOwner: 'This address is an owner of the Safe: owners can already create transactions.',
  alreadyProposer: 'This address is already a proposer of this Safe.',
  noProposerName: 'Enter a name for the proposer.',
  proposerNameTooLong: 'The name can have at most 50 characters.',
  sameProposerName: 'The proposer already has this name.',
  unsubscribeNotOffered:
    'Unsubscribing is not offered by this gateway, so nothing was changed. This gateway sends no alert e-mails; if you still receive some, unsubscribe with the service that sends them.',
} as const;

/** Categories of e-mail subscriptions the gateway knows. */
export const SUBSCRIPTION_CATEGORIES = [{ key: 'account_recovery', label: 'Recovery alerts' }] as const;

/** The connected wallet, checksummed, when it is an owner of the Safe; else null. */
export function signerOf(input: AccountServicesInput): string | null {
  const wallet = input.wallet?.toLowerCase();
  if (!wallet) return null;
  const owner = input.safe.owners.find((o) => o.toLowerCase() === wallet);
  return owner && isAddress(owner, { strict: false }) ? getAddress(owner) : null;
}

export function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof (error as EffectFailure).message === 'string' && (error as EffectFailure).message) {
    return (error as EffectFailure).message;
  }
  return 'Oops, something went wrong!';
}

export function failureKind(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'kind' in error && typeof (error as EffectFailure).kind === 'string' ? ((error as EffectFailure).kind ?? null) : null;
}

export const isEmailAddress = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

export const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value.trim());

export const isHexAddress = (value: string): boolean => isAddress(value.trim(), { strict: false });


export const codeProblemText = (problem: CodeProblem): string | null =>
  problem === 'wrong' ? ACCOUNT_TEXTS.wrongCode : problem === 'expired' ? ACCOUNT_TEXTS.expiredCode : null;

/** The longest proposer name the gateway takes. */
export const PROPOSER_NAME_MAX = 50;

/** The proposer's row the connected owner added (only its delegator can rename or remove it), or undefined. */
export const ownProposer = (ctx: Pick<DelegatesContext, 'signer' | 'delegates'>, delegate: string) =>
  ctx.signer === null ? undefined : ctx.delegates.find((d) => sameHex(d.delegate, delegate.trim()) && sameHex(d.delegator, ctx.signer ?? ''));

/** Why a proposer cannot be added or renamed as typed (a field error), or null. Nothing here asks the wallet. */
export function proposerProblem(
  ctx: Pick<DelegatesContext, 'safe' | 'signer' | 'delegates'>,
  change: { form: 'add' | 'rename'; delegate: string; label: string },
): ProposerFieldError | null {
  const delegate = change.delegate.trim();
  const refuse = (field: ProposerFieldError['field'], text: string): ProposerFieldError => ({
    form: change.form,
    field,
    delegate: change.form === 'rename' && isHexAddress(delegate) ? getAddress(delegate) : null,
    text,
  });
  if (change.form === 'add') {
    if (!isHexAddress(delegate)) return refuse('delegate', ACCOUNT_TEXTS.invalidProposer);
    if (sameHex(delegate, ctx.safe.address)) return refuse('delegate', ACCOUNT_TEXTS.proposerIsSafe);
    if (ctx.safe.owners.some((o) => sameHex(o, delegate))) return refuse('delegate', ACCOUNT_TEXTS.proposerIsOwner);
    if (ctx.delegates.some((d) => sameHex(d.delegate, delegate))) return refuse('delegate', ACCOUNT_TEXTS.alreadyProposer);
  }
  const label = change.label.trim();
  if (!label) return refuse('label', ACCOUNT_TEXTS.noProposerName);
  if (label.length > PROPOSER_NAME_MAX) return refuse('label', ACCOUNT_TEXTS.proposerNameTooLong);
  if (change.form === 'rename' && ownProposer(ctx, delegate)?.label === label) return refuse('label', ACCOUNT_TEXTS.sameProposerName);
  return null;
}

/**
 * The wallet failures a proposer change signed on a device tells apart (issue 19), each its own `walletError` state;
 * any other goes to `walletError.other`. Without a device a failure returns to the list with its text, as before.
 */
export const PROPOSER_DEVICE_FAILURE_KINDS = ['rejected', 'wrongChain', 'disconnected', 'deviceLocked', 'wrongApp', 'blindSigningDisabled', 'deviceDisconnected', 'noTypedData'] as const;
export type ProposerDeviceFailureKind = (typeof PROPOSER_DEVICE_FAILURE_KINDS)[number] | 'other';

/** The kind a failure carries (the wallet effects reject with `{ kind, message }`), or null. */
export const failureKindOf = (error: unknown): string | null =>
  typeof error === 'object' && error !== null && typeof (error as EffectFailure).kind === 'string' ? ((error as EffectFailure).kind ?? null) : null;

/**
 * The Delegate signature as the owner's device will show it: computed from the typed data signProposer sends (the
 * same function, the same TOTP, from the request's `nowMs`); undefined without a device or a time.
 */
export function proposerCheckOf(ctx: Pick<DelegatesContext, 'device' | 'request'>): DeviceCheck | undefined {
  const { device, request } = ctx;
  if (!device || !request || request.nowMs === undefined) return undefined;
  const typed = delegateTypedData({ chainId: request.chainId, delegate: request.delegate, nowMs: request.nowMs });
  return { what: 'signature', device, lines: typedDataDisplay(device.display, typed as unknown as TypedDataDefinition) };
}

/** The device the connected owner signs on, for a machine's context: absent without an owner or a device (issue 19). */
export const deviceOf = (input: AccountServicesInput): { device: SignerDevice } | Record<string, never> =>
  input.device && signerOf(input) !== null ? { device: input.device } : {};

/**
 * The device the wallet signs on, after it changed while a card runs (decision 0084): as `deviceOf` gives it at the
 * start, only for a signer; absent when there is none now.
 */
export const deviceAfterChange = (context: { signer: string | null }, event: object): { device: SignerDevice | undefined } => {
  const device = 'device' in event ? (event as { device: SignerDevice | null }).device : null;
  return { device: device && context.signer !== null ? device : undefined };
};

/** The Safe's owners and the connected account a `system.signerChanged` event carries (decision 0088). */
const ownersAndWalletOf = (event: object): { owners: string[]; wallet: string | null } => {
  const e = event as { owners?: unknown; wallet?: unknown };
  return { owners: Array.isArray(e.owners) ? e.owners.filter((o): o is string => typeof o === 'string') : [], wallet: typeof e.wallet === 'string' ? e.wallet : null };
};

/** The signer a `system.signerChanged` event makes of the card's Safe: as `signerOf` at the start. */
const signerAfter = (context: { safe: AccountSafe }, event: object): { safe: AccountSafe; signer: string | null } => {
  const { owners, wallet } = ownersAndWalletOf(event);
  const safe = { ...context.safe, owners };
  return { safe, signer: signerOf({ safe, wallet }) };
};

/** Whether the Safe's owners or the connected account changed and the signer is still the one the card has. */
export const isSameSigner = (context: { safe: AccountSafe; signer: string | null }, event: object): boolean => {
  const { signer } = signerAfter(context, event);
  return signer === null ? context.signer === null : context.signer !== null && sameHex(signer, context.signer);
};

/**
 * The Safe's owners and the signer after they or the connected account changed (decision 0088). The device is the
 * wallet's: kept for a signer (the view tells a new one with `system.deviceChanged`), none without one, as `deviceOf`.
 */
export const signerAfterChange = (context: { safe: AccountSafe; signer: string | null; device?: SignerDevice | undefined }, event: object) => {
  const { safe, signer } = signerAfter(context, event);
  return { safe, signer, device: signer !== null ? context.device : undefined };
};

/**
 * The owners changed during the on-device step (its check, its failure; e-mail's asking the gateway) and the same
 * signer is connected: the step is left as by Cancel, as for a device change (decision 0088). Another signer is the
 * root's: what was read or started for the previous one goes.
 */
export function sameSignerLeaves<const CancelTo extends string, const CancelAction extends string>(cancelTo: CancelTo, cancelActions: readonly [CancelAction, ...CancelAction[]]) {
  return { 'system.signerChanged': { guard: 'isSameSigner' as const, target: cancelTo, actions: ['assignSigner' as const, ...cancelActions] } };
}

/**
 * Another signer (or none) while a request is being signed or sent (decision 0088): it was the previous signer's, so
 * the card leaves it for `target`, where what the new signer has is read again, and says so (`markSignerChanged`).
 */
export function otherSignerInterrupts<const Target extends string, const Action extends string>(target: Target, actions: readonly [Action, ...Action[]]) {
  return { 'system.signerChanged': { guard: 'isOtherSigner' as const, target, actions: [...actions, 'assignSigner' as const, 'markSignerChanged' as const] } };
}

/**
 * A device change during the on-device step (its check, its failure; e-mail's asking the gateway): the check was
 * for the device that was there, so the step is left as by Cancel, and the owner asks again with the device now known.
 */
export function deviceChangedLeaves<const CancelTo extends string, const CancelAction extends string>(cancelTo: CancelTo, cancelActions: readonly [CancelAction, ...CancelAction[]]) {
  return { 'system.deviceChanged': { target: cancelTo, actions: ['assignDevice' as const, ...cancelActions] } };
}

/** The time an event carries (`nowMs`, put there by the view), or undefined (events recorded before issue 19). */
export const nowMsOf = (event: object): number | undefined =>
  'nowMs' in event && typeof (event as { nowMs: unknown }).nowMs === 'number' ? (event as { nowMs: number }).nowMs : undefined;

/** What a device shows for the personal_sign of `message` (text, or raw bytes), as the services send it. */
const messageCheck = (device: SignerDevice, message: string | { raw: `0x${string}` }): DeviceCheck => ({
  what: 'message',
  device,
  lines: messageDisplay(personalSignData(message)),
});

/**
 * The push registration as the owner's device will show it (issue 19): the 32-byte hash signRegistration signs, from
 * the same uuid, token, Safes and timestamp (the register event's `nowMs`); undefined without any of them.
 */
export function registrationCheckOf(ctx: { device?: SignerDevice | undefined; registrationIds?: RegistrationIds | undefined; nowMs?: number | undefined; selected: string[] }): DeviceCheck | undefined {
  const { device, registrationIds: ids, nowMs } = ctx;
  if (!device || !ids || nowMs === undefined) return undefined;
  return messageCheck(device, { raw: registrationHash(pushTimestamp(nowMs), ids.uuid, ids.cloudMessagingToken, ctx.selected) });
}

/** The e-mail authorisation text as the owner's device will show it (the request's `nowMs`: its timestamp). */
export function emailCheckOf(ctx: { device?: SignerDevice | undefined; request: EmailRequest | null }): DeviceCheck | undefined {
  const { device, request } = ctx;
  if (!device || !request || request.nowMs === undefined) return undefined;
  return messageCheck(device, emailAuthMessage(request, authTimestamp(request.nowMs)));
}

/** The recovery authorisation text as the owner's device will show it (the request's `nowMs`: its timestamp). */
export function recoveryCheckOf(ctx: { device?: SignerDevice | undefined; request: RecoveryRequest | null }): DeviceCheck | undefined {
  const { device, request } = ctx;
  if (!device || !request || request.nowMs === undefined) return undefined;
  return messageCheck(device, recoveryAuthMessage(request, authTimestamp(request.nowMs)));
}

/**
 * A failure of a signature checked on the device: its own `walletError` state per kind, any other `other` (issue 19).
 * The machine names the guards `isDeviceFailure` / `isCheckedOnDevice` and the action `showError`. Built here, not by
 * deviceExecution.ts's walletErrorRoutesOf: the settings screens' chunks do not load that module (decision 0074).
 */
export function deviceFailureRoutesOf(machineId: string) {
  const showError = { type: 'showError' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) };
  return [
    ...PROPOSER_DEVICE_FAILURE_KINDS.map((kind) => ({
      guard: { type: 'isDeviceFailure' as const, params: { kind } },
      target: `#${machineId}.walletError.${kind}`,
      actions: showError,
    })),
    { guard: 'isCheckedOnDevice' as const, target: `#${machineId}.walletError.other`, actions: showError },
  ];
}

/** The walletError states of a signature checked on a device: one per kind, and `other`. */
export const WALLET_ERROR_STATES = {
  rejected: {},
  wrongChain: {},
  disconnected: {},
  deviceLocked: {},
  wrongApp: {},
  blindSigningDisabled: {},
  deviceDisconnected: {},
  noTypedData: {},
  other: {},
} as const;

/**
 * The `walletError` state of a signature checked on a device (its `WALLET_ERROR_STATES`): Try again clears the error
 * (`clear`, default `clearError`), retimes and recomputes the check (`check`), back to `checkingOnDevice`; Cancel goes
 * to `cancelTo` with `cancelActions`. `what` names what was signed in the state's description. The four machines
 * with a device step build theirs here, so their definitions (and hashes) are what they wrote out before.
 */
export function walletErrorStateOf<const Check extends string, const Clear extends string, const CancelAction extends string, const CancelTo extends string>(options: {
  what: string;
  check: Check;
  clear: Clear;
  cancelTo: CancelTo;
  cancelActions: readonly [CancelAction, ...CancelAction[]];
}) {
  return {
    meta: { description: `The device or wallet did not sign the checked ${options.what}; Try again returns to the check` },
    on: {
      'user.retry': { target: 'checkingOnDevice' as const, actions: [options.clear, 'retime' as const, options.check] },
      'user.cancel': { target: options.cancelTo, actions: [...options.cancelActions] },
      ...deviceChangedLeaves(options.cancelTo, options.cancelActions),
      ...sameSignerLeaves(options.cancelTo, options.cancelActions),
    },
    initial: 'other' as const,
    states: WALLET_ERROR_STATES,
  };
}
