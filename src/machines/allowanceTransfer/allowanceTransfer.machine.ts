/**
 * allowanceTransfer: the beneficiary of a spending limit sends tokens from the Safe (issue 21, decision 0063).
 *
 *   composing ──user.submit [valid]──▶ checking ──▶ review ──user.send──▶ sending ──▶ confirming ──▶ succeeded ──user.close──▶ closed
 *       ▲  (invalid: errors per field)   │  │         │ user.back         (nonIdempotent)    │            (the event matches)
 *       └────────────── user.back ───────┘  ▼         ▼                      │ wallet error   ├──▶ failed (reverted / no matching event)
 *                               refused / checkFailed                        ▼                └──▶ trackingLost (retry)
 *                                                          walletError.{rejected,wrongChain,disconnected,insufficientFunds,other}
 *
 * `checking` reads the allowance and the Safe's balance from the chain and eth_calls the exact transaction; a
 * transfer it refuses (more than what is left, more than the Safe holds, the limit gone, a revert) is said in words
 * and the wallet is never asked. The prepared calldata must decode, here, to exactly the transfer typed (else it is
 * refused as a contradiction). `sending` asks the wallet to send executeAllowanceTransfer with an empty signature
 * (the module then takes msg.sender as the delegate: one wallet prompt). It is tagged `nonIdempotent`:
 * `system.recover` moves it to `recovering`, which looks on chain for the transfer (the allowance's nonce and the
 * module's ExecuteAllowanceTransfer event) instead of sending again. Wallet errors and "try again" go back through
 * `checking`, so every send is preceded by a fresh check.
 * A device sends (issue 19, decision 0070): review → preparingExecution (nonce, gas and fees fixed here) →
 * checkingExecution (the execution hash of the exact unsigned transaction, confirmed by the signer) → sending, which
 * sends exactly that plan; what the device changed is read back from the chain and kept (`deviceChanges`). Without a
 * device nothing of this is entered. Another wallet (or none) during those two steps returns to the review, as in
 * createSafe: the check was for the device that is gone.
 * Effects: checkTransfer, prepareTransfer, sendTransfer, waitForTransfer, findTransfer (src/services/allowanceTransfer.ts).
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { errorText, walletFailureOf } from '../transactionFlow/transactionFlow.setup.ts';
import { DEVICE_CHECK_CLEARED, SEND_FAILURE_KINDS, changesKept, executionStepOf, executionStored, isOtherWallet, signsOnDevice, walletErrorRoutesOf, walletErrorStatesOf } from '../shared/deviceExecution.ts';
import { checkCalldata, transferOf, validateSpendDraft } from './allowanceTransfer.logic.ts';
import type {
  AllowanceTransferContext,
  AllowanceTransferEffects,
  AllowanceTransferEvent,
  AllowanceTransferInput,
  AllowanceTransferOutput,
  CheckTransferOutput,
  ExecutionPlan,
  ExpectedTransfer,
  PreparedTransfer,
  SendTransferInput,
  SpendDraft,
  SpendWallet,
  WaitForTransferOutput,
  WalletFailureKind,
} from './allowanceTransfer.types.ts';

export const ALLOWANCE_TRANSFER_ID = 'allowanceTransfer';
export const NON_IDEMPOTENT = 'nonIdempotent';

const mustHave = <T>(value: T | null, name: string): T => {
  if (value === null) throw new Error(`allowanceTransfer: ${name} is missing`);
  return value;
};

const cancel = { 'user.cancel': { target: `#${ALLOWANCE_TRANSFER_ID}.cancelled` } } as const;

const walletErrorRoutes = walletErrorRoutesOf(ALLOWANCE_TRANSFER_ID, SEND_FAILURE_KINDS);

/**
 * Another wallet (or none) while a device's check is prepared or shown: back to the review, whose send starts afresh
 * for the wallet connected then (as createSafe's `walletChangedMidCheck`); the wallet is asked nothing.
 */
