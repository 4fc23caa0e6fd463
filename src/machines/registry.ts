/**
 * Every machine the app runs, in one list. Diagrams (`npm run docs:machines`), QA paths (`npm run paths`),
 * the event log (machine id + version in every record), replay, the /statecharts screen and the audit
 * verifier all read it. Add a machine here when you add one to the app.
 *
 * A machine's version is the SHA-256 of `JSON.stringify(machine.root.definition)` (structure and the names
 * of guards, actions and actors — not their code), recorded together with `schemaVersion`, which you bump
 * whenever an event payload or an implementation body changes meaning.
 *
 * Restore rule (statecharts.md §3.2): a state whose entry or invocation is not idempotent (request a
 * signature, broadcast a transaction) carries the tag `nonIdempotent` and handles `system.recover`, which
 * must lead to a state without that tag (interrupted / checking). Restoring a flow sends it.
 */
import { EARLIER_VERSIONS } from './earlierVersions.ts';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { appSessionMachine } from './appSession/appSession.machine.ts';
import { TX_FLOW_ENTRY, TX_FLOW_MACHINES } from './transactionFlow/transactionFlow.registry.ts';
import { SAFE_SESSION_MACHINES } from './safeSession/safeSession.registry.ts';
import { BRIDGE_MACHINES } from './bridgeRequest/bridge.registry.ts';
import type { AppSessionEvent, AppSessionInput, RuntimeConfig } from './appSession/appSession.types.ts';
import { safeAppsListMachine } from './safeApps/safeAppsList.machine.ts';
import { customAppsMachine } from './safeApps/customApps.machine.ts';
import { openAppMachine } from './safeApps/openApp.machine.ts';
import { appPermissionsMachine } from './safeApps/appPermissions.machine.ts';
import type { AppInfo, CustomAppsInput, CustomSafeApp, LoadSafeAppsOutput, OpenAppInput, SafeAppsListInput } from './safeApps/safeApps.types.ts';
import { messageFlowMachine } from './messageFlow/messageFlow.machine.ts';
import { messageFlowSampleEvents, messageFlowSampleInput, serializeMessageFlowState } from './messageFlow/messageFlow.samples.ts';
import { walletConnectionMachine } from './walletConnection/walletConnection.machine.ts';
import { serializeWalletConnectionState, walletConnectionSampleEvents, walletConnectionSampleInput } from './walletConnection/walletConnection.samples.ts';
import { addressBookMachine } from './addressBook/addressBook.machine.ts';
import { addressBookSampleEvents, addressBookSampleInput, serializeAddressBookState } from './addressBook/addressBook.samples.ts';
import { loadSafeMachine } from './loadSafe/loadSafe.machine.ts';
import { loadSafeSampleEvents, loadSafeSampleInput, serializeLoadSafeState } from './loadSafe/loadSafe.samples.ts';
import { myAccountsMachine } from './myAccounts/myAccounts.machine.ts';
import { myAccountsSampleEvents, myAccountsSampleInput, serializeMyAccountsState } from './myAccounts/myAccounts.samples.ts';
import { createSafeMachine } from './createSafe/createSafe.machine.ts';
import { allowanceTransferMachine } from './allowanceTransfer/allowanceTransfer.machine.ts';
import { allowanceTransferDeviceInput, allowanceTransferSampleEvents, allowanceTransferSampleInput, serializeAllowanceTransferState } from './allowanceTransfer/allowanceTransfer.samples.ts';
import { createSafeDeviceInput, createSafeSampleEvents, createSafeSampleInput, serializeCreateSafeState } from './createSafe/createSafe.samples.ts';
import { localDataMachine } from './localData/localData.machine.ts';
import { localDataSampleEvents, localDataSampleInput, serializeLocalDataState } from './localData/localData.samples.ts';
import { ACCOUNT_SERVICES_MACHINES } from './accountServices/accountServices.registry.ts';
import { NON_IDEMPOTENT_TAG, RECOVER_EVENT_TYPE, type RegisteredMachine } from './machineVersion.ts';
import { redactorFor } from './privateFields.ts';

export { NON_IDEMPOTENT_TAG, RECOVER_EVENT_TYPE, definitionHash, versionOf, type MachineVersion, type PrivateFields, type RegisteredMachine } from './machineVersion.ts';

