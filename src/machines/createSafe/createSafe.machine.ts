/**
 * createSafe: create a new Safe at /new-safe/create (anchor-features §1.2, "pay now" with the connected wallet).
 *
 *   preparing ──▶ editing ──user.submit [valid]──▶ predicting ──▶ review ──user.deploy──▶ deploying ──▶ tracking ──▶ succeeded
 *       │            ▲ (invalid: errors per field)     │  (salt taken)   │ user.back        (nonIdempotent)      │         (openSafe)
 *       ▼            └─────────────────────────────────┘◀────────────────┘                  │ wallet error     ▼
 *   prepareFailed                                                        walletError.{rejected,wrongChain,…}   failed / trackingLost
 *
 * The address is predicted locally (CREATE2) before anything is sent. `deploying` asks the wallet to send the
 * factory's createProxyWithNonce (eth_sendTransaction): it is tagged `nonIdempotent` and `system.recover` moves
 * it to `checking`, which looks for code at the predicted address instead of sending again. Wallet failures get
 * their own states; the form and the prediction are kept, so nothing composed is lost.
 * A device deploys (issue 19, decision 0070): review → preparingExecution (nonce, gas and fees fixed here) →
 * checkingExecution (the execution hash of the exact unsigned transaction, confirmed by the signer) → deploying, which
 * sends exactly that plan; what the device changed is read back from the chain and kept (`deviceChanges`). Without a
 * device nothing of this is entered.
 * Effects: loadSetup (chains), predictSafe, prepareDeployment, deploySafe, checkDeployment, waitForDeployment. The action nameSafe
 * (the optional name becomes the new Safe's address-book entry) is supplied by src/services/createSafe.ts, and
 * openSafe (navigate to the new Safe) by the view that owns the actor.
 *
 * A visit is restorable from its event-log stream (decision 0018): the form's fields are recorded as
 * `user.editDraft` while typing, and `user.discard` ends a visit the user does not want back (`discarded`, final)
 * from any state where nothing is in flight.
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { walletFailureOf, errorText } from '../transactionFlow/transactionFlow.setup.ts';
import type { ExecutionPlan, WalletFailureKind } from '../transactionFlow/transactionFlow.types.ts';
import { DEVICE_CHECK_CLEARED, SEND_FAILURE_KINDS, changesKept, executionStepOf, executionStored, signsOnDevice, walletErrorRoutesOf, walletErrorStatesOf } from '../shared/deviceExecution.ts';
import { CREATE_SAFE_TEXTS, defaultChainId, deploymentOf, initialForm, isAlreadyDeployedError, safeHref, safeNameOf, validateCreateSafeForm } from './createSafe.logic.ts';
import type {
  CreateSafeContext,
  CreateSafeEffects,
  CreateSafeEvent,
  CreateSafeForm,
  CreateSafeInput,
  CreateSafeSetup,
  CreateSafeWallet,
  DeployInput,
  DeployOutput,
  NamedSafe,
  Prediction,
  TrackDeploymentOutput,
} from './createSafe.types.ts';

export const CREATE_SAFE_ID = 'createSafe';
export const NON_IDEMPOTENT = 'nonIdempotent';

const mustHave = <T>(value: T | null, name: string): T => {
  if (value === null) throw new Error(`createSafe: ${name} is missing`);
  return value;
};

/** Ends the visit: the screen starts a new one at an empty form. */
const discard = { 'user.discard': { target: `#${CREATE_SAFE_ID}.discarded` } } as const;

const walletErrorRoutes = walletErrorRoutesOf(CREATE_SAFE_ID, SEND_FAILURE_KINDS);

/** Another wallet (or none) while a device's check is prepared or shown: back to the review, whose deploy starts afresh. */
const walletChangedMidCheck = {
  'system.walletChanged': { target: `#${CREATE_SAFE_ID}.review`, actions: [{ type: 'storeWallet' as const, params: ({ event }: { event: { wallet: CreateSafeWallet | null } }) => ({ wallet: event.wallet }) }, 'clearDeviceCheck' as const] },
};

