/**
 * Model-based test of the createSafe machine through the real create-a-Safe views: the form (network, signer
 * rows, threshold, salt nonce) with its validation texts, the predicted address on the review, the deployment
 * with each wallet error in its own state, the restore (system.recover → checking → interrupted / tracking),
 * tracking and opening the new Safe, the draft recorded as typed and "Start over"; effects held in deferreds.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { createSafeMachine } from '../../src/machines/createSafe/createSafe.machine.ts';
import { CREATE_SAFE_TEXTS, MAX_SAFE_NAME_LENGTH, safeNameOf, validateCreateSafeForm } from '../../src/machines/createSafe/createSafe.logic.ts';
import { CREATE_SAFE_SAMPLE, createSafeDeviceInput, createSafeSampleEvents, createSafeSampleInput, serializeCreateSafeState } from '../../src/machines/createSafe/createSafe.samples.ts';
import type {
  CheckDeploymentOutput,
  CreateSafeContext,
  CreateSafeForm,
  CreateSafeSetup,
  DeployInput,
  DeployOutput,
  NamedSafe,
  Prediction,
  TrackDeploymentOutput,
} from '../../src/machines/createSafe/createSafe.types.ts';
import { walletConnectionMachine } from '../../src/machines/walletConnection/walletConnection.machine.ts';
import type { ConnectResult } from '../../src/machines/walletConnection/walletConnection.types.ts';
import { CreateSafeFlow } from '../../src/views/createSafe/CreateSafeScreen.tsx';
import { WalletProvider } from '../../src/views/walletConnection/walletContext.tsx';
import { describeModel, type SystemUnderTest, type ViewDriver } from '../harness/modelHarness.ts';
import { confirmOnDevice, expectDeviceChanges, expectDeviceWaiting, expectExecutionCheck } from '../harness/deviceStep.ts';
import type { ExecutionPlan } from '../../src/machines/transactionFlow/transactionFlow.types.ts';
import { deferred, type Deferred } from '../harness/deferred.ts';

/** The shared samples with `{ name: 'Error', message }` payloads turned back into `Error` instances, as the real effects reject. */
const events: AnyEventObject[] = createSafeSampleEvents.map((e) => {
  const error = (e as { error?: Record<string, unknown> }).error;
  return error && error.name === 'Error' && Object.keys(error).length === 2 ? { ...e, error: new Error(String(error.message)) } : e;
});

interface Pending {
  loadSetup: Deferred<CreateSafeSetup> | null;
  prepareDeployment: Deferred<ExecutionPlan> | null;
  predictSafe: Deferred<Prediction> | null;
  deploySafe: Deferred<DeployOutput> | null;
  checkDeployment: Deferred<CheckDeploymentOutput> | null;
  waitForDeployment: Deferred<TrackDeploymentOutput> | null;
}

interface CreateSut extends SystemUnderTest {
  pending: Pending;
  deployed: DeployInput[];
  opened: string[];
  named: NamedSafe[];
}

const payload = <T,>(event: AnyEventObject, key: 'output' | 'error'): T => (event as unknown as Record<string, T>)[key]!;
function running<K extends keyof Pending>(sut: CreateSut, name: K): NonNullable<Pending[K]> {
  const d = sut.pending[name];
  if (!d) throw new Error(`${name} is not running`);
  return d as NonNullable<Pending[K]>;
}
const ctx = (s: AnyMachineSnapshot) => s.context as CreateSafeContext;
const current = (sut: CreateSut) => sut.actor.getSnapshot() as AnyMachineSnapshot;
const click = (name: string | RegExp) => act(async () => screen.getByRole('button', { name }).click());

const hold =
  <K extends keyof Pending>(sut: CreateSut, name: K) =>
  () =>
    ((sut.pending[name] as Deferred<unknown>) = deferred()).promise as never;

/** Fills the form through its fields, as a user would, and submits it. */
async function fillAndSubmit(form: CreateSafeForm) {
  await fill(form);
  await act(async () => within(screen.getByRole('form', { name: 'Set up the new Safe' })).getByRole('button', { name: 'Next' }).click());
}

