/**
 * The `bridgeListener` effect of bridgeSession: a callback actor around the host communicator. It sends back
 * only plain `bridge.request` events (validated, JSON-only) and posts the replies it receives. Dropped messages
 * are never turned into events (a hostile app must not be able to fill the event log); they go to `onDropped`.
 *
 * With `getFacts`, the listener reads the open Safe's facts (Safe, chain, wallet role, host origin, theme) as
 * each valid request arrives and sends `system.sessionChanged` first when they differ from what it last sent:
 * the session then answers the session reads from its own context in the same task, and every change it
 * answers from is an event of its own (recorded and replayable) rather than a read the machine does.
 */
import { fromCallback } from 'xstate';
import type { BridgeListenerCommand, BridgeListenerInput } from '../../machines/bridgeRequest/bridgeSession.machine.ts';
import type { BridgeRequest, BridgeSessionFacts } from '../../machines/bridgeRequest/bridgeRequest.types.ts';
import { createHostCommunicator, type DropReason, type HostWindowLike, type MessageTargetLike } from './communicator.ts';
import type { MessageEventLike } from './validate.ts';

export interface BridgeListenerOptions {
  hostWindow: HostWindowLike;
  /** The open app's iframe window, e.g. `() => iframe.contentWindow`; read on every message. */
  getAppWindow: (appOrigin: string) => MessageTargetLike | null;
  hostOrigin?: string;
  onDropped?(reason: DropReason, event: MessageEventLike): void;
  /** The open Safe's facts now (null when none is open); read synchronously as each request arrives. */
  getFacts?: () => BridgeSessionFacts | null;
}

/** Same facts: the same Safe and chain objects (the Safe session replaces them when they change) and flags. */
export const sameFacts = (a: BridgeSessionFacts | null, b: BridgeSessionFacts | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.safe === b.safe &&
    a.chain === b.chain &&
    a.isReadOnly === b.isReadOnly &&
    a.hostOrigin === b.hostOrigin &&
    a.darkMode === b.darkMode);

export function createBridgeListener(options: BridgeListenerOptions) {
  return fromCallback<BridgeListenerCommand, BridgeListenerInput>(({ sendBack, receive, input }) => {
    // `undefined`: nothing sent yet (the session starts without facts).
    let sent: BridgeSessionFacts | null | undefined;
    const communicator = createHostCommunicator({
      hostWindow: options.hostWindow,
      getAppWindow: () => options.getAppWindow(input.appOrigin),
      appOrigin: input.appOrigin,
      ...(options.hostOrigin !== undefined ? { hostOrigin: options.hostOrigin } : {}),
      ...(options.onDropped ? { onDropped: options.onDropped } : {}),
      onRequest: (request: BridgeRequest) => {
        if (options.getFacts) {
          const facts = options.getFacts();
          if (sent === undefined ? facts !== null : !sameFacts(sent, facts)) sendBack({ type: 'system.sessionChanged', facts });
          sent = facts;
        }
        sendBack({ type: 'bridge.request', request });
      },
    });
    receive((command) => {
      if (command.type === 'bridge.reply') communicator.reply(command.id, command.reply);
      else communicator.pushTheme(command.darkMode);
    });
    return () => communicator.dispose();
  });
}