/** The deployment the wallet is asked to send (and, with a device, what its plan is fixed for). */
/**
 * What is deployed is the reviewed prediction: its address and the salt nonce it was computed with. A salt nonce left
 * blank is the first free one the prediction found (not 0: a second Safe with the same owners and threshold takes 1).
 */
function deployInputOf(context: CreateSafeContext): DeployInput {
  const d = mustHave(context.deployment, 'deployment');
  const prediction = mustHave(context.prediction, 'prediction');
  const chain = context.chains.find((c) => c.chainId === d.chainId);
  return { ...d, saltNonce: prediction.saltNonce, chainName: chain?.chainName ?? d.chainId, account: context.wallet?.address ?? null, address: prediction.address };
}

export const createSafeMachine = setup({
  types: {
    context: {} as CreateSafeContext,
    events: {} as CreateSafeEvent,
    input: {} as CreateSafeInput,
  },
  actors: {
    ...effectPlaceholders<CreateSafeEffects>(
      { loadSetup: true, predictSafe: true, prepareDeployment: true, deploySafe: true, checkDeployment: true, waitForDeployment: true },
      'src/services/createSafe.ts',
    ),
  },
  guards: {
    isFormValid: ({ context }, params: { event: CreateSafeEvent }) =>
      params.event.type === 'user.submit' && validateCreateSafeForm(params.event.form, context.chains) === null,
    isAlreadyDeployed: (_, params: { error: unknown }) => isAlreadyDeployedError(params.error),
    isWalletFailure: ({ event }, params: { kind: WalletFailureKind }) => walletFailureOf((event as { error?: unknown }).error).kind === params.kind,
    /** The connected wallet signs on a device (issue 19): the deployment is checked on it first. */
    usesDevice: ({ context }) => signsOnDevice(context.wallet),
    isDeployed: (_, params: { deployed: boolean }) => params.deployed,
    isSuccess: (_, params: { status: TrackDeploymentOutput['status'] }) => params.status === 'SUCCESS',
    /** The form is still the one the visit started with: one unnamed signer, empty or the previous wallet's address. */
    isFormUntouched: ({ context }) => {
      const [first, ...rest] = context.form.owners;
      return rest.length === 0 && first !== undefined && first.name === '' && (first.address === '' || first.address === context.wallet?.address);
    },
  },
  actions: {
    assignWalletFailure: assign({ walletFailure: ({ event }) => walletFailureOf((event as { error?: unknown }).error) }),
    clearErrors: assign({ walletFailure: null, error: null }),
    clearError: assign({ error: null }),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error, 'Oops, something went wrong!') })),
    /** The new wallet, also as the only signer of a form the user has not touched. */
    adoptWallet: assign(({ context }, { wallet }: { wallet: CreateSafeWallet | null }) => ({
      wallet,
      form: { ...context.form, owners: initialForm(wallet).owners },
    })),
    storeWallet: assign((_, { wallet }: { wallet: CreateSafeWallet | null }) => ({ wallet })),
    /** The chains; the network is preselected from `?chain=`, the wallet's chain or the first one. */
    storeSetup: assign(({ context }, { chains }: CreateSafeSetup) => ({
      chains,
      error: null,
      form: { ...context.form, chainId: context.form.chainId || defaultChainId(chains, context.prefill.chainShortName, context.wallet) },
    })),
    /** The form as typed so far. */
    storeDraft: assign((_, form: CreateSafeForm) => ({ form })),
    /** The form as submitted and valid, and the Safe it describes. */
    acceptForm: assign((_, form: CreateSafeForm) => ({ form, deployment: deploymentOf(form), errors: null, error: null })),
    /** The form as submitted, with what is wrong with each field. */
    rejectForm: assign(({ context }, form: CreateSafeForm) => ({ form, errors: validateCreateSafeForm(form, context.chains), error: null })),
    storePrediction: assign((_, prediction: Prediction) => ({ prediction })),
    /** The chosen salt nonce gives an address where a Safe already is. */
    markSaltTaken: assign(({ context }) => ({
      errors: { chain: null, owners: context.form.owners.map(() => null), ownerList: null, threshold: null, saltNonce: CREATE_SAFE_TEXTS.alreadyDeployed },
    })),
    forgetPrediction: assign({ prediction: null }),
    /** The broadcast's hash, and what a device changed in the deployment the signer checked (kept only when something). */
    storeTxHash: assign((_, { txHash, changes }: DeployOutput) => ({ txHash, ...changesKept(changes) })),
    /** The deployment fixed for the device, and what the device will show for it. */
    storeExecution: assign(({ context }, execution: ExecutionPlan) => executionStored(context, execution)),
    clearDeviceCheck: assign(DEVICE_CHECK_CLEARED),
    /** The hash tracking reports, or the one already known (none after a restore). */
    storeTrackedTxHash: assign(({ context }, { txHash }: Pick<TrackDeploymentOutput, 'txHash'>) => ({ txHash: txHash ?? context.txHash })),
    forgetTxHash: assign({ txHash: null }),
    /** Navigates to the new Safe. */
    openSafe: (_, _params: { href: string }) => {},
    /** The name the user gave the new Safe becomes its address-book entry (nothing when none was given). */
    nameSafe: (_, _params: NamedSafe) => {},
  },
}).createMachine({
  id: CREATE_SAFE_ID,
  context: ({ input }) => ({
    chains: [],
    wallet: input.wallet,
    form: initialForm(input.wallet, input.owner ?? null),
    errors: null,
    deployment: null,
    prediction: null,
    txHash: null,
    walletFailure: null,
    error: null,
    prefill: { chainShortName: input.chainShortName ?? null },
  }),
  on: {
    'system.walletChanged': [
      {
        guard: 'isFormUntouched',
        actions: { type: 'adoptWallet', params: ({ event }) => ({ wallet: event.wallet }) },
      },
      { actions: { type: 'storeWallet', params: ({ event }) => ({ wallet: event.wallet }) } },
    ],
  },
  initial: 'preparing',
  states: {
    preparing: {
      meta: { description: 'Reading the networks the gateway lists' },
      tags: ['busy'],
      invoke: {
        id: 'loadSetup',
        src: 'loadSetup',
        onDone: { target: 'editing', actions: { type: 'storeSetup', params: ({ event }) => event.output } },
        onError: { target: 'prepareFailed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    prepareFailed: {
      meta: { description: 'The networks could not be read' },
      on: { 'user.retry': { target: 'preparing' } },
    },
    editing: {
      meta: { description: 'Name (optional), network, signers, threshold and (optionally) the salt nonce' },
      on: {
        ...discard,
        'user.editDraft': { actions: { type: 'storeDraft', params: ({ event }) => event.form } },
        'user.submit': [
          {
            guard: { type: 'isFormValid', params: ({ event }) => ({ event }) },
            target: 'predicting',
            actions: { type: 'acceptForm', params: ({ event }) => event.form },
          },
          { actions: { type: 'rejectForm', params: ({ event }) => event.form } },
        ],
      },
    },
    predicting: {
      meta: { description: 'Computing the address of the new Safe (CREATE2) and checking it is free' },
      tags: ['busy'],
      invoke: {
        id: 'predictSafe',
        src: 'predictSafe',
        input: ({ context }) => {
          const d = mustHave(context.deployment, 'deployment');
          return { chainId: d.chainId, owners: d.owners, threshold: d.threshold, saltNonce: d.saltNonce === '' ? null : d.saltNonce };
        },
        onDone: { target: 'review', actions: { type: 'storePrediction', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isAlreadyDeployed', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: 'markSaltTaken',
          },
          { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    review: {
      meta: { description: 'Review: network, signers, threshold and the predicted address' },
      on: {
        ...discard,
        'user.back': { target: 'editing', actions: ['forgetPrediction', 'clearError'] },
        'user.deploy': [
          { guard: 'usesDevice', target: 'preparingExecution', actions: 'clearErrors' },
          { target: 'deploying', actions: 'clearErrors' },
        ],
      },
    },
    ...executionStepOf({
      flowId: CREATE_SAFE_ID,
      prepare: { src: 'prepareDeployment', input: ({ context }: { context: CreateSafeContext }) => deployInputOf(context) },
      send: 'deploying',
      leave: discard,
      midCheck: walletChangedMidCheck,
    }),
    deploying: {
      meta: { description: 'The wallet is asked to send the deployment (createProxyWithNonce)' },
      tags: ['busy', NON_IDEMPOTENT],
      on: { 'system.recover': { target: 'checking' } },
      invoke: {
        id: 'deploySafe',
        src: 'deploySafe',
        input: ({ context }) => ({ ...deployInputOf(context), ...(context.execution ? { execution: context.execution, deviceName: context.wallet?.device?.name } : {}) }),
        onDone: { target: 'tracking', actions: { type: 'storeTxHash', params: ({ event }) => event.output } },
        onError: walletErrorRoutes,
      },
    },
    walletError: {
      meta: { description: 'The wallet did not send the deployment; the form and the prediction are kept' },
      on: {
        ...discard,
        'user.retry': { target: 'review', actions: 'clearErrors' },
        'user.back': { target: 'editing', actions: ['forgetPrediction', 'clearErrors'] },
      },
      initial: 'other',
      states: walletErrorStatesOf(SEND_FAILURE_KINDS),
    },
    checking: {
      meta: { description: 'After a restore: is there code at the predicted address? (nothing is sent again)' },
      tags: ['busy'],
      invoke: {
        id: 'checkDeployment',
        src: 'checkDeployment',
        input: ({ context }) => ({ chainId: mustHave(context.deployment, 'deployment').chainId, address: mustHave(context.prediction, 'prediction').address }),
        onDone: [{ guard: { type: 'isDeployed', params: ({ event }) => ({ deployed: event.output.deployed }) }, target: 'tracking' }, { target: 'interrupted' }],
        onError: { target: 'interrupted', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    interrupted: {
      meta: { description: 'The deployment was interrupted and no Safe is at the address yet; check again or deploy again' },
      on: {
        ...discard,
        'user.check': { target: 'checking', actions: 'clearErrors' },
        'user.retry': { target: 'review', actions: 'clearErrors' },
      },
    },
    tracking: {
      meta: { description: 'Waiting for the receipt and for the gateway to index the new Safe' },
      tags: ['busy'],
      invoke: {
        id: 'waitForDeployment',
        src: 'waitForDeployment',
        input: ({ context }) => ({ chainId: mustHave(context.deployment, 'deployment').chainId, address: mustHave(context.prediction, 'prediction').address, txHash: context.txHash }),
        onDone: [
          {
            guard: { type: 'isSuccess', params: ({ event }) => ({ status: event.output.status }) },
            target: 'succeeded',
            actions: { type: 'storeTrackedTxHash', params: ({ event }) => ({ txHash: event.output.txHash }) },
          },
          { target: 'failed', actions: { type: 'storeTrackedTxHash', params: ({ event }) => ({ txHash: event.output.txHash }) } },
        ],
        onError: { target: 'trackingLost', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    trackingLost: {
      meta: { description: 'The receipt could not be read; try again' },
      on: { 'user.retry': { target: 'tracking', actions: 'clearErrors' }, ...discard },
    },
    failed: {
      meta: { description: 'The deployment transaction reverted; no Safe was created' },
      on: {
        ...discard,
        'user.retry': { target: 'review', actions: ['forgetTxHash', 'clearErrors'] },
        'user.back': { target: 'editing', actions: ['forgetTxHash', 'forgetPrediction', 'clearErrors'] },
      },
    },
    discarded: {
      meta: { description: 'The user dropped this visit; the screen starts a new one at an empty form' },
      type: 'final',
    },
    succeeded: {
      meta: { description: 'The Safe is deployed and indexed; its name (if given) goes to the address book, and it is being opened' },
      type: 'final',
      entry: [
        {
          type: 'nameSafe',
          params: ({ context }) => ({ chainId: context.form.chainId, address: mustHave(context.prediction, 'prediction').address, name: safeNameOf(context.form) }),
        },
        {
          type: 'openSafe',
          params: ({ context }) => {
            const address = mustHave(context.prediction, 'prediction').address;
            return { href: safeHref(context.chains, context.form.chainId, address) ?? '/welcome/accounts' };
          },
        },
      ],
    },
  },
});

export type CreateSafeMachine = typeof createSafeMachine;
