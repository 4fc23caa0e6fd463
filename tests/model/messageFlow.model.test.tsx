/**
 * Model-based test of the messageFlow machine through the real dialog: every generated path is replayed by
 * clicking what a user clicks (system events — wallet changes, the transaction flow's answer, the event log's
 * system.recover — are sent as their sources send them), with every effect held in a deferred promise so each
 * intermediate state is asserted on screen. Three starting points (compose a message, confirm one from the
 * list, a Safe app asking for an on-chain signature) share one coverage record, which must reach 100 % of the
 * transitions and every state (eventless states are counted through the microsteps that pass them).
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { messageFlowMachine } from '../../src/machines/messageFlow/messageFlow.machine.ts';
import { MESSAGE_TEXTS, canSign, chainAllowsSigning, chainCheckOf, hasWalletSigned, signBlocker } from '../../src/machines/messageFlow/messageFlow.setup.ts';
import type { MessageFlowContext, MessageFlowInput } from '../../src/machines/messageFlow/messageFlow.types.ts';
import { MessageFlowDialog, MessageFlowProvider, type MessageFlowRef } from '../../src/views/messageFlow/index.ts';
import { CoverageRecorder, pathTitle, planPaths, runPath, withoutPrefixes, type ModelPath, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import { deferred, type Deferred } from '../harness/deferred.ts';
import { idleAppSession } from '../harness/appSession.ts';
import { AppSessionProvider } from '../../src/views/appContext.tsx';
import * as fx from '../unit/messageFlow/fixtures.ts';
import { typedDataDisplay } from '../../src/domain/wallet/deviceDisplay.ts';
import type { TypedDataDefinition } from 'viem';

const SRC_OF: Record<string, string> = { checkMessageStatus: 'loadMessage' };
const ACTORS = ['computeMessageHash', 'loadMessage', 'requestSignature', 'createMessage', 'addSignature', 'watchMessage', 'verifyOnChain', 'prepareOnChainSignature'] as const;

interface MessageSut extends SystemUnderTest {
  actor: MessageFlowRef;
  pending: Record<string, Deferred<unknown> | null>;
  emitted: AnyEventObject[];
}

const outputOf = (event: AnyEventObject): unknown => (event as unknown as { output: unknown }).output;
const errorOf = (event: AnyEventObject): unknown => (event as unknown as { error: unknown }).error;
const ctx = (s: AnyMachineSnapshot) => s.context as MessageFlowContext;

function settle(sut: MessageSut, type: string, event: AnyEventObject, how: 'resolve' | 'reject') {
  const id = type.replace(/^xstate\.(done|error)\.actor\./, '');
  const src = SRC_OF[id] ?? id;
  const d = sut.pending[src];
  if (!d) throw new Error(`${src} is not running`);
  sut.pending[src] = null;
  return act(async () => (how === 'resolve' ? d.resolve(outputOf(event)) : d.reject(errorOf(event))));
}

/** "View message": the message's details page, by the SafeMessage hash computed here. */
function expectViewMessage(s: AnyMachineSnapshot) {
  const link = within(dialog()).getByRole('link', { name: 'View message' });
  expect(link.getAttribute('href')).toBe(`/transactions/msg?messageHash=${ctx(s).preview!.safeMessageHash}`);
}

const click = (name: string | RegExp) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));
const dialog = () => screen.getByRole('dialog');