const walletChangedMidCheck = {
  'wallet.changed': {
    guard: { type: 'isOtherWallet' as const, params: ({ event }: { event: { wallet: SpendWallet | null } }) => ({ wallet: event.wallet }) },
    target: `#${ALLOWANCE_TRANSFER_ID}.review`,
    actions: [{ type: 'assignWallet' as const, params: ({ event }: { event: { wallet: SpendWallet | null } }) => ({ wallet: event.wallet }) }, 'clearDeviceCheck' as const],
  },
};

/** What the wallet is asked to send (and, with a device, what its plan is fixed for). */
function sendInputOf(context: AllowanceTransferContext): SendTransferInput {
  const prepared = mustHave(context.prepared, 'prepared');
  return { chainId: context.safe.chainId, chainName: context.safe.chainName, account: prepared.delegate, module: prepared.module, data: prepared.data };
}

/** The transfer the receipt's event must report (the nonce the check read). */
function expectedOf(context: AllowanceTransferContext): ExpectedTransfer {
  const prepared = mustHave(context.prepared, 'prepared');
  const { to, amount } = transferOf(context.draft, context.token);
  return { safe: context.safe.address, delegate: prepared.delegate, token: context.token.address, to, amount, nonce: prepared.allowance.nonce };
}

/** The prepared calldata is not exactly the transfer typed: the text that says what differs, else null. */
function calldataMismatch(context: AllowanceTransferContext, prepared: PreparedTransfer): string | null {
  const { to, amount } = transferOf(context.draft, context.token);
  return checkCalldata(prepared.data, { safe: context.safe.address, token: context.token.address, to, amount, delegate: context.wallet?.address ?? prepared.delegate }).mismatch;
}

