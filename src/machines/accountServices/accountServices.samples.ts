/**
 * Sample inputs and events of the account-services machines, shared by the registry (QA paths, diagrams,
 * event-log tools) and the model tests. Plain JSON: errors are `{ name, message }` or the `{ kind, message }`
 * the services reject with.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { DEVNET_DEPLOYER, DEVNET_OTHER_SAFE, DEVNET_OWNER, DEVNET_OWNERS, DEVNET_SAFE, DEVNET_STRANGER, SAMPLE_CHAIN_ID, SAMPLE_SIGNATURE } from '../shared/samples.ts';
import { ACCOUNT_TEXTS } from './accountServices.logic.ts';
import { getAddress } from 'viem';
import type { SpendingLimitsState } from '../../domain/safe/allowance.ts';
import type { NestedSafesState } from '../../domain/safe/nestedSafes.ts';
import type { AccountServicesInput, DelegatesContext, DeviceState, EmailAlertsContext, PushNotificationsContext, SignedRegistration, SubscriptionsInput } from './accountServices.types.ts';

export const SAMPLE_MODULE = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
export const SAMPLE_TOKEN = '3f2b1c9e-6a47-4d2b-9c1e-0d8f7a6b5c4d';
export const SAMPLE_UUID = '8c1d3e5f-2a4b-4c6d-8e0f-1a2b3c4d5e6f';

/** The connected wallet is an owner of the open Safe. */
export const accountServicesSampleInput: AccountServicesInput = {
  safe: { chainId: SAMPLE_CHAIN_ID, chainName: 'Countersign Devnet', address: DEVNET_SAFE, owners: [...DEVNET_OWNERS] },
  wallet: DEVNET_OWNER.toLowerCase(),
};
/** No wallet connected: nothing can be signed. */
export const accountServicesReadOnlyInput: AccountServicesInput = { ...accountServicesSampleInput, wallet: null };
/** The owner signs on a Ledger that signs blind (issue 19): proposer changes show its screen first. */
export const accountServicesDeviceInput: AccountServicesInput = { ...accountServicesSampleInput, device: { kind: 'ledger', name: 'Ledger', display: 'hashes' } };
/** When the owner asked, in the sample changes checked on a device (the Delegate TOTP derives from it). */
export const SAMPLE_NOW_MS = 1_700_000_000_000;

const gatewayError = (message: string) => ({ name: 'GatewayError', message });
const walletRejected = { kind: 'rejected', message: 'User rejected signing.' };

/** The failures a signature checked on a device tells apart (issue 19), besides the rejection, for `effect`. */
const deviceFailures = (effect: string): AnyEventObject[] =>
  ['wrongChain', 'disconnected', 'deviceLocked', 'wrongApp', 'blindSigningDisabled', 'deviceDisconnected', 'noTypedData', 'other'].map((kind) => ({
    type: `xstate.error.actor.${effect}`,
    error: { kind, message: `${kind}: what to do` },
  }));

/**
 * The on-device step's own events (issue 19): confirm, cancel, and Try again at a later time (the retry's); and the
 * device the wallet signs on read while the card runs (decision 0084). From the owner's input it leads the walk to
 * the device's states (the registry lists no device input); a device gone (null) takes the same transitions, so it is
 * not walked again (tests/unit/accountServices/deviceChanged.test.ts).
 */
const deviceStepEvents: AnyEventObject[] = [
  { type: 'user.confirmOnDevice' },
  { type: 'user.cancel' },
  { type: 'user.retry', nowMs: SAMPLE_NOW_MS + 3_600_000 },
  { type: 'system.deviceChanged', device: accountServicesDeviceInput.device },
];

/**
 * The Safe's owners or the connected account changed while the card runs (decision 0088): an owner added (first, as
 * Safe lists a new owner) with the same signer connected; and a wallet that is not an owner, the owners as before.
 * From a card without a signer the first brings the owner back: another signer. A switch to another owner takes the
 * same transitions as the latter (the signer is not the card's) and is folded in the unit test
 * (tests/unit/accountServices/signerChanged.test.ts).
 */
