/**
 * bridgeSession: the bridge of one open Safe App. It invokes the host listener (a callback actor that turns
 * valid iframe messages into plain `bridge.request` events, so they are recorded), spawns one bridgeRequest
 * actor per request with an explicit id, and hands each reply (`bridge.reply`, sent by the child) back to the
 * listener, which posts it to the app. Closing the app cancels every pending request.
 *
 * Session reads (getSafeInfo, getChainInfo, getEnvironmentInfo, getCurrentTheme) never reach the session while
 * a Safe is open: the listener answers them in the message's own task from the open Safe's facts
 * (`sessionReadAnswer`, src/bridge/host/listener.ts; decision 0020). Without an open Safe they come here like
 * any other request.
 *
 * Named effects: actor `bridgeListener` (src/bridge/host/listener.ts provides it) and the child logic
 * `bridgeRequest`, whose own effects the composition root provides (see `withSessionReplies`).
 */
import { enqueueActions, fromCallback, sendParent, sendTo, setup, stopChild, type AnyActorRef } from 'xstate';
import { bridgeRequestMachine } from './bridgeRequest.machine.ts';
import type { BridgeReply, BridgeRequest, SendReplyParams } from './bridgeRequest.types.ts';

export interface BridgeListenerInput {
  appOrigin: string;
}

/** Events the listener receives from the session. */
export type BridgeListenerCommand = { type: 'bridge.reply'; id: string; reply: BridgeReply } | { type: 'bridge.theme'; darkMode: boolean };

export interface BridgeSessionInput {
  appOrigin: string;
}

export interface BridgeSessionContext {
  appOrigin: string;
}

export type BridgeSessionEvent =
  | { type: 'bridge.request'; request: BridgeRequest }
  | { type: 'bridge.reply'; id: string; reply: BridgeReply }
  | { type: 'bridge.theme'; darkMode: boolean }
  | { type: 'user.closeApp' };

export const BRIDGE_LISTENER_ID = 'bridgeListener';

/** The child actor id of a request: `request:<app request id>`. */
export const requestActorId = (requestId: string): string => `request:${requestId}`;

/** Wires a bridgeRequest's `sendReply` to its session: the reply becomes a recorded `bridge.reply` event. */
export const withSessionReplies = <T extends typeof bridgeRequestMachine>(machine: T) =>
  machine.provide({
    actions: {
      sendReply: sendParent((_, params: SendReplyParams) => ({ type: 'bridge.reply', id: params.id, reply: params.reply })),
    },
  });

/** The running children of the session; none when `self` is the inert actor of a pure transition. */
const childrenOf = (self: AnyActorRef): Record<string, AnyActorRef | undefined> =>
  (self.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> } | undefined)?.children ?? {};

export const bridgeSessionMachine = setup({
  types: {
    context: {} as BridgeSessionContext,
    events: {} as BridgeSessionEvent,
    input: {} as BridgeSessionInput,
  },
  actors: {
    bridgeListener: fromCallback<BridgeListenerCommand, BridgeListenerInput>(() => {
      throw new Error('bridgeListener is provided by the composition root');
    }),
    bridgeRequest: withSessionReplies(bridgeRequestMachine),
  },
  actions: {
    /** One bridgeRequest child per request, with id `request:<id>`. */
    spawnRequest: enqueueActions(({ context, enqueue, self }, request: BridgeRequest) => {
      const id = requestActorId(request.id);
      // The listener never hands over a pending id twice; this only guards a replayed or forged log. (A pure
      // `transition`, as in replay and QA paths, runs this with an inert `self` that has no snapshot.)
      if (childrenOf(self)[id]) return;
      enqueue.spawnChild('bridgeRequest', { id, input: { request, appOrigin: context.appOrigin } });
    }),
    /** Hands a reply or a theme change to the listener, which posts it to the app. */
    forwardToListener: sendTo(BRIDGE_LISTENER_ID, (_, command: BridgeListenerCommand) => command),
    /** Lets go of the request that just replied. */
    stopRequest: stopChild((_, { id }: { id: string }) => requestActorId(id)),
    /** Closing the app: every pending request ends with its rejection text. */
    cancelRequests: enqueueActions(({ enqueue, self }) => {
      for (const [id, child] of Object.entries(childrenOf(self))) {
        if (child && id.startsWith('request:')) enqueue.sendTo(child, { type: 'bridge.cancel' });
      }
    }),
  },
}).createMachine({
  id: 'bridgeSession',
  context: ({ input }) => ({ appOrigin: input.appOrigin }),
  initial: 'open',
  states: {
    open: {
      meta: { description: 'The app is open; its requests are answered' },
      invoke: { id: BRIDGE_LISTENER_ID, src: 'bridgeListener', input: ({ context }) => ({ appOrigin: context.appOrigin }) },
      on: {
        'bridge.request': { actions: { type: 'spawnRequest', params: ({ event }) => event.request } },
        // A request replies once, from its last step: its actor is finished then, and is let go (a long-open app
        // would otherwise keep every answered request alive).
        'bridge.reply': {
          actions: [
            { type: 'forwardToListener', params: ({ event }) => event },
            { type: 'stopRequest', params: ({ event }) => ({ id: event.id }) },
          ],
        },
        'bridge.theme': { actions: { type: 'forwardToListener', params: ({ event }) => event } },
        'user.closeApp': { target: 'closed', actions: 'cancelRequests' },
      },
    },
    closed: {
      meta: { description: 'The app was closed' },
      type: 'final',
    },
  },
});

export type BridgeSessionMachine = typeof bridgeSessionMachine;
