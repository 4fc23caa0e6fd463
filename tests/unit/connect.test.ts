/**
 * The view models (src/machines/<folder>/<m>.connect.ts): real machines started with their registry sample
 * input, driven with their registry sample events (effects answered by sending their done/error events), and
 * the view model read from the snapshot they reach.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { createActor, initialTransition, transition, type AnyActorRef, type AnyEventObject, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { findMachine } from '../../src/machines/registry.ts';
import { walletConnectionMachine } from '../../src/machines/walletConnection/walletConnection.machine.ts';
import { connectWalletConnection } from '../../src/machines/walletConnection/walletConnection.connect.ts';
import { createSafeMachine } from '../../src/machines/createSafe/createSafe.machine.ts';
import { connectCreateSafe } from '../../src/machines/createSafe/createSafe.connect.ts';
import { loadSafeMachine } from '../../src/machines/loadSafe/loadSafe.machine.ts';
import { connectLoadSafe } from '../../src/machines/loadSafe/loadSafe.connect.ts';
import { myAccountsMachine } from '../../src/machines/myAccounts/myAccounts.machine.ts';
import { connectMyAccounts } from '../../src/machines/myAccounts/myAccounts.connect.ts';
import { addressBookMachine } from '../../src/machines/addressBook/addressBook.machine.ts';
import { connectAddressBook } from '../../src/machines/addressBook/addressBook.connect.ts';
import { recoveryRegistrationMachine } from '../../src/machines/accountServices/recoveryRegistration.machine.ts';
import { connectRecoveryRegistration } from '../../src/machines/accountServices/recoveryRegistration.connect.ts';
import { delegatesListMachine } from '../../src/machines/accountServices/delegatesList.machine.ts';
import { connectDelegatesList } from '../../src/machines/accountServices/delegatesList.connect.ts';
import { emailAlertsMachine } from '../../src/machines/accountServices/emailAlerts.machine.ts';
import { connectEmailAlerts } from '../../src/machines/accountServices/emailAlerts.connect.ts';
import { pushNotificationsMachine } from '../../src/machines/accountServices/pushNotifications.machine.ts';
import { connectPushNotifications } from '../../src/machines/accountServices/pushNotifications.connect.ts';
import { unsubscribeMachine } from '../../src/machines/accountServices/unsubscribe.machine.ts';
import { connectUnsubscribe } from '../../src/machines/accountServices/unsubscribe.connect.ts';
import { customAppsMachine } from '../../src/machines/safeApps/customApps.machine.ts';
import { connectCustomApps } from '../../src/machines/safeApps/customApps.connect.ts';
import { appPermissionsMachine } from '../../src/machines/safeApps/appPermissions.machine.ts';
import { connectAppPermissions } from '../../src/machines/safeApps/appPermissions.connect.ts';
import { safeAppsListMachine } from '../../src/machines/safeApps/safeAppsList.machine.ts';
import { connectSafeAppsList } from '../../src/machines/safeApps/safeAppsList.connect.ts';
import { openAppMachine } from '../../src/machines/safeApps/openApp.machine.ts';
import { connectOpenApp } from '../../src/machines/safeApps/openApp.connect.ts';
import { bridgeRequestMachine } from '../../src/machines/bridgeRequest/bridgeRequest.machine.ts';
import { connectBridgeRequest } from '../../src/machines/bridgeRequest/bridgeRequest.connect.ts';
import { APP_ORIGIN, bridgeRequestScenarios } from '../../src/machines/bridgeRequest/bridgeRequest.samples.ts';
import { queueListMachine, safeSessionMachine } from '../../src/machines/safeSession/safeSession.machine.ts';
import { connectSafeSession } from '../../src/machines/safeSession/safeSession.connect.ts';
import { connectPagedList } from '../../src/machines/pagedList/pagedList.connect.ts';
import { txDetailsMachine } from '../../src/machines/safeSession/details.machine.ts';
import { connectDetails } from '../../src/machines/safeSession/details.connect.ts';
import { transactionFlowMachine } from '../../src/machines/transactionFlow/transactionFlow.machine.ts';
import { connectTransactionFlow } from '../../src/machines/transactionFlow/transactionFlow.connect.ts';
import { deleteTxFlowMachine } from '../../src/machines/transactionFlow/deleteTxFlow.machine.ts';
import { connectDeleteTxFlow } from '../../src/machines/transactionFlow/deleteTxFlow.connect.ts';
import { bulkExecuteFlowMachine } from '../../src/machines/transactionFlow/bulkExecuteFlow.machine.ts';
import { connectBulkExecuteFlow } from '../../src/machines/transactionFlow/bulkExecuteFlow.connect.ts';
import { messageFlowMachine } from '../../src/machines/messageFlow/messageFlow.machine.ts';
import { connectMessageFlow } from '../../src/machines/messageFlow/messageFlow.connect.ts';
import { shallowEqualViewModel } from '../../src/views/useViewModel.ts';

const running: AnyActorRef[] = [];

afterEach(() => {
  // Synchronous tests: the effects' placeholders never get to answer before their actor is stopped here.
  for (const actor of running.splice(0)) actor.stop();
});

/** The `nth` registry sample event of `type` for machine `id`; plain `{ name, message }` errors become `Error`s. */
function sample(id: string, type: string, nth = 0): AnyEventObject {
  const found = findMachine(id)?.sampleEvents.filter((event) => event.type === type)[nth];
  if (!found) throw new Error(`${id} has no sample event ${type} #${nth}`);
  const error: unknown = (found as { error?: unknown }).error;
  if (error && typeof error === 'object' && 'name' in error && 'message' in error) return { ...found, error: new Error(String(error.message)) };
  return found;
}