function driverFor(input: MessageFlowInput): ViewDriver<MessageSut> {
  const done: ViewDriver<MessageSut>['events'] = {};
  for (const id of [...ACTORS, 'checkMessageStatus']) {
    done[`xstate.done.actor.${id}`] = (sut, e) => settle(sut, e.type, e, 'resolve');
    done[`xstate.error.actor.${id}`] = (sut, e) => settle(sut, e.type, e, 'reject');
  }
  return {
    start() {
      const pending: MessageSut['pending'] = {};
      const actors = Object.fromEntries(ACTORS.map((name) => [name, fromPromise(() => (pending[name] = deferred<unknown>()).promise)]));
      const actor = createActor(messageFlowMachine.provide({ actors: actors as never }), { input });
      const emitted: AnyEventObject[] = [];
      actor.on('startOnChainSignature', (event) => void emitted.push(event));
      actor.start();
      const app = idleAppSession();
      render(
        <AppSessionProvider actor={app}>
          <MessageFlowProvider actor={actor}>
            <MessageFlowDialog />
          </MessageFlowProvider>
        </AppSessionProvider>,
      );
      return {
        actor,
        pending,
        emitted,
        cleanup: () => {
          cleanup();
          actor.stop();
          app.stop();
        },
      };
    },
    events: {
      ...done,
      'user.compose': async (_, e) => {
        const { format, text } = e as unknown as { format: 'text' | 'typed'; text: string };
        await act(async () => fireEvent.click(screen.getByRole('radio', { name: format === 'text' ? /Text/ : /Typed data/ })));
        await act(async () => fireEvent.change(screen.getByRole('textbox', { name: format === 'text' ? 'Message' : 'Typed data' }), { target: { value: text } }));
        await click('Review');
      },
      'user.sign': () => click('Sign'),
      'user.acknowledgeAnyChain': async (sut, e) => {
        const { acknowledged } = e as unknown as { acknowledged: boolean };
        const box = screen.getByRole('checkbox', { name: MESSAGE_TEXTS.anyChainAcknowledgement });
        expect((box as HTMLInputElement).checked).toBe(!acknowledged);
        await act(async () => void fireEvent.click(box));
        expect((box as HTMLInputElement).checked).toBe(acknowledged);
        expect(ctx(sut.actor.getSnapshot() as AnyMachineSnapshot).anyChainAcknowledged).toBe(acknowledged);
      },
      'user.signOnChain': () => click('Sign on-chain instead'),
      'user.confirmOnChain': async (sut) => {
        const before = sut.emitted.length;
        await click('Create transaction');
        // The handoff to the transaction flow carries the allow-listed SignMessageLib delegate call.
        expect(sut.emitted.slice(before)).toEqual([{ type: 'startOnChainSignature', flowId: input.flowId, safe: input.safe, request: fx.onChainRequest }]);
      },
      'user.back': () => click('Back'),
      'user.confirmOnDevice': async () => {
        await act(async () => void fireEvent.click(screen.getByRole('checkbox', { name: /I will compare these values with my Ledger/ })));
        await click('Continue on the Ledger');
      },
      'user.retry': () => click('Retry'),
      'user.cancel': () => click('Cancel'),
      'user.close': () => click(/^Close/),
      // Sent by the wallet connection, the transaction flow and the event log, not by this dialog.
      'wallet.changed': (sut, e) => act(async () => sut.actor.send(e as never)),
      'txFlow.proposed': (sut, e) => act(async () => sut.actor.send(e as never)),
      'txFlow.cancelled': (sut, e) => act(async () => sut.actor.send(e as never)),
      'system.recover': (sut, e) => act(async () => sut.actor.send(e as never)),
    },
    // The harness has checked the state value; what the dialog shows is compared with the live actor's context.
    states: Object.fromEntries(Object.entries(stateAssertions).map(([key, assert]) => [key, (sut: MessageSut) => assert(sut, sut.actor.getSnapshot() as AnyMachineSnapshot)])),
  };
}

const busy = (text: string) => () => {
  expect(within(dialog()).getByRole('status')).toHaveTextContent(text);
};

function expectPreview(s: AnyMachineSnapshot) {
  const preview = ctx(s).preview!;
  // The SafeMessage hash in full, with copy, and the exact typed data the wallet will be sent.
  expect(screen.getByLabelText('SafeMessage hash')).toHaveTextContent(preview.safeMessageHash);
  expect(screen.getByRole('button', { name: 'Copy SafeMessage hash' })).toBeInTheDocument();
  expect(screen.getByLabelText('Domain hash')).toHaveTextContent(preview.domainHash);
  expect(screen.getByLabelText('Message hash')).toHaveTextContent(preview.structHash);
  expect(screen.getByLabelText('Typed data sent to the wallet').textContent).toBe(JSON.stringify(JSON.parse(preview.walletTypedData), null, 2));
}

