/**
 * The `bridgeListener` effect of bridgeSession: a callback actor around the host communicator. It sends back
 * only plain `bridge.request` events (validated, JSON-only) and posts the replies it receives. Dropped messages
 * are never turned into events (a hostile app must not be able to fill the event log); they go to `onDropped`.
 */
import { fromCallback } from 'xstate';
import type { BridgeListenerCommand, BridgeListenerInput } from '../../machines/bridgeRequest/bridgeSession.machine.ts';
import type { BridgeRequest } from '../../machines/bridgeRequest/bridgeRequest.types.ts';
import { createHostCommunicator, type DropReason, type HostWindowLike, type MessageTargetLike } from './communicator.ts';
import type { MessageEventLike } from './validate.ts';

export interface BridgeListenerOptions {
  hostWindow: HostWindowLike;
  /** The open app's iframe window, e.g. `() => iframe.contentWindow`. */
  getAppWindow: () => MessageTargetLike | null;
  hostOrigin?: string;
  onDropped?(reason: DropReason, event: MessageEventLike): void;
}

export function createBridgeListener(options: BridgeListenerOptions) {
  return fromCallback<BridgeListenerCommand, BridgeListenerInput>(({ sendBack, receive, input }) => {
    const communicator = createHostCommunicator({
      hostWindow: options.hostWindow,
      getAppWindow: options.getAppWindow,
      appOrigin: input.appOrigin,
      ...(options.hostOrigin !== undefined ? { hostOrigin: options.hostOrigin } : {}),
      ...(options.onDropped ? { onDropped: options.onDropped } : {}),
      onRequest: (request: BridgeRequest) => sendBack({ type: 'bridge.request', request }),
    });
    receive((command) => {
      if (command.type === 'bridge.reply') communicator.reply(command.id, command.reply);
      else communicator.pushTheme(command.darkMode);
    });
    return () => communicator.dispose();
  });
}
