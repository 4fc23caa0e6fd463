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
 * Effects: loadSetup (chains), predictSafe, deploySafe, checkDeployment, waitForDeployment. The action openSafe
 * (navigate to the new Safe) is supplied by the view that owns the actor.
 *
 * A visit is restorable from its event-log stream (decision 0018): the form's fields are recorded as
 * `user.editDraft` while typing, and `user.discard` ends a visit the user does not want back (`discarded`, final)
 * from any state where nothing is in flight.
 */
import { assign, fromPromise, setup } from 'xstate';
import { walletFailureOf, errorText } from '../transactionFlow/transactionFlow.setup.ts';
import type { WalletFailureKind } from '../transactionFlow/transactionFlow.types.ts';
import { CREATE_SAFE_TEXTS, defaultChainId, deploymentOf, initialForm, isAlreadyDeployedError, safeHref, validateCreateSafeForm } from './createSafe.logic.ts';
import type {
  CheckDeploymentInput,
  CheckDeploymentOutput,
  CreateSafeContext,
  CreateSafeEvent,
  CreateSafeInput,
  CreateSafeSetup,
  DeployInput,
  DeployOutput,
  PredictInput,
  Prediction,
  TrackDeploymentInput,
  TrackDeploymentOutput,
} from './createSafe.types.ts';

export const CREATE_SAFE_ID = 'createSafe';
export const NON_IDEMPOTENT = 'nonIdempotent';

const placeholder = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is provided by the composition root`);
};

const mustHave = <T>(value: T | null, name: string): T => {
  if (value === null) throw new Error(`createSafe: ${name} is missing`);
  return value;
};

/** Ends the visit: the screen starts a new one at an empty form. */
const discard = { 'user.discard': { target: `#${CREATE_SAFE_ID}.discarded` } } as const;

const walletErrorRoutes = [
  ...(['rejected', 'wrongChain', 'disconnected', 'insufficientFunds'] as const).map((kind) => ({
    guard: { type: 'isWalletFailure' as const, params: { kind } },
    target: `#${CREATE_SAFE_ID}.walletError.${kind}`,
    actions: 'assignWalletFailure' as const,
  })),
  { target: `#${CREATE_SAFE_ID}.walletError.other`, actions: 'assignWalletFailure' as const },
];