const sampleConfig: RuntimeConfig = { gatewayUrl: 'http://127.0.0.1:8787', rpcOverrides: {}, devnet: null };

const appSessionEvents: (AppSessionEvent | AnyEventObject)[] = [
  { type: 'xstate.done.actor.loadConfig', output: sampleConfig },
  { type: 'xstate.error.actor.loadConfig', error: { name: 'Error', message: 'Could not load config.json: 404 Not Found' } },
  { type: 'xstate.done.actor.probeGateway', output: { chainCount: 1, chains: [{ chainId: '31337', chainName: 'Devnet' }] } },
  { type: 'xstate.error.actor.probeGateway', error: { name: 'Error', message: 'Gateway unreachable at http://127.0.0.1:8787' } },
  { type: 'user.retry' },
  { type: 'user.toggleTheme' },
  { type: 'user.setTheme', preference: 'system' },
  { type: 'user.setTokenLogos', enabled: false },
  { type: 'system.colorSchemeChanged', theme: 'dark' },
  { type: 'system.appearanceImported', preference: 'light', tokenLogos: true },
  { type: 'user.navigate', to: '/balances' },
  { type: 'system.locationChanged', path: '/no-such-page', search: '' },
  { type: 'system.persistenceFailed', streamId: 'appSession:sample', message: 'QuotaExceededError: the disk is full' },
  // The event log cannot save (decision 0050): signing pauses; "Try again" writes what it kept.
  { type: 'system.saveFailed', streamId: 'appSession:sample', error: { name: 'QuotaExceededError', message: 'the disk is full' } },
  { type: 'user.retrySaving' },
  { type: 'xstate.done.actor.retrySaving' },
  { type: 'xstate.error.actor.retrySaving', error: { name: 'QuotaExceededError', message: 'the disk is still full' } },
  { type: 'wallet.connectionChanged', account: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: '31337' } },
  { type: 'wallet.connectionChanged', account: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: '100' } },
  { type: 'safeSession.chainResolved', chainId: '31337' },
  { type: 'safeSession.safeLoaded', chainId: '31337', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
  { type: 'system.visibilityChanged', visible: false },
  { type: 'system.flowSettled' },
];

// ───────────── Safe Apps screens (issue 9) ─────────────

const sampleApp: LoadSafeAppsOutput['apps'][number] = {
  id: 1,
  url: 'http://127.0.0.1:8787/devnet/apps/hello',
  name: 'Devnet Hello App',
  iconUrl: null,
  description: 'A minimal local Safe App.',
  chainIds: ['31337'],
  provider: null,
  accessControl: { type: 'NO_RESTRICTIONS', value: null },
  tags: ['Devnet'],
  features: ['BATCHED_TRANSACTIONS'],
  developerWebsite: null,
  socialProfiles: [],
  featured: true,
};
const sampleCustomApp: CustomSafeApp = { url: 'https://app.example', name: 'Example', description: 'An app', iconUrl: null, chainIds: ['31337'] };
const sampleAppInfo: AppInfo = { url: 'https://app.example', name: 'Example', description: 'An app', iconUrl: null, listed: false, browserPermissions: [], permissions: [] };
const effectError = { name: 'Error', message: '503 Service unavailable' };

