/**
 * deleteTxFlow: delete a queued proposal from the gateway (anchor-features §2.3 ReplaceTx "Delete from the
 * queue"; protocol.md B.7.9). The proposer signs an EIP-712 DeleteRequest {safeTxHash, totp} with the wallet,
 * then the app sends DELETE with that signature. The TOTP derives from `nowMs` in the user's confirm event, so
 * a replay computes the same typed data. Signing and deleting are `nonIdempotent`.
 *
 * A proposer who signs on a device (the wallet has a `device`, issue 19) first sees in `checkingOnDevice` what the
 * device will show for exactly the DeleteRequest that is sent, and says so (`user.confirmOnDevice`); each device error
 * has its own `walletError` state. Without a device the flow goes from confirming straight to signing, as before.
 */
import { assign, setup } from 'xstate';
import type { TypedDataDefinition } from 'viem';
import { effectPlaceholders } from '../shared/effects.ts';
import { deleteRequestTypedData } from '../../domain/safe/deleteRequest.ts';
import { typedDataDisplay } from '../../domain/wallet/deviceDisplay.ts';
import { WALLET_FAILURE_KINDS, errorText, walletFailureOf } from './transactionFlow.setup.ts';
import { walletErrorRoutesOf, walletErrorStatesOf } from '../shared/deviceExecution.ts';
import type { DeleteTxContext, DeleteTxEvent, DeleteTxFlowEffects, DeleteTxInput, DeviceCheck, Hex, WalletFailureKind } from './transactionFlow.types.ts';

export const DELETE_TX_FLOW_ID = 'deleteTxFlow';

const isProposer = (context: DeleteTxContext) =>
  context.wallet !== null && context.proposer !== null && context.wallet.address.toLowerCase() === context.proposer.toLowerCase();

/** The wallet failures a delete request tells apart, each its own `walletError` state (`other` last: the fallback). */
export const DELETE_WALLET_FAILURE_KINDS = WALLET_FAILURE_KINDS.filter((kind) => kind !== 'insufficientFunds');

/**
 * The DeleteRequest's signature as the connected device will show it: computed from the typed data
 * requestDeleteSignature sends (the same function, the same TOTP), or undefined without a device.
 */
export function deleteCheckOf(context: Pick<DeleteTxContext, 'wallet' | 'safe' | 'safeTxHash' | 'requestedAtMs'>): DeviceCheck | undefined {
  const device = context.wallet?.device;
  if (!device || context.requestedAtMs === null) return undefined;
  const typed = deleteRequestTypedData({ chainId: BigInt(context.safe.chainId), safeAddress: context.safe.address, safeTxHash: context.safeTxHash, nowMs: context.requestedAtMs });
  return { what: 'signature', device, lines: typedDataDisplay(device.display, typed as unknown as TypedDataDefinition) };
}

const walletErrorRoutes = walletErrorRoutesOf(DELETE_TX_FLOW_ID, DELETE_WALLET_FAILURE_KINDS);

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
    /** The proposer signs on a device (issue 19): its screen is compared first. */
    isProposerOnDevice: ({ context }) => isProposer(context) && context.wallet?.device !== undefined,
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
    /** The moment the user confirmed (the DeleteRequest's TOTP derives from it); no signature yet, nor an earlier device check. */
    startDeleteRequest: assign((_, { nowMs }: { nowMs: number }) => ({ requestedAtMs: nowMs, signature: null, deviceCheck: undefined })),
    storeSignature: assign((_, { signature }: { signature: Hex }) => ({ signature })),
    /** What the device will show for the DeleteRequest, computed from the typed data sent to it (issue 19). */
    assignDeleteCheck: assign({ deviceCheck: ({ context }) => deleteCheckOf(context) }),
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
        'user.confirmDelete': [
          {
            guard: 'isProposerOnDevice',
            target: 'checkingOnDevice',
            actions: [{ type: 'startDeleteRequest', params: ({ event }) => ({ nowMs: event.nowMs }) }, 'assignDeleteCheck'],
          },
          {
            guard: 'isProposer',
            target: 'signing',
            actions: { type: 'startDeleteRequest', params: ({ event }) => ({ nowMs: event.nowMs }) },
          },
        ],
        'user.cancel': { target: 'cancelled' },
      },
    },
    // A device signs (issue 19): what it will show, computed from the DeleteRequest sent, before its prompt.
    checkingOnDevice: {
      on: {
        'user.confirmOnDevice': { target: 'signing' },
        'wallet.changed': {
          guard: 'isWalletGone',
          target: 'walletError.disconnected',
          actions: 'assignDisconnected',
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
      states: walletErrorStatesOf(DELETE_WALLET_FAILURE_KINDS),
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
