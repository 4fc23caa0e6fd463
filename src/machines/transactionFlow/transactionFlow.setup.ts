/**
 * The vocabulary of the transactionFlow machine: context/event types, the named effects (typed placeholders
 * that src/services/transactionFlow/transactionFlow.ts replaces), guards and actions. The state graph is in
 * transactionFlow.machine.ts.
 */
import { and, assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import type { TxDescription } from '../../domain/safe/txDescription.ts';
import type { SafeInfoVerdict } from '../../domain/safe/safeInfoCheck.ts';
import type { NestedApproval } from '../../domain/safe/nestedApproval.ts';
import type { Simulation } from '../shared/simulation.ts';
import { isDraftValid, isEditedCallShape, validateNonce } from './draft.ts';
import { safeTxTypedData } from '../../domain/safe/hashing.ts';
import { toSafeTx } from '../../domain/safe/safeTxJson.ts';
import { typedDataDisplay } from '../../domain/wallet/deviceDisplay.ts';
import { DEVICE_CHECK_CLEARED, SEND_FAILURE_KINDS, changesKept, executionStored } from '../shared/deviceExecution.ts';

export { executionCheckOf, unsignedExecutionOf } from '../shared/deviceExecution.ts';
import { getAddress, type TypedDataDefinition } from 'viem';
import type {
  CallDraft,
  Confirmation,
  DeviceCheck,
  ExecutionPlan,
  VerifiedConfirmations,
  GatewayView,
  Hex,
  LoadedTx,
  NonceInfo,
  Risk,
  SafeTxJson,
  StatusCheck,
  SubmitIntent,
  TrackResult,
  TransactionFlowEffects,
  TxDraft,
  TxFlowContext,
  TxFlowEvent,
  TxFlowInput,
  TxFlowSafe,
  TxHashes,
  TxOutcome,
  WalletFailure,
  WalletFailureKind,
} from './transactionFlow.types.ts';

export const TX_FLOW_ID = 'transactionFlow';

/** Effects that are not idempotent (a wallet prompt, a broadcast, a POST): never re-run on restore. */
export const NON_IDEMPOTENT = 'nonIdempotent';

/** The text for an effect's error; accepts an Error, its logged JSON form or a WalletFailure. */
export function errorText(error: unknown, fallback = 'Error submitting the transaction. Please try again.'): string {
  if (typeof error === 'string' && error) return error;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message) return error.message;
  return fallback;
}

/** Every wallet failure the transaction flow tells apart, each its own `walletError` state (`other` last: the fallback). */
export const WALLET_FAILURE_KINDS: readonly WalletFailureKind[] = [...SEND_FAILURE_KINDS.filter((kind) => kind !== 'other'), 'noTypedData', 'other'];