type Step = string | [type: string, nth: number] | AnyEventObject;

/** Starts `machine` with machine `id`'s sample input (or `input`), sends `steps`, and returns the snapshot reached. */
function drive<T extends AnyStateMachine>(id: string, machine: T, steps: Step[], input: unknown = findMachine(id)?.sampleInput): SnapshotFrom<T> {
  const actor = createActor(machine, { input } as never);
  running.push(actor);
  actor.start();
  for (const step of steps) {
    const event = typeof step === 'string' ? sample(id, step) : Array.isArray(step) ? sample(id, step[0], step[1]) : step;
    actor.send(event as never);
  }
  return actor.getSnapshot() as SnapshotFrom<T>;
}

describe('shallowEqualViewModel', () => {
  it('compares fields with Object.is and arrays item by item', () => {
    const items = [1];
    expect(shallowEqualViewModel({ a: 1, list: ['x', 'y'], items }, { a: 1, list: ['x', 'y'], items })).toBe(true);
    expect(shallowEqualViewModel({ a: 1, list: ['x'] }, { a: 1, list: ['y'] })).toBe(false);
    expect(shallowEqualViewModel({ items: [{}] }, { items: [{}] })).toBe(false);
    expect(shallowEqualViewModel<{ a?: number; b?: number }>({ a: 1 }, { b: 1 })).toBe(false);
  });
});

describe('connectWalletConnection', () => {
  it('is busy while restoring, then connected with the address', () => {
    expect(connectWalletConnection(drive('walletConnection', walletConnectionMachine, []))).toMatchObject({ status: 'restoring', settled: false, busy: true, address: null });
    const view = connectWalletConnection(drive('walletConnection', walletConnectionMachine, [['xstate.done.actor.restoreWallet', 1]]));
    expect(view).toMatchObject({ status: 'connected', connected: true, settled: true, busy: false, chainFit: 'ok', walletChainId: '1' });
    expect(view.address).toBe(view.wallet?.address);
  });

  it('names a wallet on another chain than the open Safe’s, and offers the switch', () => {
    const view = connectWalletConnection(
      drive('walletConnection', walletConnectionMachine, [['xstate.done.actor.restoreWallet', 1], 'system.supportedChainsChanged', { type: 'system.requiredChainChanged', chainId: '5' }]),
    );
    expect(view).toMatchObject({ chainFit: 'wrongChain', requiredChainId: '5', canSwitchChain: true, switching: false, switchFailed: false });
  });
});

