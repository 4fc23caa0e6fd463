/**
 * Model-based test of transactionFlow through the real dialog: every generated path is replayed by clicking and
 * typing what a user would, with every effect held in a deferred promise so each intermediate state is asserted.
 * Five inputs (create on a 1.4.1 Safe, create on a legacy 1.1.1 Safe, confirm from the queue, reject, and a new
 * transaction from a wallet that is not an owner, which proposes) share one
 * coverage recorder, which must reach 100 % of the machine's transitions.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { getAddress, type TypedDataDefinition } from 'viem';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { transactionFlowMachine } from '../../src/machines/transactionFlow/transactionFlow.machine.ts';
import { canExecute, canPropose, canRelay, canSign, canSignAndExecute } from '../../src/machines/transactionFlow/transactionFlow.setup.ts';
import type { CallDraft, LoadedTx, TxDraft, TxFlowContext, TxFlowInput, TxHashes } from '../../src/machines/transactionFlow/transactionFlow.types.ts';
import { SAMPLE_BATCH_DESCRIPTION } from '../../src/machines/shared/txDescription.samples.ts';
import { SAMPLE_CALL_TARGET, SAMPLE_CHAIN_ID, SAMPLE_OWNERS, SAMPLE_RECIPIENT, SAMPLE_SAFE, SAMPLE_SAFE_ADDRESS, SAMPLE_SAFE_TX, SAMPLE_SIGNATURE, SAMPLE_TX_HASHES } from '../../src/machines/shared/samples.ts';
import { TxFlowDialog } from '../../src/views/transactionFlow/TxFlowDialog.tsx';
import { TxFlowProvider } from '../../src/views/transactionFlow/txFlowContext.tsx';
import { AppSessionProvider } from '../../src/views/appContext.tsx';
import { idleAppSession } from '../harness/appSession.ts';
import { describeModel, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import { executionHash, typedDataDisplay } from '../../src/domain/wallet/deviceDisplay.ts';
import { safeTxTypedData } from '../../src/domain/safe/hashing.ts';
import { toSafeTx } from '../../src/domain/safe/safeTxJson.ts';
import { deferred, type Deferred } from '../harness/deferred.ts';

const [OWNER_A, OWNER_B, OWNER_C] = SAMPLE_OWNERS;
/** Not an owner: a proposer an owner added (or not, as the gateway answers). */
const PROPOSER = '0x5555555555555555555555555555555555555555';
const SAFE = SAMPLE_SAFE_ADDRESS;
const TOKEN = SAMPLE_CALL_TARGET;
const RECIPIENT = SAMPLE_RECIPIENT;

const safe = SAMPLE_SAFE;
const wallet = { address: OWNER_A, chainId: SAMPLE_CHAIN_ID } as const;
const tokens = [
  { address: null, symbol: 'ETH', decimals: 18, balance: '10000000000000000000' },
  { address: TOKEN, symbol: 'dUSD', decimals: 6, balance: '100000000' },
] as TxFlowInput['tokens'];

const safeTx = SAMPLE_SAFE_TX;
const hashes = SAMPLE_TX_HASHES;
const sig = (signer: string) => ({ signer: signer as `0x${string}`, signature: SAMPLE_SIGNATURE });
const view = { decoded: { method: 'transfer', parameters: [{ name: 'to', type: 'address', value: RECIPIENT }] }, innerCalls: [], stored: null, summary: 'transfer', raw: { details: null, dataDecoded: null, confirmationView: null } };
/** A queued transaction whose listed confirmations are the given owners' (verified), plus a forged on-chain approval. */
const loaded = (confirmations: string[]): LoadedTx & { hashes: TxHashes } => ({
  safeTx,
  hashes,
  confirmations: confirmations.map(sig),
  confirmationChecks: [
    ...confirmations.map((signer) => ({ ...sig(signer), kind: 'ecdsa' as const, status: 'valid' as const, detail: 'Signed by this owner (recovered from the signature).' })),
    { signer: OWNER_A, signature: `0x${'0'.repeat(24)}${OWNER_A.slice(2)}${'0'.repeat(64)}01` as const, kind: 'approvedHash' as const, status: 'invalid' as const, detail: 'Listed as approved on chain, but approvedHashes reads 0.' },
  ],
  proposer: OWNER_B,
  gatewayView: view,
  label: 'Send 5 dUSD',
});
const sampleDescription = SAMPLE_BATCH_DESCRIPTION;

