/** Pure helpers and texts of the account-services machines. */
import { getAddress, isAddress } from 'viem';
import type { AccountServicesInput, CodeProblem, EffectFailure } from './accountServices.types.ts';

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
