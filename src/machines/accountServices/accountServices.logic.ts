/** Pure helpers and texts of the account-services machines. */
import { getAddress, isAddress, type TypedDataDefinition } from 'viem';
import { sameHex } from '../../domain/hex.ts';
import { delegateTypedData } from '../../domain/safe/delegateRequest.ts';
import { typedDataDisplay } from '../../domain/wallet/deviceDisplay.ts';
import type { DeviceCheck } from '../transactionFlow/transactionFlow.types.ts';
import type { AccountServicesInput, CodeProblem, DelegatesContext, EffectFailure, ProposerFieldError } from './accountServices.types.ts';

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