export const allowanceTransferMachine = setup({
  types: {
    context: {} as AllowanceTransferContext,
    events: {} as AllowanceTransferEvent,
    input: {} as AllowanceTransferInput,
    output: {} as AllowanceTransferOutput,
  },
  actors: {
    ...effectPlaceholders<AllowanceTransferEffects>({ checkTransfer: true, prepareTransfer: true, sendTransfer: true, waitForTransfer: true, findTransfer: true }, 'src/services/allowanceTransfer.ts'),
  },
  guards: {
    isDraftValid: ({ context }, params: { draft: SpendDraft }) => validateSpendDraft(params.draft, context.token, context.safe) === null,
    isRefused: (_, params: { output: CheckTransferOutput }) => params.output.refusal !== undefined,
    isCalldataWrong: ({ context }, params: { output: CheckTransferOutput }) => params.output.prepared !== undefined && calldataMismatch(context, params.output.prepared) !== null,
    isWalletFailure: ({ event }, params: { kind: WalletFailureKind }) => walletFailureOf((event as { error?: unknown }).error).kind === params.kind,
    /** The connected wallet signs on a device (issue 19): the transaction is checked on it first. */
    usesDevice: ({ context }) => signsOnDevice(context.wallet),
    /** The wallet connected now is not the one the device's check is for (issue 19). */
    isOtherWallet: ({ context }, { wallet }: { wallet: SpendWallet | null }) => isOtherWallet(context.wallet, wallet),
    isFound: (_, params: { txHash: string | null }) => params.txHash !== null,
    isSuccess: (_, params: { output: WaitForTransferOutput }) => params.output.status === 'SUCCESS',
  },
  actions: {
    acceptDraft: assign((_, draft: SpendDraft) => ({ draft, errors: null, error: null, refusal: null })),
    rejectDraft: assign(({ context }, draft: SpendDraft) => ({ draft, errors: validateSpendDraft(draft, context.token, context.safe), error: null })),
    storePrepared: assign((_, prepared: PreparedTransfer) => ({ prepared, refusal: null, error: null })),
    storeRefusal: assign((_, { refusal }: { refusal: string }) => ({ refusal, prepared: null })),
    refuseCalldata: assign(({ context }, prepared: PreparedTransfer) => ({ refusal: calldataMismatch(context, prepared), prepared: null })),
    assignWalletFailure: assign({ walletFailure: ({ event }) => walletFailureOf((event as { error?: unknown }).error) }),
    clearErrors: assign({ walletFailure: null, error: null }),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error, 'Something went wrong.') })),
    /** The broadcast's hash, and what a device changed in the transaction the signer checked (kept only when something). */
    storeTxHash: assign((_, { txHash, changes }: { txHash: AllowanceTransferContext['txHash']; changes?: string[] | undefined }) => ({ txHash, ...changesKept(changes) })),
    /** The transaction fixed for the device, and what the device will show for it. */
    storeExecution: assign(({ context }, execution: ExecutionPlan) => executionStored(context, execution)),
    clearDeviceCheck: assign(DEVICE_CHECK_CLEARED),
    storeResult: assign((_, output: WaitForTransferOutput) =>
      output.status === 'SUCCESS' ? { txHash: output.txHash, after: output.allowance, error: null } : { txHash: output.txHash, error: output.reason },
    ),
    assignWallet: assign((_, { wallet }: { wallet: SpendWallet | null }) => ({ wallet })),
  },
}).createMachine({
  id: ALLOWANCE_TRANSFER_ID,
  context: ({ input }) => ({
    flowId: input.flowId,
    safe: input.safe,
    wallet: input.wallet,
    token: input.token,
    draft: { recipient: '', amount: '' },
    errors: null,
    prepared: null,
    refusal: null,
    txHash: null,
    after: null,
    walletFailure: null,
    error: null,
  }),
  on: { 'wallet.changed': { actions: { type: 'assignWallet', params: ({ event }) => ({ wallet: event.wallet }) } } },
  initial: 'composing',
  states: {
    composing: {
      meta: { description: 'Recipient and amount (in token units)' },
      on: {
        ...cancel,
        'user.submit': [
          { guard: { type: 'isDraftValid', params: ({ event }) => ({ draft: event.draft }) }, target: 'checking', actions: { type: 'acceptDraft', params: ({ event }) => event.draft } },
          { actions: { type: 'rejectDraft', params: ({ event }) => event.draft } },
        ],
      },
    },
    checking: {
      meta: { description: 'Reading the allowance and the Safe’s balance on chain, and eth_call of the exact transaction' },
      tags: ['busy'],
      invoke: {
        id: 'checkTransfer',
        src: 'checkTransfer',
        input: ({ context }) => ({ chainId: context.safe.chainId, safe: context.safe.address, delegate: context.wallet?.address ?? null, token: context.token, ...transferOf(context.draft, context.token) }),
        onDone: [
          { guard: { type: 'isRefused', params: ({ event }) => ({ output: event.output }) }, target: 'refused', actions: { type: 'storeRefusal', params: ({ event }) => ({ refusal: event.output.refusal ?? '' }) } },
          { guard: { type: 'isCalldataWrong', params: ({ event }) => ({ output: event.output }) }, target: 'refused', actions: { type: 'refuseCalldata', params: ({ event }) => event.output.prepared! } },
          { target: 'review', actions: { type: 'storePrepared', params: ({ event }) => event.output.prepared! } },
        ],
        onError: { target: 'checkFailed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    checkFailed: {
      meta: { description: 'The chain could not be read; nothing was sent' },
      on: { ...cancel, 'user.retry': { target: 'checking', actions: 'clearErrors' }, 'user.back': { target: 'composing', actions: 'clearErrors' } },
    },
    refused: {
      meta: { description: 'The transfer is refused in words (more than what is left, more than the Safe holds, no limit, a revert, a calldata contradiction); the wallet is not asked' },
      on: { ...cancel, 'user.back': { target: 'composing' } },
    },
    review: {
      meta: { description: 'The sentence, what is left after, the module and the calldata with its local decoding' },
      on: {
        ...cancel,
        'user.back': { target: 'composing' },
        'user.send': [
          { guard: 'usesDevice', target: 'preparingExecution', actions: 'clearErrors' },
          { target: 'sending', actions: 'clearErrors' },
        ],
      },
    },
    ...executionStepOf({
      flowId: ALLOWANCE_TRANSFER_ID,
      prepare: { src: 'prepareTransfer', input: ({ context }: { context: AllowanceTransferContext }) => sendInputOf(context) },
      send: 'sending',
      leave: cancel,
      midCheck: walletChangedMidCheck,
    }),
    sending: {
      meta: { description: 'The wallet is asked to send executeAllowanceTransfer (one prompt)' },
      tags: ['busy', NON_IDEMPOTENT],
      on: { 'system.recover': { target: 'recovering' } },
      invoke: {
        id: 'sendTransfer',
        src: 'sendTransfer',
        input: ({ context }) => ({ ...sendInputOf(context), ...(context.execution ? { execution: context.execution, deviceName: context.wallet?.device?.name } : {}) }),
        onDone: { target: 'confirming', actions: { type: 'storeTxHash', params: ({ event }) => event.output } },
        onError: walletErrorRoutes,
      },
    },
    walletError: {
      meta: { description: 'The wallet did not send the transfer; the draft is kept, and trying again checks the chain again first' },
      on: { ...cancel, 'user.retry': { target: 'checking', actions: 'clearErrors' }, 'user.back': { target: 'composing', actions: 'clearErrors' } },
      initial: 'other',
      states: walletErrorStatesOf(SEND_FAILURE_KINDS),
    },
    recovering: {
      meta: { description: 'After a reload mid-send: did the allowance’s nonce move, and which transaction carried the transfer? (nothing is sent again)' },
      tags: ['busy'],
      invoke: {
        id: 'findTransfer',
        src: 'findTransfer',
        input: ({ context }) => ({ chainId: context.safe.chainId, module: mustHave(context.prepared, 'prepared').module, expected: expectedOf(context), fromBlock: mustHave(context.prepared, 'prepared').blockNumber }),
        onDone: [
          { guard: { type: 'isFound', params: ({ event }) => ({ txHash: event.output.txHash }) }, target: 'confirming', actions: { type: 'storeTxHash', params: ({ event }) => ({ txHash: event.output.txHash }) } },
          { target: 'interrupted' },
        ],
        onError: { target: 'interrupted', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    interrupted: {
      meta: { description: 'The send was interrupted and the chain shows no such transfer; check again, or check and send again' },
      on: { ...cancel, 'user.check': { target: 'recovering', actions: 'clearErrors' }, 'user.retry': { target: 'checking', actions: 'clearErrors' } },
    },
    confirming: {
      meta: { description: 'Waiting for the receipt; its ExecuteAllowanceTransfer event must match the transfer' },
      tags: ['busy'],
      invoke: {
        id: 'waitForTransfer',
        src: 'waitForTransfer',
        input: ({ context }) => ({ chainId: context.safe.chainId, module: mustHave(context.prepared, 'prepared').module, txHash: mustHave(context.txHash, 'txHash'), expected: expectedOf(context) }),
        onDone: [
          { guard: { type: 'isSuccess', params: ({ event }) => ({ output: event.output }) }, target: 'succeeded', actions: { type: 'storeResult', params: ({ event }) => event.output } },
          { target: 'failed', actions: { type: 'storeResult', params: ({ event }) => event.output } },
        ],
        onError: { target: 'trackingLost', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    trackingLost: {
      meta: { description: 'The receipt could not be read; try again (the transaction may still be mined)' },
      on: { 'user.retry': { target: 'confirming', actions: 'clearErrors' }, 'user.close': { target: 'closed' } },
    },
    failed: {
      meta: { description: 'The transaction reverted or its event does not match the transfer' },
      on: { ...cancel, 'user.back': { target: 'composing', actions: 'clearErrors' } },
    },
    succeeded: {
      meta: { description: 'Sent: the event matches; what is left of the limit, read after' },
      on: { 'user.close': { target: 'closed' } },
    },
    cancelled: { type: 'final', meta: { description: 'Closed before anything was sent' } },
    closed: { type: 'final', meta: { description: 'Closed after the transfer' } },
  },
  output: ({ context }) => ({ outcome: context.after ? 'sent' : context.txHash ? 'unconfirmed' : 'cancelled', txHash: context.txHash }),
});

export type AllowanceTransferMachine = typeof allowanceTransferMachine;
