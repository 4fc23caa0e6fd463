/**
 * bulkExecuteFlow: execute several consecutive, fully signed queued transactions in one on-chain transaction
 * (anchor-features §2.3 ExecuteBatch): a MultiSendCallOnly of `execTransaction` calls, sent by the wallet or
 * relayed. Each item's SafeTx and hashes are rebuilt locally and cross-checked (loadBatch); any mismatch, a
 * missing signature or a nonce gap blocks execution.
 *
 * A device executes (issue 19, decision 0070): review → preparingExecution (nonce, gas and fees fixed here) →
 * checkingExecution (the execution hash of the exact unsigned transaction, confirmed by the signer) → executing,
 * which sends exactly that plan; what the device changed is read back from the chain and kept (`deviceChanges`).
 * Without a device nothing of this is entered. Another wallet during those two steps returns to the review (as in
 * createSafe); none goes to `walletError.disconnected`, as everywhere in the flow.
 */
import { and, assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { errorText, hardBlocksOf, walletFailureOf } from './transactionFlow.setup.ts';
import { DEVICE_CHECK_CLEARED, SEND_FAILURE_KINDS, changesKept, executionStepOf, executionStored, isOtherWallet, signsOnDevice, walletErrorRoutesOf, walletErrorStatesOf } from '../shared/deviceExecution.ts';
import type {
  BulkExecuteContext,
  BulkExecuteEvent,
  BulkExecuteFlowEffects,
  BulkExecuteInput,
  BulkItem,
  ExecutionPlan,
  Hex,
  StatusCheck,
  TrackResult,
  TxOutcome,
  WalletFailureKind,
} from './transactionFlow.types.ts';
import { isOwner } from '../../domain/safe/owners.ts';

export const BULK_EXECUTE_FLOW_ID = 'bulkExecuteFlow';
/** Safe{Wallet}'s limit (hooks/useBatchedTxs.ts). */
export const MAX_BULK_EXECUTE = 20;

/** Why the batch cannot be executed, or null. */
export function bulkBlocker(context: Pick<BulkExecuteContext, 'items' | 'safe' | 'risksAcknowledged'>): string | null {
  const { items, safe } = context;
  if (items.length < 2) return 'Select at least two transactions.';
  if (items.length > MAX_BULK_EXECUTE) return `At most ${MAX_BULK_EXECUTE} transactions can be executed together.`;
  for (const [i, item] of items.entries()) {
    if (Number(item.safeTx.nonce) !== safe.nonce + i)
      return 'Batch execution is only available for transactions that have been fully signed and are strictly sequential in Safe account nonce.';
    if (item.mismatches.length > 0) return `Transaction ${item.safeTx.nonce} does not match what the gateway returned: ${item.mismatches[0]}`;
    const signers = new Set(item.confirmations.map((c) => c.signer.toLowerCase()).filter((s) => isOwner(safe.owners, s)));
    if (signers.size < safe.threshold)
      return 'Batch execution is only available for transactions that have been fully signed and are strictly sequential in Safe account nonce.';
  }
  for (const item of items) {
    const [block] = hardBlocksOf(item.risks);
    if (block !== undefined) return `Transaction ${item.safeTx.nonce} is blocked: ${block}`;
  }
  if (!context.risksAcknowledged && items.some((item) => item.risks.some((r) => r.severity === 'blocking'))) return 'Acknowledge the risks first.';
  return null;
}

const walletErrorRoutes = walletErrorRoutesOf(BULK_EXECUTE_FLOW_ID, SEND_FAILURE_KINDS);
const walletGone = {
  'wallet.changed': { guard: 'isWalletGone' as const, target: `#${BULK_EXECUTE_FLOW_ID}.walletError.disconnected`, actions: 'assignDisconnected' as const },
};
/**
 * While a device's check is prepared or shown: the wallet gone is a disconnected wallet (as everywhere in the flow);
 * another wallet returns to the review, whose Execute starts afresh for it (as createSafe's `walletChangedMidCheck`).
 * The wallet is asked nothing.
 */
const walletChangedMidCheck = {
  'wallet.changed': [walletGone['wallet.changed'], { guard: 'isOtherWallet' as const, target: `#${BULK_EXECUTE_FLOW_ID}.review`, actions: ['assignWallet' as const, 'clearDeviceCheck' as const] }],
};
const recover = { 'system.recover': { target: `#${BULK_EXECUTE_FLOW_ID}.checkingStatus` } };
const cancel = { 'user.cancel': { target: `#${BULK_EXECUTE_FLOW_ID}.cancelled` } };

export const bulkExecuteFlowMachine = setup({
  types: {
    context: {} as BulkExecuteContext,
    events: {} as BulkExecuteEvent,
    input: {} as BulkExecuteInput,
    tags: {} as 'nonIdempotent' | 'busy',
  },
  actors: {
    ...effectPlaceholders<BulkExecuteFlowEffects>(
      { loadBatch: true, loadRelayRemaining: true, prepareBatchExecution: true, executeBatch: true, relayBatch: true, checkBatchStatus: true, waitForReceipt: true },
      'src/services/transactionFlow/transactionFlow.ts',
    ),
  },
  guards: {
    canExecuteBatch: ({ context }) => bulkBlocker(context) === null && context.wallet !== null,
    canRelayBatch: ({ context }) => bulkBlocker(context) === null && (context.relay?.remaining ?? 0) > 0,
    /** The connected wallet signs on a device (issue 19): the execution is checked on it first. */
    usesDevice: ({ context }) => signsOnDevice(context.wallet),
    canExecuteBatchOnDevice: and(['canExecuteBatch', 'usesDevice']),
    isWalletFailure: ({ event }, params: { kind: WalletFailureKind }) =>
      'error' in event ? walletFailureOf((event as { error: unknown }).error).kind === params.kind : false,
    isWalletGone: ({ event }) => event.type === 'wallet.changed' && event.wallet === null,
    /** The wallet connected now is not the one the device's check is for (issue 19). */
    isOtherWallet: ({ context, event }) => event.type === 'wallet.changed' && isOtherWallet(context.wallet, event.wallet),
    isExecutedOnChain: ({ event }) =>
      'output' in event && (event as { output: StatusCheck }).output.status === 'executed' && (event as { output: StatusCheck }).output.txHash !== null,
    /** The tracked execution succeeded. */
    isTrackSuccess: (_, result: TrackResult) => result.status === 'SUCCESS',
  },
  actions: {
    assignWalletFailure: assign({ walletFailure: ({ event }) => walletFailureOf((event as { error?: unknown }).error) }),
    assignError: assign({ error: ({ event }) => errorText((event as { error?: unknown }).error) }),
    clearErrors: assign({ walletFailure: null, error: null }),
    assignWallet: assign({ wallet: ({ event }) => (event.type === 'wallet.changed' ? event.wallet : null) }),
    assignDisconnected: assign({ walletFailure: () => ({ kind: 'disconnected' as const, message: 'The wallet was disconnected.' }) }),
    storeItems: assign((_, items: BulkItem[]) => ({ items })),
    storeRelay: assign((_, relay: { remaining: number; limit: number }) => ({ relay })),
    /** No relay on this chain or the service is down: the wallet can still execute. */
    forgetRelay: assign({ relay: null }),
    acknowledgeRisks: assign((_, { acknowledged }: { acknowledged: boolean }) => ({ risksAcknowledged: acknowledged })),
    /** The broadcast's hash, and what a device changed in the execution the signer checked (kept only when something). */
    storeTxHash: assign((_, { txHash, changes }: { txHash: Hex | null; changes?: string[] }) => ({ txHash, ...changesKept(changes) })),
    /** The execution fixed for the device, and what the device will show for it. */
    storeExecution: assign(({ context }, execution: ExecutionPlan) => executionStored(context, execution)),
    clearDeviceCheck: assign(DEVICE_CHECK_CLEARED),
    storeOutcome: assign((_, { outcome, txHash }: { outcome: TxOutcome; txHash: Hex }) => ({ outcome, txHash })),
  },
}).createMachine({
  id: BULK_EXECUTE_FLOW_ID,
  context: ({ input }) => ({ ...input, items: [], relay: null, risksAcknowledged: false, txHash: null, outcome: null, walletFailure: null, error: null }),
  on: { 'wallet.changed': { actions: 'assignWallet' } },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBatch',
        src: 'loadBatch',
        input: ({ context }) => ({ safe: context.safe, txIds: context.txIds }),
        onDone: { target: 'loadingRelay', actions: { type: 'storeItems', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: 'assignError' },
      },
    },
    loadFailed: { on: { 'user.retry': { target: 'loading', actions: 'clearErrors' }, ...cancel } },
    loadingRelay: {
      tags: ['busy'],
      invoke: {
        id: 'loadRelayRemaining',
        src: 'loadRelayRemaining',
        input: ({ context }) => ({ safe: context.safe }),
        onDone: { target: 'review', actions: { type: 'storeRelay', params: ({ event }) => event.output } },
        onError: { target: 'review', actions: 'forgetRelay' },
      },
    },
    review: {
      on: {
        'user.acknowledgeRisks': { actions: { type: 'acknowledgeRisks', params: ({ event }) => ({ acknowledged: event.acknowledged }) } },
        'user.execute': [
          { guard: 'canExecuteBatchOnDevice', target: 'preparingExecution', actions: 'clearErrors' },
          { guard: 'canExecuteBatch', target: 'executing', actions: 'clearErrors' },
        ],
        'user.relay': { guard: 'canRelayBatch', target: 'relaying', actions: 'clearErrors' },
        ...cancel,
      },
    },
    ...executionStepOf({
      flowId: BULK_EXECUTE_FLOW_ID,
      prepare: { src: 'prepareBatchExecution', input: ({ context }: { context: BulkExecuteContext }) => ({ safe: context.safe, items: context.items, wallet: context.wallet }) },
      send: 'executing',
      leave: cancel,
      midCheck: walletChangedMidCheck,
    }),
    executing: {
      tags: ['nonIdempotent'],
      on: { ...recover, ...walletGone },
      invoke: {
        id: 'executeBatch',
        src: 'executeBatch',
        input: ({ context }) => ({ safe: context.safe, items: context.items, wallet: context.wallet, ...(context.execution ? { execution: context.execution } : {}) }),
        onDone: { target: 'tracking', actions: { type: 'storeTxHash', params: ({ event }) => event.output } },
        onError: walletErrorRoutes,
      },
    },
    relaying: {
      tags: ['nonIdempotent'],
      on: recover,
      invoke: {
        id: 'relayBatch',
        src: 'relayBatch',
        input: ({ context }) => ({ safe: context.safe, items: context.items }),
        onDone: { target: 'tracking', actions: { type: 'storeTxHash', params: ({ event }) => event.output } },
        onError: { target: 'submitFailed', actions: 'assignError' },
      },
    },
    checkingStatus: {
      tags: ['busy'],
      invoke: {
        id: 'checkBatchStatus',
        src: 'checkBatchStatus',
        input: ({ context }) => ({ safe: context.safe, safeTxHash: context.items.at(-1)?.hashes.safeTxHash ?? '0x' }),
        onDone: [
          { guard: 'isExecutedOnChain', target: 'tracking', actions: { type: 'storeTxHash', params: ({ event }) => event.output } },
          { target: 'interrupted' },
        ],
        onError: { target: 'interrupted' },
      },
    },
    interrupted: { on: { 'user.retry': { target: 'review', actions: 'clearErrors' }, ...cancel } },
    walletError: {
      on: { 'user.retry': { target: 'review', actions: 'clearErrors' }, ...cancel },
      initial: 'other',
      states: walletErrorStatesOf(SEND_FAILURE_KINDS),
    },
    submitFailed: { on: { 'user.retry': { target: 'review', actions: 'clearErrors' }, ...cancel } },
    tracking: {
      tags: ['busy'],
      invoke: {
        id: 'waitForReceipt',
        src: 'waitForReceipt',
        input: ({ context }) => ({ safe: context.safe, txHash: context.txHash, taskId: null, safeTxHash: context.items.at(-1)?.hashes.safeTxHash ?? '0x' }),
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
    trackingLost: { on: { 'user.retry': { target: 'tracking', actions: 'clearErrors' }, 'user.close': { target: 'closed' } } },
    succeeded: { on: { 'user.close': { target: 'closed' } } },
    failed: { on: { 'user.close': { target: 'closed' } } },
    cancelled: { type: 'final' },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ outcome: context.outcome, txHash: context.txHash }),
});

export type BulkExecuteFlowMachine = typeof bulkExecuteFlowMachine;
