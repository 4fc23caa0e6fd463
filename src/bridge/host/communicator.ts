/**
 * The host side of the postMessage bridge for ONE open app (S11). It listens to `message` on the host window,
 * hands every valid request to `onRequest` and posts replies to the app's iframe window with the app's exact
 * origin as target (never '*'), always carrying `version`.
 *
 * Guarantees (tests/unit/bridge/communicator.test.ts, tests/unit/bridge/hostile.property.test.ts):
 * - an invalid message is never answered (it is reported to `onDropped`, nothing is posted);
 * - a valid request is answered exactly once: `reply` posts only for a pending id and forgets it; a second
 *   request reusing a pending id is dropped; if `onRequest` throws, the request is answered `Request failed`;
 * - at most `maxPending` requests are open at once; more are dropped until some are answered.
 */
import { BRIDGE_PROTOCOL_VERSION, BridgeErrors } from '../../machines/bridgeRequest/bridgeRequest.protocol.ts';
import type { ErrorEnvelope, SuccessEnvelope } from '../../machines/bridgeRequest/bridgeRequest.protocol.ts';
import type { BridgeReply, BridgeRequest } from '../../machines/bridgeRequest/bridgeRequest.types.ts';
import { validateMessage, type MessageEventLike, type RejectReason } from './validate.ts';

export interface MessageTargetLike {
  postMessage(message: unknown, targetOrigin: string): void;
}

export interface HostWindowLike {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export type DropReason = RejectReason | 'duplicateId' | 'tooManyPending';

export interface HostCommunicatorOptions {
  /** The window the host page runs in. */
  hostWindow: HostWindowLike;
  /** The open app's iframe window (`iframe.contentWindow`), read on every message. */
  getAppWindow: () => MessageTargetLike | null;
  /** The app's exact origin, e.g. `https://app.example` (scheme, host and port, no path). */
  appOrigin: string;
  /** The host page's origin: an app on the same origin is refused (S13). */
  hostOrigin?: string;
  /** `version` sent in every reply; defaults to the protocol version we implement. */
  version?: string;
  maxPending?: number;
  onRequest(request: BridgeRequest): void;
  onDropped?(reason: DropReason, event: MessageEventLike): void;
}

export interface HostCommunicator {
  /** Answers a pending request once; returns false (and posts nothing) for an unknown or answered id. */
  reply(id: string, reply: BridgeReply): boolean;
  /** Pushes the theme unsolicited, as safe-wallet-web does (A.1.4); SDKs ignore it. */
  pushTheme(darkMode: boolean): void;
  /** Ids of the requests not answered yet. */
  pendingIds(): string[];
  /** Stops listening; pending requests are forgotten (the app is gone). */
  dispose(): void;
}

export const DEFAULT_MAX_PENDING = 100;

/** Throws unless `origin` is a serialised http(s) origin different from the host's. */
export function assertAppOrigin(origin: string, hostOrigin?: string): void {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    throw new Error(`Invalid Safe App origin: ${origin}`);
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.origin !== origin) {
    throw new Error(`Invalid Safe App origin: ${origin}`);
  }
  if (hostOrigin !== undefined && origin === hostOrigin) throw new Error('A Safe App cannot run on the wallet’s own origin');
}

function randomId(): string {
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function createHostCommunicator(options: HostCommunicatorOptions): HostCommunicator {
  assertAppOrigin(options.appOrigin, options.hostOrigin);
  const { appOrigin, hostWindow } = options;
  const version = options.version ?? BRIDGE_PROTOCOL_VERSION;
  const maxPending = options.maxPending ?? DEFAULT_MAX_PENDING;
  /** Pending request id → the window that sent it. */
  const pending = new Map<string, MessageTargetLike>();
  let disposed = false;

  const post = (target: MessageTargetLike, envelope: SuccessEnvelope | ErrorEnvelope): void => {
    try {
      target.postMessage(envelope, appOrigin);
    } catch {
      // The data could not be cloned, or the window is gone. One fallback, never a second delivery:
      // a postMessage that threw delivered nothing.
      if (!envelope.success) return;
      try {
        target.postMessage({ id: envelope.id, success: false, error: BridgeErrors.requestFailed, version } satisfies ErrorEnvelope, appOrigin);
      } catch {
        // The app is gone.
      }
    }
  };

  const reply = (id: string, answer: BridgeReply): boolean => {
    const target = pending.get(id);
    if (!target || disposed) return false;
    pending.delete(id);
    post(
      target,
      answer.success ? { id, success: true, version, data: answer.data } : { id, success: false, error: answer.error, version },
    );
    return true;
  };

  const listener = (event: MessageEvent): void => {
    if (disposed) return;
    const appWindow = options.getAppWindow();
    const result = validateMessage(event, { window: appWindow, origin: appOrigin });
    if (!result.ok) {
      options.onDropped?.(result.reason, event);
      return;
    }
    const { request } = result;
    if (pending.has(request.id)) {
      options.onDropped?.('duplicateId', event);
      return;
    }
    if (pending.size >= maxPending) {
      options.onDropped?.('tooManyPending', event);
      return;
    }
    // The validator checked that the message came from the app's window: reply to that window (one DOM read less).
    pending.set(request.id, appWindow as MessageTargetLike);
    try {
      options.onRequest(request);
    } catch {
      reply(request.id, { success: false, error: BridgeErrors.requestFailed });
    }
  };

  hostWindow.addEventListener('message', listener);

  return {
    reply,
    pushTheme(darkMode) {
      const target = options.getAppWindow();
      if (!target || disposed) return;
      post(target, { id: randomId(), success: true, version, data: { darkMode } });
    },
    pendingIds: () => [...pending.keys()],
    dispose() {
      disposed = true;
      pending.clear();
      hostWindow.removeEventListener('message', listener);
    },
  };
}
