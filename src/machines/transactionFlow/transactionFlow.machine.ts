/**
 * transactionFlow: one Safe transaction from compose to execution (issue 7; anchor-features §2.1–§2.3).
 *
 *   create:  composing → loadingNonces → choosingNonce → (estimating, legacy Safes) → building → decoding
 *            → crossChecking → classifying → loadingRelay → review
 *   confirm / execute (from the queue): loadingTx → crossChecking → …  → review
 *   reject:  building (empty call of the Safe to itself at the queued nonce) → decoding → … → review
 *   review → signing → proposing → signed | executing → tracking → succeeded | failed; or relaying → tracking
 *   a proposer (not an owner): review → checkingProposer → signing → proposing → signed (no confirmation counted)
 *   a device signs (issue 19): review → checkingOnDevice → signing …; a device executes: review (or proposing, to
 *            sign and execute) → preparingExecution → checkingExecution → executing
 *
 * Every hash shown and signed is computed locally (buildSafeTx / loadTx); the gateway's answer is only
 * cross-checked (crossCheck), and any mismatch blocks signing (guards in transactionFlow.setup.ts).
 * States tagged `nonIdempotent` (signing, proposing, executing, relaying) handle `system.recover`, which the
 * event log sends after a restore: they go to `checkingStatus`, never re-run their effect.
 */
import { NON_IDEMPOTENT, TX_FLOW_ID, WALLET_FAILURE_KINDS, hasWalletSigned, initialContext, txFlowSetup } from './transactionFlow.setup.ts';
import type { TxFlowContext, TxFlowOutput } from './transactionFlow.types.ts';
import { walletErrorRoutesOf, walletErrorStatesOf } from '../shared/deviceExecution.ts';

const safeIn = ({ context }: { context: TxFlowContext }) => ({ safe: context.safe });
const mustHave = <T>(value: T | null, name: string): T => {
  if (value === null) throw new Error(`transactionFlow: ${name} is missing`);
  return value;
};

/** The routes of a wallet effect's error (its own state per kind, anchor texts in the views). */
const walletError = walletErrorRoutesOf(TX_FLOW_ID, WALLET_FAILURE_KINDS);

const recover = { 'system.recover': { target: `#${TX_FLOW_ID}.checkingStatus` } };
const walletGone = { 'wallet.changed': { guard: 'isWalletGone' as const, target: `#${TX_FLOW_ID}.walletError.disconnected`, actions: 'assignDisconnected' as const } };
const cancel = { 'user.cancel': { target: `#${TX_FLOW_ID}.cancelled` } };
/** Retrying after a failed or interrupted submit: a signature already given is proposed, otherwise back to the review. */
const retrySubmit = {
  'user.retry': [
    { guard: 'hasPendingSignature' as const, target: 'proposing', actions: 'clearErrors' as const },
    { target: 'review', actions: 'clearErrors' as const },
  ],
};

