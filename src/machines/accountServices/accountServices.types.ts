/**
 * Types of the account-services machines (settings: push notifications, e-mail alerts, recovery, delegates,
 * subscriptions). Every value is plain JSON. The open Safe and the connected wallet come in as input: the
 * views start one actor per Safe; the cards with a signature are told when the Safe's owners or the connected wallet
 * change (`system.signerChanged`, decision 0088), the others start a new one.
 */
import type { Delegate } from '../../domain/gateway/types.ts';
import type { SpendingLimitsState } from '../../domain/safe/allowance.ts';
import type { NestedSafesState } from '../../domain/safe/nestedSafes.ts';
import type { SignerDevice } from '../../domain/wallet/signerDevice.ts';
import type { DeviceCheck } from '../transactionFlow/transactionFlow.types.ts';

export type { Delegate };

/** The open Safe, from the Safe session. */
export interface AccountSafe {
  chainId: string;
  chainName: string;
  address: string;
  owners: string[];
}

/** Input of every account-services machine. */
export interface AccountServicesInput {
  safe: AccountSafe;
  /** The connected wallet's account, or null. */
  wallet: string | null;
  /** The device the wallet signs on (hardware or remote signer, issue 19); absent for a browser wallet. */
  device?: SignerDevice;
}

/** An effect's failure as the machines read it (errors replay as `{ name, message }`). */
export interface EffectFailure {
  message: string;
  /** Set by the services for failures the machines branch on. */
  kind?: string;
}

// ───────────── push notifications ─────────────

export interface DeviceSafe {
  address: string;
  /** The connected wallet owns it (it can sign the registration). */
  owned: boolean;
  /** This browser is registered for it. */
  registered: boolean;
}

/**
 * The uuid and push token a registration signs: this browser's (local storage), or new ones the next registration
 * will keep. The signed hash covers both (issue 19: a device's screen is computed from them before it is asked).
 */
export interface RegistrationIds {
  uuid: string;
  cloudMessagingToken: string;
}

/** What `loadDevice` reads: this browser's device (local storage) and the Safes to offer. */
export interface DeviceState {
  uuid: string | null;
  safes: DeviceSafe[];
  /** The ids the next registration signs with; absent in records of earlier versions (the effect then picks them). */
  registrationIds?: RegistrationIds;
}

export interface LoadDeviceInput {
  chainId: string;
  safe: string;
  /** The connected owner, or null. */
  signer: string | null;
}

export interface SignRegistrationInput {
  chainId: string;
  safes: string[];
  signer: string;
  /** When the owner asked (ms since epoch, from the user's event): the signed timestamp derives from it. */
  nowMs?: number;
  /** The uuid and token to sign (from loadDevice); absent: the effect picks them, as before issue 19. */
  uuid?: string;
  cloudMessagingToken?: string;
  /** The device's name, for its errors' texts (issue 19). */
  deviceName?: string;
}

/** The signed registration, sent as it is by `registerDevice`. */
export interface SignedRegistration {
  uuid: string;
  cloudMessagingToken: string;
  timestamp: string;
  chainId: string;
  safes: string[];
  signatures: string[];
}

export interface UnregisterSafeInput {
  chainId: string;
  uuid: string;
  address: string;
}

export interface UnregisterDeviceInput {
  chainId: string;
  uuid: string;
}

/** The pushNotifications machine's effects, implemented once by src/services/accountServices/index.ts. */
export interface PushNotificationsEffects {
  loadDevice(input: LoadDeviceInput): Promise<DeviceState>;
  /** The owner's personal_sign of the registration hash (the service picks uuid, token and timestamp). */
  signRegistration(input: SignRegistrationInput): Promise<SignedRegistration>;
  /** POST /v1/register/notifications; remembers the uuid. */
  registerDevice(input: SignedRegistration): Promise<unknown>;
  unregisterSafe(input: UnregisterSafeInput): Promise<unknown>;
  /** Resolves with the ids a next registration signs with (this browser's are forgotten). */
  unregisterDevice(input: UnregisterDeviceInput): Promise<{ registrationIds?: RegistrationIds }>;
}