const SAFE_APPS_MACHINES: RegisteredMachine[] = [
  {
    id: 'safeAppsList',
    title: 'Safe Apps list (/apps)',
    description: 'Loads the gateway’s Safe Apps (DOMAIN_ALLOWLIST on our origin) and pinned ids; search, category and batch filters; pin/unpin.',
    machine: safeAppsListMachine,
    schemaVersion: 1,
    sampleInput: { chainId: '31337', clientUrl: 'http://127.0.0.1:4173' } satisfies SafeAppsListInput,
    sampleEvents: [
      { type: 'xstate.done.actor.loadSafeApps', output: { apps: [sampleApp], pinned: [] } satisfies LoadSafeAppsOutput },
      { type: 'xstate.error.actor.loadSafeApps', error: effectError },
      { type: 'user.retry' },
      { type: 'user.search', query: 'hello' },
      { type: 'user.selectTag', tag: 'Devnet' },
      { type: 'user.toggleBatched' },
      { type: 'user.togglePin', appId: 1 },
    ],
    serializeState: (s) => JSON.stringify(s.value),
  },
  {
    id: 'customApps',
    title: 'Custom Safe Apps (/apps/custom)',
    description: 'Adds an app by URL (https; on the devnet also http on this computer) after reading its manifest.json and the user accepting the unknown-app risk; removes with confirmation.',
    machine: customAppsMachine,
    schemaVersion: 1,
    sampleInput: { chainId: '31337' } satisfies CustomAppsInput,
    // The devnet accepts http apps on this computer (decision 0052).
    extraSampleInputs: [{ chainId: '31337', localHttpApps: true } satisfies CustomAppsInput],
    sampleEvents: [
      { type: 'xstate.done.actor.loadCustomApps', output: [sampleCustomApp] },
      { type: 'xstate.error.actor.loadCustomApps', error: effectError },
      { type: 'user.retry' },
      { type: 'user.add', url: 'https://new.example' },
      { type: 'user.add', url: 'https://app.example/' },
      { type: 'user.add', url: 'not a url' },
      { type: 'user.add', url: 'http://localhost:3000' },
      { type: 'user.add', url: 'http://192.168.1.20:3000' },
      { type: 'xstate.done.actor.fetchManifest', output: { name: 'Example', description: 'An app', iconUrl: null, browserPermissions: [] } },
      { type: 'xstate.error.actor.fetchManifest', error: effectError },
      { type: 'user.toggleRisk' },
      { type: 'user.confirmAdd' },
      { type: 'xstate.done.actor.saveCustomApp', output: [sampleCustomApp, { ...sampleCustomApp, url: 'https://new.example' }] },
      { type: 'xstate.error.actor.saveCustomApp', error: effectError },
      { type: 'user.remove', url: 'https://app.example' },
      { type: 'user.confirmRemove' },
      { type: 'xstate.done.actor.removeCustomApp', output: [] },
      { type: 'xstate.error.actor.removeCustomApp', error: effectError },
      { type: 'user.cancel' },
    ],
    serializeState: (s) => JSON.stringify([s.value, (s.context as { riskAccepted: boolean }).riskAccepted]),
  },
  {
    id: 'openApp',
    title: 'Open a Safe App (/apps/open)',
    description: 'Refuses non-http(s) URLs, our own origin, and http apps outside the devnet or elsewhere than this computer; shows the app’s info, permissions and the unknown-app warning, then runs it with a bridge session.',
    machine: openAppMachine,
    schemaVersion: 1,
    sampleInput: { appUrl: 'https://app.example', hostOrigin: 'http://127.0.0.1:4173', chainId: '31337' } satisfies OpenAppInput,
    // An http app on this computer: refused outside the devnet, opened on it (decision 0052).
    extraSampleInputs: [
      { appUrl: 'http://localhost:3000', hostOrigin: 'http://127.0.0.1:4173', chainId: '31337' } satisfies OpenAppInput,
      { appUrl: 'http://localhost:3000', hostOrigin: 'http://127.0.0.1:4173', chainId: '31337', localHttpApps: true } satisfies OpenAppInput,
    ],
    sampleEvents: [
      { type: 'xstate.done.actor.loadAppInfo', output: sampleAppInfo },
      { type: 'xstate.done.actor.loadAppInfo', output: { ...sampleAppInfo, url: 'http://127.0.0.1:4173/evil' } },
      { type: 'xstate.error.actor.loadAppInfo', error: effectError },
      { type: 'user.retry' },
      { type: 'user.toggleWarning' },
      { type: 'user.openApp' },
      { type: 'user.closeApp' },
    ],
    serializeState: (s) => JSON.stringify([s.value, (s.context as { warningAccepted: boolean }).warningAccepted]),
  },
  {
    id: 'appPermissions',
    title: 'Safe App permissions (/settings/safe-apps)',
    description: 'Lists the bridge permissions stored per app origin and revokes them.',
    machine: appPermissionsMachine,
    schemaVersion: 1,
    sampleInput: undefined,
    sampleEvents: [
      { type: 'xstate.done.actor.loadPermissions', output: { 'https://app.example': [{ invoker: 'https://app.example', parentCapability: 'requestAddressBook', date: 1, caveats: [] }] } },
      { type: 'xstate.error.actor.loadPermissions', error: effectError },
      { type: 'user.retry' },
      { type: 'user.revoke', origin: 'https://app.example', capability: 'requestAddressBook' },
      { type: 'xstate.done.actor.revokePermission', output: {} },
      { type: 'xstate.error.actor.revokePermission', error: effectError },
    ],
    serializeState: (s) => JSON.stringify(s.value),
  },
];