function expectConfirmations(s: AnyMachineSnapshot) {
  const c = ctx(s);
  const region = screen.getByRole('region', { name: 'Confirmations' });
  const signed = (c.gatewayMessage?.confirmations ?? []).filter((x) => c.safe.owners.includes(x.owner)).map((x) => x.owner);
  expect(within(region).getByRole('heading', { level: 3 })).toHaveTextContent(`Confirmations: ${signed.length} of ${c.gatewayMessage?.confirmationsRequired ?? c.safe.threshold}`);
  const missing = c.safe.owners.filter((o) => !signed.includes(o));
  // Missing signers are listed only while the threshold is not met.
  const required = c.gatewayMessage?.confirmationsRequired ?? c.safe.threshold;
  if (missing.length && signed.length < required) expect(within(within(region).getByRole('list', { name: 'Missing signers' })).getAllByRole('listitem')).toHaveLength(missing.length);
  else expect(within(region).queryByRole('list', { name: 'Missing signers' })).toBeNull();
}

/** Typed data naming no chain shows what that means and the acknowledgement, ticked as the context says; nothing else shows it. */
function expectChainAcknowledgement(s: AnyMachineSnapshot) {
  const c = ctx(s);
  const box = screen.queryByRole('checkbox', { name: MESSAGE_TEXTS.anyChainAcknowledgement });
  if (chainCheckOf(c.preview).kind === 'anyChain') {
    expect(dialog()).toHaveTextContent(MESSAGE_TEXTS.anyChain);
    expect(box).not.toBeNull();
    expect((box as HTMLInputElement).checked).toBe(c.anyChainAcknowledged);
    expect(box).toBeEnabled();
  } else {
    expect(box).toBeNull();
    expect(dialog()).not.toHaveTextContent(MESSAGE_TEXTS.anyChain);
  }
}

const alertText = (text: string) => expect(within(dialog()).getAllByRole('alert').map((a) => a.textContent)).toContain(text);

