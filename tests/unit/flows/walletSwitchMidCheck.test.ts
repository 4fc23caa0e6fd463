/**
 * Another wallet while a device's execution check is prepared or shown (issue 19, decision 0074): the spend
 * (allowanceTransfer) and the bulk execution (bulkExecuteFlow) go back to their review, as createSafe does, and the
 * wallet is asked nothing. The whole path is real: the wallet's own event (the provider's accountsChanged /
 * chainChanged) reaches the real walletConnection, the real appSession reports it to the flows (`notifyFlows`, wired
 * to the flow host's `broadcast` as src/root.ts does), and the real flow host sends `wallet.changed` to each running
 * flow, which records it in its own stream. Stubbed at their boundary: the wallet provider's events (sent by the
 * test), and the flows' effects (chain reads answer with the registry's samples; a send to the wallet is recorded
 * and never answers).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { appSessionMachine } from '../../../src/machines/appSession/appSession.machine.ts';
import type { AppSessionEffects } from '../../../src/machines/appSession/appSession.types.ts';
import { walletConnectionMachine } from '../../../src/machines/walletConnection/walletConnection.machine.ts';
import type { ConnectResult, WalletConnectionEvent } from '../../../src/machines/walletConnection/walletConnection.types.ts';
import { effectActors } from '../../../src/machines/shared/effects.ts';
import { MACHINES } from '../../../src/machines/registry.ts';
import { flowStreamId, type FlowEntry, type FlowRequest } from '../../../src/machines/shared/flows.ts';
import { DEVNET_OWNER, DEVNET_STRANGER, SAMPLE_CALL_TARGET, SAMPLE_CHAIN_ID, SAMPLE_LEDGER, sampleExecutionPlan } from '../../../src/machines/shared/samples.ts';
import { isOtherWallet } from '../../../src/machines/shared/deviceExecution.ts';
import { allowanceTransferMachine } from '../../../src/machines/allowanceTransfer/allowanceTransfer.machine.ts';
import { allowanceTransferDeviceInput, allowanceTransferSampleEvents } from '../../../src/machines/allowanceTransfer/allowanceTransfer.samples.ts';
import type { AllowanceTransferEffects } from '../../../src/machines/allowanceTransfer/allowanceTransfer.types.ts';
import { bulkExecuteFlowMachine } from '../../../src/machines/transactionFlow/bulkExecuteFlow.machine.ts';
import type { BulkExecuteFlowEffects, BulkExecuteInput, ExecutionPlan } from '../../../src/machines/transactionFlow/transactionFlow.types.ts';
import { createSafeMachine } from '../../../src/machines/createSafe/createSafe.machine.ts';
import { createSafeDeviceInput, createSafeSampleEvents } from '../../../src/machines/createSafe/createSafe.samples.ts';
import type { CreateSafeEffects } from '../../../src/machines/createSafe/createSafe.types.ts';
import { provideCreateSafeServices } from '../../../src/services/createSafe.ts';
import { provideAllowanceTransferServices } from '../../../src/services/allowanceTransfer.ts';
import { provideBulkExecuteFlowServices } from '../../../src/services/transactionFlow/transactionFlow.ts';
import { MemoryEventStore } from '../../../src/services/eventLog/index.ts';
import { createFlowHost } from '../../../src/services/flows/flowHost.ts';
import { deferred, type Deferred } from '../../harness/deferred.ts';

const SAFE_ADDRESS = allowanceTransferDeviceInput.safe.address;
const SAFE_KEY = `${SAMPLE_CHAIN_ID}:${SAFE_ADDRESS.toLowerCase()}`;
/** The signer's Ledger, as the wallet connection reports it. */
const LEDGER_ACCOUNT = { address: DEVNET_STRANGER as `0x${string}`, chainId: SAMPLE_CHAIN_ID, device: SAMPLE_LEDGER };
const bulkEntry = MACHINES.find((m) => m.id === 'bulkExecuteFlow')!;
const bulkDeviceInput = bulkEntry.extraSampleInputs![0] as BulkExecuteInput;

/** The payload of the first sample event of this type (the machines' own QA samples). */
function sample<T>(events: readonly AnyEventObject[], type: string, key: 'output' | 'form' | 'draft'): T {
  const event = events.find((e) => e.type === type);
  if (!event) throw new Error(`no sample ${type}`);
  return (event as unknown as Record<string, unknown>)[key] as T;
}
const never = () => new Promise<never>(() => {});

