/**
 * messageFlow: one off-chain Safe message from request to CONFIRMED, verified on chain (issue 8;
 * anchor-features §3, protocol.md A.2.7, B.7.11, B.8.2).
 *
 *   sign:    composing (or a Safe app's message) → hashing → loadingMessage → review → signing
 *            → creating (first signer) | addingSignature (later signers) → collecting (NEEDS_CONFIRMATION)
 *            → verifying (EIP-1271 at the Safe) → confirmed
 *   confirm: loadingMessage (by hash) → hashing (the stored message, locally) → review → signing → …
 *   on-chain fallback: hashing | review → preparingOnChain → onChainReview → awaitingTransaction
 *            (the `startOnChainSignature` action hands the SignMessageLib DELEGATECALL to the transaction flow)
 *
 * Every hash is computed locally (computeMessageHash); an answer of the gateway for another hash goes to
 * `refused`. Typed data whose EIP-712 domain names another chain goes to `chainBlocked` right after the hash
 * check, before any other step;
 * typed data naming no chain is signed (on or off chain) only after `user.acknowledgeAnyChain` (decision 0026).
 * States tagged `nonIdempotent` (signing, creating, addingSignature) handle `system.recover`, which
 * the event log sends after a restore: they go to `checkingStatus` (a GET), never re-run their effect, and an
 * interrupted signature request is confirmed again by the user.
 */
import { MESSAGE_FLOW_ID, NON_IDEMPOTENT, WALLET_FAILURE_KINDS, initialContext, messageFlowSetup } from './messageFlow.setup.ts';
import { walletErrorRoutesOf, walletErrorStatesOf } from '../shared/deviceExecution.ts';
import type { Hex, MessageFlowContext, MessageFlowOutput, MessagePreview } from './messageFlow.types.ts';

const mustHave = <T>(value: T | null, name: string): T => {
  if (value === null) throw new Error(`messageFlow: ${name} is missing`);
  return value;
};
const previewOf = (context: MessageFlowContext): MessagePreview => mustHave(context.preview, 'preview');
const hashOf = (context: MessageFlowContext): Hex => mustHave(context.preview?.safeMessageHash ?? context.requestedHash, 'messageHash');

/** The routes of a wallet error: its own state per kind (nothing in context is lost). */
const walletError = walletErrorRoutesOf(MESSAGE_FLOW_ID, WALLET_FAILURE_KINDS);

/** Where a gateway answer after a submission leads (after the hash check). */
const afterSubmit = [
  { guard: 'isGatewayHashMismatch' as const, target: `#${MESSAGE_FLOW_ID}.refused`, actions: 'assignGatewayMismatch' as const },
  { guard: 'isAnswerConfirmed' as const, target: `#${MESSAGE_FLOW_ID}.verifying`, actions: 'assignSubmitted' as const },
  { target: `#${MESSAGE_FLOW_ID}.collecting`, actions: 'assignSubmitted' as const },
];

/** Where a message read from the gateway leads (guards read the answer, which is assigned on the way). */
const afterLoad = [
  { guard: 'isAnswerConfirmed' as const, target: `#${MESSAGE_FLOW_ID}.verifying`, actions: 'assignGatewayMessage' as const },
  { guard: 'isAnswerSignedByWallet' as const, target: `#${MESSAGE_FLOW_ID}.collecting`, actions: 'assignGatewayMessage' as const },
  { target: `#${MESSAGE_FLOW_ID}.review`, actions: 'assignGatewayMessage' as const },
];

/** Submit the pending signature again (only on an explicit user.retry). */
const resubmit = [
  { guard: 'isNewMessage' as const, target: `#${MESSAGE_FLOW_ID}.creating`, actions: 'clearErrors' as const },
  { target: `#${MESSAGE_FLOW_ID}.addingSignature`, actions: 'clearErrors' as const },
];

