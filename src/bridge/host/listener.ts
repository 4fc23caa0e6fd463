/**
 * The `bridgeListener` effect of bridgeSession: a callback actor around the host communicator. It sends back
 * only plain `bridge.request` events (validated, JSON-only) and posts the replies it receives. Dropped messages
 * are never turned into events (a hostile app must not be able to fill the event log); they go to `onDropped`.
 *
 * Session reads (getSafeInfo, getChainInfo, getEnvironmentInfo, getCurrentTheme: `SESSION_READ_METHODS`) are
 * answered here, in the task the message arrived in (protocol.md A.6.6), from the open Safe's facts as
 * `getFacts` gives them at that moment: the answer is the pure `sessionReadAnswer` of the machines, they change
 * nothing and wait for nothing, so they need no actor and are not events (decision 0020). A read while no Safe
 * is open, and every other request, goes to the session. Validation, the origin and source checks and the
 * exactly-once rule are the communicator's, before and after, for both.
 */
import { fromCallback } from 'xstate';
import { SESSION_READ_METHODS, sessionReadAnswer } from '../../machines/bridgeRequest/bridgeRequest.logic.ts';
import type { BridgeListenerCommand, BridgeListenerInput } from '../../machines/bridgeRequest/bridgeSession.machine.ts';
import type { BridgeReply, BridgeRequest, BridgeSessionFacts } from '../../machines/bridgeRequest/bridgeRequest.types.ts';
import { createHostCommunicator, type DropReason, type HostWindowLike, type MessageTargetLike } from './communicator.ts';
import type { MessageEventLike } from './validate.ts';

export interface BridgeListenerOptions {
  hostWindow: HostWindowLike;
  /** The open app's iframe window, e.g. `() => iframe.contentWindow`; read on every message. */
  getAppWindow: (appOrigin: string) => MessageTargetLike | null;
  hostOrigin?: string;
  onDropped?(reason: DropReason, event: MessageEventLike): void;
  /** The open Safe's facts now (null when none is open); read synchronously as a session read arrives. */
  getFacts?: () => BridgeSessionFacts | null;
  /** Every accepted request and every reply posted, whoever answered (diagnostics and tests). */
  onAccepted?(request: BridgeRequest): void;
  onReplied?(id: string, reply: BridgeReply): void;
}

const isSessionRead = (request: BridgeRequest): boolean => (SESSION_READ_METHODS as readonly string[]).includes(request.method);

export function createBridgeListener(options: BridgeListenerOptions) {
  return fromCallback<BridgeListenerCommand, BridgeListenerInput>(({ sendBack, receive, input }) => {
    const reply = (id: string, answer: BridgeReply): void => {
      if (communicator.reply(id, answer)) options.onReplied?.(id, answer);
    };
    const communicator = createHostCommunicator({
      hostWindow: options.hostWindow,
      getAppWindow: () => options.getAppWindow(input.appOrigin),
      appOrigin: input.appOrigin,
      ...(options.hostOrigin !== undefined ? { hostOrigin: options.hostOrigin } : {}),
      ...(options.onDropped ? { onDropped: options.onDropped } : {}),
      onRequest: (request: BridgeRequest) => {
        options.onAccepted?.(request);
        const facts = options.getFacts && isSessionRead(request) ? options.getFacts() : null;
        const answer = facts && sessionReadAnswer(request, facts);
        if (answer) reply(request.id, answer);
        else sendBack({ type: 'bridge.request', request });
      },
    });
    receive((command) => {
      if (command.type === 'bridge.reply') reply(command.id, command.reply);
      else communicator.pushTheme(command.darkMode);
    });
    return () => communicator.dispose();
  });
}