/** The flows' effects: reads answer with the samples; the plan can be held; a send to the wallet is recorded. */
function effects() {
  const sent: string[] = [];
  const held: { plan: Deferred<ExecutionPlan> | null } = { plan: null };
  const plan = (to: string) => async () => (held.plan ? held.plan.promise : (sampleExecutionPlan(to) as ExecutionPlan));
  const allowance: AllowanceTransferEffects = {
    checkTransfer: async () => sample(allowanceTransferSampleEvents, 'xstate.done.actor.checkTransfer', 'output'),
    prepareTransfer: plan(SAMPLE_CALL_TARGET),
    sendTransfer: () => (sent.push('sendTransfer'), never()),
    waitForTransfer: never,
    findTransfer: never,
  };
  const bulk: BulkExecuteFlowEffects = {
    loadBatch: async () => sample(bulkEntry.sampleEvents, 'xstate.done.actor.loadBatch', 'output'),
    loadRelayRemaining: async () => Promise.reject(new Error('No relay in this test')),
    prepareBatchExecution: plan(SAMPLE_CALL_TARGET),
    executeBatch: () => (sent.push('executeBatch'), never()),
    relayBatch: () => (sent.push('relayBatch'), never()),
    checkBatchStatus: never,
    waitForReceipt: never,
  };
  return { sent, held, allowance, bulk };
}

/** The app's root with its real wallet connection (the provider's events sent by the test) and a flow host for the open Safe. */
function app() {
  const fx = effects();
  const store = new MemoryEventStore();
  const host = createFlowHost({
    store,
    machines: MACHINES,
    logicFor: (kind) => (kind === 'allowanceTransfer' ? provideAllowanceTransferServices(allowanceTransferMachine, fx.allowance) : provideBulkExecuteFlowServices(bulkExecuteFlowMachine, fx.bulk)),
    // The flows start with the wallet the root knows (flowContextOf gives them the connection's account, device included).
    context: () => ({
      safeKey: SAFE_KEY,
      inputFor: (request: FlowRequest, flowId: string) => {
        const wallet = root.getSnapshot().context.account;
        return request.kind === 'allowanceTransfer' ? { ...allowanceTransferDeviceInput, flowId, wallet } : { ...bulkDeviceInput, flowId, wallet };
      },
    }),
    onFailure: (_, error) => {
      throw error;
    },
  });
  let walletEvents: ((event: WalletConnectionEvent) => void) | null = null;
  const root = createActor(
    appSessionMachine.provide({
      actors: {
        ...effectActors<AppSessionEffects>({
          loadConfig: async () => ({ gatewayUrl: 'http://gateway.test', rpcOverrides: {}, devnet: null }),
          probeGateway: async () => ({ chainCount: 1, chains: [{ chainId: SAMPLE_CHAIN_ID, chainName: 'Devnet' }] }),
          retrySaving: async () => {},
        }),
        walletConnection: walletConnectionMachine.provide({
          actors: {
            restoreWallet: fromPromise(async (): Promise<ConnectResult> => ({ label: 'Ledger', ...LEDGER_ACCOUNT })),
            watchWallet: fromCallback<WalletConnectionEvent, { label: string }>(({ sendBack }) => {
              walletEvents = sendBack;
              return () => (walletEvents = null);
            }),
          },
        }),
      },
      // As src/root.ts: the root's report to the flows is the host's broadcast.
      actions: { notifyFlows: (_, params) => host.broadcast({ type: 'wallet.changed', wallet: params.account }) },
    }),
    { input: { location: { path: '/welcome', search: '' }, theme: 'light', visible: true } },
  );
  root.start();
  return {
    fx,
    store,
    host,
    ready: () => waitFor(root, (s) => s.matches({ running: { gateway: 'gatewayOnline' } }) && s.context.account !== null),
    walletSays: (event: WalletConnectionEvent) => {
      if (!walletEvents) throw new Error('the wallet is not being watched');
      walletEvents(event);
    },
  };
}

const snap = (entry: FlowEntry) => entry.actor.getSnapshot() as AnyMachineSnapshot;
const until = (entry: FlowEntry, state: string) => vi.waitFor(() => expect(snap(entry).matches(state), JSON.stringify(snap(entry).value)).toBe(true));