const recover = { 'system.recover': { target: `#${MESSAGE_FLOW_ID}.checkingStatus` } };
const walletGone = {
  'wallet.changed': { guard: 'isWalletGone' as const, target: `#${MESSAGE_FLOW_ID}.walletError.disconnected`, actions: 'assignDisconnected' as const },
};
const cancel = { 'user.cancel': { target: `#${MESSAGE_FLOW_ID}.cancelled` } };
const close = { 'user.close': { target: `#${MESSAGE_FLOW_ID}.closed` } };
/** Typed data naming no chain: the user's tick is recorded where a signature can be asked for (decision 0026). */
const acknowledgeAnyChain = { 'user.acknowledgeAnyChain': { guard: 'isAcknowledgementChange' as const, actions: 'assignAnyChainAcknowledged' as const } };

export const messageFlowMachine = messageFlowSetup.createMachine({
  id: MESSAGE_FLOW_ID,
  context: ({ input }) => initialContext(input),
  on: { 'wallet.changed': { actions: 'assignWallet' } },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isConfirmMode', target: 'loadingMessage' }, { guard: 'hasMessage', target: 'hashing' }, { target: 'composing' }],
    },

    // ───────────── the message ─────────────
    composing: {
      tags: ['step.compose'],
      on: { 'user.compose': { target: 'hashing', actions: 'assignDraft' }, ...cancel },
    },
    hashing: {
      tags: ['step.review', 'busy'],
      invoke: {
        id: 'computeMessageHash',
        src: 'computeMessageHash',
        input: ({ context }) => ({ safe: context.safe, request: mustHave(context.request, 'request') }),
        onDone: [
          { guard: 'isRequestedHashMismatch', target: 'refused', actions: 'assignRequestedMismatch' },
          // Typed data for another chain is never signed, on or off chain, whatever its state (decision 0026).
          { guard: 'isForAnotherChain', target: 'chainBlocked', actions: 'assignChainBlocked' },
          { guard: 'wantsOnChain', target: 'preparingOnChain', actions: 'assignPreview' },
          // confirm mode: the stored message was read first; where it stands decides the next step.
          { guard: 'isStoredConfirmed', target: 'verifying', actions: 'assignPreview' },
          { guard: 'isStoredSignedByWallet', target: 'collecting', actions: 'assignPreview' },
          { guard: 'hasGatewayMessage', target: 'review', actions: 'assignPreview' },
          { target: 'loadingMessage', actions: 'assignPreview' },
        ],
        // An invalid composed message goes back to the form with the reason ('Please specify primaryType').
        onError: [
          { guard: 'isComposed', target: 'composing', actions: 'assignError' },
          { target: 'refused', actions: 'assignError' },
        ],
      },
    },
    loadingMessage: {
      tags: ['step.review', 'busy'],
      invoke: {
        id: 'loadMessage',
        src: 'loadMessage',
        input: ({ context }) => ({ safe: context.safe, messageHash: hashOf(context) }),
        onDone: [
          { guard: 'isGatewayHashMismatch', target: 'refused', actions: 'assignGatewayMismatch' },
          { guard: 'isMessageUnknown', target: 'refused', actions: 'assignUnknownMessage' },
          { guard: 'needsLocalHash', target: 'hashing', actions: 'assignStoredMessage' },
          ...afterLoad,
        ],
        onError: { target: 'loadFailed', actions: 'assignError' },
      },
    },
    chainBlocked: {
      tags: ['step.review'],
      // The wallet is never asked; a composed message can be edited, anything else only cancelled.
      on: { 'user.back': { guard: 'isComposed', target: 'composing' }, ...cancel },
    },
    loadFailed: {
      tags: ['step.review'],
      on: { 'user.retry': { target: 'loadingMessage', actions: 'clearErrors' }, ...cancel },
    },
    // ───────────── review and sign ─────────────
    review: {
      tags: ['step.review'],
      on: {
        'user.sign': [
          { guard: 'canSignOnDevice', target: 'checkingOnDevice', actions: ['clearErrors', 'assignSignatureCheck'] },
          { guard: 'canSign', target: 'signing', actions: 'clearErrors' },
        ],
        ...acknowledgeAnyChain,
        'user.signOnChain': { guard: 'canSignOnChain', target: 'preparingOnChain', actions: 'clearErrors' },
        'user.back': { guard: 'isComposed', target: 'composing' },
        ...cancel,
      },
    },
    // A device signs (issue 19): what it will show, computed from the typed data sent, before its prompt.
    checkingOnDevice: {
      tags: ['step.sign'],
      on: {
        'user.confirmOnDevice': { target: 'signing' },
        'user.back': { target: 'review', actions: 'clearDeviceCheck' },
        ...walletGone,
        ...cancel,
      },
    },
    signing: {
      tags: ['step.sign', NON_IDEMPOTENT],
      on: { ...recover, ...walletGone },
      invoke: {
        id: 'requestSignature',
        src: 'requestSignature',
        input: ({ context }) => ({ safe: context.safe, wallet: context.wallet, preview: previewOf(context), anyChainAcknowledged: context.anyChainAcknowledged === true }),
        onDone: [
          { guard: 'isNewMessage', target: 'creating', actions: 'assignPendingSignature' },
          { target: 'addingSignature', actions: 'assignPendingSignature' },
        ],
        onError: walletError,
      },
    },
    creating: {
      tags: ['step.sign', NON_IDEMPOTENT],
      on: recover,
      invoke: {
        id: 'createMessage',
        src: 'createMessage',
        input: ({ context }) => ({
          safe: context.safe,
          preview: previewOf(context),
          signature: mustHave(context.pendingSignature, 'pendingSignature'),
          origin: context.origin,
          safeAppId: context.safeAppId,
        }),
        onDone: afterSubmit,
        onError: { target: 'submitFailed', actions: 'assignError' },
      },
    },
    addingSignature: {
      tags: ['step.sign', NON_IDEMPOTENT],
      on: recover,
      invoke: {
        id: 'addSignature',
        src: 'addSignature',
        input: ({ context }) => ({ safe: context.safe, messageHash: hashOf(context), signature: mustHave(context.pendingSignature, 'pendingSignature') }),
        onDone: afterSubmit,
        onError: { target: 'submitFailed', actions: 'assignError' },
      },
    },
    walletError: {
      tags: ['step.sign'],
      on: { 'user.retry': { target: 'review', actions: 'clearErrors' }, ...cancel },
      initial: 'other',
      states: walletErrorStatesOf(WALLET_FAILURE_KINDS),
    },
    submitFailed: {
      tags: ['step.sign'],
      on: { 'user.retry': resubmit, ...cancel },
    },

    // ───────────── collecting confirmations ─────────────
    collecting: {
      tags: ['step.collect'],
      on: {
        // Another owner connected their wallet: they sign here.
        'user.sign': [
          { guard: 'canSignOnDevice', target: 'checkingOnDevice', actions: ['clearErrors', 'assignSignatureCheck'] },
          { guard: 'canSign', target: 'signing', actions: 'clearErrors' },
        ],
        ...acknowledgeAnyChain,
        ...close,
      },
      initial: 'waiting',
      states: {
        waiting: {
          invoke: {
            id: 'watchMessage',
            src: 'watchMessage',
            input: ({ context }) => ({
              safe: context.safe,
              messageHash: hashOf(context),
              confirmationsSubmitted: context.gatewayMessage?.confirmationsSubmitted ?? 0,
            }),
            onDone: [
              { guard: 'isGatewayHashMismatch', target: `#${MESSAGE_FLOW_ID}.refused`, actions: 'assignGatewayMismatch' },
              { guard: 'isAnswerConfirmed', target: `#${MESSAGE_FLOW_ID}.verifying`, actions: 'assignGatewayMessage' },
              { target: 'waiting', reenter: true, actions: 'assignGatewayMessage' },
            ],
            onError: { target: 'watchFailed', actions: 'assignError' },
          },
        },
        watchFailed: {
          on: { 'user.retry': { target: 'waiting', actions: 'clearErrors' } },
        },
      },
    },

    // ───────────── verification on chain ─────────────
    verifying: {
      tags: ['step.verify', 'busy'],
      invoke: {
        id: 'verifyOnChain',
        src: 'verifyOnChain',
        input: ({ context }) => ({
          safe: context.safe,
          innerHash: previewOf(context).innerHash,
          signature: mustHave(context.gatewayMessage?.preparedSignature ?? null, 'preparedSignature'),
        }),
        onDone: [
          { guard: 'isValidSignature', target: 'confirmed', actions: 'assignVerification' },
          { target: 'verificationFailed', actions: 'assignVerification' },
        ],
        onError: { target: 'verificationFailed', actions: ['assignError', 'clearVerification'] },
      },
    },
    verificationFailed: {
      tags: ['step.verify'],
      on: { 'user.retry': { target: 'verifying', actions: 'clearErrors' }, ...close },
    },
    confirmed: {
      tags: ['step.done'],
      on: close,
    },

    // ───────────── after a restore ─────────────
    checkingStatus: {
      tags: ['step.sign', 'busy'],
      invoke: {
        id: 'checkMessageStatus',
        src: 'loadMessage',
        input: ({ context }) => ({ safe: context.safe, messageHash: hashOf(context) }),
        onDone: [
          { guard: 'isGatewayHashMismatch', target: 'refused', actions: 'assignGatewayMismatch' },
          { guard: 'isAnswerConfirmed', target: 'verifying', actions: 'assignSubmitted' },
          { guard: 'isAnswerSignedByUs', target: 'collecting', actions: 'assignSubmitted' },
          { target: 'interrupted' },
        ],
        onError: { target: 'interrupted' },
      },
    },
    interrupted: {
      tags: ['step.sign'],
      on: {
        // A signature obtained before the reload is submitted again only on this explicit retry.
        'user.retry': [
          { guard: 'hasPendingNewMessage', target: 'creating', actions: 'clearErrors' },
          { guard: 'hasPendingSignature', target: 'addingSignature', actions: 'clearErrors' },
          { target: 'review', actions: 'clearErrors' },
        ],
        ...cancel,
      },
    },
    // ───────────── on-chain fallback ─────────────
    preparingOnChain: {
      tags: ['step.onChain', 'busy'],
      invoke: {
        id: 'prepareOnChainSignature',
        src: 'prepareOnChainSignature',
        input: ({ context }) => ({ safe: context.safe, innerHash: previewOf(context).innerHash }),
        onDone: { target: 'onChainReview', actions: 'assignOnChainRequest' },
        onError: { target: 'onChainUnavailable', actions: 'assignError' },
      },
    },
    onChainReview: {
      tags: ['step.onChain'],
      on: {
        'user.confirmOnChain': { guard: 'chainAllowsSigning', target: 'awaitingTransaction', actions: 'startOnChainSignature' },
        ...acknowledgeAnyChain,
        ...cancel,
      },
    },
    onChainUnavailable: {
      tags: ['step.onChain'],
      on: cancel,
    },
    awaitingTransaction: {
      tags: ['step.onChain'],
      on: {
        'txFlow.proposed': { target: 'proposedOnChain', actions: 'assignSafeTxHash' },
        'txFlow.cancelled': { target: 'cancelled' },
      },
    },

    refused: {
      tags: ['step.done'],
      on: close,
    },
    proposedOnChain: { type: 'final' },
    cancelled: { type: 'final' },
    closed: { type: 'final' },
  },
  output: ({ context }): MessageFlowOutput => {
    if (context.safeTxHash) return { status: 'proposed', safeTxHash: context.safeTxHash };
    const prepared = context.gatewayMessage?.preparedSignature ?? null;
    if (context.verification?.valid && prepared && context.preview) return { status: 'signed', messageHash: context.preview.safeMessageHash, signature: prepared };
    return { status: 'rejected', messageHash: context.preview?.safeMessageHash ?? context.requestedHash };
  },
});

export type MessageFlowMachine = typeof messageFlowMachine;