export interface PushNotificationsContext {
  safe: AccountSafe;
  signer: string | null;
  uuid: string | null;
  safes: DeviceSafe[];
  selected: string[];
  signed: SignedRegistration | null;
  /** The Safe being unregistered. */
  target: string | null;
  error: string | null;
  notice: string | null;
  /** The uuid and token the next registration signs (from loadDevice; issue 19); absent in earlier records. */
  registrationIds?: RegistrationIds | undefined;
  /** When the owner asked to register (from the event): the signed timestamp derives from it. */
  nowMs?: number | undefined;
  /**
   * The Safes chosen, kept while the registration is read again for another signer (decision 0088): chosen again
   * where the new signer owns them; kept while there is no signer, for an owner who comes back.
   */
  kept?: string[] | undefined;
  /** The device the connected owner signs on (issue 19); absent for a browser wallet. */
  device?: SignerDevice;
  /**
   * The owner compares the device's screen before its prompt (issue 19). What it shows is not kept here but computed
   * from this context by the view model (its text holds private values the event log redacts, decision 0075).
   */
  checkedOnDevice?: boolean | undefined;
}

export type PushNotificationsEvent =
  /**
   * The device the connected wallet signs on changed while the card runs (decision 0084; null: none now). The card
   * keeps what it holds; a check on the device in progress is left, as by Cancel.
   */
  | { type: 'system.deviceChanged'; device: SignerDevice | null }
  /**
   * The Safe's owners or the connected account changed while the card runs (decision 0088): who signs here is read
   * again from them. The same signer keeps everything; another (or none) keeps what was typed, not what was read or
   * signed for the previous one.
   */
  | { type: 'system.signerChanged'; owners: string[]; wallet: string | null }
  /** `nowMs` (after a device's failure): when the owner tried again, the time the new signature covers. */
  | { type: 'user.retry'; nowMs?: number }
  | { type: 'user.toggleSafe'; address: string }
  /** `nowMs`: when the owner asked (the signed timestamp derives from it); absent in events recorded before. */
  | { type: 'user.register'; nowMs?: number }
  /** The owner says the device shows what the app shows (issue 19): recorded in the event log. */
  | { type: 'user.confirmOnDevice' }
  /** Leaves the on-device step or a device error without signing (issue 19). */
  | { type: 'user.cancel' }
  | { type: 'user.unregisterSafe'; address: string }
  | { type: 'user.unregisterDevice' }
  | { type: 'system.recover' };

// ───────────── e-mail alerts ─────────────

export type EmailOperation = 'register' | 'change' | 'show' | 'delete';

export interface EmailRequest {
  op: EmailOperation;
  chainId: string;
  safe: string;
  signer: string;
  /** For register and change. */
  email: string | null;
  /**
   * When the owner asked (ms since epoch, from the user's event): the signed timestamp derives from it, so what a
   * device is shown and what it signs are the same. Absent in requests recorded before (the effect reads the clock).
   */
  nowMs?: number;
}

/** What signEmailRequest and signRecovery are also given: the device's name, for its errors' texts (issue 19). */
export interface OnDevice {
  deviceName?: string;
}

/** The signer authorisation headers' values. */
export interface EmailAuthorisation {
  signature: string;
  timestamp: string;
}

export interface SendEmailRequestInput extends EmailRequest {
  auth: EmailAuthorisation;
}

export interface EmailRegistration {
  email: string;
  verified: boolean;
}

export interface EmailTarget {
  chainId: string;
  safe: string;
  signer: string;
}

export interface VerifyEmailInput extends EmailTarget {
  code: string;
}

export type CodeProblem = 'wrong' | 'expired' | null;