const stateAssertions: ViewDriver<MessageSut>['states'] = {
  composing: (_, s) => {
    expect(dialog()).toHaveAccessibleName('Sign a message');
    expect(screen.getByRole('button', { name: 'Review' })).toBeEnabled();
    if (ctx(s).error) alertText(ctx(s).error!);
    else expect(screen.queryByRole('alert')).toBeNull();
  },
  hashing: busy('Computing the SafeMessage hash'),
  loadingMessage: busy('Computing the SafeMessage hash'),
  loadFailed: (_, s) => {
    alertText(`The message could not be loaded. ${ctx(s).error}`);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
  review: (_, s) => {
    expect(dialog()).toHaveAccessibleName('Confirm message');
    expect(dialog()).toHaveTextContent(`To sign this message, collect signatures from ${ctx(s).safe.threshold} signers of your Safe account.`);
    expectPreview(s);
    expectConfirmations(s);
    const sign = screen.getByRole('button', { name: 'Sign' });
    expect(sign.hasAttribute('disabled')).toBe(!s.can({ type: 'user.sign' }));
    expect(s.can({ type: 'user.sign' })).toBe(canSign(ctx(s)));
    const blocker = signBlocker(ctx(s));
    if (blocker) alertText(blocker);
    expect(screen.queryByRole('button', { name: 'Sign on-chain instead' }) !== null).toBe(s.can({ type: 'user.signOnChain' }));
    expect(screen.queryByRole('button', { name: 'Back' }) !== null).toBe(s.can({ type: 'user.back' }));
    expectChainAcknowledgement(s);
  },
  chainBlocked: (_, s) => {
    const c = ctx(s);
    const chain = chainCheckOf(c.preview);
    expect(dialog()).toHaveAccessibleName('Signing blocked');
    expect(chain).toMatchObject({ kind: 'otherChain', chainId: '1', safeChainId: '31337', reason: fx.OTHER_CHAIN_TEXT });
    expect(c.error).toBe(fx.OTHER_CHAIN_TEXT);
    alertText(fx.OTHER_CHAIN_TEXT);
    expect(dialog()).toHaveTextContent(MESSAGE_TEXTS.chainBlocked);
    // What was asked is shown; nothing that signs is offered, and no effect runs (the wallet is not asked).
    expect(within(dialog()).getByRole('region', { name: 'Message' })).toHaveTextContent('"chainId": 1');
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign on-chain instead' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(Object.keys(s.children)).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Back' }) !== null).toBe(s.can({ type: 'user.back' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
  signing: (_, s) => {
    const check = ctx(s).deviceCheck;
    busy(check ? 'Confirm the signature on your Ledger. Approve only if it shows these values' : 'Confirm the signature request in your wallet.')();
    if (check) for (const line of check.lines) expect(within(dialog()).getByLabelText('What your Ledger will show')).toHaveTextContent(line.value);
    expectPreview(s);
  },
  // A Ledger signs (issue 19): the domain and message hashes it will show, from the typed data sent to it.
  checkingOnDevice: (_, s) => {
    const c = ctx(s);
    const expected = typedDataDisplay('hashes', JSON.parse(c.preview!.walletTypedData) as TypedDataDefinition);
    expect(c.deviceCheck?.lines).toEqual(expected);
    expect(expected.map((l) => l.value)).toEqual([c.preview!.domainHash, c.preview!.structHash]);
    expect(within(dialog()).getByRole('heading', { name: 'Check the signature on your Ledger' })).toBeInTheDocument();
    for (const line of expected) expect(within(dialog()).getByLabelText('What your Ledger will show')).toHaveTextContent(line.value);
    expect(screen.getByRole('button', { name: 'Continue on the Ledger' })).toBeDisabled();
  },
  creating: busy('Submitting your signature'),
  addingSignature: busy('Submitting your signature'),
  walletError: (_, s) => {
    alertText(ctx(s).walletFailure!.message);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
  'walletError.notOwner': (_, s) => {
    expect(ctx(s).walletFailure).toEqual({ kind: 'notOwner', message: MESSAGE_TEXTS.notSigner });
    alertText(MESSAGE_TEXTS.notSigner);
  },
  'walletError.disconnected': () => alertText(MESSAGE_TEXTS.noWallet),
  submitFailed: (_, s) => alertText(`Your signature was not accepted. ${ctx(s).error}`),
  collecting: (_, s) => {
    expect(dialog()).toHaveAccessibleName('Collect confirmations');
    expect(dialog()).toHaveTextContent(MESSAGE_TEXTS.collecting);
    expectConfirmations(s);
    expect(screen.getByRole('button', { name: 'Sign' }).hasAttribute('disabled')).toBe(!s.can({ type: 'user.sign' }));
    if (hasWalletSigned(ctx(s))) alertText(MESSAGE_TEXTS.alreadySigned);
    expectChainAcknowledgement(s);
    expectViewMessage(s);
  },
  'collecting.watchFailed': (_, s) => alertText(`Could not refresh the confirmations. ${ctx(s).error}`),
  verifying: busy('Checking the signature on chain'),
  verificationFailed: (_, s) => {
    const c = ctx(s);
    // Plain words first, the technical result under them.
    if (c.verification) alertText(`${MESSAGE_TEXTS.notVerified}Technical check: isValidSignature(bytes32, bytes) returned ${c.verification.hashFormResult ?? 'an error'} and isValidSignature(bytes, bytes) returned ${c.verification.bytesFormResult ?? 'an error'}; only 0x1626ba7e or 0x20c13b0b mean valid.`);
    else alertText(c.error!);
  },
  confirmed: (_, s) => {
    expect(dialog()).toHaveAccessibleName(MESSAGE_TEXTS.signed);
    expect(within(dialog()).getAllByRole('status')[0]).toHaveTextContent("Technical check: the Safe's isValidSignature(bytes32, bytes) returned 0x1626ba7e, the EIP-1271 magic value.");
    expect(screen.getByLabelText('signature')).toHaveTextContent(ctx(s).gatewayMessage!.preparedSignature!);
    expectViewMessage(s);
  },
  checkingStatus: busy('Checking whether your signature reached the gateway'),
  interrupted: () => {
    alertText('The signature request was interrupted (the page was reloaded). Nothing was sent again; confirm to continue.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
  preparingOnChain: busy('Preparing the on-chain signature'),
  onChainReview: (_, s) => {
    expect(dialog()).toHaveAccessibleName('Sign message on-chain');
    expect(screen.getByRole('note')).toHaveTextContent(MESSAGE_TEXTS.onChainWarning);
    expect(dialog()).toHaveTextContent(fx.onChainRequest.library);
    expect(screen.getByLabelText('data')).toHaveTextContent(fx.onChainRequest.data);
    expect(screen.getByRole('button', { name: 'Create transaction' }).hasAttribute('disabled')).toBe(!s.can({ type: 'user.confirmOnChain' }));
    expect(s.can({ type: 'user.confirmOnChain' })).toBe(chainAllowsSigning(ctx(s)));
    expectChainAcknowledgement(s);
  },
  onChainUnavailable: (_, s) => alertText(`On-chain signing is not available. ${ctx(s).error}`),
  awaitingTransaction: busy('Continue in the transaction dialog'),
  refused: (_, s) => {
    expect(dialog()).toHaveAccessibleName('Message refused');
    alertText(ctx(s).error!);
  },
  proposedOnChain: (sut) => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sut.actor.getSnapshot().output).toEqual({ status: 'proposed', safeTxHash: fx.safeTxHash });
  },
  cancelled: (sut) => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sut.actor.getSnapshot().output).toMatchObject({ status: 'rejected' });
  },
  closed: (sut) => {
    expect(screen.queryByRole('dialog')).toBeNull();
    const s = sut.actor.getSnapshot();
    if (s.context.verification?.valid) expect(s.output).toEqual({ status: 'signed', messageHash: fx.H, signature: fx.prepared });
    else expect(s.output).toMatchObject({ status: 'rejected' });
  },
};

/** Vertex identity: the state plus every fact its guards read (other context collapsed). */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = ctx(s);
  const signerMatters = s.matches('review') || s.matches('collecting');
  const m = c.gatewayMessage;
  return JSON.stringify([
    s.value,
    signerMatters ? (c.wallet?.address ?? null) : null,
    c.preview?.safeMessageHash ?? null,
    m ? [m.messageHash, m.status, m.confirmations.map((x) => x.owner)] : null,
    c.pendingSignature !== null,
    c.request?.kind ?? null,
    c.anyChainAcknowledged,
  ]);
};