const signerChangeEvents: AnyEventObject[] = [
  { type: 'system.signerChanged', owners: [DEVNET_DEPLOYER, ...DEVNET_OWNERS], wallet: DEVNET_OWNER.toLowerCase() },
  { type: 'system.signerChanged', owners: [...DEVNET_OWNERS], wallet: DEVNET_STRANGER.toLowerCase() },
];

/** The uuid and push token a registration signs (loadDevice's choice). */
export const SAMPLE_REGISTRATION_IDS = { uuid: SAMPLE_UUID, cloudMessagingToken: 'countersign-web-0f1e2d3c' };

// ───────────── push notifications ─────────────

const device: DeviceState = {
  uuid: SAMPLE_UUID,
  safes: [
    { address: DEVNET_SAFE, owned: true, registered: true },
    { address: DEVNET_OTHER_SAFE, owned: true, registered: false },
  ],
  registrationIds: SAMPLE_REGISTRATION_IDS,
};
const signed: SignedRegistration = {
  uuid: SAMPLE_UUID,
  cloudMessagingToken: 'countersign-web-0f1e2d3c',
  timestamp: '1767225600',
  chainId: SAMPLE_CHAIN_ID,
  safes: [DEVNET_OTHER_SAFE],
  signatures: [SAMPLE_SIGNATURE],
};

