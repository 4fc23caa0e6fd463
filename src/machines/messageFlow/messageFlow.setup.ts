/**
 * The vocabulary of the messageFlow machine: context, the named effects (typed placeholders that
 * src/services/messageFlow.ts replaces), guards, actions and the pure rules the views read (who may sign,
 * who is missing). The state graph is in messageFlow.machine.ts.
 */
import { assign, emit, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { safeInfoAllowsSigning } from '../../domain/safe/safeInfoCheck.ts';
import type {
  Address,
  GatewayMessageView,
  Hex,
  MessageFlowContext,
  MessageFlowEffects,
  MessageFlowEvent,
  MessageFlowInput,
  MessageFlowSafe,
  MessageChainCheck,
  MessagePreview,
  MessageRequest,
  OnChainSignatureRequest,
  OwnerSignature,
  StartOnChainSignatureEvent,
  Verification,
  WalletFailure,
  WalletFailureKind,
} from './messageFlow.types.ts';
import { sameHex } from '../../domain/hex.ts';
import { typedDataDisplay } from '../../domain/wallet/deviceDisplay.ts';
import type { DeviceCheck } from '../transactionFlow/transactionFlow.types.ts';
import type { TypedDataDefinition } from 'viem';

export const MESSAGE_FLOW_ID = 'messageFlow';

/** Effects that are not idempotent (a wallet prompt, a POST): never re-run on restore. */
export const NON_IDEMPOTENT = 'nonIdempotent';

/** Anchor texts (anchor-features §3). */
export const MESSAGE_TEXTS = {
  noWallet: 'No wallet is connected.',
  notSigner: "You are currently not a signer of this Safe account and won't be able to confirm this message.",
  alreadySigned: 'Your connected wallet has already signed this message.',
  /**
   * Not Safe{Wallet}'s "Closing the modal will abort the signing request": here closing keeps the signature (the
   * flow ends in `closed`; the message and its confirmations stay on the gateway).
   */
  collecting:
    'Collect all the confirmations… Your signature is saved: you can close this dialog, and the other signers can confirm the message from the Messages list.',
  /** The headline once the Safe's EIP-1271 check accepts the signature (the technical result is shown under it). */
  verified: 'The Safe confirms this signature on chain: apps that check it will accept it.',
  /** The headline when the Safe's EIP-1271 check refuses the signature (the technical result is shown under it). */
  notVerified: 'The Safe does not accept this signature on chain: apps that check it will refuse it.',
  appNotice: 'The signature will be submitted to the requesting app when the message is fully signed.',
  signed: 'Message successfully signed',
  onChainWarning: 'Signing a message with your Safe account requires a transaction on the blockchain',
  /** Typed data whose EIP-712 domain names no chain (decision 0026). */
  anyChain: 'This message names no chain (its EIP-712 domain has no chainId): a signature for it is valid on every chain, not only on this Safe’s.',
  anyChainAcknowledgement: 'I understand this message is valid on every chain',
  chainBlocked: 'Nothing was sent to your wallet.',
} as const;

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The text of an effect's error; accepts an Error, its logged JSON form or a WalletFailure. */
export function errorText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (typeof error === 'string' && error) return error;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message) return error.message;
  return fallback;
}

/** Every wallet failure the message flow tells apart, each its own `walletError` state (`other` last: the fallback). */
export const WALLET_FAILURE_KINDS: readonly WalletFailureKind[] = [
  'rejected',
  'wrongChain',
  'disconnected',
  'notOwner',
  'deviceLocked',
  'wrongApp',
  'blindSigningDisabled',
  'deviceDisconnected',
  'noTypedData',
  'other',
];

export function walletFailureOf(error: unknown): WalletFailure {
  const kind = typeof error === 'object' && error !== null && 'kind' in error ? (error as { kind: unknown }).kind : null;
  return { kind: WALLET_FAILURE_KINDS.includes(kind as WalletFailureKind) ? (kind as WalletFailureKind) : 'other', message: errorText(error, 'Error signing message, please retry!') };
}

/** The SafeMessage's signature as the connected device will show it (the typed data eth_signTypedData_v4 sends). */
export function messageCheckOf(context: Pick<MessageFlowContext, 'wallet' | 'preview'>): DeviceCheck | undefined {
  const device = context.wallet?.device;
  if (!device || !context.preview) return undefined;
  return { what: 'signature', device, lines: typedDataDisplay(device.display, JSON.parse(context.preview.walletTypedData) as TypedDataDefinition) };
}