// runPath counts the states a step passes through in its macrostep too (the eventless `starting`).
const coverage = new CoverageRecorder();

const scenarios: { name: string; input: MessageFlowInput }[] = [
  { name: 'compose and sign', input: fx.composeInput },
  { name: 'confirm from the messages list', input: fx.confirmInput },
  { name: 'app asks for an on-chain signature', input: fx.onChainInput },
];

for (const { name, input } of scenarios) {
  // A stored message that hashes to another hash only exists when a message is opened by hash; a typed message
  // opened by hash H cannot be one (its hash is not H): the typed-data cases opened by hash are explicit paths below.
  // Typed data naming no chain has its own, smaller plan (below): here it would only repeat every path acknowledged.
  const isHashed = (e: AnyEventObject, outputs: unknown[]) => e.type === 'xstate.done.actor.computeMessageHash' && outputs.includes(e.output);
  const events = fx.events.filter((e) => !isHashed(e, input.mode === 'confirm' ? [fx.previewOtherChain, fx.previewAnyChain] : [fx.previewOther, fx.previewAnyChain]));
  const paths = withoutPrefixes(planPaths({ machine: messageFlowMachine, input, events, serializeState }));
  const driver = driverFor(input);
  describe(`messageFlow (model-based, real dialog): ${name}`, () => {
    for (const path of paths) {
      it(pathTitle(path), () => runPath(messageFlowMachine, path, driver, coverage));
    }
  });
}