/** Fills the form through its fields, as a user would. */
async function fill(form: CreateSafeForm) {
  const view = screen.getByRole('form', { name: 'Set up the new Safe' });
  await act(async () => {
    fireEvent.change(within(view).getByRole('textbox', { name: /^Name/ }), { target: { value: form.name ?? '' } });
    fireEvent.change(within(view).getByRole('combobox', { name: /Network/ }), { target: { value: form.chainId } });
  });
  // Match the number of signer rows.
  for (let rows = within(view).getAllByTestId('owner-row').length; rows < form.owners.length; rows += 1) await click('Add signer');
  for (let rows = within(view).getAllByTestId('owner-row').length; rows > form.owners.length; rows -= 1) await click(`Remove signer ${rows}`);
  await act(async () => {
    form.owners.forEach((row, i) => {
      fireEvent.change(within(view).getByRole('textbox', { name: `Signer ${i + 1} name` }), { target: { value: row.name } });
      fireEvent.change(within(view).getByRole('textbox', { name: `Signer ${i + 1} address` }), { target: { value: row.address } });
    });
    fireEvent.change(within(view).getByRole('combobox', { name: /Threshold/ }), { target: { value: String(form.threshold) } });
    fireEvent.change(within(view).getByRole('textbox', { name: /Salt nonce/ }), { target: { value: form.saltNonce } });
  });
}

const withName = (form: CreateSafeForm) => ({ ...form, name: form.name ?? '' });

const RETRY_BUTTON: Record<string, string> = {
  prepareFailed: 'Retry',
  walletError: 'Try again',
  interrupted: 'Back to review',
  trackingLost: 'Retry',
  failed: 'Try again',
};

const topState = (s: AnyMachineSnapshot) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]!);

/**
 * What the wallet is asked to deploy: exactly the reviewed Safe (the prediction's address and the salt nonce it was
 * computed with, even when the form's was left blank), from the connected account; with a device, exactly the plan checked.
 */
function expectDeployed(sut: CreateSut) {
  const c = ctx(current(sut));
  const base = { ...c.deployment, saltNonce: c.prediction!.saltNonce, chainName: 'Devnet', account: c.wallet?.address ?? null, address: c.prediction!.address };
  expect(sut.deployed.at(-1)).toEqual(c.execution ? { ...base, execution: c.execution, deviceName: 'Ledger' } : base);
}
const page = () => document.body;