export const isOwner = (safe: MessageFlowSafe, address: string): boolean => safe.owners.some((o) => sameAddress(o, address));

/** Confirmations by current owners, one per owner (the gateway's list, filtered). */
export function ownerConfirmations(context: Pick<MessageFlowContext, 'safe' | 'gatewayMessage'>): Address[] {
  const seen: Address[] = [];
  for (const c of context.gatewayMessage?.confirmations ?? []) {
    if (isOwner(context.safe, c.owner) && !seen.some((s) => sameAddress(s, c.owner))) seen.push(c.owner);
  }
  return seen;
}

/** Owners who have not signed yet. */
export const missingSigners = (context: Pick<MessageFlowContext, 'safe' | 'gatewayMessage'>): Address[] =>
  context.safe.owners.filter((o) => !ownerConfirmations(context).some((s) => sameAddress(s, o)));

export const hasWalletSigned = (context: Pick<MessageFlowContext, 'wallet' | 'safe' | 'gatewayMessage'>): boolean =>
  context.wallet !== null && ownerConfirmations(context).some((s) => sameAddress(s, context.wallet!.address));

/** Why the connected wallet cannot sign now (anchor texts), or null when it can. */
export function signBlocker(context: Pick<MessageFlowContext, 'wallet' | 'safe' | 'gatewayMessage' | 'preview'>): string | null {
  if (context.wallet === null) return MESSAGE_TEXTS.noWallet;
  if (!isOwner(context.safe, context.wallet.address)) return MESSAGE_TEXTS.notSigner;
  if (hasWalletSigned(context)) return MESSAGE_TEXTS.alreadySigned;
  return null;
}

/** The preview's chain verdict; a preview recorded before schemaVersion 2 has none and replays as it ran then. */
export const chainCheckOf = (preview: MessagePreview | null): MessageChainCheck => preview?.chain ?? { kind: 'text' };

/** Typed data naming no chain, not yet acknowledged by the user: the ack checkbox is shown and signing waits. */
export const needsAnyChainAcknowledgement = (context: Pick<MessageFlowContext, 'preview'>): boolean => chainCheckOf(context.preview).kind === 'anyChain';

/**
 * The message may be signed as far as its chain goes (decision 0026): never for another chain; for no chain only
 * once acknowledged; text and the Safe's chain always.
 */
export function chainAllowsSigning(context: Pick<MessageFlowContext, 'preview' | 'anyChainAcknowledged'>): boolean {
  const kind = chainCheckOf(context.preview).kind;
  return kind !== 'otherChain' && (kind !== 'anyChain' || context.anyChainAcknowledged === true);
}

/**
 * The Safe info agrees with the chain (decision 0053). A preview recorded before the check existed has no verdict
 * and replays as it ran then.
 */
export const safeInfoAllowsMessageSigning = (context: Pick<MessageFlowContext, 'preview'>): boolean =>
  context.preview?.safeInfo === undefined || safeInfoAllowsSigning(context.preview.safeInfo);

export const canSign = (context: MessageFlowContext): boolean =>
  context.preview !== null &&
  context.gatewayMessage?.status !== 'CONFIRMED' &&
  signBlocker(context) === null &&
  chainAllowsSigning(context) &&
  safeInfoAllowsMessageSigning(context);

/** The hash the gateway must answer for: the local SafeMessage hash, else the one asked for. */
export const expectedHash = (context: Pick<MessageFlowContext, 'preview' | 'requestedHash'>): Hex | null =>
  context.preview?.safeMessageHash ?? context.requestedHash;

export const hashMismatchText = (received: string, local: string): string =>
  `Refused: the gateway answered for message hash ${received}, but the SafeMessage hash computed locally is ${local}. Nothing was signed or sent.`;

export const requestedMismatchText = (requested: string, local: string): string =>
  `Refused: the message stored under ${requested} hashes locally to ${local}. The gateway's message does not match its hash; do not sign it.`;

const outputOf = <T>(event: unknown): T => (event as { output: T }).output;

export function initialContext(input: MessageFlowInput): MessageFlowContext {
  return {
    flowId: input.flowId,
    mode: input.mode,
    safe: input.safe,
    wallet: input.wallet,
    signing: input.signing ?? 'offChain',
    offChainSupported: input.offChainSupported,
    origin: input.origin ?? null,
    safeAppId: input.safeAppId ?? null,
    requestedHash: input.messageHash ?? null,
    request: input.mode === 'sign' ? (input.message ?? null) : null,
    preview: null,
    gatewayMessage: null,
    pendingSignature: null,
    verification: null,
    onChainRequest: null,
    safeTxHash: null,
    walletFailure: null,
    error: null,
    anyChainAcknowledged: false,
  };
}