describe('connectCreateSafe', () => {
  it('goes from the form to the review with a prediction', () => {
    expect(connectCreateSafe(drive('createSafe', createSafeMachine, ['xstate.done.actor.loadSetup']))).toMatchObject({ step: 'editing', showsForm: true, busy: false });
    const predicting = connectCreateSafe(drive('createSafe', createSafeMachine, ['xstate.done.actor.loadSetup', 'user.submit']));
    expect(predicting).toMatchObject({ step: 'predicting', showsForm: true, busy: true });
    const review = connectCreateSafe(drive('createSafe', createSafeMachine, ['xstate.done.actor.loadSetup', 'user.submit', 'xstate.done.actor.predictSafe']));
    expect(review).toMatchObject({ step: 'review', showsForm: false, walletErrorKind: null, walletFit: 'ready' });
    expect(review.prediction).not.toBeNull();
  });

  it('names the wallet error’s kind', () => {
    const rejected = { type: 'xstate.error.actor.deploySafe', error: { kind: 'rejected', message: 'User rejected the request.' } };
    const view = connectCreateSafe(drive('createSafe', createSafeMachine, ['xstate.done.actor.loadSetup', 'user.submit', 'xstate.done.actor.predictSafe', 'user.deploy', rejected]));
    expect(view).toMatchObject({ step: 'walletError', walletErrorKind: 'rejected' });
  });
});

describe('connectLoadSafe', () => {
  it('names an added Safe on the same network that the found Safe imitates (S17); none otherwise', () => {
    const found = getAddress('0x4b1c8a13b9e0f7c2d45e6a7b8c9d0e1f2a3b7777');
    const lookAlike = getAddress('0x4b1c000000000000000000000000000000007777');
    const review = (added: { chainId: string; address: string; name: string }[]) => {
      let [s] = initialTransition(loadSafeMachine, {});
      for (const e of [
        { type: 'xstate.done.actor.loadSetup', output: { chains: [{ chainId: '31337', chainName: 'Devnet', shortName: 'dev' }], added } },
        { type: 'user.submit', chainId: '31337', address: found, name: '' },
        { type: 'xstate.done.actor.checkSafe', output: { address: found, threshold: 1, owners: [found], version: '1.4.1' } },
      ])
        [s] = transition(loadSafeMachine, s, e as never);
      const view = connectLoadSafe(s);
      expect(view.step).toBe('review');
      return view.resembles;
    };
    expect(review([{ chainId: '31337', address: lookAlike, name: 'Treasury' }])).toEqual({ chainId: '31337', address: lookAlike, name: 'Treasury' });
    expect(review([{ chainId: '1', address: lookAlike, name: 'Treasury' }])).toBeNull();
    expect(review([{ chainId: '31337', address: getAddress('0x9999000000000000000000000000000000001111'), name: 'Other' }])).toBeNull();
  });
  it('shows the networks pending, then the form, then the review', () => {
    expect(connectLoadSafe(drive('loadSafe', loadSafeMachine, []))).toMatchObject({ step: 'preparing', networksPending: true });
    expect(connectLoadSafe(drive('loadSafe', loadSafeMachine, ['xstate.done.actor.loadSetup', 'user.submit']))).toMatchObject({ step: 'checking', checking: true, reviewing: false });
    const review = connectLoadSafe(drive('loadSafe', loadSafeMachine, ['xstate.done.actor.loadSetup', 'user.submit', 'xstate.done.actor.checkSafe']));
    expect(review).toMatchObject({ step: 'review', reviewing: true, canConfirm: true, networksPending: false });
    expect(connectLoadSafe(drive('loadSafe', loadSafeMachine, ['xstate.done.actor.loadSetup', 'user.submit', 'xstate.done.actor.checkSafe', 'user.confirm']))).toMatchObject({
      step: 'adding',
      reviewing: true,
      canConfirm: false,
    });
  });
});

describe('connectMyAccounts', () => {
  it('loads, then lists the rows; a failure is its own status', () => {
    expect(connectMyAccounts(drive('myAccounts', myAccountsMachine, []))).toMatchObject({ status: 'loading', canRefresh: false });
    const ready = connectMyAccounts(drive('myAccounts', myAccountsMachine, ['xstate.done.actor.loadAccounts']));
    expect(ready).toMatchObject({ status: 'ready', canRefresh: true });
    expect(ready.rows.length).toBeGreaterThan(0);
    expect(connectMyAccounts(drive('myAccounts', myAccountsMachine, ['xstate.error.actor.loadAccounts'])).status).toBe('failed');
  });
});