const ENTRIES: readonly RegisteredMachine[] = [
  {
    id: 'appSession',
    title: 'App session (root)',
    description: 'Loads the runtime configuration, checks the gateway, holds location and theme; parent of every flow.',
    machine: appSessionMachine,
    schemaVersion: 1,
    sampleInput: { location: { path: '/home', search: '' }, theme: 'light' } satisfies AppSessionInput,
    sampleEvents: appSessionEvents,
    serializeState: (s) => JSON.stringify([s.value, s.context.theme, s.context.location.path, s.context.account?.address ?? null]),
  },
  {
    id: 'messageFlow',
    title: 'Message flow',
    description:
      'One off-chain Safe message: compose or receive, hash locally, sign (EIP-712 SafeMessage), create or confirm on the gateway, collect confirmations, verify on chain (EIP-1271); on-chain fallback through the transaction flow.',
    machine: messageFlowMachine,
    // 2: the computeMessageHash output carries the typed data's chain verdict (`preview.chain`), `user.sign` and
    // `user.confirmOnChain` read it and `anyChainAcknowledged` (decision 0026). A preview without it (schema 1)
    // reads as text, so a flow recorded before replays as it ran.
    schemaVersion: 2,
    sampleInput: messageFlowSampleInput,
    sampleEvents: messageFlowSampleEvents,
    serializeState: serializeMessageFlowState,
  },
  {
    id: 'walletConnection',
    title: 'Wallet connection',
    description:
      'Restores the remembered wallet, connects (with retries), disconnects, and follows the wallet’s account and chain; classifies the chain against the required and supported chains and switches it on request.',
    machine: walletConnectionMachine,
    schemaVersion: 1,
    sampleInput: walletConnectionSampleInput,
    sampleEvents: walletConnectionSampleEvents,
    serializeState: serializeWalletConnectionState,
  },
  {
    id: 'addressBook',
    title: 'Address book (/address-book)',
    description: 'Loads the stored entries; add, edit and delete with confirmation; CSV import with a preview of what can and cannot be imported; CSV export.',
    machine: addressBookMachine,
    schemaVersion: 1,
    sampleInput: addressBookSampleInput,
    sampleEvents: addressBookSampleEvents,
    serializeState: serializeAddressBookState,
  },
  {
    id: 'localData',
    title: 'Local data, custom RPC and added tokens (/settings/data, /settings/environment-variables)',
    description:
      'Custom RPC URL per chain, checked with eth_chainId before it is saved, and reset; tokens added per chain, checked on the chain as ERC-20 tokens, for balances read from the chain (decision 0056); export of all local data as one JSON file; import with a per-item preview, merge or replace, in one transaction.',
    machine: localDataMachine,
    schemaVersion: 1,
    sampleInput: localDataSampleInput,
    sampleEvents: localDataSampleEvents,
    serializeState: serializeLocalDataState,
    // Simple paths follow the RPC and transfer regions; the tokens region (a third independent parallel region,
    // whose combinations would make the simple paths explode) is reached by the shortest paths.
    simplePathState: (s) => {
      const ready = s.matches('ready') ? (s.value as { ready: { rpc: string; transfer: string } }).ready : null;
      return JSON.stringify(ready ? ['ready', ready.rpc, ready.transfer] : s.value);
    },
    // A custom RPC URL may carry an API key (a credential), and an imported file holds the user's settings and
    // address book: neither is kept in the log (decision 0048). What a check or an import found is.
    privateFields: {
      events: {
        'user.saveRpc': ['url'],
        'user.chooseFile': ['text'],
        'xstate.done.actor.loadSetup': ['output.customRpc'],
        'xstate.done.actor.saveRpc': ['output'],
        'xstate.done.actor.applyImport': ['output.setup.customRpc'],
      },
      context: ['customRpc', 'rpcDraft.url', 'importText'],
    },
  },
  {
    id: 'loadSafe',
    title: 'Add an existing Safe (/new-safe/load)',
    description: 'Loads the chains and added Safes, validates the address form, checks the Safe on the gateway, reviews it and adds it to the stored Safes.',
    machine: loadSafeMachine,
    schemaVersion: 1,
    sampleInput: loadSafeSampleInput,
    sampleEvents: loadSafeSampleEvents,
    serializeState: serializeLoadSafeState,
  },
  {
    id: 'createSafe',
    title: 'Create a new Safe (/new-safe/create)',
    description:
      'Network, signers (checksummed, no duplicates) and threshold; the CREATE2 address predicted locally; deployment through SafeProxyFactory 1.4.1 with the connected wallet (nonIdempotent, recovered by looking for code at the address); tracked until the gateway lists the Safe, which then opens.',
    machine: createSafeMachine,
    schemaVersion: 1,
    sampleInput: createSafeSampleInput,
    extraSampleInputs: [createSafeDeviceInput],
    sampleEvents: createSafeSampleEvents,
    serializeState: serializeCreateSafeState,
  },
  {
    id: 'allowanceTransfer',
    title: 'Send with a spending limit (Assets)',
    description:
      'The beneficiary of a spending limit (Allowance module 0.1.1) sends from the Safe: recipient and amount; the allowance, the Safe’s balance and an eth_call of the exact transaction checked on chain (refused in words before the wallet is asked); a review derived from the calldata; executeAllowanceTransfer sent by the wallet (nonIdempotent, recovered by looking for the transfer on chain); the receipt’s event checked.',
    machine: allowanceTransferMachine,
    schemaVersion: 1,
    sampleInput: allowanceTransferSampleInput,
    extraSampleInputs: [allowanceTransferDeviceInput],
    sampleEvents: allowanceTransferSampleEvents,
    serializeState: serializeAllowanceTransferState,
  },
  {
    id: 'myAccounts',
    title: 'My accounts (/welcome/accounts)',
    description: 'Loads the Safes the connected wallet owns and the added ones, across chains, with their overviews; retry and refresh.',
    machine: myAccountsMachine,
    schemaVersion: 1,
    sampleInput: myAccountsSampleInput,
    sampleEvents: myAccountsSampleEvents,
    serializeState: serializeMyAccountsState,
  },
  ...SAFE_APPS_MACHINES,
  TX_FLOW_ENTRY,
  ...TX_FLOW_MACHINES,
  ...SAFE_SESSION_MACHINES,
  ...BRIDGE_MACHINES,
  ...ACCOUNT_SERVICES_MACHINES,
];