export const transactionFlowMachine = txFlowSetup.createMachine({
  id: TX_FLOW_ID,
  context: ({ input }) => initialContext(input),
  on: { 'wallet.changed': { actions: 'assignWallet' } },
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: { type: 'isMode', params: { mode: 'create' } }, target: 'composing' },
        { guard: { type: 'isMode', params: { mode: 'reject' } }, target: 'building' },
        { target: 'loadingTx' },
      ],
    },

    // ───────────── compose (create only) ─────────────
    composing: {
      tags: ['step.compose'],
      initial: 'editing',
      on: {
        'user.addToBatch': { guard: 'isBatchable', actions: { type: 'addBatchCall', params: ({ event }) => ({ call: event.call }) } },
        'user.editDraft': { guard: 'isEditedCall', actions: { type: 'keepEditedCall', params: ({ event }) => ({ call: event.call }) } },
        'user.removeFromBatch': { guard: 'hasBatchItem', actions: { type: 'removeBatchCall', params: ({ event }) => ({ index: event.index }) } },
        'user.compose': {
          guard: 'isComposedDraftValid',
          target: 'loadingNonces',
          actions: { type: 'acceptDraft', params: ({ event }) => ({ draft: event.draft }) },
        },
        ...cancel,
      },
      states: {
        editing: {
          on: { 'user.loadAbi': { target: 'loadingAbi', actions: 'clearAbiError' } },
        },
        loadingAbi: {
          tags: ['busy'],
          invoke: {
            id: 'loadContractAbi',
            src: 'loadContractAbi',
            input: ({ context, event }) => ({ safe: context.safe, address: event.type === 'user.loadAbi' ? event.address : '' }),
            onDone: { target: 'editing', actions: { type: 'storeContractAbi', params: ({ event }) => event.output } },
            onError: { target: 'editing', actions: 'markAbiNotFound' },
          },
        },
      },
    },

    // ───────────── nonce ─────────────
    loadingNonces: {
      tags: ['step.nonce', 'busy'],
      invoke: {
        id: 'loadNonces',
        src: 'loadNonces',
        input: safeIn,
        onDone: {
          target: 'choosingNonce',
          actions: { type: 'storeNonces', params: ({ event }) => event.output },
        },
        onError: { target: 'nonceLoadFailed', actions: 'assignError' },
      },
    },
    nonceLoadFailed: {
      tags: ['step.nonce'],
      on: { 'user.retry': { target: 'loadingNonces' }, 'user.back': { target: 'composing' }, ...cancel },
    },
    choosingNonce: {
      tags: ['step.nonce'],
      on: {
        'user.setNonce': { actions: { type: 'setNonceInput', params: ({ event }) => ({ nonce: event.nonce }) } },
        'user.confirmNonce': [
          { guard: 'hasValidNonceOnLegacySafe', target: 'estimating' },
          { guard: 'hasValidNonce', target: 'building' },
        ],
        'user.back': { target: 'composing' },
        ...cancel,
      },
    },
    estimating: {
      tags: ['step.nonce', 'busy'],
      invoke: {
        id: 'estimateSafeTxGas',
        src: 'estimateSafeTxGas',
        input: ({ context }) => ({ safe: context.safe, draft: mustHave(context.draft, 'draft'), nonce: context.nonceInput }),
        onDone: { target: 'building', actions: { type: 'storeSafeTxGas', params: ({ event }) => event.output } },
        onError: { target: 'prepareFailed', actions: 'assignError' },
      },
    },

    // ───────────── queued transaction (confirm / execute) ─────────────
    loadingTx: {
      tags: ['step.review', 'busy'],
      invoke: {
        id: 'loadTx',
        src: 'loadTx',
        input: ({ context }) => ({ safe: context.safe, txId: mustHave(context.txId, 'txId') }),
        onDone: {
          target: 'crossChecking',
          actions: { type: 'storeLoadedTx', params: ({ event }) => event.output },
        },
        onError: { target: 'loadFailed', actions: 'assignError' },
      },
    },
    loadFailed: {
      tags: ['step.review'],
      on: { 'user.retry': { target: 'loadingTx', actions: 'clearErrors' }, ...cancel },
    },

    // ───────────── build, decode, cross-check, classify ─────────────
    building: {
      tags: ['step.review', 'busy'],
      invoke: {
        id: 'buildSafeTx',
        src: 'buildSafeTx',
        input: ({ context }) => ({ safe: context.safe, draft: mustHave(context.draft, 'draft'), nonce: context.nonceInput, safeTxGas: context.safeTxGas }),
        onDone: {
          target: 'decoding',
          actions: { type: 'storeBuiltSafeTx', params: ({ event }) => event.output },
        },
        onError: { target: 'prepareFailed', actions: 'assignError' },
      },
    },
    decoding: {
      tags: ['step.review', 'busy'],
      invoke: {
        id: 'decodeTx',
        src: 'decodeTx',
        input: ({ context }) => ({ safe: context.safe, safeTx: mustHave(context.safeTx, 'safeTx') }),
        onDone: { target: 'crossChecking', actions: { type: 'storeGatewayView', params: ({ event }) => event.output } },
        onError: { target: 'prepareFailed', actions: 'assignError' },
      },
    },
    crossChecking: {
      tags: ['step.review', 'busy'],
      invoke: {
        id: 'crossCheck',
        src: 'crossCheck',
        input: ({ context }) => ({
          safe: context.safe,
          safeTx: mustHave(context.safeTx, 'safeTx'),
          hashes: mustHave(context.hashes, 'hashes'),
          draft: context.draft,
          gatewayView: mustHave(context.gatewayView, 'gatewayView'),
        }),
        onDone: { target: 'classifying', actions: { type: 'storeCrossCheck', params: ({ event }) => event.output } },
        onError: { target: 'prepareFailed', actions: 'assignError' },
      },
    },
    classifying: {
      tags: ['step.review', 'busy'],
      invoke: {
        id: 'classifyRisks',
        src: 'classifyRisks',
        input: ({ context }) => ({ safe: context.safe, safeTx: mustHave(context.safeTx, 'safeTx') }),
        onDone: { target: 'simulating', actions: { type: 'storeRisks', params: ({ event }) => event.output } },
        onError: { target: 'prepareFailed', actions: 'assignError' },
      },
    },
    simulating: {
      meta: { description: "Running the transaction in the Safe's own context on the user's RPC (nothing is signed or sent)" },
      tags: ['step.review', 'busy'],
      invoke: {
        id: 'simulateTx',
        src: 'simulateTx',
        input: ({ context }) => ({ safe: context.safe, safeTx: mustHave(context.safeTx, 'safeTx'), risks: context.risks }),
        // What the simulation saw that the data does not declare, or a revert, joins the warnings (blocking).
        onDone: { target: 'loadingRelay', actions: { type: 'storeSimulation', params: ({ event }) => event.output } },
        // Shown as unavailable, never skipped silently; the other checks still stand.
        onError: { target: 'loadingRelay', actions: { type: 'markSimulationUnavailable', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadingRelay: {
      tags: ['step.review', 'busy'],
      invoke: {
        id: 'loadRelayRemaining',
        src: 'loadRelayRemaining',
        input: safeIn,
        onDone: { target: 'review', actions: { type: 'storeRelay', params: ({ event }) => event.output } },
        // No relay on this chain or the service is down: the other ways to submit stay available.
        onError: { target: 'review', actions: 'forgetRelay' },
      },
    },
    prepareFailed: {
      tags: ['step.review'],
      on: {
        'user.retry': [
          { guard: 'isCreateOnLegacySafe', target: 'estimating', actions: 'clearErrors' },
          { guard: 'isCreate', target: 'building', actions: 'clearErrors' },
          { guard: { type: 'isMode', params: { mode: 'reject' } }, target: 'building', actions: 'clearErrors' },
          { target: 'loadingTx', actions: 'clearErrors' },
        ],
        'user.back': { guard: 'isCreate', target: 'composing', actions: 'clearErrors' },
        ...cancel,
      },
    },

    // ───────────── review and submit ─────────────
    review: {
      tags: ['step.review'],
      on: {
        'user.acknowledgeRisks': { actions: { type: 'acknowledgeRisks', params: ({ event }) => ({ acknowledged: event.acknowledged }) } },
        // A device signs (issue 19): the signer first compares what the device will show with what is shown here.
        'user.sign': [
          {
            guard: 'canSignOnDevice',
            target: 'checkingOnDevice',
            actions: [{ type: 'assignIntent', params: { intent: 'sign' } }, 'clearErrors', 'assignSignatureCheck'],
          },
          { guard: 'canSign', target: 'signing', actions: [{ type: 'assignIntent', params: { intent: 'sign' } }, 'clearErrors'] },
        ],
        'user.signAndExecute': [
          {
            guard: 'canSignAndExecuteOnDevice',
            target: 'checkingOnDevice',
            actions: [{ type: 'assignIntent', params: { intent: 'signAndExecute' } }, 'clearErrors', 'assignSignatureCheck'],
          },
          {
            guard: 'canSignAndExecute',
            target: 'signing',
            actions: [{ type: 'assignIntent', params: { intent: 'signAndExecute' } }, 'clearErrors'],
          },
        ],
        'user.execute': [
          {
            guard: 'canExecuteOnDevice',
            target: 'preparingExecution',
            actions: [{ type: 'assignIntent', params: { intent: 'execute' } }, 'clearErrors'],
          },
          { guard: 'canExecute', target: 'executing', actions: [{ type: 'assignIntent', params: { intent: 'execute' } }, 'clearErrors'] },
        ],
        'user.relay': { guard: 'canRelay', target: 'relaying', actions: [{ type: 'assignIntent', params: { intent: 'relay' } }, 'clearErrors'] },
        'user.propose': { guard: 'canPropose', target: 'checkingProposer', actions: [{ type: 'assignIntent', params: { intent: 'propose' } }, 'clearErrors'] },
        'user.editNonce': { guard: 'isCreate', target: 'choosingNonce' },
        'user.back': { guard: 'isCreate', target: 'composing' },
        ...cancel,
      },
    },
    checkingProposer: {
      meta: { description: 'Asking the gateway whether the connected wallet is one of the Safe’s proposers (nothing is signed yet)' },
      // Like the other reads of the review, it ends on its own (the gateway's deadline at worst): no Cancel while it runs.
      tags: ['step.review', 'busy'],
      invoke: {
        id: 'checkProposer',
        src: 'checkProposer',
        input: ({ context }) => ({ safe: context.safe, wallet: context.wallet }),
        onDone: [
          {
            guard: { type: 'isProposerOnDevice', params: ({ event }) => event.output },
            target: 'checkingOnDevice',
            actions: 'assignSignatureCheck',
          },
          { guard: { type: 'isProposer', params: ({ event }) => event.output }, target: 'signing' },
          { target: 'review', actions: 'assignNotProposer' },
        ],
        onError: { target: 'review', actions: 'assignError' },
      },
    },
    // ───────────── a device signs (issue 19) ─────────────
    checkingOnDevice: {
      meta: { description: 'What the device will show for the signature, computed from the typed data that is sent, beside the hashes shown here: the signer confirms they match before the prompt' },
      tags: ['step.submit'],
      on: {
        'user.confirmOnDevice': { target: 'signing' },
        'user.back': { target: 'review', actions: 'clearDeviceCheck' },
        ...walletGone,
        ...cancel,
      },
    },
    preparingExecution: {
      meta: { description: 'Nonce, gas and fees fixed here for the device, and the hash of the exact unsigned transaction it will sign' },
      // Reads only (the chain's nonce, gas and fees), ending on their own: no Cancel while they run.
      tags: ['step.submit', 'busy'],
      on: walletGone,
      invoke: {
        id: 'prepareExecution',
        src: 'prepareExecution',
        input: ({ context }) => ({ safe: context.safe, safeTx: mustHave(context.safeTx, 'safeTx'), confirmations: context.confirmations, wallet: context.wallet }),
        onDone: { target: 'checkingExecution', actions: { type: 'storeExecution', params: ({ event }) => event.output } },
        onError: { target: `#${TX_FLOW_ID}.walletError.other`, actions: 'assignWalletFailure' },
      },
    },
    checkingExecution: {
      meta: { description: 'The execution hash and fields the device will show, beside the ones fixed here: the signer confirms they match before the prompt' },
      tags: ['step.submit'],
      on: {
        'user.confirmOnDevice': { target: 'executing' },
        'user.back': { target: 'review', actions: 'clearDeviceCheck' },
        ...walletGone,
        ...cancel,
      },
    },
    signing: {
      tags: ['step.submit', NON_IDEMPOTENT],
      on: { ...recover, ...walletGone },
      invoke: {
        id: 'requestSignature',
        src: 'requestSignature',
        input: ({ context }) => ({
          safe: context.safe,
          safeTx: mustHave(context.safeTx, 'safeTx'),
          hashes: mustHave(context.hashes, 'hashes'),
          wallet: context.wallet,
        }),
        onDone: { target: 'proposing', actions: { type: 'storePendingSignature', params: ({ event }) => event.output } },
        onError: walletError,
      },
    },
    proposing: {
      tags: ['step.submit', NON_IDEMPOTENT],
      on: recover,
      invoke: {
        id: 'proposeTx',
        src: 'proposeTx',
        input: ({ context }) => ({
          safe: context.safe,
          safeTx: mustHave(context.safeTx, 'safeTx'),
          hashes: mustHave(context.hashes, 'hashes'),
          signature: mustHave(context.pendingSignature, 'pendingSignature'),
        }),
        onDone: [
          {
            guard: { type: 'isIntent', params: { intent: 'propose' } },
            target: 'signed',
            actions: ['markProposed', { type: 'storeConfirmations', params: ({ event }) => event.output }, 'clearPendingSignature'],
          },
          {
            guard: 'isSignAndExecuteOnDevice',
            target: 'preparingExecution',
            actions: [{ type: 'storeConfirmations', params: ({ event }) => event.output }, 'clearPendingSignature'],
          },
          {
            guard: { type: 'isIntent', params: { intent: 'signAndExecute' } },
            target: 'executing',
            actions: [{ type: 'storeConfirmations', params: ({ event }) => event.output }, 'clearPendingSignature'],
          },
          { target: 'signed', actions: [{ type: 'storeConfirmations', params: ({ event }) => event.output }, 'clearPendingSignature'] },
        ],
        onError: { target: 'submitFailed', actions: 'assignError' },
      },
    },
    executing: {
      tags: ['step.submit', NON_IDEMPOTENT],
      on: { ...recover, ...walletGone },
      invoke: {
        id: 'executeTx',
        src: 'executeTx',
        input: ({ context }) => ({
          safe: context.safe,
          safeTx: mustHave(context.safeTx, 'safeTx'),
          confirmations: context.confirmations,
          wallet: context.wallet,
          execution: context.execution,
        }),
        onDone: { target: 'tracking', actions: { type: 'storeTxHash', params: ({ event }) => event.output } },
        onError: walletError,
      },
    },
    relaying: {
      tags: ['step.submit', NON_IDEMPOTENT],
      on: recover,
      invoke: {
        id: 'relayTx',
        src: 'relayTx',
        input: ({ context }) => ({ safe: context.safe, safeTx: mustHave(context.safeTx, 'safeTx'), confirmations: context.confirmations }),
        onDone: {
          target: 'tracking',
          actions: [
            { type: 'storeTxHash', params: ({ event }) => event.output },
            { type: 'storeRelayTask', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'submitFailed', actions: 'assignError' },
      },
    },
    walletError: {
      tags: ['step.submit'],
      on: { 'user.retry': { target: 'review', actions: 'clearErrors' }, ...cancel },
      initial: 'other',
      states: walletErrorStatesOf(WALLET_FAILURE_KINDS),
    },
    submitFailed: {
      tags: ['step.submit'],
      on: {
        ...retrySubmit,
        ...cancel,
      },
    },

    // ───────────── after a restore ─────────────
    checkingStatus: {
      tags: ['step.submit', 'busy'],
      invoke: {
        id: 'checkTxStatus',
        src: 'checkTxStatus',
        input: ({ context }) => ({ safe: context.safe, safeTxHash: mustHave(context.hashes, 'hashes').safeTxHash }),
        onDone: [
          {
            guard: 'isExecutedOnChain',
            target: 'tracking',
            actions: [
              { type: 'storeTxHash', params: ({ event }) => event.output },
              { type: 'storeConfirmations', params: ({ event }) => event.output },
            ],
          },
          { target: 'interrupted', actions: { type: 'storeConfirmations', params: ({ event }) => event.output } },
        ],
        onError: { target: 'interrupted' },
      },
    },
    interrupted: {
      tags: ['step.submit'],
      on: {
        ...retrySubmit,
        ...cancel,
      },
    },

    // ───────────── tracking and the end ─────────────
    tracking: {
      tags: ['step.track', 'busy'],
      invoke: {
        id: 'waitForReceipt',
        src: 'waitForReceipt',
        input: ({ context }) => ({
          safe: context.safe,
          txHash: context.txHash,
          taskId: context.relayTaskId,
          safeTxHash: mustHave(context.hashes, 'hashes').safeTxHash,
        }),
        onDone: [
          {
            guard: { type: 'isTrackSuccess', params: ({ event }) => event.output },
            target: 'succeeded',
            actions: { type: 'storeOutcome', params: ({ event }) => ({ outcome: 'SUCCESS', txHash: event.output.txHash }) },
          },
          { target: 'failed', actions: { type: 'storeOutcome', params: ({ event }) => ({ outcome: 'FAILED', txHash: event.output.txHash }) } },
        ],
        onError: { target: 'trackingLost', actions: 'assignError' },
      },
    },
    trackingLost: {
      tags: ['step.track'],
      on: { 'user.retry': { target: 'tracking', actions: 'clearErrors' }, 'user.close': { target: 'closed' } },
    },
    signed: { tags: ['step.done'], on: { 'user.close': { target: 'closed' } } },
    succeeded: { tags: ['step.done'], on: { 'user.close': { target: 'closed' } } },
    failed: { tags: ['step.done'], on: { 'user.close': { target: 'closed' } } },
    cancelled: { type: 'final' },
    closed: { type: 'final' },
  },
  output: ({ context }): TxFlowOutput => ({
    outcome:
      context.outcome === 'SUCCESS'
        ? 'executed'
        : context.outcome === 'FAILED'
          ? 'failed'
          : context.txHash
            ? 'submitted'
            : (context.intent === 'sign' && hasWalletSigned(context)) || context.proposedAs !== undefined
              ? 'signed'
              : 'cancelled',
    safeTxHash: context.hashes?.safeTxHash ?? null,
    txHash: context.txHash,
  }),
});

export type TransactionFlowMachine = typeof transactionFlowMachine;
