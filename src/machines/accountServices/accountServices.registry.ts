/** Registry entries of the account-services machines (settings: notifications, e-mail, security). */
import type { PrivateFields, RegisteredMachine } from '../registry.ts';
import { delegatesListMachine } from './delegatesList.machine.ts';
import { emailAlertsMachine } from './emailAlerts.machine.ts';
import { pushNotificationsMachine } from './pushNotifications.machine.ts';
import { recoveryRegistrationMachine } from './recoveryRegistration.machine.ts';
import { unsubscribeMachine } from './unsubscribe.machine.ts';
import { spendingLimitsMachine } from './spendingLimits.machine.ts';
import { nestedSafesMachine } from './nestedSafes.machine.ts';
import {
  accountServicesReadOnlyInput,
  accountServicesSampleInput,
  delegatesSampleEvents,
  serializeDelegatesState,
  emailAlertsSampleEvents,
  pushNotificationsSampleEvents,
  recoverySampleEvents,
  serializeEmailAlertsState,
  serializePushNotificationsState,
  serializeValueAndErrors,
  unsubscribeSampleEvents,
  unsubscribeSampleInput,
  spendingLimitsSampleEvents,
  nestedSafesSampleEvents,
} from './accountServices.samples.ts';

/**
 * The personal data and credentials these screens handle (decision 0048): the event log stores them redacted.
 * The owner's authorisation signatures (personal_sign, with the timestamp they cover) are credentials: with them
 * anyone could call the gateway as the owner until they expire. The device uuid and push token identify this
 * browser (the uuid alone unregisters it); the unsubscribe token, from an e-mail's link, unsubscribes.
 */
const PUSH_PRIVATE: PrivateFields = {
  events: {
    'xstate.done.actor.loadDevice': ['output.uuid', 'output.registrationIds'],
    'xstate.done.actor.signRegistration': ['output.uuid', 'output.cloudMessagingToken', 'output.timestamp', 'output.signatures'],
    'xstate.done.actor.registerDevice': ['output.uuid'],
    'xstate.done.actor.unregisterDevice': ['output.registrationIds'],
  },
  // The device check's hash derives from the uuid and token: the context keeps neither the check nor them (decision 0075).
  context: ['uuid', 'signed.uuid', 'signed.cloudMessagingToken', 'signed.timestamp', 'signed.signatures', 'registrationIds'],
};

const EMAIL_PRIVATE: PrivateFields = {
  events: {
    'user.submitEmail': ['email'],
    'user.verify': ['code'],
    'xstate.done.actor.signEmailRequest': ['output.signature', 'output.timestamp'],
    'xstate.done.actor.sendEmailRequest': ['output.email'],
  },
  context: ['registration.email', 'request.email', 'auth.signature', 'auth.timestamp'],
};

const RECOVERY_PRIVATE: PrivateFields = {
  events: { 'xstate.done.actor.signRecovery': ['output.signature', 'output.timestamp'] },
  context: ['auth.signature', 'auth.timestamp'],
};

/**
 * The owner's EIP-712 Delegate signature covers only the proposer and the hour, not the Safe nor the name: with it
 * anyone could add that proposer to another Safe of the owner's, rename or remove it, until the hour ends.
 */
const DELEGATES_PRIVATE: PrivateFields = {
  events: { 'xstate.done.actor.signProposer': ['output.signature'] },
  context: ['signature'],
};

const UNSUBSCRIBE_PRIVATE: PrivateFields = {
  events: { 'xstate.init': ['input.token'], 'user.unsubscribe': ['token'], 'user.unsubscribeAll': ['token'] },
  context: ['token', 'request.token', 'done.token'],
};