export const pushNotificationsSampleEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadDevice', output: device },
  { type: 'xstate.error.actor.loadDevice', error: gatewayError('503: Service unavailable') },
  { type: 'user.retry' },
  { type: 'user.toggleSafe', address: DEVNET_OTHER_SAFE },
  { type: 'user.register' },
  // with the time it was asked at: an owner on a device sees its screen first (issue 19)
  { type: 'user.register', nowMs: SAMPLE_NOW_MS },
  ...deviceStepEvents,
  { type: 'xstate.done.actor.signRegistration', output: signed },
  { type: 'xstate.error.actor.signRegistration', error: walletRejected },
  ...deviceFailures('signRegistration'),
  { type: 'xstate.done.actor.registerDevice', output: { uuid: SAMPLE_UUID } },
  { type: 'xstate.error.actor.registerDevice', error: gatewayError('422: Signer is not an owner or delegate of Safe') },
  { type: 'user.unregisterSafe', address: DEVNET_SAFE },
  { type: 'xstate.done.actor.unregisterSafe', output: {} },
  { type: 'xstate.error.actor.unregisterSafe', error: gatewayError('404: No device or Safe registration matches the given query.') },
  { type: 'user.unregisterDevice' },
  { type: 'xstate.done.actor.unregisterDevice', output: { registrationIds: { uuid: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9', cloudMessagingToken: 'countersign-web-9a8b7c6d' } } },
  { type: 'xstate.error.actor.unregisterDevice', error: gatewayError('404: No device matches the given query.') },
  { type: 'system.recover' },
  ...signerChangeEvents,
];

export function serializePushNotificationsState(s: AnyMachineSnapshot): string {
  const c = s.context as PushNotificationsContext;
  return JSON.stringify([s.value, c.uuid, c.safes.map((x) => x.registered), c.selected, c.error !== null, c.checkedOnDevice === true, c.device !== undefined, c.signer !== null, c.kept ?? null]);
}

// ───────────── e-mail alerts ─────────────

export const emailAlertsSampleEvents: AnyEventObject[] = [
  { type: 'user.show' },
  { type: 'user.submitEmail', email: 'owner@example.com' },
  { type: 'user.submitEmail', email: 'not an address' },
  { type: 'user.delete' },
  { type: 'user.verify', code: '123456' },
  { type: 'user.verify', code: ' ' },
  { type: 'user.resend' },
  // the same requests with the time they were asked at: an owner on a device sees its screen first (issue 19)
  { type: 'user.show', nowMs: SAMPLE_NOW_MS },
  { type: 'user.submitEmail', email: 'owner@example.com', nowMs: SAMPLE_NOW_MS },
  { type: 'user.delete', nowMs: SAMPLE_NOW_MS },
  // the gateway is asked first whether it offers e-mail alerts (decision 0078): it does, it does not, or cannot tell
  { type: 'xstate.done.actor.checkEmailOffered' },
  { type: 'xstate.error.actor.checkEmailOffered', error: { kind: 'notOffered', message: ACCOUNT_TEXTS.emailNotOffered } },
  { type: 'xstate.error.actor.checkEmailOffered', error: gatewayError('503: Service unavailable') },
  ...deviceStepEvents,
  ...deviceFailures('signEmailRequest'),
  { type: 'xstate.done.actor.signEmailRequest', output: { signature: `0x${'cd'.repeat(65)}`, timestamp: '1767225600000' } },
  { type: 'xstate.error.actor.signEmailRequest', error: walletRejected },
  { type: 'xstate.done.actor.sendEmailRequest', output: { email: 'owner@example.com', verified: true } },
  { type: 'xstate.done.actor.sendEmailRequest', output: { email: 'owner@example.com', verified: false } },
  { type: 'xstate.error.actor.sendEmailRequest', error: { kind: 'notRegistered', message: '404: No email address was found for signer' } },
  { type: 'xstate.error.actor.sendEmailRequest', error: gatewayError('409: Email address already registered for signer') },
  { type: 'xstate.done.actor.verifyEmail', output: {} },
  { type: 'xstate.error.actor.verifyEmail', error: { kind: 'wrongCode', message: '400: Invalid verification code' } },
  { type: 'xstate.error.actor.verifyEmail', error: { kind: 'expiredCode', message: '400: Verification code expired' } },
  { type: 'xstate.error.actor.verifyEmail', error: gatewayError('409: Email address is already verified') },
  { type: 'xstate.done.actor.resendCode', output: {} },
  { type: 'xstate.error.actor.resendCode', error: gatewayError('404: No email address was found for signer') },
  // a gateway without e-mail endpoints (decision 0051): from any of the four effects
  { type: 'xstate.error.actor.signEmailRequest', error: { kind: 'notOffered', message: ACCOUNT_TEXTS.emailNotOffered } },
  { type: 'xstate.error.actor.sendEmailRequest', error: { kind: 'notOffered', message: ACCOUNT_TEXTS.emailNotOffered } },
  { type: 'xstate.error.actor.verifyEmail', error: { kind: 'notOffered', message: ACCOUNT_TEXTS.emailNotOffered } },
  { type: 'xstate.error.actor.resendCode', error: { kind: 'notOffered', message: ACCOUNT_TEXTS.emailNotOffered } },
  { type: 'system.recover' },
  ...signerChangeEvents,
];

export function serializeEmailAlertsState(s: AnyMachineSnapshot): string {
  const c = s.context as EmailAlertsContext;
  // The on-device step's Cancel returns to the resting state it came from (history): there, it tells apart vertices
  // with the same value (issue 19); elsewhere the context already does.
  const onDevice = s.matches('askingGateway') || s.matches('checkingOnDevice') || s.matches('walletError');
  const history = onDevice ? Object.values((s as { historyValue?: Record<string, { id: string }[]> }).historyValue ?? {}).map((nodes) => nodes.map((n) => n.id)) : [];
  return JSON.stringify([s.value, c.registration, c.request?.op ?? null, c.fieldError !== null, c.codeProblem, c.error !== null, c.checkedOnDevice === true, history, c.device !== undefined, c.signer !== null]);
}

// ───────────── recovery ─────────────

export const recoverySampleEvents: AnyEventObject[] = [
  { type: 'user.submit', moduleAddress: SAMPLE_MODULE },
  { type: 'user.submit', moduleAddress: '0x1234' },
  { type: 'user.submit', moduleAddress: DEVNET_SAFE.toLowerCase() },
  // with the time it was asked at: an owner on a device sees its screen first (issue 19)
  { type: 'user.submit', moduleAddress: SAMPLE_MODULE, nowMs: SAMPLE_NOW_MS },
  ...deviceStepEvents,
  ...deviceFailures('signRecovery'),
  { type: 'xstate.done.actor.signRecovery', output: { signature: `0x${'ef'.repeat(65)}`, timestamp: '1767225600000' } },
  { type: 'xstate.error.actor.signRecovery', error: walletRejected },
  { type: 'xstate.done.actor.registerRecovery', output: {} },
  { type: 'xstate.error.actor.registerRecovery', error: gatewayError('403: Invalid signature') },
  { type: 'user.again' },
  { type: 'system.recover' },
  ...signerChangeEvents,
];

// ───────────── delegates ─────────────

export const delegatesSampleEvents: AnyEventObject[] = [
  {
    type: 'xstate.done.actor.loadDelegates',
    output: { results: [{ safe: DEVNET_SAFE, delegate: SAMPLE_MODULE, delegator: DEVNET_OWNER, label: 'Bot' }], next: 'http://127.0.0.1:8787/v1/chains/31337/delegates?safe=x&cursor=limit%3D1%26offset%3D1' },
  },
  { type: 'xstate.error.actor.loadDelegates', error: gatewayError('503: Service unavailable') },
  { type: 'user.retry' },
  { type: 'user.refresh' },
  { type: 'user.loadMore' },
  // a proposer another owner added: listed, not the connected owner's to rename or remove
  { type: 'xstate.done.actor.loadMoreDelegates', output: { results: [{ safe: DEVNET_SAFE, delegate: DEVNET_OTHER_SAFE, delegator: DEVNET_OWNERS[1], label: 'Ops' }], next: null } },
  { type: 'xstate.error.actor.loadMoreDelegates', error: gatewayError('503: Service unavailable') },
  { type: 'user.addProposer', delegate: DEVNET_STRANGER.toLowerCase(), label: ' Ops bot ' },
  // refused before the wallet is asked: not an address, the Safe, an owner, already a proposer, no name, a long name
  { type: 'user.addProposer', delegate: '0x1234', label: 'Ops bot' },
  { type: 'user.addProposer', delegate: DEVNET_SAFE, label: 'Ops bot' },
  { type: 'user.addProposer', delegate: DEVNET_OWNERS[1], label: 'Ops bot' },
  { type: 'user.addProposer', delegate: SAMPLE_MODULE, label: 'Ops bot' },
  { type: 'user.addProposer', delegate: DEVNET_STRANGER, label: '   ' },
  { type: 'user.addProposer', delegate: DEVNET_STRANGER, label: 'x'.repeat(51) },
  { type: 'user.renameProposer', delegate: SAMPLE_MODULE, label: 'Build bot' },
  { type: 'user.renameProposer', delegate: SAMPLE_MODULE, label: 'Bot' },
  { type: 'user.removeProposer', delegate: SAMPLE_MODULE },
  // the same changes with the time they were asked at: an owner on a device sees its screen first (issue 19)
  { type: 'user.addProposer', delegate: DEVNET_STRANGER, label: 'Ops bot', nowMs: SAMPLE_NOW_MS },
  { type: 'user.renameProposer', delegate: SAMPLE_MODULE, label: 'Build bot', nowMs: SAMPLE_NOW_MS },
  { type: 'user.removeProposer', delegate: SAMPLE_MODULE, nowMs: SAMPLE_NOW_MS },
  ...deviceStepEvents,
  { type: 'xstate.done.actor.signProposer', output: { signature: `0x${'ab'.repeat(65)}` } },
  { type: 'xstate.error.actor.signProposer', error: walletRejected },
  ...deviceFailures('signProposer'),
  { type: 'xstate.done.actor.sendProposer', output: {} },
  { type: 'xstate.error.actor.sendProposer', error: gatewayError('422: Invalid signature') },
  { type: 'system.recover' },
  ...signerChangeEvents,
];

/** State value, the field error's field and whether there is an error and a next page (the proposers' vertices). */
export function serializeDelegatesState(s: AnyMachineSnapshot): string {
  const c = s.context as DelegatesContext;
  return JSON.stringify([s.value, c.fieldError ? `${c.fieldError.form}.${c.fieldError.field}` : null, c.error !== null, c.next !== null, c.deviceCheck !== undefined, c.device !== undefined, c.signer !== null]);
}

// ───────────── subscriptions ─────────────

export const unsubscribeSampleInput: SubscriptionsInput = { token: null };

export const unsubscribeSampleEvents: AnyEventObject[] = [
  { type: 'user.unsubscribe', token: SAMPLE_TOKEN, category: 'account_recovery' },
  { type: 'user.unsubscribe', token: 'nope', category: 'account_recovery' },
  { type: 'user.unsubscribeAll', token: SAMPLE_TOKEN },
  { type: 'user.unsubscribeAll', token: '' },
  { type: 'xstate.done.actor.unsubscribe', output: {} },
  { type: 'xstate.error.actor.unsubscribe', error: gatewayError('404: No subscription matches the given token') },
  { type: 'xstate.error.actor.unsubscribe', error: { kind: 'notOffered', message: ACCOUNT_TEXTS.unsubscribeNotOffered } },
  { type: 'user.again' },
  { type: 'system.recover' },
];

/** State value plus the context fields that decide transitions. */
/**
 * Value and errors; whether a device check is on (the same `signing` with and without one routes a failure apart), and
 * whether a device is known (the same request goes to the check or to the wallet; decision 0084 lets it change).
 */
export const serializeValueAndErrors = (s: AnyMachineSnapshot): string => {
  const c = s.context as { fieldError?: unknown; error?: unknown; next?: unknown; deviceCheck?: unknown; device?: unknown; signer?: unknown };
  // and whether there is a signer (decision 0088 lets it change while the card runs)
  return JSON.stringify([s.value, c.fieldError ?? null, c.error ?? null, c.next ?? null, c.deviceCheck !== undefined, c.device !== undefined, c.signer ?? null]);
};

// ───────────── spending limits ─────────────

/** The devnet's dUSD (6 decimals) and a beneficiary with 100 dUSD a day, 60 spent. */
export const SAMPLE_DUSD = '0xa513E6E4b8f2a923D98304ec87F64353C4D5C853';
export const spendingLimitsSample: SpendingLimitsState = {
  module: '0xAA46724893dedD72658219405185Fb0Fc91e091C',
  enabled: true,
  beneficiaries: [
    {
      address: DEVNET_STRANGER,
      limits: [{ token: SAMPLE_DUSD, symbol: 'dUSD', decimals: 6, amount: '100000000', spent: '60000000', resetTimeMin: 1440, lastResetMin: 29_933_280, nonce: 2 }],
    },
  ],
};

export const spendingLimitsSampleEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadSpendingLimits', output: spendingLimitsSample },
  { type: 'xstate.error.actor.loadSpendingLimits', error: { name: 'Error', message: 'HTTP request failed: the RPC did not answer' } },
  { type: 'user.retry' },
  { type: 'user.refresh' },
];

// ───────────── nested Safes ─────────────

/**
 * The sample Safe (owners 0 and 1 of the devnet, 2 of 2) as if its second owner were a 1-of-1 Safe owned by the
 * stranger account: the stranger may approve as that owner Safe.
 */
export const nestedSafesSample: NestedSafesState = {
  safe: getAddress(accountServicesSampleInput.safe.address),
  owners: accountServicesSampleInput.safe.owners.map((o) => getAddress(o)),
  threshold: 2,
  ownerSafes: [{ address: getAddress(accountServicesSampleInput.safe.owners[1]!), owners: [DEVNET_STRANGER], threshold: 1 }],
};

export const nestedSafesSampleEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadNestedSafes', output: nestedSafesSample },
  { type: 'xstate.error.actor.loadNestedSafes', error: { name: 'Error', message: 'HTTP request failed: the RPC did not answer' } },
  { type: 'user.retry' },
  { type: 'user.refresh' },
];