export const createSafeMachine = setup({
  types: {
    context: {} as CreateSafeContext,
    events: {} as CreateSafeEvent,
    input: {} as CreateSafeInput,
  },
  actors: {
    loadSetup: fromPromise<CreateSafeSetup>(placeholder('loadSetup')),
    predictSafe: fromPromise<Prediction, PredictInput>(placeholder('predictSafe')),
    deploySafe: fromPromise<DeployOutput, DeployInput>(placeholder('deploySafe')),
    checkDeployment: fromPromise<CheckDeploymentOutput, CheckDeploymentInput>(placeholder('checkDeployment')),
    waitForDeployment: fromPromise<TrackDeploymentOutput, TrackDeploymentInput>(placeholder('waitForDeployment')),
  },
  guards: {
    isFormValid: ({ context }, params: { event: CreateSafeEvent }) =>
      params.event.type === 'user.submit' && validateCreateSafeForm(params.event.form, context.chains) === null,
    isAlreadyDeployed: (_, params: { error: unknown }) => isAlreadyDeployedError(params.error),
    isWalletFailure: ({ event }, params: { kind: WalletFailureKind }) => walletFailureOf((event as { error?: unknown }).error).kind === params.kind,
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
    /** Navigates to the new Safe. */
    openSafe: (_, _params: { href: string }) => {},
  },
}).createMachine({
  id: CREATE_SAFE_ID,
  context: ({ input }) => ({
    chains: [],
    wallet: input.wallet,
    form: initialForm(input.wallet),
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
        actions: assign(({ context, event }) => ({ wallet: event.wallet, form: { ...context.form, owners: initialForm(event.wallet).owners } })),
      },
      { actions: assign({ wallet: ({ event }) => event.wallet }) },
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
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            chains: event.output.chains,
            error: null,
            form: { ...context.form, chainId: context.form.chainId || defaultChainId(event.output.chains, context.prefill.chainShortName, context.wallet) },
          })),
        },
        onError: { target: 'prepareFailed', actions: assign({ error: ({ event }) => errorText(event.error, 'Oops, something went wrong!') }) },
      },
    },
    prepareFailed: {
      meta: { description: 'The networks could not be read' },
      on: { 'user.retry': { target: 'preparing' } },
    },
    editing: {
      meta: { description: 'Network, signers, threshold and (optionally) the salt nonce' },
      on: {
        ...discard,
        'user.editDraft': { actions: assign({ form: ({ event }) => event.form }) },
        'user.submit': [
          {
            guard: { type: 'isFormValid', params: ({ event }) => ({ event }) },
            target: 'predicting',
            actions: assign({
              form: ({ event }) => event.form,
              deployment: ({ event }) => deploymentOf(event.form),
              errors: null,
              error: null,
            }),
          },
          { actions: assign({ form: ({ event }) => event.form, errors: ({ context, event }) => validateCreateSafeForm(event.form, context.chains), error: null }) },
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
        onDone: { target: 'review', actions: assign({ prediction: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'isAlreadyDeployed', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign(({ context }) => ({
              errors: { chain: null, owners: context.form.owners.map(() => null), ownerList: null, threshold: null, saltNonce: CREATE_SAFE_TEXTS.alreadyDeployed },
            })),
          },
          { target: 'editing', actions: assign({ error: ({ event }) => errorText(event.error, 'Oops, something went wrong!') }) },
        ],
      },
    },
    review: {
      meta: { description: 'Review: network, signers, threshold and the predicted address' },
      on: {
        ...discard,
        'user.back': { target: 'editing', actions: assign({ prediction: null, error: null }) },
        'user.deploy': { target: 'deploying', actions: 'clearErrors' },
      },
    },
    deploying: {
      meta: { description: 'The wallet is asked to send the deployment (createProxyWithNonce)' },
      tags: ['busy', NON_IDEMPOTENT],
      on: { 'system.recover': { target: 'checking' } },
      invoke: {
        id: 'deploySafe',
        src: 'deploySafe',
        input: ({ context }) => {
          const d = mustHave(context.deployment, 'deployment');
          const chain = context.chains.find((c) => c.chainId === d.chainId);
          return { ...d, chainName: chain?.chainName ?? d.chainId, account: context.wallet?.address ?? null, address: mustHave(context.prediction, 'prediction').address };
        },
        onDone: { target: 'tracking', actions: assign({ txHash: ({ event }) => event.output.txHash }) },
        onError: walletErrorRoutes,
      },
    },
    walletError: {
      meta: { description: 'The wallet did not send the deployment; the form and the prediction are kept' },
      on: {
        ...discard,
        'user.retry': { target: 'review', actions: 'clearErrors' },
        'user.back': { target: 'editing', actions: [assign({ prediction: null }), 'clearErrors'] },
      },
      initial: 'other',
      states: { rejected: {}, wrongChain: {}, disconnected: {}, insufficientFunds: {}, other: {} },
    },
    checking: {
      meta: { description: 'After a restore: is there code at the predicted address? (nothing is sent again)' },
      tags: ['busy'],
      invoke: {
        id: 'checkDeployment',
        src: 'checkDeployment',
        input: ({ context }) => ({ chainId: mustHave(context.deployment, 'deployment').chainId, address: mustHave(context.prediction, 'prediction').address }),
        onDone: [{ guard: { type: 'isDeployed', params: ({ event }) => ({ deployed: event.output.deployed }) }, target: 'tracking' }, { target: 'interrupted' }],
        onError: { target: 'interrupted', actions: assign({ error: ({ event }) => errorText(event.error, 'Oops, something went wrong!') }) },
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
            actions: assign({ txHash: ({ context, event }) => event.output.txHash ?? context.txHash }),
          },
          { target: 'failed', actions: assign({ txHash: ({ context, event }) => event.output.txHash ?? context.txHash }) },
        ],
        onError: { target: 'trackingLost', actions: assign({ error: ({ event }) => errorText(event.error, 'Oops, something went wrong!') }) },
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
        'user.retry': { target: 'review', actions: [assign({ txHash: null }), 'clearErrors'] },
        'user.back': { target: 'editing', actions: [assign({ txHash: null, prediction: null }), 'clearErrors'] },
      },
    },
    discarded: {
      meta: { description: 'The user dropped this visit; the screen starts a new one at an empty form' },
      type: 'final',
    },
    succeeded: {
      meta: { description: 'The Safe is deployed and indexed; it is being opened' },
      type: 'final',
      entry: {
        type: 'openSafe',
        params: ({ context }) => {
          const address = mustHave(context.prediction, 'prediction').address;
          return { href: safeHref(context.chains, context.form.chainId, address) ?? '/welcome/accounts' };
        },
      },
    },
  },
});

export type CreateSafeMachine = typeof createSafeMachine;