export const ACCOUNT_SERVICES_MACHINES: RegisteredMachine[] = [
  {
    id: 'pushNotifications',
    title: 'Push notifications (/settings/notifications)',
    description:
      'This browser as a notification device: per Safe registered or not; register chosen Safes with the owner’s signature (POST /v1/register/notifications), unregister one Safe or the whole device.',
    machine: pushNotificationsMachine,
    schemaVersion: 1,
    sampleInput: accountServicesSampleInput,
    // From the owner's input alone: the device's states through system.deviceChanged (decision 0084), a wallet that is
    // not an owner through system.signerChanged (decision 0088; from it the owner comes back: another signer).
    sampleEvents: pushNotificationsSampleEvents,
    serializeState: serializePushNotificationsState,
    privateFields: PUSH_PRIVATE,
  },
  {
    id: 'emailAlerts',
    title: 'E-mail alerts (/settings/email)',
    description: 'Register, show, change and delete the owner’s alert address with signed authorisation headers; verify with the e-mailed code (wrong and expired codes), resend.',
    machine: emailAlertsMachine,
    schemaVersion: 1,
    sampleInput: accountServicesSampleInput,
    // Its walk reaches the device's states through system.deviceChanged (decision 0084), each device failure per
    // operation, registration and resting history: QA paths reach them (tests/unit/diagrams); the privacy walk is the
    // longest of the registry (tests/unit/eventLog/privacy.test.ts). A wallet that is not an owner is reached through
    // system.signerChanged (decision 0088), so the owner's input alone is walked (a second walk from a read-only
    // input would now reach every state again).
    sampleEvents: emailAlertsSampleEvents,
    serializeState: serializeEmailAlertsState,
    privateFields: EMAIL_PRIVATE,
  },
  {
    id: 'recoveryRegistration',
    title: 'Recovery alerts (/settings/security)',
    description: 'Registers a recovery module for the Safe’s recovery alerts (POST …/recovery) with the owner’s signed authorisation.',
    machine: recoveryRegistrationMachine,
    schemaVersion: 1,
    sampleInput: accountServicesSampleInput,
    // From the owner's input alone: the device's states through system.deviceChanged (decision 0084), a wallet that is
    // not an owner through system.signerChanged (decision 0088).
    sampleEvents: recoverySampleEvents,
    serializeState: serializeValueAndErrors,
    privateFields: RECOVERY_PRIVATE,
  },
  {
    id: 'delegatesList',
    title: 'Proposers (/settings/security)',
    description:
      'Lists the Safe’s proposers (delegates: GET /v1/chains/{chainId}/delegates?safe=), page by page; an owner adds one, and renames or removes those they added, with an EIP-712 Delegate signature (POST and DELETE /v2/chains/{chainId}/delegates). Bad addresses, owners, the Safe itself, proposers already listed and empty or long names are refused before the wallet is asked.',
    machine: delegatesListMachine,
    schemaVersion: 1,
    sampleInput: accountServicesSampleInput,
    // From the owner's input alone: the device's states through system.deviceChanged (decision 0084), a wallet that is
    // not an owner through system.signerChanged (decision 0088).
    sampleEvents: delegatesSampleEvents,
    serializeState: serializeDelegatesState,
    privateFields: DELEGATES_PRIVATE,
  },
  {
    id: 'unsubscribe',
    title: 'Unsubscribe (/settings/email)',
    description: 'Unsubscribes an e-mail token from one category (DELETE /v1/subscriptions) or from all (/v1/subscriptions/all).',
    machine: unsubscribeMachine,
    schemaVersion: 1,
    sampleInput: unsubscribeSampleInput,
    sampleEvents: unsubscribeSampleEvents,
    serializeState: serializeValueAndErrors,
    privateFields: UNSUBSCRIBE_PRIVATE,
  },
  {
    id: 'spendingLimits',
    title: 'Spending limits (/settings/modules)',
    description:
      'Reads the Safe’s spending limits (Safe’s Allowance module) on chain, never from the gateway: whether the module is enabled, each beneficiary (getDelegates) and its allowance per token (getTokenAllowance). Owners change limits through the transaction flow; refresh reads the chain again.',
    machine: spendingLimitsMachine,
    schemaVersion: 1,
    sampleInput: accountServicesSampleInput,
    extraSampleInputs: [accountServicesReadOnlyInput],
    sampleEvents: spendingLimitsSampleEvents,
    serializeState: serializeValueAndErrors,
  },
  {
    id: 'nestedSafes',
    title: 'Nested Safes (/settings/setup, transaction details)',
    description:
      'Reads on chain, never from the gateway, which owners of the Safe are Safes and their owners and threshold: the owner Safes the connected wallet may approve as (through the parent’s own transaction flow), and nested chains that can never reach a threshold. Refresh reads the chain again.',
    machine: nestedSafesMachine,
    schemaVersion: 1,
    sampleInput: accountServicesSampleInput,
    extraSampleInputs: [accountServicesReadOnlyInput],
    sampleEvents: nestedSafesSampleEvents,
    serializeState: serializeValueAndErrors,
  },
];
