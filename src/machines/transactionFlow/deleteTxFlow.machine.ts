/**
 * deleteTxFlow: delete a queued proposal from the gateway (anchor-features §2.3 ReplaceTx "Delete from the
 * queue"; protocol.md B.7.9). The proposer signs an EIP-712 DeleteRequest {safeTxHash, totp} with the wallet,
 * then the app sends DELETE with that signature. The TOTP derives from `nowMs` in the user's confirm event, so
 * a replay computes the same typed data. Signing and deleting are `nonIdempotent`.
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import { errorText, walletFailureOf } from './transactionFlow.setup.ts';
import type { DeleteTxContext, DeleteTxEvent, DeleteTxFlowEffects, DeleteTxInput, Hex, WalletFailureKind } from './transactionFlow.types.ts';

export const DELETE_TX_FLOW_ID = 'deleteTxFlow';

const isProposer = (context: DeleteTxContext) =>
  context.wallet !== null && context.proposer !== null && context.wallet.address.toLowerCase() === context.proposer.toLowerCase();

const walletErrorRoutes = [
  ...(['rejected', 'wrongChain', 'disconnected'] as const).map((kind) => ({
    guard: { type: 'isWalletFailure' as const, params: { kind } },
    target: `#${DELETE_TX_FLOW_ID}.walletError.${kind}`,
    actions: 'assignWalletFailure' as const,
  })),
  { target: `#${DELETE_TX_FLOW_ID}.walletError.other`, actions: 'assignWalletFailure' as const },
];

export const deleteTxFlowMachine = setup({
  types: {
    context: {} as DeleteTxContext,
    events: {} as DeleteTxEvent,
    input: {} as DeleteTxInput,
    tags: {} as 'nonIdempotent' | 'busy',
  },
  actors: {
    ...effectPlaceholders<DeleteTxFlowEffects>({ requestDeleteSignature: true, deleteTx: true }, 'src/services/transactionFlow/transactionFlow.ts'),
  },
  guards: {
    isProposer: ({ context }) => isProposer(context),
    hasSignature: ({ context }) => context.signature !== null,
    isWalletFailure: ({ event }, params: { kind: WalletFailureKind }) =>
      'error' in event ? walletFailureOf((event as { error: unknown }).error).kind === params.kind : false,
    isWalletGone: ({ event }) => event.type === 'wallet.changed' && event.wallet === null,
  },
  actions: {
    assignWalletFailure: assign({ walletFailure: ({ event }) => walletFailureOf((event as { error?: unknown }).error) }),
    clearErrors: assign({ walletFailure: null, error: null }),
    assignWallet: assign({ wallet: ({ event }) => (event.type === 'wallet.changed' ? event.wallet : null) }),
    assignDisconnected: assign({ walletFailure: () => ({ kind: 'disconnected' as const, message: 'The wallet was disconnected.' }) }),
    /** The moment the user confirmed (the DeleteRequest's TOTP derives from it); no signature yet. */
    startDeleteRequest: assign((_, { nowMs }: { nowMs: number }) => ({ requestedAtMs: nowMs, signature: null })),
    storeSignature: assign((_, { signature }: { signature: Hex }) => ({ signature })),
    assignDeleteError: assign((_, { error }: { error: unknown }) => ({ error: errorText(error, 'The transaction could not be deleted.') })),
  },
}).createMachine({
  id: DELETE_TX_FLOW_ID,
  context: ({ input }) => ({ ...input, requestedAtMs: null, signature: null, walletFailure: null, error: null }),
  on: { 'wallet.changed': { actions: 'assignWallet' } },
  initial: 'confirming',
  states: {
    confirming: {
      on: {
        'user.confirmDelete': {
          guard: 'isProposer',
          target: 'signing',
          actions: { type: 'startDeleteRequest', params: ({ event }) => ({ nowMs: event.nowMs }) },
        },
        'user.cancel': { target: 'cancelled' },
      },
    },
    signing: {
      tags: ['nonIdempotent'],
      on: {
        'system.recover': { target: 'interrupted' },
        'wallet.changed': {
          guard: 'isWalletGone',
          target: 'walletError.disconnected',
          actions: 'assignDisconnected',
        },
      },
      invoke: {
        id: 'requestDeleteSignature',
        src: 'requestDeleteSignature',
        input: ({ context }) => ({ safe: context.safe, wallet: context.wallet, safeTxHash: context.safeTxHash, nowMs: context.requestedAtMs ?? 0 }),
        onDone: { target: 'deleting', actions: { type: 'storeSignature', params: ({ event }) => event.output } },
        onError: walletErrorRoutes,
      },
    },
    deleting: {
      tags: ['nonIdempotent', 'busy'],
      on: { 'system.recover': { target: 'interrupted' } },
      invoke: {
        id: 'deleteTx',
        src: 'deleteTx',
        input: ({ context }) => ({ safe: context.safe, safeTxHash: context.safeTxHash, signature: context.signature ?? '0x' }),
        onDone: { target: 'deleted' },
        onError: { target: 'failed', actions: { type: 'assignDeleteError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    walletError: {
      on: { 'user.retry': { target: 'confirming', actions: 'clearErrors' }, 'user.cancel': { target: 'cancelled' } },
      initial: 'other',
      states: { rejected: {}, wrongChain: {}, disconnected: {}, other: {} },
    },
    failed: {
      on: { 'user.retry': { target: 'confirming', actions: 'clearErrors' }, 'user.cancel': { target: 'cancelled' } },
    },
    interrupted: {
      on: {
        'user.retry': [{ guard: 'hasSignature', target: 'deleting', actions: 'clearErrors' }, { target: 'confirming', actions: 'clearErrors' }],
        'user.cancel': { target: 'cancelled' },
      },
    },
    deleted: { on: { 'user.close': { target: 'closed' } } },
    cancelled: { type: 'final' },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ deleted: context.signature !== null && context.error === null, safeTxHash: context.safeTxHash }),
});

export type DeleteTxFlowMachine = typeof deleteTxFlowMachine;