/** The emailAlerts machine's effects, implemented once by src/services/accountServices/index.ts. */
export interface EmailAlertsEffects {
  /**
   * Whether the gateway offers e-mail alerts, asked without a signature before an owner's device is asked to show a
   * request (decision 0078): resolves when it does (or cannot tell: the signed call then finds out); rejects with
   * `{ kind: 'notOffered' }` when its router has no e-mail endpoints. Any other rejection, too, goes on to the check.
   */
  checkEmailOffered(input: EmailTarget): Promise<void>;
  /** The wallet's personal_sign of the request's authorisation text. */
  signEmailRequest(input: EmailRequest & OnDevice): Promise<EmailAuthorisation>;
  /** The signed request; resolves with the registration for "show"; rejects with `{ kind: 'notRegistered' }`. */
  sendEmailRequest(input: SendEmailRequestInput): Promise<EmailRegistration | null>;
  /** Rejects with `{ kind: 'wrongCode' }` or `{ kind: 'expiredCode' }`. */
  verifyEmail(input: VerifyEmailInput): Promise<unknown>;
  resendCode(input: EmailTarget): Promise<unknown>;
}

export interface EmailAlertsContext {
  safe: AccountSafe;
  signer: string | null;
  /** What the gateway last said (null: nothing registered or not known yet; see the state). */
  registration: EmailRegistration | null;
  request: EmailRequest | null;
  auth: EmailAuthorisation | null;
  fieldError: string | null;
  codeProblem: CodeProblem;
  error: string | null;
  notice: string | null;
  /** The device the connected owner signs on (issue 19); absent for a browser wallet. */
  device?: SignerDevice;
  /**
   * The owner compares the device's screen before its prompt (issue 19). What it shows is not kept here but computed
   * from this context by the view model (its text holds private values the event log redacts, decision 0075).
   */
  checkedOnDevice?: boolean | undefined;
}

export type EmailAlertsEvent =
  /**
   * The device the connected wallet signs on changed while the card runs (decision 0084; null: none now). The card
   * keeps what it holds; a check on the device in progress is left, as by Cancel.
   */
  | { type: 'system.deviceChanged'; device: SignerDevice | null }
  /**
   * The Safe's owners or the connected account changed while the card runs (decision 0088): who signs here is read
   * again from them. The same signer keeps everything; another (or none) keeps what was typed, not what was read or
   * signed for the previous one.
   */
  | { type: 'system.signerChanged'; owners: string[]; wallet: string | null }
  /** `nowMs`: when the owner asked (the signed timestamp derives from it); absent in events recorded before. */
  | { type: 'user.show'; nowMs?: number }
  | { type: 'user.submitEmail'; email: string; nowMs?: number }
  | { type: 'user.verify'; code: string }
  | { type: 'user.resend' }
  | { type: 'user.delete'; nowMs?: number }
  /** The owner says the device shows what the app shows (issue 19): recorded in the event log. */
  | { type: 'user.confirmOnDevice' }
  /** Leaves the on-device step or a device error without signing (issue 19). */
  | { type: 'user.cancel' }
  /** After a device's failure: back to the check, for a signature at `nowMs` (the time of the retry). */
  | { type: 'user.retry'; nowMs?: number }
  | { type: 'system.recover' };

// ───────────── recovery ─────────────

export interface RecoveryRequest {
  chainId: string;
  safe: string;
  signer: string;
  moduleAddress: string;
  /** When the owner asked (ms since epoch, from the user's event): the signed timestamp derives from it. */
  nowMs?: number;
}

export interface SendRecoveryInput extends RecoveryRequest {
  auth: EmailAuthorisation;
}

/** The recoveryRegistration machine's effects, implemented once by src/services/accountServices/index.ts. */
export interface RecoveryRegistrationEffects {
  /** The wallet's personal_sign of the recovery authorisation text. */
  signRecovery(input: RecoveryRequest & OnDevice): Promise<EmailAuthorisation>;
  registerRecovery(input: SendRecoveryInput): Promise<unknown>;
}

export interface RecoveryContext {
  safe: AccountSafe;
  signer: string | null;
  moduleAddress: string;
  request: RecoveryRequest | null;
  auth: EmailAuthorisation | null;
  /** Modules registered during this visit. */
  registered: string[];
  fieldError: string | null;
  error: string | null;
  notice: string | null;
  /** The device the connected owner signs on (issue 19); absent for a browser wallet. */
  device?: SignerDevice;
  /** What the owner compares with the device before its prompt; absent unless a device signs (issue 19). */
  deviceCheck?: DeviceCheck | undefined;
}