/** Opens the spend and takes it to the device's check (or, with the plan held, to its preparation). */
async function spendToCheck(a: ReturnType<typeof app>, state: 'checkingExecution' | 'preparingExecution'): Promise<FlowEntry> {
  const entry = a.host.open({ kind: 'allowanceTransfer', token: allowanceTransferDeviceInput.token });
  entry.actor.send({ type: 'user.submit', draft: sample(allowanceTransferSampleEvents, 'user.submit', 'draft') });
  await until(entry, 'review');
  entry.actor.send({ type: 'user.send' });
  await until(entry, state);
  return entry;
}

/** Opens the bulk execution and takes it to the device's check (or, with the plan held, to its preparation). */
async function bulkToCheck(a: ReturnType<typeof app>, state: 'checkingExecution' | 'preparingExecution'): Promise<FlowEntry> {
  const entry = a.host.open({ kind: 'bulkExecute', txIds: bulkDeviceInput.txIds });
  await until(entry, 'review');
  entry.actor.send({ type: 'user.acknowledgeRisks', acknowledged: true });
  entry.actor.send({ type: 'user.execute' });
  await until(entry, state);
  return entry;
}

/** The app with the Ledger connected, and both flows at the step (with `plan` held: still reading the plan). */
async function bothAt(state: 'checkingExecution' | 'preparingExecution', plan: Deferred<ExecutionPlan> | null = null) {
  const a = app();
  await a.ready();
  a.fx.held.plan = plan;
  return { a, spend: await spendToCheck(a, state), bulk: await bulkToCheck(a, state) };
}

/** createSafe on the same Ledger, told of the same change by its screen (`system.walletChanged`): where it goes. */
async function createSafeAfter(wallet: unknown): Promise<AnyMachineSnapshot> {
  const fx: CreateSafeEffects = {
    loadSetup: async () => sample(createSafeSampleEvents, 'xstate.done.actor.loadSetup', 'output'),
    predictSafe: async () => sample(createSafeSampleEvents, 'xstate.done.actor.predictSafe', 'output'),
    prepareDeployment: async () => sampleExecutionPlan(SAMPLE_CALL_TARGET) as ExecutionPlan,
    deploySafe: never,
    checkDeployment: never,
    waitForDeployment: never,
  };
  const actor = createActor(provideCreateSafeServices(createSafeMachine, fx), { input: createSafeDeviceInput }).start();
  await waitFor(actor, (s) => s.matches('editing'));
  actor.send({ type: 'user.submit', form: sample(createSafeSampleEvents, 'user.submit', 'form') });
  await waitFor(actor, (s) => s.matches('review'));
  actor.send({ type: 'user.deploy' });
  await waitFor(actor, (s) => s.matches('checkingExecution'));
  actor.send({ type: 'system.walletChanged', wallet } as never);
  const after = actor.getSnapshot();
  actor.stop();
  return after as AnyMachineSnapshot;
}

/** The flow left the step for its review, with the check for the old device gone and the new wallet kept. */
function expectBackAtReview(entry: FlowEntry, wallet: unknown) {
  const s = snap(entry);
  expect(s.value).toBe('review');
  expect(s.context).toMatchObject({ wallet });
  expect(s.context.deviceCheck).toBeUndefined();
  expect(s.context.execution).toBeUndefined();
}

async function recordedTypes(a: ReturnType<typeof app>, kind: 'allowanceTransfer' | 'bulkExecute', entry: FlowEntry, last: string): Promise<string[]> {
  const streamId = flowStreamId(kind, SAFE_KEY, entry.id);
  await vi.waitFor(async () => expect((await a.store.readStream(streamId)).at(-1)?.type).toBe(last));
  return (await a.store.readStream(streamId)).map((r) => r.type);
}