const erc20Draft: TxDraft = { kind: 'erc20Transfer', token: TOKEN, symbol: 'dUSD', recipient: RECIPIENT, amount: '5', decimals: 6 };
const batchCall: CallDraft = { kind: 'nativeTransfer', recipient: RECIPIENT, amount: '1', decimals: 18 };
const abi = JSON.stringify([{ type: 'function', name: 'approve', stateMutability: 'nonpayable', inputs: [{ name: 'spender', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [] }]);
const failure = (kind: string, message: string) => ({ kind, message });
/** The gateway's answer to a proposer's proposal: it lists no confirmation (a proposer's signature is none). */
const PROPOSED = { type: 'xstate.done.actor.proposeTx', output: { confirmations: [] } };
const PROPOSER_SIGNATURE = { type: 'xstate.done.actor.requestSignature', output: sig(PROPOSER) };
/** A Ledger that signs blind (issue 19): the flow shows the domain and message hashes before its prompt. */
const LEDGER = { kind: 'ledger', name: 'Ledger', display: 'hashes' } as const;
const EXECUTION = { chainId: Number(SAMPLE_CHAIN_ID), nonce: 7, gas: '120000', maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000', to: SAFE, value: '0', data: '0x6a761202' };
const DEVICE_KINDS = ['deviceLocked', 'wrongApp', 'blindSigningDisabled', 'deviceDisconnected', 'noTypedData'] as const;
/** Events only a signer on a device meets (issue 19). */
const DEVICE_ONLY: AnyEventObject[] = [
  { type: 'user.confirmOnDevice' },
  { type: 'xstate.done.actor.prepareExecution', output: EXECUTION },
  { type: 'xstate.error.actor.prepareExecution', error: failure('other', 'The execution would fail: GS013') },
  { type: 'xstate.done.actor.executeTx', output: { txHash: `0x${'3'.repeat(64)}`, changes: ['max priority fee 1 → 2 gwei'] } },
  ...DEVICE_KINDS.map((kind) => ({ type: 'xstate.error.actor.requestSignature', error: failure(kind, `${kind} failure`) })),
  ...DEVICE_KINDS.map((kind) => ({ type: 'xstate.error.actor.executeTx', error: failure(kind, `${kind} failure`) })),
];

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadContractAbi', output: { address: TOKEN, abi, name: 'dUSD' } },
  { type: 'xstate.error.actor.loadContractAbi', error: new Error('Not found') },
  { type: 'xstate.done.actor.loadNonces', output: { current: 3, recommended: 5, queued: [{ nonce: 3, labels: ['Send ETH'] }, { nonce: 4, labels: ['ADD_OWNER'] }] } },
  { type: 'xstate.error.actor.loadNonces', error: new Error('Gateway unreachable') },
  { type: 'xstate.done.actor.estimateSafeTxGas', output: { safeTxGas: '42000' } },
  { type: 'xstate.error.actor.estimateSafeTxGas', error: new Error('Estimation failed') },
  { type: 'xstate.done.actor.buildSafeTx', output: { safeTx, hashes, label: 'Send 5 dUSD to 0x4444…4444' } },
  { type: 'xstate.error.actor.buildSafeTx', error: new Error('Invalid amount') },
  { type: 'xstate.done.actor.loadTx', output: loaded([OWNER_B]) },
  { type: 'xstate.done.actor.loadTx', output: loaded([OWNER_B, OWNER_C]) },
  { type: 'xstate.error.actor.loadTx', error: new Error('No MultisigTransaction matches the given query.') },
  { type: 'xstate.done.actor.decodeTx', output: view },
  { type: 'xstate.error.actor.decodeTx', error: new Error('Gateway unreachable') },
  { type: 'xstate.done.actor.crossCheck', output: { mismatches: [], description: sampleDescription } },
  { type: 'xstate.done.actor.crossCheck', output: { mismatches: ['The gateway reports txData.to = 0xbad, but the transaction built here has 0x7070.'] } },
  { type: 'xstate.error.actor.crossCheck', error: new Error('Cross-check failed') },
  { type: 'xstate.done.actor.classifyRisks', output: [{ id: 'untrusted-delegatecall', severity: 'blocking', title: 'Unexpected delegate call', detail: 'DELEGATECALL to 0xbad' }] },
  { type: 'xstate.error.actor.classifyRisks', error: new Error('Cannot classify') },
  // A look-alike counterparty (S17) blocks whatever is acknowledged; the other warning still asks for the tick.
  {
    type: 'xstate.done.actor.classifyRisks',
    output: [
      { id: 'look-alike-address', severity: 'blocking', title: 'Look-alike address', detail: 'The recipient 0x4444A0000000000000000000000000000000C444 begins and ends like “Dora”, in your address book (0x4444B0000000000000000000000000000000C444) but is a different address.' },
      { id: 'gas-refund', severity: 'blocking', title: 'Gas refund', detail: 'Refunds gas to the executor' },
    ],
  },
  {
    type: 'xstate.done.actor.classifyRisks',
    output: [{ id: 'untrusted-migration', severity: 'blocking', title: 'Migration to an unknown implementation', detail: 'The migration would switch this Safe to 0xbad, which is not a canonical Safe L2 singleton for this chain — signing is blocked.' }],
  },
  { type: 'xstate.done.actor.simulateTx', output: { simulation: simulated([]), risks: [], blocks: [] } },
  {
    type: 'xstate.done.actor.simulateTx',
    output: {
      simulation: simulated([{ field: 'singleton', before: '0x41675C099F32341bf84BFc5382aF534df5C7461a', after: '0x0000000000000000000000000000000000000bad' }]),
      risks: [{ id: 'implementation-change', severity: 'blocking', title: 'Implementation change', detail: 'Simulation: the Safe’s implementation changes to 0x0000000000000000000000000000000000000bad' }],
      blocks: ["Simulation: the Safe's implementation changes to 0x0000000000000000000000000000000000000bad, which the transaction data does not declare — signing is blocked."],
    },
  },
  { type: 'xstate.error.actor.simulateTx', error: new Error('The RPC does not support eth_call state overrides.') },
  { type: 'xstate.done.actor.loadRelayRemaining', output: { remaining: 4, limit: 5 } },
  { type: 'xstate.error.actor.loadRelayRemaining', error: new Error('Relay unavailable') },
  { type: 'xstate.done.actor.requestSignature', output: sig(OWNER_A) },
  ...(['rejected', 'wrongChain', 'disconnected', 'insufficientFunds', 'other'] as const).map((kind) => ({ type: 'xstate.error.actor.requestSignature', error: failure(kind, `${kind} failure`) })),
  { type: 'xstate.done.actor.proposeTx', output: { confirmations: [sig(OWNER_B), sig(OWNER_A)] } },
  { type: 'xstate.error.actor.proposeTx', error: new Error('Invalid signature') },
  { type: 'xstate.done.actor.executeTx', output: { txHash: `0x${'1'.repeat(64)}` } },
  ...(['rejected', 'wrongChain', 'disconnected', 'insufficientFunds', 'other'] as const).map((kind) => ({ type: 'xstate.error.actor.executeTx', error: failure(kind, `${kind} failure`) })),
  PROPOSED,
  PROPOSER_SIGNATURE,
  { type: 'xstate.done.actor.checkProposer', output: { proposer: true } },
  { type: 'xstate.done.actor.checkProposer', output: { proposer: false } },
  { type: 'xstate.error.actor.checkProposer', error: new Error('Gateway unreachable') },
  { type: 'xstate.done.actor.relayTx', output: { taskId: 'task-1', txHash: null } },
  { type: 'xstate.error.actor.relayTx', error: new Error('Relay limit reached for 0x5afe') },
  { type: 'xstate.done.actor.waitForReceipt', output: { status: 'SUCCESS', txHash: `0x${'1'.repeat(64)}` } },
  { type: 'xstate.done.actor.waitForReceipt', output: { status: 'FAILED', txHash: `0x${'2'.repeat(64)}` } },
  { type: 'xstate.error.actor.waitForReceipt', error: new Error('Timed out') },
  { type: 'xstate.done.actor.checkTxStatus', output: { status: 'executed', txHash: `0x${'1'.repeat(64)}`, confirmations: [] } },
  { type: 'xstate.done.actor.checkTxStatus', output: { status: 'proposed', txHash: null, confirmations: [sig(OWNER_B)] } },
  { type: 'xstate.error.actor.checkTxStatus', error: new Error('Gateway unreachable') },
  { type: 'user.addToBatch', call: batchCall },
  { type: 'user.editDraft', call: { ...batchCall, amount: '0.5' } },
  { type: 'user.removeFromBatch', index: 0 },
  { type: 'user.loadAbi', address: TOKEN },
  { type: 'user.compose', draft: erc20Draft },
  { type: 'user.setNonce', nonce: '4' },
  { type: 'user.confirmNonce' },
  { type: 'user.editNonce' },
  { type: 'user.acknowledgeRisks', acknowledged: true },
  { type: 'user.sign' },
  { type: 'user.signAndExecute' },
  { type: 'user.execute' },
  { type: 'user.relay' },
  { type: 'user.propose' },
  { type: 'user.retry' },
  { type: 'user.back' },
  { type: 'user.cancel' },
  { type: 'user.close' },
  { type: 'wallet.changed', wallet: null },
  { type: 'system.recover' },
  ...DEVICE_ONLY,
];

/** A simulation that succeeded, moving 1 ETH out of the Safe, with the given configuration changes. */
function simulated(configChanges: unknown[]) {
  return {
    status: 'simulated',
    method: 'eth_call: the Safe runs the call through simulateAndRevert (state override places the probe)',
    blockNumber: 'latest',
    success: true,
    revertReason: null,
    configChanges,
    balanceChanges: [{ holder: SAFE, asset: { kind: 'native' }, delta: '-1000000000000000000' }],
    assumptions: ['Run as the Safe itself.'],
  };
}

const ACTORS = [
  'loadContractAbi', 'loadNonces', 'estimateSafeTxGas', 'buildSafeTx', 'loadTx', 'decodeTx', 'crossCheck', 'classifyRisks', 'simulateTx',
  'loadRelayRemaining', 'checkProposer', 'requestSignature', 'proposeTx', 'executeTx', 'relayTx', 'waitForReceipt', 'checkTxStatus', 'prepareExecution',
] as const;
type ActorName = (typeof ACTORS)[number];

interface FlowSut extends SystemUnderTest {
  pending: Partial<Record<ActorName, Deferred<unknown>>>;
}

const inputs = {
  create: { flowId: 'mbt-create', mode: 'create', safe, wallet, tokens },
  legacy: { flowId: 'mbt-legacy', mode: 'create', safe: { ...safe, version: '1.1.1' }, wallet, tokens },
  confirm: { flowId: 'mbt-confirm', mode: 'confirm', safe, wallet, txId: `multisig_${SAFE}_${hashes.safeTxHash}` },
  reject: { flowId: 'mbt-reject', mode: 'reject', safe, wallet, nonce: 3 },
  propose: { flowId: 'mbt-propose', mode: 'create', safe, wallet: { address: PROPOSER, chainId: SAMPLE_CHAIN_ID }, tokens },
  // Signers on a Ledger (issue 19): an owner confirms or executes a queued transaction; a proposer proposes.
  device: { flowId: 'mbt-device', mode: 'confirm', safe, wallet: { ...wallet, device: LEDGER }, txId: `multisig_${SAFE}_${hashes.safeTxHash}` },
  deviceProposer: { flowId: 'mbt-device-proposer', mode: 'create', safe, wallet: { address: PROPOSER, chainId: SAMPLE_CHAIN_ID, device: LEDGER }, tokens },
} satisfies Record<string, TxFlowInput>;

const dialog = () => screen.getByRole('dialog');
const click = (name: string | RegExp) => act(async () => void fireEvent.click(within(dialog()).getByRole('button', { name })));
/** Picks the review's radio of that name where the review asks (it asks only when there is a choice). */
const choose = async (name: string) => {
  const radio = within(dialog()).queryByRole('radio', { name });
  if (radio) await act(async () => void fireEvent.click(radio));
};
const type = (label: string | RegExp, value: string) => act(async () => void fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } }));
const current = (sut: FlowSut, name: ActorName) => {
  const d = sut.pending[name];
  if (!d) throw new Error(`${name} is not running`);
  return d;
};
/** The running actor's snapshot: planned vertices collapse context, so context checks read the real one. */
const live = (sut: FlowSut) => sut.actor.getSnapshot() as AnyMachineSnapshot & { context: TxFlowContext };
/**
 * The last step's outcome: the safeTxHash with its copy button, the execution's hash once sent (`executed`), and
 * "View transaction" to the details page (the gateway's id of a queued one, else the id the Safe and hash make).
 */
