/**
 * Host page of the bridge interop test: our real host (bridgeSession + bridgeRequest machines + the
 * postMessage listener) around an iframe app, with data effects answered from fixtures and the transaction /
 * message flows stubbed (they do not exist yet). Exposes counters on `window.bridgeHost`.
 */
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { createBridgeListener } from '../../../src/bridge/host/listener.ts';
import { bridgeRequestMachine } from '../../../src/machines/bridgeRequest/bridgeRequest.machine.ts';
import { bridgeSessionMachine, withSessionReplies } from '../../../src/machines/bridgeRequest/bridgeSession.machine.ts';
import type { JsonValue, MessageFlowInput, Permission, SafeAppSettings, TransactionFlowInput } from '../../../src/machines/bridgeRequest/bridgeRequest.types.ts';
import { ADDRESS_BOOK, BALANCES, MAGIC_RESULT, OFFCHAIN_SIGNATURE, TX_DETAILS, echoRpc } from './data.ts';
import { MESSAGE_HASH, SAFE_TX_HASH, session } from '../../unit/bridge/fixtures.ts';

const query = new URLSearchParams(location.search);
const appUrl = query.get('app') ?? '';
const appOrigin = new URL(appUrl).origin;
const decision = query.get('permission') ?? 'grant';

const iframe = document.createElement('iframe');
iframe.id = 'app';
iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms allow-popups');
iframe.src = appUrl;
document.body.append(iframe);

const forger = query.get('forger');
if (forger) {
  const second = document.createElement('iframe');
  second.id = 'forger';
  second.src = forger;
  document.body.append(second);
}

const stats = {
  requests: [] as { id: string; method: string }[],
  replies: [] as { id: string; success: boolean }[],
  dropped: [] as string[],
  txFlows: [] as TransactionFlowInput[],
  messageFlows: [] as MessageFlowInput[],
  permissions: [] as Permission[],
  settings: { offChainSigning: true } as SafeAppSettings,
};

const request = withSessionReplies(
  bridgeRequestMachine.provide({
    actors: {
      getSessionInfo: fromPromise(async () => session({ hostOrigin: location.origin, permissions: stats.permissions, settings: stats.settings })),
      getBalances: fromPromise(async () => BALANCES),
      getTx: fromPromise(async () => TX_DETAILS),
      rpcRead: fromPromise(async ({ input }) => (input.method === 'eth_call' ? MAGIC_RESULT : (echoRpc(input.method, input.params) as JsonValue))),
      getOffChainSignature: fromPromise(async ({ input }) => {
        if (input.messageHash !== MESSAGE_HASH) throw new Error('404 Not Found');
        return OFFCHAIN_SIGNATURE;
      }),
      getAddressBook: fromPromise(async () => ADDRESS_BOOK),
      startTransactionFlow: fromPromise(async ({ input }) => {
        stats.txFlows.push(input);
        return input.txs[0]?.data === '0xdead' ? ({ status: 'rejected' } as const) : ({ status: 'proposed', safeTxHash: SAFE_TX_HASH } as const);
      }),
      startMessageFlow: fromPromise(async ({ input }) => {
        stats.messageFlows.push(input);
        return input.signing === 'offChain'
          ? ({ status: 'signed', messageHash: MESSAGE_HASH, signature: OFFCHAIN_SIGNATURE } as const)
          : ({ status: 'proposed', safeTxHash: SAFE_TX_HASH } as const);
      }),
    },
    actions: {
      savePermissions: (_, params) => void (stats.permissions = params.permissions),
      saveSettings: (_, params) => void (stats.settings = params.settings),
    },
  }),
);

const facts = session({ hostOrigin: location.origin });

let root: AnyActorRef | null = null;
const actor = createActor(
  bridgeSessionMachine.provide({
    actors: {
      bridgeListener: createBridgeListener({
        hostWindow: window,
        getAppWindow: () => iframe.contentWindow,
        hostOrigin: location.origin,
        onDropped: (reason) => void stats.dropped.push(reason),
        // The open Safe as the app's root would give it: the listener answers session reads from it.
        getFacts: () => facts,
        // Every request the host accepted and every reply it posted, whoever answered it.
        onAccepted: (r) => void stats.requests.push({ id: r.id, method: r.method }),
        onReplied: (id, reply) => void stats.replies.push({ id, success: reply.success }),
      }),
      bridgeRequest: request,
    },
  }),
  {
    input: { appOrigin },
    inspect: (inspection) => {
      // The permission prompt: decide as the test asked, like a user clicking Accept / Reject.
      if (inspection.type === '@xstate.snapshot' && inspection.actorRef !== root) {
        const snapshot = inspection.snapshot as { value?: unknown };
        if (snapshot.value === 'awaitingPermission') {
          const child = inspection.actorRef;
          queueMicrotask(() => child.send({ type: decision === 'grant' ? 'user.grantPermission' : 'user.denyPermission', at: 1_700_000_000_000 }));
        }
      }
    },
  },
);
root = actor;
actor.start();

Object.assign(window, {
  bridgeHost: {
    stats,
    appOrigin,
    closeApp: () => actor.send({ type: 'user.closeApp' }),
    /** Actors the session holds (its listener and request actors), for the benchmark. */
    childCount: () => Object.keys(actor.getSnapshot().children).length,
  },
});