describe('a wallet switch during the execution-hash check', () => {
  it('another account in the wallet: the spend and the bulk execution go back to their review, as createSafe does, and nothing is sent', async () => {
    const { a, spend, bulk } = await bothAt('checkingExecution');
    expect(snap(spend).context.deviceCheck).toMatchObject({ what: 'execution', device: SAMPLE_LEDGER });

    // The signer picks another account on the Ledger: the provider says so, the root tells every flow.
    a.walletSays({ type: 'wallet.accountsChanged', accounts: [DEVNET_OWNER] });
    const switched = { address: DEVNET_OWNER, chainId: SAMPLE_CHAIN_ID, device: SAMPLE_LEDGER };
    await until(spend, 'review');
    await until(bulk, 'review');
    expectBackAtReview(spend, switched);
    expectBackAtReview(bulk, switched);
    expect((await createSafeAfter(switched)).value).toBe('review');
    expect(a.fx.sent).toEqual([]);
    // The change is in each flow's event log, where a replay takes it the same way.
    expect((await recordedTypes(a, 'allowanceTransfer', spend, 'wallet.changed')).slice(-3)).toEqual(['user.send', 'xstate.done.actor.prepareTransfer', 'wallet.changed']);
    expect(await recordedTypes(a, 'bulkExecute', bulk, 'wallet.changed')).toContain('xstate.done.actor.prepareBatchExecution');

    // From the review, the next send is for the wallet connected now: a new check, for it.
    spend.actor.send({ type: 'user.send' });
    await until(spend, 'checkingExecution');
    expect(a.fx.sent).toEqual([]);
  });

  it('another chain while the plan is still being read: back to the review, and the plan that arrives late is dropped', async () => {
    const plan = deferred<ExecutionPlan>();
    const { a, spend, bulk } = await bothAt('preparingExecution', plan);

    a.walletSays({ type: 'wallet.chainChanged', chainId: '100' });
    const switched = { ...LEDGER_ACCOUNT, chainId: '100' };
    await until(spend, 'review');
    await until(bulk, 'review');
    expect((await createSafeAfter(switched)).value).toBe('review');

    plan.resolve(sampleExecutionPlan(SAMPLE_CALL_TARGET) as ExecutionPlan);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expectBackAtReview(spend, switched);
    expectBackAtReview(bulk, switched);
    expect(a.fx.sent).toEqual([]);
  });

  it('the wallet gone: the spend goes back to its review (as createSafe), the bulk execution says the wallet is disconnected (as everywhere in it)', async () => {
    const { a, spend, bulk } = await bothAt('checkingExecution');

    a.walletSays({ type: 'wallet.disconnected' } as WalletConnectionEvent);
    await until(spend, 'review');
    await until(bulk, 'walletError.disconnected');
    expect(snap(spend).context.wallet).toBeNull();
    expect((await createSafeAfter(null)).value).toBe('review');
    expect(a.fx.sent).toEqual([]);
  });

  it('the same wallet told again changes nothing: the check stays, and Continue sends exactly the plan checked', async () => {
    const { a, spend, bulk } = await bothAt('checkingExecution');
    const checked = snap(spend).context.execution as ExecutionPlan;

    a.host.broadcast({ type: 'wallet.changed', wallet: { ...LEDGER_ACCOUNT, address: LEDGER_ACCOUNT.address.toLowerCase() } });
    expect(snap(spend).value).toBe('checkingExecution');
    expect(snap(bulk).value).toBe('checkingExecution');
    expect(snap(spend).context.execution).toEqual(checked);

    spend.actor.send({ type: 'user.confirmOnDevice' });
    bulk.actor.send({ type: 'user.confirmOnDevice' });
    await vi.waitFor(() => expect(a.fx.sent).toEqual(['sendTransfer', 'executeBatch']));
  });
});

describe('isOtherWallet', () => {
  it('tells another account, chain or device, and none, from the same wallet (addresses in any case)', () => {
    expect(isOtherWallet(LEDGER_ACCOUNT, { ...LEDGER_ACCOUNT, address: DEVNET_STRANGER.toLowerCase() })).toBe(false);
    expect(isOtherWallet(null, null)).toBe(false);
    expect(isOtherWallet(LEDGER_ACCOUNT, null)).toBe(true);
    expect(isOtherWallet(null, LEDGER_ACCOUNT)).toBe(true);
    expect(isOtherWallet(LEDGER_ACCOUNT, { ...LEDGER_ACCOUNT, address: DEVNET_OWNER })).toBe(true);
    expect(isOtherWallet(LEDGER_ACCOUNT, { ...LEDGER_ACCOUNT, chainId: '100' })).toBe(true);
    expect(isOtherWallet(LEDGER_ACCOUNT, { address: DEVNET_STRANGER, chainId: SAMPLE_CHAIN_ID })).toBe(true);
    expect(isOtherWallet(LEDGER_ACCOUNT, { ...LEDGER_ACCOUNT, device: { kind: 'trezor', name: 'Trezor', display: 'fields' } })).toBe(true);
  });
});