const driverFor = (input: typeof createSafeSampleInput): ViewDriver<CreateSut> => ({
  start() {
    const sut = {
      pending: { loadSetup: null, prepareDeployment: null, predictSafe: null, deploySafe: null, checkDeployment: null, waitForDeployment: null },
      deployed: [],
      opened: [],
      named: [],
    } as unknown as CreateSut;
    const actor = createActor(
      createSafeMachine.provide({
        actors: {
          loadSetup: fromPromise(hold(sut, 'loadSetup')),
          predictSafe: fromPromise(hold(sut, 'predictSafe')),
          prepareDeployment: fromPromise(({ input: asked }) => {
            // The plan is fixed for exactly the reviewed deployment.
            const c = ctx(current(sut));
            expect(asked).toEqual({ ...c.deployment, saltNonce: c.prediction!.saltNonce, chainName: 'Devnet', account: c.wallet?.address ?? null, address: c.prediction!.address });
            return hold(sut, 'prepareDeployment')();
          }),
          deploySafe: fromPromise(({ input }) => {
            sut.deployed.push(input);
            return hold(sut, 'deploySafe')();
          }),
          checkDeployment: fromPromise(hold(sut, 'checkDeployment')),
          waitForDeployment: fromPromise(hold(sut, 'waitForDeployment')),
        },
        actions: { openSafe: (_, params) => void sut.opened.push(params.href), nameSafe: (_, params) => void sut.named.push(params) },
      }),
      { input },
    );
    const wallet = createActor(walletConnectionMachine.provide({ actors: { restoreWallet: fromPromise<ConnectResult>(() => new Promise(() => {})) } }));
    wallet.start();
    actor.start();
    render(
      <WalletProvider actors={{ wallet }}>
        <CreateSafeFlow actor={actor} />
      </WalletProvider>,
    );
    return Object.assign(sut, {
      actor,
      cleanup: () => {
        cleanup();
        actor.stop();
        wallet.stop();
      },
    });
  },
  events: {
    'xstate.done.actor.loadSetup': (sut, e) => act(async () => running(sut, 'loadSetup').resolve(payload(e, 'output'))),
    'xstate.error.actor.loadSetup': (sut, e) => act(async () => running(sut, 'loadSetup').reject(payload(e, 'error'))),
    'user.retry': (sut) => click(RETRY_BUTTON[topState(current(sut))]!),
    'user.submit': (_, e) => fillAndSubmit((e as unknown as { form: CreateSafeForm }).form),
    // The fields typed so far are recorded when a field loses focus (or after a pause in typing).
    'user.editDraft': async (sut, e) => {
      const form = (e as unknown as { form: CreateSafeForm }).form;
      await fill(form);
      await act(async () => fireEvent.blur(screen.getByRole('textbox', { name: 'Signer 1 name' })));
      // A form never given a name has none (a visit recorded before the field existed); '' once the field was cleared.
      expect(withName(ctx(current(sut)).form)).toEqual(withName(form));
    },
    'user.discard': () => click('Start over'),
    // The screen forwards the wallet child's account and chain; here the test plays that part.
    'system.walletChanged': (sut, e) => act(async () => sut.actor.send(e)),
    'xstate.done.actor.predictSafe': (sut, e) => act(async () => running(sut, 'predictSafe').resolve(payload(e, 'output'))),
    'xstate.error.actor.predictSafe': (sut, e) => act(async () => running(sut, 'predictSafe').reject(payload(e, 'error'))),
    'user.back': (sut) => click(['review', 'checkingExecution'].includes(topState(current(sut))) ? 'Back' : 'Edit'),
    'user.deploy': async (sut) => {
      await click('Create Safe');
      if (topState(current(sut)) === 'deploying') expectDeployed(sut);
    },
    'user.confirmOnDevice': async (sut) => {
      await confirmOnDevice(page());
      expectDeployed(sut);
    },
    'xstate.done.actor.prepareDeployment': (sut, e) => act(async () => running(sut, 'prepareDeployment').resolve(payload(e, 'output'))),
    'xstate.error.actor.prepareDeployment': (sut, e) => act(async () => running(sut, 'prepareDeployment').reject(payload(e, 'error'))),
    'xstate.done.actor.deploySafe': (sut, e) => act(async () => running(sut, 'deploySafe').resolve(payload(e, 'output'))),
    'xstate.error.actor.deploySafe': (sut, e) => act(async () => running(sut, 'deploySafe').reject(payload(e, 'error'))),
    // Sent by the event log when the flow is restored.
    'system.recover': (sut, e) => act(async () => sut.actor.send(e)),
    'xstate.done.actor.checkDeployment': (sut, e) => act(async () => running(sut, 'checkDeployment').resolve(payload(e, 'output'))),
    'xstate.error.actor.checkDeployment': (sut, e) => act(async () => running(sut, 'checkDeployment').reject(payload(e, 'error'))),
    'user.check': () => click('Check again'),
    'xstate.done.actor.waitForDeployment': (sut, e) => act(async () => running(sut, 'waitForDeployment').resolve(payload(e, 'output'))),
    'xstate.error.actor.waitForDeployment': (sut, e) => act(async () => running(sut, 'waitForDeployment').reject(payload(e, 'error'))),
  },
  states: {
    preparing: () => {
      expect(screen.getByRole('status')).toHaveTextContent('Loading networks…');
    },
    prepareFailed: (_, s) => {
      expect(screen.getByRole('alert')).toHaveTextContent(`Could not load the networks. ${ctx(s).error}`);
    },
    editing: (_, s) => {
      const { errors, error, form } = ctx(s);
      const view = screen.getByRole('form', { name: 'Set up the new Safe' });
      expect(within(view).getByRole('combobox', { name: /Network/ })).toHaveValue(form.chainId);
      const nameField = within(view).getByRole('textbox', { name: /^Name/ });
      expect(nameField).toHaveValue(form.name ?? '');
      if (errors?.name) expect(nameField).toHaveAttribute('aria-invalid', 'true');
      else expect(nameField).not.toHaveAttribute('aria-invalid');
      const rows = within(view).getAllByTestId('owner-row');
      expect(rows).toHaveLength(form.owners.length);
      form.owners.forEach((row, i) => expect(within(view).getByRole('textbox', { name: `Signer ${i + 1} address` })).toHaveValue(row.address));
      (errors?.owners ?? []).forEach((text, i) => {
        const field = within(view).getByRole('textbox', { name: `Signer ${i + 1} address` });
        if (text) {
          expect(field).toHaveAttribute('aria-invalid', 'true');
          expect(within(rows[i]!).getByRole('alert')).toHaveTextContent(text);
        } else expect(field).not.toHaveAttribute('aria-invalid');
      });
      const alerts = within(view).queryAllByRole('alert').map((a) => a.textContent);
      for (const text of [errors?.name, errors?.saltNonce, errors?.chain, errors?.ownerList, errors?.threshold, error]) if (text) expect(alerts).toContain(text);
      if (!errors && !error) expect(alerts).toEqual([]);
      // The salt nonce is an advanced option: behind a disclosure, open when one is set or refused.
      const advanced = within(view).getByRole('textbox', { name: /Salt nonce/ }).closest('details')!;
      expect(advanced.querySelector('summary')).toHaveTextContent('Advanced');
      if (form.saltNonce !== '' || errors?.saltNonce) expect(advanced).toHaveAttribute('open');
      expect(within(view).getByRole('button', { name: 'Next' })).toBeEnabled();
    },
    predicting: () => {
      expect(screen.getByRole('button', { name: 'Computing the address…' })).toBeDisabled();
    },
    review: (_, s) => {
      const { prediction, deployment, wallet, form } = ctx(s);
      expect(screen.getByTestId('predicted-address')).toHaveTextContent(prediction!.address);
      if (safeNameOf(form)) expect(screen.getByTestId('review-name')).toHaveTextContent(`Name: ${safeNameOf(form)}`);
      else expect(screen.queryByTestId('review-name')).toBeNull();
      expect(screen.getByText(`Any transaction requires the confirmation of: ${deployment!.threshold} out of ${deployment!.owners.length} signers`)).toBeInTheDocument();
      expect(within(screen.getByRole('list', { name: 'Signers' })).getAllByRole('listitem')).toHaveLength(deployment!.owners.length);
      expect(screen.getByRole('button', { name: 'Create Safe' })).toBeEnabled();
      if (wallet === null) expect(screen.getByRole('note')).toHaveTextContent('Connect a wallet to pay for the deployment.');
      else expect(screen.queryByRole('note')).toBeNull();
    },
    preparingExecution: () => void expect(screen.getByRole('status')).toHaveTextContent('Fixing the nonce, gas and fees of the deployment for your device…'),
    checkingExecution: (sut) => {
      expectExecutionCheck(page(), ctx(current(sut)).execution!);
      expect(screen.getByTestId('predicted-address')).toBeInTheDocument();
    },
    deploying: (sut) => {
      const c = ctx(current(sut));
      if (c.deviceCheck) expectDeviceWaiting(page(), c.execution!);
      else expect(screen.getByRole('status')).toHaveTextContent('Confirm the deployment in your wallet…');
      expect(screen.queryByRole('button', { name: 'Create Safe' })).toBeNull();
      expect(screen.getByTestId('predicted-address')).toBeInTheDocument();
    },
    walletError: (sut) => {
      const c = ctx(current(sut));
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(c.walletFailure!.message);
      // The review stays on screen: nothing composed is lost.
      expect(screen.getByTestId('predicted-address')).toHaveTextContent(c.prediction!.address);
    },
    // A device's errors (issue 19): the title; the failure's own text (checked above) says what to do on the device.
    'walletError.deviceLocked': () => void expect(screen.getByRole('alert')).toHaveTextContent('Device locked.'),
    'walletError.wrongApp': () => void expect(screen.getByRole('alert')).toHaveTextContent('Wrong app open on the device.'),
    'walletError.blindSigningDisabled': () => void expect(screen.getByRole('alert')).toHaveTextContent('Blind signing is off on the device.'),
    'walletError.deviceDisconnected': () => void expect(screen.getByRole('alert')).toHaveTextContent('Device not connected.'),
    'walletError.rejected': () => void expect(screen.getByRole('alert')).toHaveTextContent('The deployment was rejected in the wallet.'),
    'walletError.wrongChain': () => void expect(screen.getByRole('alert')).toHaveTextContent('Your wallet is on another network.'),
    'walletError.disconnected': () => void expect(screen.getByRole('alert')).toHaveTextContent('No wallet is connected.'),
    'walletError.insufficientFunds': () => void expect(screen.getByRole('alert')).toHaveTextContent('Not enough funds to pay for the deployment.'),
    'walletError.other': () => void expect(screen.getByRole('alert')).toHaveTextContent('The wallet could not send the deployment.'),
    checking: () => {
      expect(screen.getByRole('status')).toHaveTextContent('Checking whether the Safe was deployed…');
    },
    interrupted: (_, s) => {
      expect(screen.getByRole('alert')).toHaveTextContent('The deployment was interrupted and no Safe is at the address yet.');
      if (ctx(s).error) expect(screen.getByRole('alert')).toHaveTextContent(ctx(s).error!);
    },
    tracking: (sut, s) => {
      expect(screen.getByRole('status')).toHaveTextContent('Creating your Safe…');
      if (ctx(s).txHash) expect(screen.getByRole('status')).toHaveTextContent(ctx(s).txHash!);
      expectDeviceChanges(page(), ctx(current(sut)).deviceChanges);
    },
    trackingLost: (_, s) => {
      expect(screen.getByRole('alert')).toHaveTextContent(`Could not follow the deployment. ${ctx(s).error}`);
    },
    failed: (sut) => {
      expect(screen.getAllByRole('alert').at(0)).toHaveTextContent('The deployment transaction failed; no Safe was created.');
      expectDeviceChanges(page(), ctx(current(sut)).deviceChanges);
    },
    discarded: () => {
      expect(screen.getByRole('status')).toHaveTextContent('Starting over…');
      expect(screen.queryByRole('button', { name: 'Start over' })).toBeNull();
    },
    succeeded: (sut, s) => {
      expect(screen.getByRole('status')).toHaveTextContent('Your Safe was created. Opening it…');
      expect(sut.opened).toEqual([`/home?safe=dev:${CREATE_SAFE_SAMPLE.predicted}`]);
      // The name the form gave (trimmed; '' for none) is handed to the address book once, for the new Safe.
      expect(sut.named).toEqual([{ chainId: ctx(s).form.chainId, address: CREATE_SAFE_SAMPLE.predicted, name: safeNameOf(ctx(s).form) }]);
    },
  },
});