{
  // Owners on a Ledger (issue 19): the on-device step before the prompt, from the review and from collecting, and
  // every device error with its own state.
  const LEDGER = { kind: 'ledger', name: 'Ledger', display: 'hashes' } as const;
  const input: MessageFlowInput = { ...fx.composeInput, flowId: 'message-model-device', wallet: { ...fx.composeInput.wallet!, device: LEDGER } };
  const deviceKinds = ['deviceLocked', 'wrongApp', 'blindSigningDisabled', 'deviceDisconnected', 'noTypedData'];
  const events: AnyEventObject[] = [
    fx.events.find((e) => e.type === 'user.compose')!,
    { type: 'xstate.done.actor.computeMessageHash', output: fx.preview },
    { type: 'xstate.done.actor.loadMessage', output: null },
    { type: 'user.sign' },
    { type: 'user.confirmOnDevice' },
    { type: 'user.back' },
    { type: 'user.cancel' },
    { type: 'user.retry' },
    { type: 'xstate.done.actor.requestSignature', output: { signer: fx.owners[0], signature: fx.signature } },
    ...deviceKinds.map((kind) => ({ type: 'xstate.error.actor.requestSignature', error: { kind, message: `${kind}: what to do on the Ledger` } })),
    { type: 'xstate.done.actor.createMessage', output: fx.messages.signedByUs },
    { type: 'wallet.changed', wallet: { address: fx.owners[1], chainId: '31337', device: LEDGER } },
    { type: 'wallet.changed', wallet: null },
  ];
  const paths = withoutPrefixes(planPaths({ machine: messageFlowMachine, input, events, serializeState }));
  const driver = driverFor(input);
  describe('messageFlow (model-based, real dialog): owners on a Ledger (issue 19)', () => {
    for (const path of paths) {
      it(pathTitle(path), () => runPath(messageFlowMachine, path, driver, coverage));
    }
  });
}

/** A path given as events (folded with the pure transition function), for a case the planner's collapsed vertices skip. */
function explicitPath(input: MessageFlowInput, events: AnyEventObject[]): ModelPath {
  let [state] = initialTransition(messageFlowMachine, input);
  const steps: ModelPath['steps'] = [{ event: { type: 'xstate.init' }, state: state as AnyMachineSnapshot }];
  for (const event of events) {
    [state] = transition(messageFlowMachine, state, event as never);
    steps.push({ event, state: state as AnyMachineSnapshot });
  }
  return { state: state as AnyMachineSnapshot, steps, weight: steps.length - 1 };
}

describe('messageFlow (model-based, real dialog): explicit paths', () => {
  // Opened from the list by an owner who already signed: straight to collecting once the local hash matches.
  const path = explicitPath(fx.confirmInput, [
    { type: 'xstate.done.actor.loadMessage', output: fx.messages.signedByUs },
    { type: 'xstate.done.actor.computeMessageHash', output: fx.preview },
  ]);
  it(pathTitle(path), () => runPath(messageFlowMachine, path, driverFor(fx.confirmInput), coverage));
});