export const messageFlowSetup = setup({
  types: {
    context: {} as MessageFlowContext,
    events: {} as MessageFlowEvent,
    input: {} as MessageFlowInput,
    emitted: {} as StartOnChainSignatureEvent,
    tags: {} as 'nonIdempotent' | 'busy' | 'step.compose' | 'step.review' | 'step.sign' | 'step.collect' | 'step.verify' | 'step.onChain' | 'step.done',
  },
  actors: {
    ...effectPlaceholders<MessageFlowEffects>(
      {
        computeMessageHash: true,
        loadMessage: true,
        requestSignature: true,
        createMessage: true,
        addSignature: true,
        watchMessage: true,
        verifyOnChain: true,
        prepareOnChainSignature: true,
      },
      'src/services/messageFlow.ts',
    ),
  },
  guards: {
    isConfirmMode: ({ context }) => context.mode === 'confirm',
    hasMessage: ({ context }) => context.request !== null,
    isComposed: ({ context }) => context.request?.kind === 'draft',
    wantsOnChain: ({ context }) => context.mode === 'sign' && (context.signing === 'onChain' || !context.offChainSupported),
    /** confirm mode: the gateway's stored message does not hash to the hash asked for. */
    /** The local hash says the typed data names another chain than the Safe's (decision 0026). */
    isForAnotherChain: ({ event }) => chainCheckOf(outputOf<MessagePreview>(event)).kind === 'otherChain',
    /** Typed data naming no chain, and the user's tick changes the acknowledgement. */
    isAcknowledgementChange: ({ context, event }) =>
      event.type === 'user.acknowledgeAnyChain' && needsAnyChainAcknowledgement(context) && event.acknowledged !== context.anyChainAcknowledged,
    chainAllowsSigning: ({ context }) => chainAllowsSigning(context),
    isRequestedHashMismatch: ({ context, event }) =>
      context.requestedHash !== null && !sameHex(outputOf<MessagePreview>(event).safeMessageHash, context.requestedHash),
    /** The gateway answered for another hash than the local one. */
    isGatewayHashMismatch: ({ context, event }) => {
      const answer = outputOf<GatewayMessageView | null>(event);
      const expected = expectedHash(context);
      return answer !== null && expected !== null && !sameHex(answer.messageHash, expected);
    },
    isMessageUnknown: ({ context, event }) => context.mode === 'confirm' && outputOf<GatewayMessageView | null>(event) === null,
    needsLocalHash: ({ context }) => context.preview === null,
    hasGatewayMessage: ({ context }) => context.gatewayMessage !== null,
    isConfirmed: ({ context }) => context.gatewayMessage?.status === 'CONFIRMED' && context.gatewayMessage.preparedSignature !== null,
    isAnswerConfirmed: ({ event }) => {
      const answer = outputOf<GatewayMessageView | null>(event);
      return answer !== null && answer.status === 'CONFIRMED' && answer.preparedSignature !== null;
    },
    /** After a restore: the gateway already holds the signature that was being submitted (or the wallet's). */
    isAnswerSignedByUs: ({ context, event }) => {
      const answer = outputOf<GatewayMessageView | null>(event);
      const us = context.pendingSignature?.signer ?? context.wallet?.address ?? null;
      return answer !== null && us !== null && answer.confirmations.some((c) => sameAddress(c.owner, us));
    },
    hasWalletSigned: ({ context }) => hasWalletSigned(context),
    isStoredConfirmed: ({ context }) => context.gatewayMessage?.status === 'CONFIRMED' && context.gatewayMessage.preparedSignature !== null,
    isStoredSignedByWallet: ({ context }) => context.gatewayMessage !== null && hasWalletSigned(context),
    hasPendingNewMessage: ({ context }) => context.pendingSignature !== null && context.gatewayMessage === null,
    isAnswerSignedByWallet: ({ context, event }) => hasWalletSigned({ ...context, gatewayMessage: outputOf<GatewayMessageView | null>(event) }),
    canSign: ({ context }) => canSign(context),
    /** The signer signs on a device (issue 19): its screen is compared first. */
    canSignOnDevice: ({ context }) => canSign(context) && context.wallet?.device !== undefined,
    canSignOnChain: ({ context }) => context.mode === 'sign' && context.gatewayMessage === null && context.preview !== null,
    isNewMessage: ({ context }) => context.gatewayMessage === null,
    hasPendingSignature: ({ context }) => context.pendingSignature !== null,
    isValidSignature: ({ event }) => outputOf<Verification>(event).valid,
    isWalletFailure: ({ event }, params: { kind: WalletFailureKind }) =>
      'error' in event ? walletFailureOf((event as { error: unknown }).error).kind === params.kind : false,
    isWalletGone: ({ event }) => event.type === 'wallet.changed' && event.wallet === null,
  },
  actions: {
    assignWallet: assign({ wallet: ({ event }) => (event.type === 'wallet.changed' ? event.wallet : null) }),
    assignWalletFailure: assign({ walletFailure: ({ event }) => walletFailureOf((event as { error?: unknown }).error) }),
    assignDisconnected: assign({ walletFailure: () => ({ kind: 'disconnected' as const, message: MESSAGE_TEXTS.noWallet }) }),
    assignError: assign({ error: ({ event }) => errorText((event as { error?: unknown }).error) }),
    clearErrors: assign({ error: null, walletFailure: null }),
    /** What the device will show for the SafeMessage, computed from the typed data sent to it (issue 19). */
    assignSignatureCheck: assign({ deviceCheck: ({ context }) => messageCheckOf(context) }),
    clearDeviceCheck: assign({ deviceCheck: undefined }),
    assignPreview: assign({ preview: ({ event }) => outputOf<MessagePreview>(event), error: null }),
    assignGatewayMessage: assign({ gatewayMessage: ({ event }) => outputOf<GatewayMessageView | null>(event) }),
    /** A submitted signature is now on the gateway: keep its record, forget the pending one. */
    assignSubmitted: assign({ gatewayMessage: ({ event }) => outputOf<GatewayMessageView>(event), pendingSignature: null, error: null }),
    assignGatewayMismatch: assign({
      error: ({ context, event }) => hashMismatchText(outputOf<GatewayMessageView>(event).messageHash, expectedHash(context) ?? '(none)'),
    }),
    assignRequestedMismatch: assign({
      preview: ({ event }) => outputOf<MessagePreview>(event),
      error: ({ context, event }) => requestedMismatchText(context.requestedHash ?? '(none)', outputOf<MessagePreview>(event).safeMessageHash),
    }),
    assignUnknownMessage: assign({
      error: ({ context }) => `The gateway has no message with hash ${context.requestedHash ?? '(none)'} for this Safe.`,
    }),
    /** confirm mode: the stored message becomes what is hashed locally. */
    assignStoredMessage: assign(({ event }) => {
      const answer = outputOf<GatewayMessageView>(event);
      const request: MessageRequest =
        typeof answer.message === 'string' ? { kind: 'text', message: answer.message } : { kind: 'typed', typedData: answer.message };
      return { gatewayMessage: answer, request };
    }),
    assignDraft: assign({
      request: ({ event }) => (event.type === 'user.compose' ? { kind: 'draft' as const, format: event.format, text: event.text } : null),
      error: null,
      anyChainAcknowledged: false,
    }),
    /** Typed data for another chain: the preview is kept (shown) and the refusal becomes the error. */
    assignChainBlocked: assign({
      preview: ({ event }) => outputOf<MessagePreview>(event),
      error: ({ event }) => {
        const chain = chainCheckOf(outputOf<MessagePreview>(event));
        return chain.kind === 'otherChain' ? chain.reason : null;
      },
    }),
    assignAnyChainAcknowledged: assign({
      anyChainAcknowledged: ({ context, event }) => (event.type === 'user.acknowledgeAnyChain' ? event.acknowledged : context.anyChainAcknowledged),
    }),
    assignPendingSignature: assign({ pendingSignature: ({ event }) => outputOf<OwnerSignature>(event) }),
    assignVerification: assign({ verification: ({ event }) => outputOf<Verification>(event), error: null }),
    clearVerification: assign({ verification: null }),
    assignSafeTxHash: assign({ safeTxHash: ({ event }) => (event.type === 'txFlow.proposed' ? event.safeTxHash : null) }),
    assignOnChainRequest: assign({ onChainRequest: ({ event }) => outputOf<OnChainSignatureRequest>(event), error: null }),
    /** Hands the SignMessageLib transaction to the transaction flow (the parent listens for it). */
    startOnChainSignature: emit(({ context }): StartOnChainSignatureEvent => {
      if (!context.onChainRequest) throw new Error('messageFlow: the on-chain request is missing');
      return { type: 'startOnChainSignature', flowId: context.flowId, safe: context.safe, request: context.onChainRequest };
    }),
  },
});