describe('connectAddressBook', () => {
  it('names the open panel and whether its change is being written', () => {
    expect(connectAddressBook(drive('addressBook', addressBookMachine, []))).toMatchObject({ status: 'loading', panel: null, idle: false });
    expect(connectAddressBook(drive('addressBook', addressBookMachine, ['xstate.done.actor.loadEntries']))).toMatchObject({ status: 'ready', panel: 'idle', idle: true, busy: false });
    expect(connectAddressBook(drive('addressBook', addressBookMachine, ['xstate.done.actor.loadEntries', 'user.add']))).toMatchObject({ panel: 'form', idle: false, busy: false, editing: null });
    expect(connectAddressBook(drive('addressBook', addressBookMachine, ['xstate.done.actor.loadEntries', 'user.delete']))).toMatchObject({ panel: 'deleteConfirm' });
    expect(connectAddressBook(drive('addressBook', addressBookMachine, ['xstate.done.actor.loadEntries', 'user.delete', 'user.confirm']))).toMatchObject({ panel: 'deleteConfirm', busy: true });
  });
});

describe('account services', () => {
  it('connectRecoveryRegistration: editing, then signing', () => {
    expect(connectRecoveryRegistration(drive('recoveryRegistration', recoveryRegistrationMachine, []))).toMatchObject({ step: 'editing', editing: true, canSubmit: true });
    expect(connectRecoveryRegistration(drive('recoveryRegistration', recoveryRegistrationMachine, ['user.submit']))).toMatchObject({ step: 'signing', editing: false, canSubmit: false });
  });

  it('connectDelegatesList: loading, the list, loading more', () => {
    expect(connectDelegatesList(drive('delegatesList', delegatesListMachine, []))).toMatchObject({ status: 'loading' });
    expect(connectDelegatesList(drive('delegatesList', delegatesListMachine, ['xstate.done.actor.loadDelegates']))).toMatchObject({ status: 'ready', canLoadMore: true, loadingMore: false });
    expect(connectDelegatesList(drive('delegatesList', delegatesListMachine, ['xstate.done.actor.loadDelegates', 'user.loadMore']))).toMatchObject({ status: 'ready', loadingMore: true, canLoadMore: false });
  });

  it('connectEmailAlerts: what is known of the registration while resting, none while signing', () => {
    expect(connectEmailAlerts(drive('emailAlerts', emailAlertsMachine, []))).toMatchObject({ step: 'resting', registrationState: 'unknown', canShow: true });
    expect(connectEmailAlerts(drive('emailAlerts', emailAlertsMachine, ['user.show']))).toMatchObject({ step: 'signing', registrationState: null, canShow: false });
  });

  it('connectPushNotifications: loading, then idle with the device state', () => {
    expect(connectPushNotifications(drive('pushNotifications', pushNotificationsMachine, []))).toMatchObject({ step: 'loading', status: 'loading', idle: false });
    expect(connectPushNotifications(drive('pushNotifications', pushNotificationsMachine, ['xstate.done.actor.loadDevice']))).toMatchObject({ step: 'idle', status: 'ready', idle: true });
    expect(connectPushNotifications(drive('pushNotifications', pushNotificationsMachine, ['xstate.error.actor.loadDevice'])).status).toBe('failed');
  });

  it('connectUnsubscribe: editing, then sending', () => {
    expect(connectUnsubscribe(drive('unsubscribe', unsubscribeMachine, []))).toMatchObject({ step: 'editing', editing: true });
    expect(connectUnsubscribe(drive('unsubscribe', unsubscribeMachine, ['user.unsubscribe']))).toMatchObject({ step: 'sending', editing: false });
  });
});