/** Reads a WalletFailure out of an effect error (anything else counts as `other`). */
export function walletFailureOf(error: unknown): WalletFailure {
  const kind = typeof error === 'object' && error !== null && 'kind' in error ? (error as { kind: unknown }).kind : null;
  return {
    kind: WALLET_FAILURE_KINDS.includes(kind as WalletFailureKind) ? (kind as WalletFailureKind) : 'other',
    message: errorText(error),
  };
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Signatures the Safe would accept for this tx: those of current owners, one per owner. */
export function validConfirmations(context: Pick<TxFlowContext, 'confirmations' | 'safe'>): Confirmation[] {
  return context.confirmations.filter((c) => context.safe.owners.some((o) => sameAddress(o, c.signer)));
}

export const isWalletOwner = (context: Pick<TxFlowContext, 'wallet' | 'safe'>): boolean =>
  context.wallet !== null && context.safe.owners.some((o) => sameAddress(o, context.wallet!.address));

export const hasWalletSigned = (context: Pick<TxFlowContext, 'wallet' | 'confirmations'>): boolean =>
  context.wallet !== null && context.confirmations.some((c) => sameAddress(c.signer, context.wallet!.address));

/** Nothing blocks signing: the gateway agrees with the local SafeTx, and blocking risks are acknowledged. */
/**
 * Warnings no acknowledgement lifts: the Safe's implementation replaced by something the data does not declare,
 * or a migration to an implementation that is not a canonical Safe singleton (issue 15 holes 5 and 6); a
 * counterparty that imitates an address the signer knows (S17; the way forward is to go back, or to add the
 * address to the address book once checked in full).
 */
export const LOOK_ALIKE_RISK_ID = 'look-alike-address';
export const HARD_BLOCK_RISKS: readonly string[] = ['untrusted-migration', 'implementation-change', LOOK_ALIKE_RISK_ID];
export const hardBlocksOf = (risks: readonly Risk[]): string[] => risks.filter((r) => r.severity === 'blocking' && HARD_BLOCK_RISKS.includes(r.id)).map((r) => r.detail);

export const isClearToSubmit = (context: Pick<TxFlowContext, 'mismatches' | 'risks' | 'risksAcknowledged' | 'safeTx' | 'blocks'>): boolean =>
  context.safeTx !== null && context.mismatches.length === 0 && context.blocks.length === 0 && (context.risksAcknowledged || !context.risks.some((r) => r.severity === 'blocking'));

const isNextNonce = (context: TxFlowContext) => context.safeTx !== null && Number(context.safeTx.nonce) === context.safe.nonce;

export const canSign = (context: TxFlowContext) => isClearToSubmit(context) && isWalletOwner(context) && !hasWalletSigned(context);
export const canExecute = (context: TxFlowContext) =>
  isClearToSubmit(context) && context.wallet !== null && isNextNonce(context) && validConfirmations(context).length >= context.safe.threshold;
export const canSignAndExecute = (context: TxFlowContext) =>
  canSign(context) && isNextNonce(context) && validConfirmations(context).length + 1 >= context.safe.threshold;
/** A new transaction, clear to submit, from a connected wallet that is not an owner: it may be proposed, if the wallet is a proposer. */
export const canPropose = (context: TxFlowContext) => context.mode === 'create' && isClearToSubmit(context) && context.wallet !== null && !isWalletOwner(context);
export const canRelay = (context: TxFlowContext) =>
  isClearToSubmit(context) && isNextNonce(context) && validConfirmations(context).length >= context.safe.threshold && (context.relay?.remaining ?? 0) > 0;

const isLegacySafe = (safe: TxFlowSafe) => {
  const m = /^v?(\d+)\.(\d+)/.exec(safe.version);
  return m ? Number(m[1]) < 1 || (Number(m[1]) === 1 && Number(m[2]) < 3) : false;
};

export function initialContext(input: TxFlowInput): TxFlowContext {
  const draft: TxDraft | null = input.mode === 'reject' ? { kind: 'rejection' } : (input.initialDraft ?? null);
  return {
    flowId: input.flowId,
    mode: input.mode,
    ...(input.mode === 'reject' && input.replaces ? { replaces: input.replaces } : {}),
    safe: input.safe,
    wallet: input.wallet,
    txId: input.txId ?? null,
    tokens: input.tokens ?? [],
    draft,
    batch: draft?.kind === 'batch' ? draft.calls : [],
    contractAbi: null,
    abiError: null,
    nonces: null,
    nonceInput: input.mode === 'reject' && input.nonce !== null && input.nonce !== undefined ? String(input.nonce) : '',
    safeTxGas: '0',
    safeTx: null,
    hashes: null,
    gatewayView: null,
    txLabel: null,
    mismatches: [],
    description: null,
    simulation: null,
    blocks: [],
    risks: [],
    risksAcknowledged: false,
    confirmations: [],
    confirmationChecks: [],
    proposer: null,
    relay: null,
    intent: null,
    pendingSignature: null,
    txHash: null,
    relayTaskId: null,
    outcome: null,
    walletFailure: null,
    error: null,
  };
}

/** The SafeTx's signature as the connected device will show it (the typed data signTypedData sends). */
export function signatureCheckOf(context: Pick<TxFlowContext, 'wallet' | 'safe' | 'safeTx'>): DeviceCheck | undefined {
  const device = context.wallet?.device;
  if (!device || !context.safeTx) return undefined;
  const ctx = { chainId: BigInt(context.safe.chainId), safeAddress: getAddress(context.safe.address), version: context.safe.version };
  return { what: 'signature', device, lines: typedDataDisplay(device.display, safeTxTypedData(ctx, toSafeTx(context.safeTx)) as TypedDataDefinition) };
}

export const txFlowSetup = setup({
  types: {
    context: {} as TxFlowContext,
    events: {} as TxFlowEvent,
    input: {} as TxFlowInput,
    tags: {} as
      | 'nonIdempotent'
      | 'busy'
      | 'step.compose'
      | 'step.nonce'
      | 'step.review'
      | 'step.submit'
      | 'step.track'
      | 'step.done',
  },
  actors: {
    ...effectPlaceholders<TransactionFlowEffects>(
      {
        loadContractAbi: true,
        loadNonces: true,
        estimateSafeTxGas: true,
        buildSafeTx: true,
        loadTx: true,
        decodeTx: true,
        crossCheck: true,
        classifyRisks: true,
        simulateTx: true,
        loadRelayRemaining: true,
        checkProposer: true,
        requestSignature: true,
        proposeTx: true,
        executeTx: true,
        prepareExecution: true,
        relayTx: true,
        waitForReceipt: true,
        checkTxStatus: true,
      },
      'src/services/transactionFlow/transactionFlow.ts',
    ),
  },
  guards: {
    isMode: ({ context }, params: { mode: TxFlowInput['mode'] }) => context.mode === params.mode,
    isCreate: ({ context }) => context.mode === 'create',
    isComposedDraftValid: ({ context, event }) => event.type === 'user.compose' && isDraftValid(event.draft, context.safe, context.tokens),
    isBatchable: ({ context, event }) => event.type === 'user.addToBatch' && isDraftValid(event.call, context.safe, context.tokens),
    isEditedCall: ({ event }) => event.type === 'user.editDraft' && isEditedCallShape(event.call),
    hasBatchItem: ({ context, event }) => event.type === 'user.removeFromBatch' && event.index >= 0 && event.index < context.batch.length,
    hasValidNonce: ({ context }) => validateNonce(context.nonceInput, context.safe.nonce, context.nonces?.recommended ?? null).error === null,
    isLegacySafe: ({ context }) => isLegacySafe(context.safe),
    canSign: ({ context }) => canSign(context),
    canSignAndExecute: ({ context }) => canSignAndExecute(context),
    canExecute: ({ context }) => canExecute(context),
    canRelay: ({ context }) => canRelay(context),
    canPropose: ({ context }) => canPropose(context),
    isProposer: (_, result: { proposer: boolean }) => result.proposer,
    isIntent: ({ context }, params: { intent: SubmitIntent }) => context.intent === params.intent,
    /** The same three submits, by a signer on a device (issue 19): its screen is compared first. */
    canSignOnDevice: and(['canSign', 'usesDevice']),
    canSignAndExecuteOnDevice: and(['canSignAndExecute', 'usesDevice']),
    canExecuteOnDevice: and(['canExecute', 'usesDevice']),
    /** Signing and executing in one go, on a device: the execution is checked on the device too. */
    isSignAndExecuteOnDevice: ({ context }) => context.intent === 'signAndExecute' && context.wallet?.device !== undefined,
    /** A proposer signs on a device. */
    isProposerOnDevice: ({ context }, result: { proposer: boolean }) => result.proposer && context.wallet?.device !== undefined,
    isWalletFailure: ({ event }, params: { kind: WalletFailureKind }) =>
      'error' in event ? walletFailureOf((event as { error: unknown }).error).kind === params.kind : false,
    isWalletGone: ({ event }) => event.type === 'wallet.changed' && event.wallet === null,
    /** The connected wallet signs on a device (hardware or remote signer): the signer compares its screen first (issue 19). */
    usesDevice: ({ context }) => context.wallet?.device !== undefined,
    hasPendingSignature: ({ context }) => context.pendingSignature !== null,
    isExecutedOnChain: ({ event }) =>
      'output' in event && (event as { output: StatusCheck }).output.status === 'executed' && (event as { output: StatusCheck }).output.txHash !== null,

    /** A valid nonce on a Safe before 1.3.0, which needs safeTxGas estimated first. */
    hasValidNonceOnLegacySafe: and(['hasValidNonce', 'isLegacySafe']),
    isCreateOnLegacySafe: and(['isCreate', 'isLegacySafe']),
    /** The tracked execution succeeded. */
    isTrackSuccess: (_, result: TrackResult) => result.status === 'SUCCESS',
  },
  actions: {
    assignWallet: assign({ wallet: ({ event }) => (event.type === 'wallet.changed' ? event.wallet : null) }),
    assignWalletFailure: assign({ walletFailure: ({ event }) => walletFailureOf((event as { error?: unknown }).error) }),
    assignDisconnected: assign({ walletFailure: () => ({ kind: 'disconnected' as const, message: 'The wallet was disconnected.' }) }),
    assignError: assign({ error: ({ event }) => errorText((event as { error?: unknown }).error) }),
    clearErrors: assign({ error: null, walletFailure: null, abiError: null }),
    assignIntent: assign((_, params: { intent: SubmitIntent }) => ({ intent: params.intent })),
    addBatchCall: assign(({ context }, { call }: { call: CallDraft }) => ({ batch: [...context.batch, call], editing: undefined })),
    /** The compose form as typed, kept for a reload. */
    keepEditedCall: assign((_, { call }: { call: CallDraft }) => ({ editing: call })),
    removeBatchCall: assign(({ context }, { index }: { index: number }) => ({ batch: context.batch.filter((_, i) => i !== index) })),
    /** The draft as composed (valid). */
    acceptDraft: assign((_, { draft }: { draft: TxDraft }) => ({ draft, editing: undefined, error: null })),
    clearAbiError: assign({ abiError: null }),
    storeContractAbi: assign((_, contractAbi: NonNullable<TxFlowContext['contractAbi']>) => ({ contractAbi })),
    markAbiNotFound: assign({ contractAbi: null, abiError: 'No verified ABI found for this address. Paste the ABI instead.' }),
    /** The nonces; the nonce typed so far is kept, else the recommended one is proposed. */
    storeNonces: assign(({ context }, nonces: NonceInfo) => ({ nonces, nonceInput: context.nonceInput || String(nonces.recommended) })),
    setNonceInput: assign((_, { nonce }: { nonce: string }) => ({ nonceInput: nonce })),
    storeSafeTxGas: assign((_, { safeTxGas }: { safeTxGas: string }) => ({ safeTxGas })),
    /** A queued transaction as loaded: its SafeTx, hashes, confirmations and the gateway's view of it. */
    storeLoadedTx: assign((_, tx: LoadedTx & { hashes: TxHashes }) => ({
      safeTx: tx.safeTx,
      hashes: tx.hashes,
      confirmations: tx.confirmations,
      confirmationChecks: tx.confirmationChecks ?? [],
      proposer: tx.proposer,
      gatewayView: tx.gatewayView,
      txLabel: tx.label,
      nonceInput: tx.safeTx.nonce,
    })),
    /** A newly built SafeTx; risks acknowledged for an earlier one no longer count. */
    storeBuiltSafeTx: assign((_, built: { safeTx: SafeTxJson; hashes: TxHashes; label: string }) => ({
      safeTx: built.safeTx,
      hashes: built.hashes,
      txLabel: built.label,
      risksAcknowledged: false,
    })),
    storeGatewayView: assign((_, gatewayView: GatewayView) => ({ gatewayView })),
    /** The cross-check; the Safe info's verdict only when the check gave one (older records replay without it). */
    storeCrossCheck: assign((_, checked: { mismatches: string[]; description?: TxDescription | null; safeInfo?: SafeInfoVerdict; nested?: NestedApproval }) => ({
      mismatches: checked.mismatches,
      description: checked.description ?? null,
      ...(checked.safeInfo ? { safeInfo: checked.safeInfo } : {}),
      // Cleared when this SafeTx approves nothing (undefined leaves no trace in the logged context).
      nested: checked.nested,
    })),
    storeRisks: assign((_, risks: Risk[]) => ({ risks })),
    /** What the simulation saw that the data does not declare, or a revert, joins the warnings (blocking). */
    storeSimulation: assign(({ context }, simulated: { simulation: Simulation; risks: Risk[]; blocks?: string[] }) => ({
      simulation: simulated.simulation,
      risks: [...context.risks, ...simulated.risks],
      blocks: [...new Set([...hardBlocksOf(context.risks), ...hardBlocksOf(simulated.risks), ...(simulated.blocks ?? [])])],
    })),
    /**
     * The simulation shown as unavailable, never skipped silently; the other checks still stand. errorText reads
     * `message` of an Error or of its recorded form, so a replayed log gives the same reason.
     */
    markSimulationUnavailable: assign(({ context }, { error }: { error: unknown }) => ({
      simulation: { status: 'unavailable' as const, reason: errorText(error, 'The simulation could not be run.') },
      blocks: hardBlocksOf(context.risks),
    })),
    storeRelay: assign((_, relay: { remaining: number; limit: number }) => ({ relay })),
    /** No relay on this chain or the service is down: the other ways to submit stay available. */
    forgetRelay: assign({ relay: null }),
    acknowledgeRisks: assign((_, { acknowledged }: { acknowledged: boolean }) => ({ risksAcknowledged: acknowledged })),
    storePendingSignature: assign((_, signature: Confirmation) => ({ pendingSignature: signature })),
    /** The confirmations that count, and every listed one with its verdict (absent in older logs: none). */
    storeConfirmations: assign((_, verified: VerifiedConfirmations) => ({
      confirmations: verified.confirmations,
      confirmationChecks: verified.confirmationChecks ?? [],
    })),
    clearPendingSignature: assign({ pendingSignature: null }),
    /** The gateway accepted the proposal of the connected proposer. */
    markProposed: assign({ proposedAs: ({ context }) => context.pendingSignature?.signer ?? context.wallet?.address }),
    /** The gateway does not list the connected wallet among the Safe's proposers: nothing was signed. */
    assignNotProposer: assign({
      error: ({ context }) =>
        `${context.wallet?.address ?? 'The connected wallet'} is not a proposer of this Safe. An owner can add it under Settings → Security; or connect the wallet of one of the Safe’s signers.`,
    }),
    /** The broadcast's hash, and what a device changed in the execution the signer checked (kept only when something). */
    storeTxHash: assign((_, { txHash, changes }: { txHash: Hex | null; changes?: string[] }) => ({ txHash, ...changesKept(changes) })),
    /** What the device will show for the SafeTx's signature, computed from the typed data that is sent (issue 19). */
    assignSignatureCheck: assign({ deviceCheck: ({ context }) => signatureCheckOf(context) }),
    /** The execution fixed for the device, and what the device will show for it. */
    storeExecution: assign(({ context }, execution: ExecutionPlan) => executionStored(context, execution)),
    clearDeviceCheck: assign(DEVICE_CHECK_CLEARED),
    storeRelayTask: assign((_, { taskId }: { taskId: string }) => ({ relayTaskId: taskId })),
    storeOutcome: assign((_, { outcome, txHash }: { outcome: TxOutcome; txHash: Hex }) => ({ outcome, txHash })),
  },
});