function outcomeShown(sut: FlowSut, executed: boolean) {
  const c = live(sut).context;
  const outcome = within(within(dialog()).getByRole('region', { name: 'Outcome' }));
  expect(outcome.getByText(c.hashes!.safeTxHash)).toBeTruthy();
  expect(outcome.getByRole('button', { name: 'Copy safeTxHash' })).toBeTruthy();
  if (executed) expect(outcome.getByText(c.txHash!)).toBeTruthy();
  else expect(outcome.queryByRole('button', { name: 'Copy Transaction hash' })).toBeNull();
  const id = c.txId ?? `multisig_${getAddress(SAFE)}_${c.hashes!.safeTxHash}`;
  expect(outcome.getByRole('link', { name: 'View transaction' }).getAttribute('href')).toBe(`/transactions/tx?id=${encodeURIComponent(id)}`);
}
/** Every line the device will show, in the dialog. */
function deviceLinesShown(check: NonNullable<TxFlowContext['deviceCheck']>) {
  const lines = within(dialog()).getByLabelText(`What your ${check.device.name} will show`);
  for (const line of check.lines) expect(lines).toHaveTextContent(line.value);
}
/** What a device changed in the execution, said once it was sent (or nothing when it changed nothing). */
function deviceChangesShown(sut: FlowSut) {
  const changes = live(sut).context.deviceChanges;
  const said = within(dialog()).queryByText(/changed the transaction before signing it/);
  if (changes) expect(said?.parentElement).toHaveTextContent(`It was sent as the device signed it, not as you checked it: ${changes.join('; ')}.`);
  else expect(said).toBeNull();
}
const outputOf = (event: AnyEventObject): unknown => (event as unknown as { output: unknown }).output;
const errorOf = (event: AnyEventObject): unknown => (event as unknown as { error: unknown }).error;