export type RecoveryEvent =
  /**
   * The device the connected wallet signs on changed while the card runs (decision 0084; null: none now). The card
   * keeps what it holds; a check on the device in progress is left, as by Cancel.
   */
  | { type: 'system.deviceChanged'; device: SignerDevice | null }
  /**
   * The Safe's owners or the connected account changed while the card runs (decision 0088): who signs here is read
   * again from them. The same signer keeps everything; another (or none) keeps what was typed, not what was read or
   * signed for the previous one.
   */
  | { type: 'system.signerChanged'; owners: string[]; wallet: string | null }
  /** `nowMs`: when the owner asked (the signed timestamp derives from it); absent in events recorded before. */
  | { type: 'user.submit'; moduleAddress: string; nowMs?: number }
  | { type: 'user.again' }
  /** The owner says the device shows what the app shows (issue 19): recorded in the event log. */
  | { type: 'user.confirmOnDevice' }
  /** Leaves the on-device step or a device error without signing (issue 19). */
  | { type: 'user.cancel' }
  /** After a device's failure: back to the check, for a signature at `nowMs` (the time of the retry). */
  | { type: 'user.retry'; nowMs?: number }
  | { type: 'system.recover' };

// ───────────── delegates ─────────────

export interface DelegatesPage {
  results: Delegate[];
  next: string | null;
}

export interface LoadDelegatesInput {
  chainId: string;
  safe: string;
  /** A page URL from the previous page's `next`, or null for the first page. */
  page: string | null;
}

export type ProposerAction = 'add' | 'rename' | 'remove';

/** What the owner asks of the gateway for one proposer (delegate) of the Safe. */
export interface ProposerRequest {
  action: ProposerAction;
  chainId: string;
  safe: string;
  /** The proposer, checksummed. */
  delegate: string;
  /** The owner who signs: the connected wallet. */
  delegator: string;
  /** The proposer's name (add, rename); null for remove. */
  label: string | null;
  /**
   * When the owner asked (ms since epoch), from the user's event: the Delegate TOTP derives from it, so what a device
   * is shown and what it signs are the same. Absent in requests recorded before (the effect then reads the clock).
   */
  nowMs?: number;
}

/** What signProposer is given: the request, and the device's name for its errors' texts (issue 19). */
export interface SignProposerInput extends ProposerRequest {
  deviceName?: string;
}

export interface SendProposerInput extends ProposerRequest {
  signature: string;
}

/** The owner's EIP-712 Delegate signature (protocol.md B.7.15): it authorises this delegate for about an hour. */
export interface ProposerSignature {
  signature: string;
}

/** A refused proposer change: which form and field it is about, and why (nothing was asked of the wallet). */
export interface ProposerFieldError {
  form: 'add' | 'rename';
  field: 'delegate' | 'label';
  /** The row being renamed (checksummed), for `rename`. */
  delegate: string | null;
  text: string;
}

/** The delegatesList machine's effects, implemented once by src/services/accountServices/index.ts. */
export interface DelegatesListEffects {
  loadDelegates(input: LoadDelegatesInput): Promise<DelegatesPage>;
  /** The wallet's eth_signTypedData_v4 of the Delegate typed data for the request's delegate. */
  signProposer(input: SignProposerInput): Promise<ProposerSignature>;
  /** POST /v2/chains/{chainId}/delegates (add, rename) or DELETE …/delegates/{delegate} (remove). */
  sendProposer(input: SendProposerInput): Promise<unknown>;
}

export interface DelegatesContext {
  safe: AccountSafe;
  /** The connected owner (checksummed), or null: then the list is read-only. */
  signer: string | null;
  delegates: Delegate[];
  next: string | null;
  /** The change being signed or sent. */
  request: ProposerRequest | null;
  signature: string | null;
  fieldError: ProposerFieldError | null;
  error: string | null;
  notice: string | null;
  /** The device the connected owner signs on (issue 19); absent for a browser wallet. */
  device?: SignerDevice;
  /** What the owner compares with the device before its prompt; absent unless a device signs (issue 19). */
  deviceCheck?: DeviceCheck | undefined;
}