describe('Safe Apps', () => {
  it('connectSafeAppsList: loading, then the apps with filters enabled', () => {
    expect(connectSafeAppsList(drive('safeAppsList', safeAppsListMachine, []))).toMatchObject({ status: 'loading', canFilter: false });
    const ready = connectSafeAppsList(drive('safeAppsList', safeAppsListMachine, ['xstate.done.actor.loadSafeApps', 'user.search']));
    expect(ready).toMatchObject({ status: 'ready', canFilter: true, query: 'hello' });
    expect(ready.apps).toHaveLength(1);
  });

  it('connectCustomApps: reading a manifest, then the risk to accept', () => {
    expect(connectCustomApps(drive('customApps', customAppsMachine, ['xstate.done.actor.loadCustomApps', 'user.add']))).toMatchObject({ step: 'fetchingManifest', fetchingManifest: true, status: 'ready' });
    const confirming = connectCustomApps(drive('customApps', customAppsMachine, ['xstate.done.actor.loadCustomApps', 'user.add', 'xstate.done.actor.fetchManifest']));
    expect(confirming).toMatchObject({ step: 'confirmingAdd', canToggleRisk: true, canConfirmAdd: false, riskAccepted: false, draftUrl: 'https://new.example' });
    expect(connectCustomApps(drive('customApps', customAppsMachine, ['xstate.done.actor.loadCustomApps', 'user.remove']))).toMatchObject({
      step: 'confirmingRemove',
      removing: 'https://app.example',
      removingName: 'Example',
    });
  });

  it('connectAppPermissions: loading, then the entries to revoke', () => {
    expect(connectAppPermissions(drive('appPermissions', appPermissionsMachine, []))).toMatchObject({ status: 'loading', canRevoke: false });
    const ready = connectAppPermissions(drive('appPermissions', appPermissionsMachine, ['xstate.done.actor.loadPermissions']));
    expect(ready).toMatchObject({ status: 'ready', canRevoke: true });
    expect(Object.keys(ready.entries)).toEqual(['https://app.example']);
  });

  it('connectOpenApp: the prompt, and the refusal of another origin', () => {
    expect(connectOpenApp(drive('openApp', openAppMachine, ['xstate.done.actor.loadAppInfo']))).toMatchObject({ step: 'prompt', canOpen: false, canToggleWarning: true });
    expect(connectOpenApp(drive('openApp', openAppMachine, ['xstate.done.actor.loadAppInfo', 'user.toggleWarning']))).toMatchObject({ step: 'prompt', canOpen: true, warningAccepted: true });
    expect(connectOpenApp(drive('openApp', openAppMachine, [['xstate.done.actor.loadAppInfo', 1]])).step).toBe('refused');
  });
});

describe('connectBridgeRequest', () => {
  it('asks for a permission with its capabilities', () => {
    const input = { request: bridgeRequestScenarios.requestPermissions, appOrigin: APP_ORIGIN };
    const view = connectBridgeRequest(drive('bridgeRequest', bridgeRequestMachine, [['xstate.done.actor.getSessionInfo', 0]], input));
    expect(view).toMatchObject({ step: 'awaitingPermission', prompting: true, handOver: null, capabilities: ['requestAddressBook'], canGrant: true, canDeny: true });
  });

  it('hands a transaction over, with how many it carries', () => {
    const input = { request: bridgeRequestScenarios.sendTransactions, appOrigin: APP_ORIGIN };
    const view = connectBridgeRequest(drive('bridgeRequest', bridgeRequestMachine, [['xstate.done.actor.getSessionInfo', 0]], input));
    expect(view).toMatchObject({ step: 'handedOver', prompting: true, handOver: 'transaction', canCancel: true, method: 'sendTransactions' });
    expect(view.txCount).toBeGreaterThan(0);
  });
});

describe('Safe session', () => {
  const ready = ['xstate.done.actor.loadChains', 'xstate.done.actor.loadSafeInfo'];

  it('connectSafeSession: the blocking step, then the regions of ready', () => {
    expect(connectSafeSession(drive('safeSession', safeSessionMachine, []))).toMatchObject({ step: 'resolvingChain', infoStatus: 'watching', balancesStatus: 'loading' });
    const view = connectSafeSession(drive('safeSession', safeSessionMachine, [...ready, 'xstate.done.actor.loadBalances']));
    expect(view).toMatchObject({ step: 'ready', infoStatus: 'watching', balancesStatus: 'ready', fiatCodesStatus: 'loading' });
    expect(connectSafeSession(drive('safeSession', safeSessionMachine, [...ready, 'xstate.error.actor.loadBalances']))).toMatchObject({ balancesStatus: 'failed', canRetryBalances: true });
    expect(connectSafeSession(drive('safeSession', safeSessionMachine, ['xstate.done.actor.loadChains', ['xstate.error.actor.loadSafeInfo', 1]])).canRetry).toBe(true);
  });

  it('connectPagedList: no list yet reads as loading; a reload keeps the items', () => {
    expect(connectPagedList(undefined)).toMatchObject({ step: 'loading', status: 'loading', items: [], canRetry: false });
    const loaded = connectPagedList(drive('pagedList', queueListMachine, ['xstate.done.actor.loadPage']));
    expect(loaded).toMatchObject({ step: 'loaded', status: 'ready', hasLoaded: true, updating: false });
    const reloading = connectPagedList(drive('pagedList', queueListMachine, ['xstate.done.actor.loadPage', 'system.refresh']));
    expect(reloading).toMatchObject({ step: 'loading', status: 'ready', updating: true });
    expect(reloading.items).toEqual(loaded.items);
    expect(connectPagedList(drive('pagedList', queueListMachine, [], { ...(findMachine('pagedList')?.sampleInput as object), enabled: false }))).toMatchObject({ step: 'disabled', disabled: true });
  });

  it('connectDetails: idle before an item is opened, hashing once it is loaded', () => {
    expect(connectDetails(undefined)).toMatchObject({ step: 'idle', loaded: false });
    expect(connectDetails(drive('details', txDetailsMachine, ['user.open']))).toMatchObject({ step: 'loading', loaded: false });
    const hashing = connectDetails(drive('details', txDetailsMachine, ['user.open', 'xstate.done.actor.loadDetails']));
    expect(hashing).toMatchObject({ step: 'hashing', loaded: true, hashing: true });
    expect(connectDetails(drive('details', txDetailsMachine, ['user.open', 'xstate.done.actor.loadDetails', 'xstate.done.actor.computeHashes']))).toMatchObject({ step: 'verified', hashing: false });
  });
});