{
  // Composing typed data that names no chain: every way through review, on chain and collecting, with the
  // acknowledgement given, taken back and given again (the gateway answers for the typed data's own hash).
  const input = fx.composeInput;
  const events: AnyEventObject[] = [
    { type: 'user.compose', format: 'typed', text: JSON.stringify(fx.permit()) },
    { type: 'xstate.done.actor.computeMessageHash', output: fx.previewAnyChain },
    { type: 'xstate.done.actor.loadMessage', output: null },
    { type: 'user.acknowledgeAnyChain', acknowledged: true },
    { type: 'user.acknowledgeAnyChain', acknowledged: false },
    { type: 'user.sign' },
    { type: 'user.signOnChain' },
    { type: 'user.confirmOnChain' },
    { type: 'user.back' },
    { type: 'user.cancel' },
    { type: 'xstate.done.actor.requestSignature', output: { signer: fx.owners[0], signature: fx.signature } },
    { type: 'xstate.error.actor.requestSignature', error: { kind: 'rejected', message: 'User rejected signing.' } },
    { type: 'xstate.done.actor.createMessage', output: fx.messages.anyChainSignedByUs },
    { type: 'xstate.done.actor.prepareOnChainSignature', output: fx.onChainRequest },
    { type: 'wallet.changed', wallet: { address: fx.owners[1], chainId: '31337' } },
  ];
  const paths = withoutPrefixes(planPaths({ machine: messageFlowMachine, input, events, serializeState }));
  const driver = driverFor(input);
  describe('messageFlow (model-based, real dialog): compose typed data naming no chain (decision 0026)', () => {
    for (const path of paths) {
      it(pathTitle(path), () => runPath(messageFlowMachine, path, driver, coverage));
    }
  });
}

describe('messageFlow (model-based, real dialog): typed data and its chain (decision 0026)', () => {
  const hashed = (output: unknown) => ({ type: 'xstate.done.actor.computeMessageHash', output });
  const loaded = (output: unknown) => ({ type: 'xstate.done.actor.loadMessage', output });
  const cases: { name: string; input: MessageFlowInput; events: AnyEventObject[] }[] = [
    // Confirming, from the list, a stored Permit for chain 1: blocked before the review.
    { name: 'confirm from the list, another chain', input: fx.confirmOtherChainInput, events: [loaded(fx.messages.otherChain), hashed(fx.previewOtherChain), { type: 'user.cancel' }] },
    // A Safe app's signTypedMessage for chain 1, off chain and on chain: blocked, Cancel answers the app.
    { name: 'app, another chain', input: fx.appTypedInput(fx.permit(1)), events: [hashed(fx.previewOtherChain), { type: 'user.cancel' }] },
    { name: 'app on chain, another chain', input: fx.appTypedInput(fx.permit(1), 'onChain'), events: [hashed(fx.previewOtherChain), { type: 'user.cancel' }] },
    // A Safe app's on-chain signature of a Permit naming no chain: Create transaction only once acknowledged.
    {
      name: 'app on chain, no chain',
      input: fx.appTypedInput(fx.permit(), 'onChain'),
      events: [
        hashed(fx.previewAnyChain),
        { type: 'xstate.done.actor.prepareOnChainSignature', output: fx.onChainRequest },
        { type: 'user.acknowledgeAnyChain', acknowledged: true },
        { type: 'user.acknowledgeAnyChain', acknowledged: false },
        { type: 'user.acknowledgeAnyChain', acknowledged: true },
        { type: 'user.confirmOnChain' },
      ],
    },
    // Collecting a Permit naming no chain: another owner connects and must acknowledge before signing.
    {
      name: 'collecting, no chain',
      input: fx.confirmAnyChainInput,
      events: [
        loaded(fx.messages.anyChainSignedByUs),
        hashed(fx.previewAnyChain),
        { type: 'wallet.changed', wallet: { address: fx.owners[2], chainId: '31337' } },
        { type: 'user.acknowledgeAnyChain', acknowledged: true },
        { type: 'user.sign' },
      ],
    },
  ];
  for (const { name, input, events } of cases) {
    const path = explicitPath(input, events);
    it(`${name}: ${pathTitle(path)}`, () => runPath(messageFlowMachine, path, driverFor(input), coverage));
  }
});

describe('messageFlow coverage', () => {
  it('covers every transition of the machine', () => {
    expect(coverage.missing(messageFlowMachine)).toEqual([]);
  });

  it('visits every state of the machine', () => {
    expect(coverage.missingStates(messageFlowMachine)).toEqual([]);
  });

  afterAll(() => {
    const { covered, total } = coverage.ratio(messageFlowMachine);
    const states = coverage.stateRatio(messageFlowMachine);
    console.info(`messageFlow coverage: transitions ${covered}/${total}, states ${states.covered}/${states.total}`);
  });
});