async function fillCall(call: CallDraft | TxDraft) {
  if (call.kind === 'erc20Transfer' || call.kind === 'nativeTransfer') {
    await act(async () => void fireEvent.click(within(dialog()).getByRole('radio', { name: 'Send tokens' })));
    await act(async () => void fireEvent.change(within(dialog()).getByLabelText('Token'), { target: { value: call.kind === 'erc20Transfer' ? call.token : '' } }));
    await type('Recipient address', call.recipient);
    await type('Amount', call.amount);
  } else {
    throw new Error(`no form filler for ${call.kind}`);
  }
}

function driverFor(input: TxFlowInput): ViewDriver<FlowSut> {
  const resolveWith = (name: ActorName) => async (sut: FlowSut, e: AnyEventObject) => act(async () => current(sut, name).resolve(outputOf(e)));
  const rejectWith = (name: ActorName) => async (sut: FlowSut, e: AnyEventObject) => act(async () => current(sut, name).reject(errorOf(e)));
  const effectEvents = Object.fromEntries(
    ACTORS.flatMap((name) => [
      [`xstate.done.actor.${name}`, resolveWith(name)],
      [`xstate.error.actor.${name}`, rejectWith(name)],
    ]),
  );
  const busy = (text: RegExp) => () => {
    expect(within(dialog()).getByRole('status')).toHaveTextContent(text);
  };
  const alert = (text: RegExp) => () => {
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(text);
  };
  return {
    start() {
      const pending: FlowSut['pending'] = {};
      const stub = (name: ActorName) => fromPromise(() => (pending[name] = deferred<unknown>()).promise as Promise<never>);
      const actors = Object.fromEntries(ACTORS.map((name) => [name, stub(name)]));
      const actor = createActor(transactionFlowMachine.provide({ actors: actors as never }), { input });
      actor.start();
      const app = idleAppSession();
      render(
        <AppSessionProvider actor={app}>
          <TxFlowProvider actor={actor}>
            <TxFlowDialog />
          </TxFlowProvider>
        </AppSessionProvider>,
      );
      return { actor, pending, cleanup: () => { cleanup(); actor.stop(); app.stop(); } };
    },
    events: {
      ...effectEvents,
      'user.addToBatch': async (_, e) => {
        await fillCall((e as unknown as { call: CallDraft }).call);
        await click('Add to batch');
      },
      // Typing is all the user does: the form hands what is typed to the flow after a pause.
      'user.editDraft': async (sut, e) => {
        const call = (e as unknown as { call: CallDraft }).call;
        await fillCall(call);
        await waitFor(() => expect((sut.actor.getSnapshot() as AnyMachineSnapshot).context.editing).toEqual(call), { timeout: 3_000 });
      },
      'user.removeFromBatch': () => click('Remove call 1'),
      'user.loadAbi': async (_, e) => {
        await act(async () => void fireEvent.click(within(dialog()).getByRole('radio', { name: 'Contract interaction' })));
        await type('Contract address', (e as unknown as { address: string }).address);
        await click('Load ABI');
      },
      'user.compose': async (sut, e) => {
        if ((sut.actor.getSnapshot() as AnyMachineSnapshot).context.batch.length > 0) return click('Review batch');
        await fillCall((e as unknown as { draft: TxDraft }).draft);
        await click('Continue');
      },
      'user.setNonce': (_, e) => type('Nonce', (e as unknown as { nonce: string }).nonce),
      'user.confirmNonce': () => click('Continue'),
      'user.editNonce': () => click('Edit nonce'),
      'user.acknowledgeRisks': () => act(async () => void fireEvent.click(within(dialog()).getByRole('checkbox', { name: /I understand the risks/ }))),
      // One submit button behind the review's choices (decision 0044): answer them, then submit.
      'user.sign': async () => {
        await choose('No, only sign (anyone can execute later)');
        await click(/^Sign$/);
      },
      'user.signAndExecute': async () => {
        await choose('Yes, execute');
        await choose('Connected wallet');
        await click('Sign and execute');
      },
      'user.execute': async () => {
        await choose('Yes, execute');
        await choose('Connected wallet');
        await click(/^Execute$/);
      },
      'user.relay': async () => {
        await choose('Yes, execute');
        await choose('Relay (4 of 5 left)');
        await click('Execute with relay');
      },
      'user.propose': () => click('Propose transaction'),
      'user.confirmOnDevice': async () => {
        await act(async () => void fireEvent.click(within(dialog()).getByRole('checkbox', { name: /I will compare these values with my Ledger/ })));
        await click('Continue on the Ledger');
      },
      'user.retry': () => click('Try again'),
      'user.back': () => click('Back'),
      'user.cancel': () => click('Cancel'),
      'user.close': () => click('Close'),
      'wallet.changed': (sut, e) => act(async () => sut.actor.send(e)),
      'system.recover': (sut, e) => act(async () => sut.actor.send(e)),
    },
    states: {
      composing: (sut) => {
        const s = live(sut);
        expect(screen.getByRole('dialog', { name: 'New transaction' })).toBeInTheDocument();
        expect(within(dialog()).getByText('Step 1 of 6: Compose')).toBeInTheDocument();
        expect(within(dialog()).getByRole('radio', { name: 'Send tokens' })).toBeInTheDocument();
        if (s.context.batch.length > 0) expect(within(dialog()).getByRole('region', { name: 'Batch' })).toHaveTextContent('Send 1 native coin');
      },
      'composing.loadingAbi': busy(/Loading the contract’s ABI/),
      'composing.editing': (sut) => {
        const s = live(sut);
        if (s.context.abiError) expect(within(dialog()).getByText(/No verified ABI found/)).toBeInTheDocument();
        if (s.context.contractAbi) expect(within(dialog()).getByText(/ABI of dUSD loaded from the gateway/)).toBeInTheDocument();
      },
      loadingNonces: busy(/Loading nonces/),
      nonceLoadFailed: alert(/The nonces could not be loaded\. Gateway unreachable/),
      choosingNonce: (sut) => {
        const s = live(sut);
        expect(within(dialog()).getByLabelText('Nonce')).toHaveValue(s.context.nonceInput);
        expect(within(dialog()).getByText(/Recommended nonce:/)).toHaveTextContent('Recommended nonce: 5 (current Safe nonce 3)');
        if (s.context.nonceInput === '4') expect(within(dialog()).getByRole('note')).toHaveTextContent('Nonce 4 is already used by: ADD_OWNER');
      },
      estimating: busy(/Estimating safeTxGas/),
      loadingTx: busy(/Loading the transaction/),
      loadFailed: alert(/The transaction could not be loaded\. No MultisigTransaction/),
      building: busy(/Building the transaction/),
      decoding: busy(/Decoding the transaction/),
      crossChecking: busy(/Cross-checking/),
      classifying: busy(/Checking the transaction for risks/),
      simulating: busy(/Simulating the transaction in the Safe’s own context/),
      loadingRelay: busy(/Checking available relays/),
      prepareFailed: (sut) => alert(new RegExp(`The transaction could not be prepared\\. ${live(sut).context.error}`))(),
      review: (sut) => {
        const s = live(sut);
        const d = dialog();
        expect(within(d).getByRole('region', { name: 'Hashes' })).toHaveTextContent(hashes.safeTxHash);
        expect(within(d).getByRole('button', { name: 'Copy safeTxHash' })).toBeInTheDocument();
        expect(within(d).getByRole('button', { name: 'Copy Domain hash' })).toBeInTheDocument();
        // The title and the list come from the local description of the bytes, never from the gateway's summary.
        if (s.context.description) {
          expect(within(d).getByRole('heading', { level: 3 })).toHaveTextContent('Batch of 2 calls');
          const calls = within(within(d).getByRole('region', { name: 'What it does' })).getByRole('list', { name: 'Calls in this batch' });
          expect(within(calls).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Send 1.5 USDC to 0x4444…4444', 'Send 1 ETH to 0x4444…4444']);
        } else {
          expect(within(d).getByRole('heading', { level: 3 })).toHaveTextContent(`Transaction #${s.context.safeTx.nonce}`);
          expect(within(d).queryByRole('region', { name: 'What it does' })).toBeNull();
        }
        expect(within(d).queryByText('transfer')).toBeNull();
        const blocked = s.context.mismatches.length > 0;
        expect(within(d).queryByText(/Signing is blocked: the gateway/) !== null).toBe(blocked);
        // A simulation that sees the implementation replaced blocks whatever is acknowledged.
        const lookAlikes = (s.context.risks as { id: string; detail: string }[]).filter((r) => r.id === 'look-alike-address');
        expect(within(d).queryByText('Signing is blocked: an address in this transaction imitates one you know.') !== null).toBe(lookAlikes.length > 0);
        const simBlocked = (s.context.blocks as string[]).some((b) => !lookAlikes.some((r) => r.detail === b));
        expect(within(d).queryByText(/Signing is blocked: the Safe’s implementation would be replaced/) !== null).toBe(simBlocked);
        if (lookAlikes.length > 0) {
          expect(s.context.blocks).toContain(lookAlikes[0]!.detail);
          expect(within(within(d).getByRole('region', { name: 'Warnings' })).queryByText(/Look-alike address/)).toBeNull();
        }
        // One submit button (decision 0044), disabled when nothing can be submitted; "Execute now?" asked when
        // both signing and executing are possible; the relay is a method only when it can execute.
        const c = s.context as TxFlowContext;
        const submits = within(d).getAllByRole('button', { name: /^(Sign|Sign and execute|Execute|Execute with relay|Propose transaction)$/ });
        expect(submits).toHaveLength(1);
        const anything = canSign(c) || canSignAndExecute(c) || canExecute(c) || canRelay(c) || canPropose(c);
        // A wallet that is not an owner proposes (a new transaction only); the gateway's refusal is said in words.
        if (canPropose(c)) expect(submits[0]).toHaveAccessibleName('Propose transaction');
        if (c.error) expect(within(d).getByText(c.error)).toHaveAttribute('role', 'alert');
        expect(submits[0]!.hasAttribute('disabled')).toBe(!anything);
        if (blocked || simBlocked || lookAlikes.length > 0 || (!s.context.risksAcknowledged && c.risks.some((r) => r.severity === 'blocking'))) expect(submits[0]).toBeDisabled();
        const asksNow = canSign(c) && (canSignAndExecute(c) || canExecute(c) || canRelay(c));
        expect(within(d).queryByRole('group', { name: 'Execute now?' }) !== null).toBe(asksNow);
        const yes = within(d).queryByRole('radio', { name: 'Yes, execute' }) as HTMLInputElement | null;
        const executing = (canSignAndExecute(c) || canExecute(c) || canRelay(c)) && (yes === null || yes.checked);
        if (executing && s.context.relay === null) expect(d).toHaveTextContent('Relaying is not available on this network.');
        const relayRadio = within(d).queryByRole('radio', { name: /^Relay/ });
        if (!canRelay(c)) expect(relayRadio).toBeNull();
        if (relayRadio) expect(relayRadio).toHaveAccessibleName('Relay (4 of 5 left)');
        const sim = s.context.simulation as { status: string; configChanges?: unknown[] } | null;
        const simRegion = within(d).queryByRole('region', { name: 'Simulation' });
        if (sim === null) expect(simRegion).toBeNull();
        else if (sim.status === 'unavailable') expect(simRegion).toHaveTextContent('Simulation unavailable: The RPC does not support eth_call state overrides.');
        else {
          expect(simRegion).toHaveTextContent('The transaction succeeds.');
          expect(within(simRegion!).getByRole('list', { name: 'Balance changes' })).toHaveTextContent('The Safe: −1 ETH');
          if (simBlocked) expect(within(simRegion!).getByRole('list', { name: 'Configuration changes' })).toHaveTextContent('Implementation (singleton): 0x41675C099F32341bf84BFc5382aF534df5C7461a → 0x0000000000000000000000000000000000000bad');
        }
        const tick = within(d).queryByRole('checkbox', { name: /I understand the risks/ });
        if (c.risks.some((r) => r.severity === 'blocking' && r.id !== 'look-alike-address')) expect(tick).toHaveProperty('checked', s.context.risksAcknowledged);
        else expect(tick).toBeNull();
        // Every listed confirmation with its local verdict; only the verified ones are counted.
        const checks = s.context.confirmationChecks as { signer: string; status: string }[];
        const verdicts = within(d).queryByRole('list', { name: 'Confirmations' });
        if (checks.length === 0) expect(verdicts).toBeNull();
        else {
          const items = within(verdicts!).getAllByRole('listitem');
          expect(items.map((li) => li.textContent?.includes('Verified'))).toEqual(checks.map((c) => c.status === 'valid'));
          expect(items.at(-1)).toHaveTextContent('Not valid — not counted. Listed as approved on chain, but approvedHashes reads 0.');
          expect(within(d).getByText(/^Confirmed/)).toHaveTextContent(`Confirmed ${s.context.confirmations.length} of ${s.context.safe.threshold} (only confirmations verified here count)`);
        }
      },
      checkingProposer: busy(/Checking with the gateway that this wallet is one of the Safe’s proposers/),
      signing: (sut) => {
        const check = live(sut).context.deviceCheck;
        if (check?.what !== 'signature') return busy(/Confirm the signature request in your wallet/)();
        busy(/Confirm the signature on your Ledger\. Approve only if it shows these values/)();
        deviceLinesShown(check);
      },
      proposing: busy(/Submitting the signature/),
      executing: (sut) => {
        const check = live(sut).context.deviceCheck;
        // The wallet may have gone while the signature was proposed: then no execution was checked on a device.
        if (check?.what !== 'execution') return busy(/Confirm the execution in your wallet/)();
        busy(/Confirm the execution on your Ledger/)();
        deviceLinesShown(check);
      },
      // The device's screen, computed here from the bytes sent; the signer's word enables Continue (issue 19).
      checkingOnDevice: (sut) => {
        const c = live(sut).context;
        const expected = typedDataDisplay('hashes', safeTxTypedData({ chainId: BigInt(c.safe.chainId), safeAddress: getAddress(c.safe.address), version: c.safe.version }, toSafeTx(c.safeTx!)) as TypedDataDefinition);
        expect(c.deviceCheck?.lines).toEqual(expected);
        expect(within(dialog()).getByRole('heading', { name: 'Check the signature on your Ledger' })).toBeInTheDocument();
        deviceLinesShown(c.deviceCheck!);
        expect(within(dialog()).getByRole('button', { name: 'Continue on the Ledger' })).toBeDisabled();
      },
      preparingExecution: busy(/Fixing the nonce, gas and fees of the execution for your device/),
      checkingExecution: (sut) => {
        const c = live(sut).context;
        expect(within(dialog()).getByRole('heading', { name: 'Check the execution on your Ledger' })).toBeInTheDocument();
        expect(c.deviceCheck?.lines[0]).toEqual({ label: 'Transaction hash', value: executionHash({ ...EXECUTION, to: getAddress(EXECUTION.to), data: EXECUTION.data as `0x${string}`, gas: 120000n, maxFeePerGas: 2000000000n, maxPriorityFeePerGas: 1000000000n, value: 0n }) });
        deviceLinesShown(c.deviceCheck!);
        expect(within(dialog()).getByRole('button', { name: 'Continue on the Ledger' })).toBeDisabled();
      },
      ...Object.fromEntries(DEVICE_KINDS.map((kind) => [`walletError.${kind}`, alert(new RegExp(`${kind} failure`))])),
      relaying: busy(/Relaying the transaction/),
      'walletError.rejected': alert(/User rejected signing\./),
      'walletError.wrongChain': alert(/Change your wallet network.*on Devnet/),
      'walletError.disconnected': alert(/No wallet is connected\./),
      'walletError.insufficientFunds': alert(/doesn't have enough funds/),
      'walletError.other': alert(/Error submitting the transaction\. Please try again\./),
      submitFailed: alert(/Error submitting the transaction\. Please try again\./),
      checkingStatus: busy(/Checking the transaction’s status/),
      interrupted: (sut) => alert(live(sut).context.pendingSignature ? /Your signature is kept/ : /Nothing was sent again/)(),
      tracking: (sut) => {
        busy(/Transaction is being processed/)();
        deviceChangesShown(sut);
      },
      trackingLost: alert(/status is not known yet\. Timed out/),
      signed: (sut) => {
        if (live(sut).context.proposedAs) busy(/Proposed\. It waits for the owners: confirmed 0 of 2\. Your signature as proposer does not count/)();
        else busy(/Signature submitted\. Confirmed 2 of 2/)();
        outcomeShown(sut, false);
      },
      succeeded: (sut) => {
        busy(/Transaction was successful/)();
        deviceChangesShown(sut);
        outcomeShown(sut, true);
      },
      failed: (sut) => {
        busy(/Transaction failed/)();
        outcomeShown(sut, true);
      },
      cancelled: () => {
        expect(screen.queryByRole('dialog')).toBeNull();
      },
      closed: () => {
        expect(screen.queryByRole('dialog')).toBeNull();
      },
    },
  };
}

/** Vertex identity: the state plus exactly what the guards read (keeps the plan small but every guard reachable). */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as TxFlowContext;
  return JSON.stringify([
    s.value,
    canSign(c),
    canSignAndExecute(c),
    canExecute(c),
    canRelay(c),
    canPropose(c),
    c.intent === 'signAndExecute',
    c.pendingSignature !== null,
    Math.min(c.batch.length, 1),
    // The review blocked by a look-alike counterparty is its own vertex (its notice and tick are checked there).
    s.hasTag('step.review') && c.risks.some((r) => r.id === 'look-alike-address'),
    c.wallet?.device !== undefined,
    c.deviceChanges !== undefined,
  ]);
};

/** The proposer's own answers, explored only by the propose input. */
const PROPOSER_ONLY: readonly AnyEventObject[] = [PROPOSED, PROPOSER_SIGNATURE];
const ownerEvents = events.filter((e) => !PROPOSER_ONLY.includes(e) && !DEVICE_ONLY.includes(e));
const withTypes = (...prefixes: string[]) => ownerEvents.filter((e) => prefixes.some((p) => e.type === p || e.type.endsWith(`.${p}`)));
const without = (...prefixes: string[]) => ownerEvents.filter((e) => !prefixes.some((p) => e.type === p || e.type.endsWith(`.${p}`)));
/**
 * Each input explores the events its part of the chart needs (the union covers the whole machine): create
 * composes, signs and proposes; confirm loads a queued transaction and executes or relays it; legacy and reject
 * only take the transitions that exist for them alone.
 */
const first = (type: string, test: (e: AnyEventObject) => boolean = () => true) => events.find((e) => e.type === type && test(e))!;
const plan: Record<keyof typeof inputs, AnyEventObject[]> = {
  create: without('loadTx', 'executeTx', 'relayTx', 'user.execute', 'user.relay', 'user.signAndExecute'),
  confirm: without('user.addToBatch', 'user.editDraft', 'user.removeFromBatch', 'user.loadAbi', 'user.compose', 'user.setNonce', 'user.confirmNonce', 'user.editNonce', 'loadContractAbi', 'loadNonces', 'estimateSafeTxGas', 'buildSafeTx', 'decodeTx', 'requestSignature', 'user.back'),
  legacy: withTypes('user.compose', 'loadNonces', 'user.confirmNonce', 'estimateSafeTxGas', 'user.retry', 'user.cancel').concat(events.filter((e) => e.type === 'xstate.error.actor.buildSafeTx')),
  reject: events.filter((e) => e.type === 'xstate.error.actor.buildSafeTx' || e.type === 'user.retry'),
  // A proposer: composes, reviews (no blocking risk), proposes; the gateway says it is or is not a proposer, or fails.
  propose: [
    ...withTypes('user.compose', 'loadNonces', 'user.confirmNonce', 'buildSafeTx', 'decodeTx', 'loadRelayRemaining', 'checkProposer', 'user.propose', 'user.retry', 'user.cancel', 'user.close', 'system.recover', 'checkTxStatus').filter(
      (e) => !e.type.startsWith('xstate.error.actor.') || e.type.endsWith('checkProposer'),
    ),
    ownerEvents.find((e) => e.type === 'xstate.done.actor.crossCheck' && (outputOf(e) as { mismatches: string[] }).mismatches.length === 0)!,
    { type: 'xstate.done.actor.classifyRisks', output: [] },
    ownerEvents.find((e) => e.type === 'xstate.done.actor.simulateTx')!,
    ...PROPOSER_ONLY,
    events.find((e) => e.type === 'xstate.error.actor.requestSignature')!,
    events.find((e) => e.type === 'xstate.error.actor.proposeTx')!,
  ],
  // A Ledger signs, signs and executes, or executes a queued transaction (issue 19): a small review (no risk, no relay)
  // and every device step, device error and what the device changed.
  device: [
    ...withTypes('loadTx', 'user.sign', 'user.signAndExecute', 'user.execute', 'user.back', 'user.retry', 'user.cancel', 'user.close', 'wallet.changed').filter(
      (e) => !e.type.startsWith('xstate.error.actor.'),
    ),
    first('xstate.done.actor.crossCheck', (e) => (outputOf(e) as { mismatches: string[] }).mismatches.length === 0),
    { type: 'xstate.done.actor.classifyRisks', output: [] },
    first('xstate.done.actor.simulateTx'),
    first('xstate.error.actor.loadRelayRemaining'),
    first('xstate.done.actor.requestSignature'),
    first('xstate.done.actor.proposeTx'),
    first('xstate.done.actor.waitForReceipt'),
    ...DEVICE_ONLY,
  ],
  // A proposer on a Ledger checks its screen before proposing.
  deviceProposer: [
    ...withTypes('user.compose', 'loadNonces', 'user.confirmNonce', 'buildSafeTx', 'decodeTx', 'loadRelayRemaining', 'checkProposer', 'user.propose', 'user.cancel').filter(
      (e) => !e.type.startsWith('xstate.error.actor.'),
    ),
    first('xstate.done.actor.crossCheck', (e) => (outputOf(e) as { mismatches: string[] }).mismatches.length === 0),
    { type: 'xstate.done.actor.classifyRisks', output: [] },
    first('xstate.done.actor.simulateTx'),
    { type: 'user.confirmOnDevice' },
  ],
};
/** The confirm input still needs a wallet signature to reach proposing; keep only its success. */
plan.confirm.push(events.find((e) => e.type === 'xstate.done.actor.requestSignature')!);

describeModel('transactionFlow (model-based, real views)', {
  machine: transactionFlowMachine,
  events,
  serializeState,
  // Once the collected confirmations suffice, the review executes with them (Execute): it offers no Sign and execute.
  offered: (s, e) => e.type !== 'user.signAndExecute' || !canExecute(s.context as TxFlowContext),
  plans: Object.entries(inputs).map(([name, input]) => ({ describe: name, input, events: plan[name as keyof typeof inputs], driver: driverFor(input) })),
});