/**
 * Every registered machine, with the earlier definitions whose logs it still replays and, when it declares private
 * fields, the redaction the event log applies to them (decision 0048).
 */
export const MACHINES: readonly RegisteredMachine[] = ENTRIES.map((entry) => ({
  ...entry,
  replaysVersions: [...(entry.replaysVersions ?? []), ...(EARLIER_VERSIONS[entry.id] ?? [])],
  ...(entry.privateFields ? { redactor: redactorFor(entry.privateFields) } : {}),
}));

export function findMachine(id: string): RegisteredMachine | undefined {
  return MACHINES.find((entry) => entry.id === id);
}

/** States tagged `nonIdempotent` that do not leave that tag on `system.recover` (must be empty). */
export function unrecoverableStates(machine: AnyStateMachine): string[] {
  const problems: string[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    if (node.tags.includes(NON_IDEMPOTENT_TAG)) {
      const handles = node.transitions.has(RECOVER_EVENT_TYPE) || [...ancestors(node)].some((a) => a.transitions.has(RECOVER_EVENT_TYPE));
      if (!handles) problems.push(node.id);
    }
    Object.values(node.states).forEach((child) => visit(child as AnyStateMachine['root']));
  };
  visit(machine.root);
  return problems;
}

function* ancestors(node: AnyStateMachine['root']): Generator<AnyStateMachine['root']> {
  let current = node.parent;
  while (current) {
    yield current as AnyStateMachine['root'];
    current = current.parent;
  }
}
