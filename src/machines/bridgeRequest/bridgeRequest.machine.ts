/**
 * bridgeRequest: one Safe Apps request, already validated by the host (src/bridge/host), answered exactly once.
 *
 *   validating ─┬─────────────────────────────────────────────► replying ─► done
 *               ├─► awaitingPermission ─┬─────────────────────► replying
 *               │                       └─► fetching.addressBook ─► replying
 *               ├─► fetching.{balances,transaction,rpc,offChainSignature,addressBook} ─► replying
 *               └─► handedOver.{transaction,offChainMessage,onChainMessage} ─► replying
 *
 * `replying` is the only state with the `sendReply` action and the only way into `done`, so every request gets
 * one reply and never a second (tests/unit/bridge/bridgeRequest.replies.test.ts walks every path). `bridge.cancel`
 * (app closed, Safe changed) ends any pending request with its rejection text; `user.cancel` does the same
 * while a transaction or message flow is open.
 *
 * Effects are named, never imported: actors `getSessionInfo`, `getBalances`, `getTx`, `rpcRead`,
 * `getOffChainSignature`, `getAddressBook`, `startTransactionFlow`, `startMessageFlow`; actions `sendReply`,
 * `savePermissions`, `saveSettings`. The permission prompt is the `awaitingPermission` state itself: the user's
 * decision arrives as `user.grantPermission` / `user.denyPermission` (with the time in the payload).
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import {
  canSignOffChain,
  decidePermissions,
  effectErrorText,
  failure,
  hasPermission,
  immediateAnswer,
  isMessageHashMalformed,
  isPermissionRefused,
  refusalOf,
  rejectionText,
  requestedCapabilities,
  settingsFromRpc,
  success,
} from './bridgeRequest.logic.ts';
import { BridgeErrors } from './bridgeRequest.protocol.ts';
import type {
  BridgeReply,
  BridgeRequest,
  BridgeRequestContext,
  BridgeRequestEffects,
  BridgeRequestEvent,
  BridgeRequestInput,
  BridgeSessionInfo,
  JsonValue,
  MessageFlowInput,
  MessageFlowOutput,
  MessageToSign,
  Permission,
  SavePermissionsParams,
  SaveSettingsParams,
  SendReplyParams,
  TransactionFlowOutput,
} from './bridgeRequest.types.ts';

/** The session facts carried by the `getSessionInfo` done event. */
const sessionOf = (event: unknown): BridgeSessionInfo => (event as { output: BridgeSessionInfo }).output;

function requireSession(context: BridgeRequestContext): BridgeSessionInfo {
  if (!context.session) throw new Error('bridgeRequest: the session is not loaded');
  return context.session;
}

function messageOf(request: BridgeRequest): MessageToSign {
  if (request.method === 'signMessage') return { kind: 'text', message: request.params.message };
  if (request.method === 'signTypedMessage' && request.params.typedData && request.params.primaryType) {
    return { kind: 'typed', typedData: request.params.typedData, primaryType: request.params.primaryType };
  }
  throw new Error(`bridgeRequest: ${request.method} carries no message`);
}

function messageFlowInput(context: BridgeRequestContext, signing: MessageFlowInput['signing']): MessageFlowInput {
  const { safe } = requireSession(context);
  return {
    requestId: context.request.id,
    appOrigin: context.appOrigin,
    chainId: safe.chainId,
    safeAddress: safe.address.value,
    signing,
    message: messageOf(context.request),
  };
}

function messageReply(output: MessageFlowOutput): BridgeReply {
  if (output.status === 'signed') return success({ messageHash: output.messageHash, signature: output.signature });
  if (output.status === 'proposed') return success({ safeTxHash: output.safeTxHash });
  return failure(BridgeErrors.transactionRejected);
}