export type DelegatesEvent =
  /**
   * The device the connected wallet signs on changed while the card runs (decision 0084; null: none now). The card
   * keeps what it holds; a check on the device in progress is left, as by Cancel.
   */
  | { type: 'system.deviceChanged'; device: SignerDevice | null }
  /**
   * The Safe's owners or the connected account changed while the card runs (decision 0088): who signs here is read
   * again from them. The same signer keeps everything; another (or none) keeps what was typed, not what was read or
   * signed for the previous one.
   */
  | { type: 'system.signerChanged'; owners: string[]; wallet: string | null }
  /** `nowMs` (after a device's failure): the time of the retry, the TOTP the new signature covers. */
  | { type: 'user.retry'; nowMs?: number }
  | { type: 'user.refresh' }
  | { type: 'user.loadMore' }
  /** `nowMs`: when the owner asked (the Delegate TOTP derives from it); absent in events recorded before. */
  | { type: 'user.addProposer'; delegate: string; label: string; nowMs?: number }
  | { type: 'user.renameProposer'; delegate: string; label: string; nowMs?: number }
  | { type: 'user.removeProposer'; delegate: string; nowMs?: number }
  /** The owner says the device shows what the app shows (issue 19): recorded in the event log. */
  | { type: 'user.confirmOnDevice' }
  /** Leaves the on-device step or a device error without signing (issue 19). */
  | { type: 'user.cancel' }
  | { type: 'system.recover' };

// ───────────── subscriptions ─────────────

export interface UnsubscribeInput {
  token: string;
  /** null: every category. */
  category: string | null;
}

export interface SubscriptionsInput {
  /** The token of `?token=` (from the e-mail's link), if any. */
  token?: string | null;
}

/** The unsubscribe machine's effects, implemented once by src/services/accountServices/index.ts. */
export interface UnsubscribeEffects {
  unsubscribe(input: UnsubscribeInput): Promise<unknown>;
}

export interface SubscriptionsContext {
  token: string;
  request: UnsubscribeInput | null;
  /** What was unsubscribed last. */
  done: UnsubscribeInput | null;
  fieldError: string | null;
  error: string | null;
  notice: string | null;
}

export type SubscriptionsEvent =
  | { type: 'user.unsubscribe'; token: string; category: string }
  | { type: 'user.unsubscribeAll'; token: string }
  | { type: 'user.again' }
  | { type: 'system.recover' };

// ───────────── spending limits ─────────────

export interface LoadSpendingLimitsInput {
  chainId: string;
  safe: string;
}

/** The spendingLimits machine's effect, implemented by src/services/accountServices/spendingLimits.ts. */
export interface SpendingLimitsEffects {
  /** The Allowance module's state for the Safe, read on chain (never from the gateway). */
  loadSpendingLimits(input: LoadSpendingLimitsInput): Promise<SpendingLimitsState>;
}

export interface SpendingLimitsContext {
  safe: AccountSafe;
  /** The connected owner (checksummed), or null: then the limits are read-only. */
  signer: string | null;
  /** The last state read; null before the first read. */
  limits: SpendingLimitsState | null;
  error: string | null;
}

export type SpendingLimitsEvent = { type: 'user.retry' } | { type: 'user.refresh' };

// ───────────── nested Safes ─────────────

export interface LoadNestedSafesInput {
  chainId: string;
  safe: string;
}

/** The nestedSafes machine's effect, implemented by src/services/accountServices/nestedSafes.ts. */
export interface NestedSafesEffects {
  /** The Safe's owners and threshold and its owner Safes with theirs, read on chain (never from the gateway). */
  loadNestedSafes(input: LoadNestedSafesInput): Promise<NestedSafesState>;
}

export interface NestedSafesContext {
  safe: AccountSafe;
  /** The connected wallet (checksummed), or null. */
  wallet: string | null;
  /** The last state read; null before the first read. */
  nested: NestedSafesState | null;
  error: string | null;
}

export type NestedSafesEvent = { type: 'user.retry' } | { type: 'user.refresh' };