describe('transaction dialogs', () => {
  it('connectTransactionFlow: the progress step follows the flow', () => {
    const composing = connectTransactionFlow(drive('transactionFlow', transactionFlowMachine, []));
    expect(composing).toMatchObject({ step: 'compose', status: 'composing', mode: 'create', loadingAbi: false, ended: false, canCancel: true });
    expect(connectTransactionFlow(drive('transactionFlow', transactionFlowMachine, ['user.compose']))).toMatchObject({ step: 'nonce', status: 'loadingNonces' });
    expect(connectTransactionFlow(drive('transactionFlow', transactionFlowMachine, ['user.cancel']))).toMatchObject({ ended: true });
    expect(composing.steps.map((s) => s.name)).toEqual(['Compose', 'Nonce', 'Review', 'Sign or execute', 'Processing', 'Done']);
  });

  it('connectTransactionFlow: the outcome on the last step (proposed, with the details id), none once closed', () => {
    const toReview = ['user.compose', 'xstate.done.actor.loadNonces', 'user.confirmNonce', 'xstate.done.actor.buildSafeTx', 'xstate.done.actor.decodeTx', 'xstate.done.actor.crossCheck', 'xstate.done.actor.classifyRisks', 'xstate.done.actor.simulateTx', 'xstate.done.actor.loadRelayRemaining'];
    const review = connectTransactionFlow(drive('transactionFlow', transactionFlowMachine, toReview));
    expect(review).toMatchObject({ status: 'review', outcome: null });
    const toSigned = [...toReview, 'user.sign', 'xstate.done.actor.requestSignature', 'xstate.done.actor.proposeTx'];
    const snapshot = drive('transactionFlow', transactionFlowMachine, toSigned);
    const signed = connectTransactionFlow(snapshot);
    const hash = snapshot.context.hashes!.safeTxHash;
    expect(signed.status).toBe('signed');
    expect(signed.outcome).toEqual({ kind: 'proposed', safeTxHash: hash, txId: `multisig_${getAddress(snapshot.context.safe.address)}_${hash}`, txHash: null });
    // The same outcome object for the same snapshot: the view model stays shallow-equal.
    expect(shallowEqualViewModel(signed, connectTransactionFlow(snapshot))).toBe(true);
    expect(connectTransactionFlow(drive('transactionFlow', transactionFlowMachine, [...toSigned, 'user.close']))).toMatchObject({ ended: true, outcome: null });
  });

  it('connectTransactionFlow: a queued transaction confirmed keeps its gateway id; executed carries the execution hash', () => {
    const input = findMachine('transactionFlow')!.extraSampleInputs!.find((i) => (i as { mode: string }).mode === 'confirm');
    const toReview = ['xstate.done.actor.loadTx', 'xstate.done.actor.crossCheck', 'xstate.done.actor.classifyRisks', 'xstate.done.actor.simulateTx', 'xstate.done.actor.loadRelayRemaining'];
    const confirmed = connectTransactionFlow(drive('transactionFlow', transactionFlowMachine, [...toReview, 'user.sign', 'xstate.done.actor.requestSignature', 'xstate.done.actor.proposeTx'], input));
    expect(confirmed).toMatchObject({ status: 'signed', outcome: { kind: 'confirmed', txId: (input as { txId: string }).txId, txHash: null } });
    const receipt = connectTransactionFlow(
      drive('transactionFlow', transactionFlowMachine, [...toReview, 'user.signAndExecute', 'xstate.done.actor.requestSignature', 'xstate.done.actor.proposeTx', 'xstate.done.actor.executeTx', 'xstate.done.actor.waitForReceipt'], input),
    );
    expect(receipt).toMatchObject({ status: 'succeeded', outcome: { kind: 'executed', txHash: `0x${'1'.repeat(64)}` } });
  });

  it('connectDeleteTxFlow: confirming, then a wallet error with its kind', () => {
    expect(connectDeleteTxFlow(drive('deleteTxFlow', deleteTxFlowMachine, []))).toMatchObject({ status: 'confirming', walletError: null, canCancel: true });
    const view = connectDeleteTxFlow(drive('deleteTxFlow', deleteTxFlowMachine, ['user.confirmDelete', 'xstate.error.actor.requestDeleteSignature']));
    expect(view.status).toBe('walletError');
    expect(view.walletError).not.toBeNull();
  });

  it('connectDeleteTxFlow: the deleted transaction while the dialog says so', () => {
    expect(connectDeleteTxFlow(drive('deleteTxFlow', deleteTxFlowMachine, [])).deletedTx).toBeNull();
    const deleted = connectDeleteTxFlow(drive('deleteTxFlow', deleteTxFlowMachine, ['user.confirmDelete', 'xstate.done.actor.requestDeleteSignature', 'xstate.done.actor.deleteTx']));
    expect(deleted).toMatchObject({ status: 'deleted', deletedTx: { safeTxHash: deleted.context.safeTxHash, nonce: 3 } });
  });

  it('connectBulkExecuteFlow: loading, then the review', () => {
    expect(connectBulkExecuteFlow(drive('bulkExecuteFlow', bulkExecuteFlowMachine, []))).toMatchObject({ status: 'loading', ended: false });
    expect(connectBulkExecuteFlow(drive('bulkExecuteFlow', bulkExecuteFlowMachine, ['xstate.error.actor.loadBatch']))).toMatchObject({ status: 'loadFailed', canRetry: true, canCancel: true });
  });

  it('connectMessageFlow: composing, then working while the hash is computed', () => {
    expect(connectMessageFlow(drive('messageFlow', messageFlowMachine, []))).toMatchObject({ step: 'composing', watchFailed: false });
    expect(connectMessageFlow(drive('messageFlow', messageFlowMachine, ['user.compose']))).toMatchObject({ step: 'working' });
    expect(connectMessageFlow(drive('messageFlow', messageFlowMachine, ['user.cancel']))).toMatchObject({ step: 'done' });
  });

  it('connectMessageFlow: the outcome once this wallet signed (more needed), then signed, none once closed', () => {
    const toReview = ['user.compose', 'xstate.done.actor.computeMessageHash', ['xstate.done.actor.loadMessage', 0] as [string, number]];
    expect(connectMessageFlow(drive('messageFlow', messageFlowMachine, toReview))).toMatchObject({ step: 'review', outcome: null });
    const toCollecting = [...toReview, 'user.sign', 'xstate.done.actor.requestSignature', ['xstate.done.actor.createMessage', 0] as [string, number]];
    const collecting = drive('messageFlow', messageFlowMachine, toCollecting);
    const hash = collecting.context.preview!.safeMessageHash;
    expect(connectMessageFlow(collecting)).toMatchObject({ step: 'collecting', outcome: { kind: 'signatureAdded', messageHash: hash } });
    const confirmed = connectMessageFlow(drive('messageFlow', messageFlowMachine, [...toCollecting, 'xstate.done.actor.watchMessage', 'xstate.done.actor.verifyOnChain']));
    expect(confirmed).toMatchObject({ step: 'confirmed', outcome: { kind: 'signed', messageHash: hash } });
    expect(connectMessageFlow(drive('messageFlow', messageFlowMachine, [...toCollecting, 'user.close']))).toMatchObject({ step: 'done', outcome: null });
  });
});