describeModel('createSafe (model-based, real views)', {
  machine: createSafeMachine,
  input: createSafeSampleInput,
  events,
  serializeState: serializeCreateSafeState,
  // A browser wallet, and a Ledger (issue 19, decision 0070): the execution-hash step before its prompt.
  plans: [
    { input: createSafeSampleInput, driver: driverFor(createSafeSampleInput) },
    { input: createSafeDeviceInput, driver: driverFor(createSafeDeviceInput), describe: 'on a Ledger' },
  ],
  states: 'with transitions',
  cases: () => {
    it('validates signers like Safe{Wallet}: format, checksum, duplicates; threshold and salt nonce', () => {
      const chains = [{ chainId: '1', chainName: 'Ethereum', shortName: 'eth' }];
      const [a, b] = CREATE_SAFE_SAMPLE.owners;
      const errors = validateCreateSafeForm(
        { chainId: '1', owners: [{ name: '', address: a }, { name: '', address: a.toLowerCase() }, { name: '', address: '0x12' }, { name: '', address: `gno:${b}` }, { name: '', address: a.replace('f39F', 'F39f') }], threshold: 6, saltNonce: '1.5' },
        chains,
      );
      expect(errors).toEqual({
        chain: null,
        owners: [null, CREATE_SAFE_TEXTS.duplicate, CREATE_SAFE_TEXTS.invalidFormat, CREATE_SAFE_TEXTS.invalidFormat, CREATE_SAFE_TEXTS.invalidChecksum],
        ownerList: null,
        threshold: 'The threshold must be between 1 and 5',
        saltNonce: CREATE_SAFE_TEXTS.saltNonce,
      });
      expect(validateCreateSafeForm({ chainId: '1', owners: [], threshold: 1, saltNonce: '' }, chains)?.ownerList).toBe(CREATE_SAFE_TEXTS.noOwners);
      expect(validateCreateSafeForm({ chainId: '1', owners: [{ name: '', address: `eth:${b.toLowerCase()}` }], threshold: 1, saltNonce: '0' }, chains)).toBeNull();
      expect(CREATE_SAFE_TEXTS.alreadyDeployed).toBe('The Safe is already deployed. Use a different salt nonce.');
    });

    it('the Safe name is optional, trimmed, and at most 50 characters; without a problem it adds no key to the errors', () => {
      const chains = [{ chainId: '1', chainName: 'Ethereum', shortName: 'eth' }];
      const [a] = CREATE_SAFE_SAMPLE.owners;
      const form = (name?: string): CreateSafeForm => ({ ...(name === undefined ? {} : { name }), chainId: '1', owners: [{ name: '', address: a }], threshold: 1, saltNonce: '' });
      expect(MAX_SAFE_NAME_LENGTH).toBe(50);
      expect(validateCreateSafeForm(form(), chains)).toBeNull();
      expect(validateCreateSafeForm(form(''), chains)).toBeNull();
      expect(validateCreateSafeForm(form(`  ${'x'.repeat(50)}  `), chains)).toBeNull();
      expect(validateCreateSafeForm(form('x'.repeat(51)), chains)).toEqual({ name: 'The name can be at most 50 characters', chain: null, owners: [null], ownerList: null, threshold: null, saltNonce: null });
      // Another problem alone: the errors have exactly the keys they had before the name existed (recorded digests hold).
      expect(Object.keys(validateCreateSafeForm({ ...form('Treasury'), threshold: 2 }, chains)!)).toEqual(['chain', 'owners', 'ownerList', 'threshold', 'saltNonce']);
      expect(safeNameOf({ name: '  Treasury ' })).toBe('Treasury');
      expect(safeNameOf({})).toBe('');
    });
  },
});