const permissionsAfter = (context: BridgeRequestContext, granted: boolean, at: number): Permission[] => {
  const capabilities = context.request.method === 'wallet_requestPermissions' ? requestedCapabilities(context.request.params.requests) : ['requestAddressBook'];
  return decidePermissions(requireSession(context).permissions, context.appOrigin, capabilities, granted, at);
};

/** `bridge.cancel` on every state that waits: the request ends with its rejection text (never from `done`). */
const cancelled = { 'bridge.cancel': { target: '#bridgeRequest.replying', actions: 'assignRejection' } } as const;

const is = (method: BridgeRequest['method']) => ({ context }: { context: BridgeRequestContext }) => context.request.method === method;

export const bridgeRequestMachine = setup({
  types: {
    context: {} as BridgeRequestContext,
    events: {} as BridgeRequestEvent,
    input: {} as BridgeRequestInput,
    output: {} as BridgeReply,
  },
  actors: {
    ...effectPlaceholders<BridgeRequestEffects>(
      {
        getSessionInfo: true,
        getBalances: true,
        getTx: true,
        rpcRead: true,
        getOffChainSignature: true,
        getAddressBook: true,
        startTransactionFlow: true,
        startMessageFlow: true,
      },
      'src/services/bridge.ts',
    ),
  },
  actions: {
    sendReply: (_, _params: SendReplyParams) => {},
    savePermissions: (_, _params: SavePermissionsParams) => {},
    saveSettings: (_, _params: SaveSettingsParams) => {},
    assignRejection: assign({ reply: ({ context }) => failure(rejectionText(context.request)) }),
    /** The session facts the request is answered from. */
    storeSession: assign((_, session: BridgeSessionInfo) => ({ session })),
    /** The request's refusal (unsupported method, bad parameters…). */
    replyRefusal: assign(({ context }) => ({ reply: failure(refusalOf(context.request) ?? BridgeErrors.requestFailed) })),
    /** The empty answer: a malformed message hash, or an off-chain signature that could not be read (A.2.9). */
    replyEmpty: assign({ reply: success('') }),
    /** The answer read from the session facts alone (e.g. `safe_setSettings`). */
    replyFromSession: assign(({ context }, session: BridgeSessionInfo) => ({ reply: immediateAnswer(context.request, session) })),
    replyPermissionsRejected: assign({ reply: failure(BridgeErrors.permissionsRejected) }),
    replyRequestFailed: assign({ reply: failure(BridgeErrors.requestFailed) }),
    replyTransactionRejected: assign({ reply: failure(BridgeErrors.transactionRejected) }),
    /** A read's result, as the app receives it. */
    replyData: assign((_, data: JsonValue) => ({ reply: success(data) })),
    /** A failed read: its error text. */
    replyEffectError: assign((_, { error }: { error: unknown }) => ({ reply: failure(effectErrorText(error)) })),
    /** The transaction flow's answer: the safeTxHash once proposed. */
    replyTransactionResult: assign((_, output: TransactionFlowOutput) => ({
      reply: output.status === 'proposed' ? success({ safeTxHash: output.safeTxHash }) : failure(BridgeErrors.transactionRejected),
    })),
    /** The message flow's answer: the signature, or the safeTxHash of the on-chain signature. */
    replyMessageResult: assign((_, output: MessageFlowOutput) => ({ reply: messageReply(output) })),
    /** The user's decision on the permissions asked for, taken at `at`. */
    grantPermissions: assign(({ context }, { at }: { at: number }) => ({ permissions: permissionsAfter(context, true, at) })),
    denyPermissions: assign(({ context }, { at }: { at: number }) => ({ permissions: permissionsAfter(context, false, at) })),
    /** The granted permissions are the answer of `wallet_requestPermissions`. */
    replyPermissions: assign(({ context }) => ({ reply: success((context.permissions ?? []) as unknown as JsonValue) })),
  },
  guards: {
    isRefused: ({ context }) => refusalOf(context.request) !== null,
    isMessageHashMalformed: ({ context }) => isMessageHashMalformed(context.request),
    isSettingsChange: ({ context }) => context.request.method === 'rpcCall' && context.request.params.call === 'safe_setSettings',
    isAnsweredFromSession: ({ context, event }) => immediateAnswer(context.request, sessionOf(event)) !== null,
    isAddressBookRefused: ({ context, event }) =>
      context.request.method === 'requestAddressBook' && isPermissionRefused(sessionOf(event).permissions, 'requestAddressBook'),
    isAddressBookGranted: ({ context, event }) =>
      context.request.method === 'requestAddressBook' && hasPermission(sessionOf(event).permissions, 'requestAddressBook'),
    isPermissionNeeded: ({ context }) => context.request.method === 'requestAddressBook' || context.request.method === 'wallet_requestPermissions',
    isBalancesRequest: is('getSafeBalances'),
    isTxRequest: is('getTxBySafeTxHash'),
    isRpcRead: is('rpcCall'),
    isOffChainSignatureRequest: is('getOffChainSignature'),
    isTransactionRequest: is('sendTransactions'),
    isAddressBookRequest: is('requestAddressBook'),
    canSignOffChain: ({ context, event }) => canSignOffChain(sessionOf(event), context.request.sdkVersion),
    isFlowRejected: ({ event }) => (event as unknown as { output: { status: string } }).output.status === 'rejected',
  },
}).createMachine({
  id: 'bridgeRequest',
  context: ({ input }) => ({ request: input.request, appOrigin: input.appOrigin, session: null, permissions: null, reply: null }),
  output: ({ context }) => context.reply ?? failure(BridgeErrors.requestFailed),
  initial: 'validating',
  states: {
    validating: {
      meta: { description: 'Reading the Safe, chain and app session the request is answered from' },
      on: cancelled,
      invoke: {
        id: 'getSessionInfo',
        src: 'getSessionInfo',
        input: ({ context }) => ({ appOrigin: context.appOrigin }),
        onDone: [
          { guard: 'isRefused', target: 'replying', actions: [{ type: 'storeSession', params: ({ event }) => event.output }, 'replyRefusal'] },
          { guard: 'isMessageHashMalformed', target: 'replying', actions: [{ type: 'storeSession', params: ({ event }) => event.output }, 'replyEmpty'] },
          {
            guard: 'isSettingsChange',
            target: 'replying',
            actions: [
              { type: 'storeSession', params: ({ event }) => event.output },
              { type: 'replyFromSession', params: ({ event }) => event.output },
              {
                type: 'saveSettings',
                params: ({ context }) => ({
                  origin: context.appOrigin,
                  settings: settingsFromRpc(context.request.method === 'rpcCall' ? context.request.params.params : []),
                }),
              },
            ],
          },
          {
            guard: 'isAnsweredFromSession',
            target: 'replying',
            actions: [
              { type: 'storeSession', params: ({ event }) => event.output },
              { type: 'replyFromSession', params: ({ event }) => event.output },
            ],
          },
          {
            guard: 'isAddressBookRefused',
            target: 'replying',
            actions: [{ type: 'storeSession', params: ({ event }) => event.output }, 'replyPermissionsRejected'],
          },
          { guard: 'isAddressBookGranted', target: 'fetching.addressBook', actions: { type: 'storeSession', params: ({ event }) => event.output } },
          { guard: 'isPermissionNeeded', target: 'awaitingPermission', actions: { type: 'storeSession', params: ({ event }) => event.output } },
          { guard: 'isBalancesRequest', target: 'fetching.balances', actions: { type: 'storeSession', params: ({ event }) => event.output } },
          { guard: 'isTxRequest', target: 'fetching.transaction', actions: { type: 'storeSession', params: ({ event }) => event.output } },
          { guard: 'isRpcRead', target: 'fetching.rpc', actions: { type: 'storeSession', params: ({ event }) => event.output } },
          { guard: 'isOffChainSignatureRequest', target: 'fetching.offChainSignature', actions: { type: 'storeSession', params: ({ event }) => event.output } },
          { guard: 'isTransactionRequest', target: 'handedOver.transaction', actions: { type: 'storeSession', params: ({ event }) => event.output } },
          // What is left are signMessage / signTypedMessage.
          { guard: 'canSignOffChain', target: 'handedOver.offChainMessage', actions: { type: 'storeSession', params: ({ event }) => event.output } },
          { target: 'handedOver.onChainMessage', actions: { type: 'storeSession', params: ({ event }) => event.output } },
        ],
        onError: { target: 'replying', actions: 'replyRequestFailed' },
      },
    },

    awaitingPermission: {
      meta: { description: 'Asking the user whether the app may read the address book' },
      tags: ['prompt'],
      on: {
        ...cancelled,
        'user.grantPermission': [
          {
            guard: 'isAddressBookRequest',
            target: 'fetching.addressBook',
            actions: [
              { type: 'grantPermissions', params: ({ event }) => ({ at: event.at }) },
              { type: 'savePermissions', params: ({ context }) => ({ origin: context.appOrigin, permissions: context.permissions ?? [] }) },
            ],
          },
          {
            target: 'replying',
            actions: [
              { type: 'grantPermissions', params: ({ event }) => ({ at: event.at }) },
              'replyPermissions',
              { type: 'savePermissions', params: ({ context }) => ({ origin: context.appOrigin, permissions: context.permissions ?? [] }) },
            ],
          },
        ],
        'user.denyPermission': {
          target: 'replying',
          actions: [
            { type: 'denyPermissions', params: ({ event }) => ({ at: event.at }) },
            'assignRejection',
            { type: 'savePermissions', params: ({ context }) => ({ origin: context.appOrigin, permissions: context.permissions ?? [] }) },
          ],
        },
      },
    },

    fetching: {
      tags: ['busy'],
      on: cancelled,
      // Always entered at a child; `initial` is required by XState for compound states.
      initial: 'balances',
      states: {
        balances: {
          meta: { description: 'Reading the Safe balances from the gateway' },
          invoke: {
            id: 'getBalances',
            src: 'getBalances',
            input: ({ context }) => {
              const { safe } = requireSession(context);
              const currency = context.request.method === 'getSafeBalances' ? context.request.params.currency : 'usd';
              return { chainId: safe.chainId, safeAddress: safe.address.value, currency };
            },
            onDone: { target: '#bridgeRequest.replying', actions: { type: 'replyData', params: ({ event }) => event.output as unknown as JsonValue } },
            onError: { target: '#bridgeRequest.replying', actions: { type: 'replyEffectError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        transaction: {
          meta: { description: 'Reading the transaction from the gateway' },
          invoke: {
            id: 'getTx',
            src: 'getTx',
            input: ({ context }) => ({
              chainId: requireSession(context).safe.chainId,
              safeTxHash: context.request.method === 'getTxBySafeTxHash' ? context.request.params.safeTxHash : '',
            }),
            onDone: { target: '#bridgeRequest.replying', actions: { type: 'replyData', params: ({ event }) => event.output as unknown as JsonValue } },
            onError: { target: '#bridgeRequest.replying', actions: { type: 'replyEffectError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        rpc: {
          meta: { description: 'Reading from the chain' },
          invoke: {
            id: 'rpcRead',
            src: 'rpcRead',
            input: ({ context }) => ({
              chainId: requireSession(context).safe.chainId,
              method: context.request.method === 'rpcCall' ? context.request.params.call : '',
              params: context.request.method === 'rpcCall' ? context.request.params.params : [],
            }),
            onDone: { target: '#bridgeRequest.replying', actions: { type: 'replyData', params: ({ event }) => event.output } },
            onError: { target: '#bridgeRequest.replying', actions: { type: 'replyEffectError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        offChainSignature: {
          meta: { description: 'Reading the prepared signature of an off-chain message' },
          invoke: {
            id: 'getOffChainSignature',
            src: 'getOffChainSignature',
            input: ({ context }) => ({
              chainId: requireSession(context).safe.chainId,
              messageHash: context.request.method === 'getOffChainSignature' ? context.request.params.messageHash : '',
            }),
            onDone: { target: '#bridgeRequest.replying', actions: { type: 'replyData', params: ({ event }) => event.output } },
            // A failed lookup (e.g. 404) answers '' (A.2.9).
            onError: { target: '#bridgeRequest.replying', actions: 'replyEmpty' },
          },
        },
        addressBook: {
          meta: { description: 'Reading the address book of this chain' },
          invoke: {
            id: 'getAddressBook',
            src: 'getAddressBook',
            input: ({ context }) => ({ chainId: requireSession(context).safe.chainId }),
            onDone: { target: '#bridgeRequest.replying', actions: { type: 'replyData', params: ({ event }) => event.output as unknown as JsonValue } },
            onError: { target: '#bridgeRequest.replying', actions: { type: 'replyEffectError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },

    handedOver: {
      meta: { description: 'Waiting for the user to confirm in the transaction or message flow' },
      tags: ['prompt'],
      on: {
        ...cancelled,
        'user.cancel': { target: 'replying', actions: 'assignRejection' },
      },
      // Always entered at a child; `initial` is required by XState for compound states.
      initial: 'transaction',
      states: {
        transaction: {
          invoke: {
            id: 'startTransactionFlow',
            src: 'startTransactionFlow',
            input: ({ context }) => {
              const { safe } = requireSession(context);
              const params = context.request.method === 'sendTransactions' ? context.request.params : null;
              return {
                requestId: context.request.id,
                appOrigin: context.appOrigin,
                chainId: safe.chainId,
                safeAddress: safe.address.value,
                txs: params?.txs ?? [],
                safeTxGas: params?.safeTxGas ?? null,
              };
            },
            onDone: [
              { guard: 'isFlowRejected', target: '#bridgeRequest.replying', actions: 'replyTransactionRejected' },
              { target: '#bridgeRequest.replying', actions: { type: 'replyTransactionResult', params: ({ event }) => event.output } },
            ],
            onError: { target: '#bridgeRequest.replying', actions: 'replyTransactionRejected' },
          },
        },
        offChainMessage: {
          invoke: {
            id: 'startMessageFlow',
            src: 'startMessageFlow',
            input: ({ context }) => messageFlowInput(context, 'offChain'),
            onDone: [
              { guard: 'isFlowRejected', target: '#bridgeRequest.replying', actions: 'replyTransactionRejected' },
              { target: '#bridgeRequest.replying', actions: { type: 'replyMessageResult', params: ({ event }) => event.output } },
            ],
            onError: { target: '#bridgeRequest.replying', actions: 'replyTransactionRejected' },
          },
        },
        onChainMessage: {
          invoke: {
            id: 'startMessageFlow',
            src: 'startMessageFlow',
            input: ({ context }) => messageFlowInput(context, 'onChain'),
            onDone: [
              { guard: 'isFlowRejected', target: '#bridgeRequest.replying', actions: 'replyTransactionRejected' },
              { target: '#bridgeRequest.replying', actions: { type: 'replyMessageResult', params: ({ event }) => event.output } },
            ],
            onError: { target: '#bridgeRequest.replying', actions: 'replyTransactionRejected' },
          },
        },
      },
    },

    replying: {
      meta: { description: 'Sending the one reply to the app' },
      entry: { type: 'sendReply', params: ({ context }) => ({ id: context.request.id, reply: context.reply ?? failure(BridgeErrors.requestFailed) }) },
      always: { target: 'done' },
    },

    done: {
      meta: { description: 'Answered' },
      type: 'final',
    },
  },
});

export type BridgeRequestMachine = typeof bridgeRequestMachine;
