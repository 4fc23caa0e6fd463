/**
 * The app side of the postMessage bridge, wire-compatible with safe-apps-sdk 9.1.0 (protocol.md A.1, A.4.1):
 * requests go to `window.parent` as `{ id, method, params, env: { sdkVersion } }`; a reply is accepted only if
 * it comes from `window.parent`, carries a `version` whose major is ≥ 1 and, when `allowedDomains` is set,
 * an origin one of them matches. Unlike the real SDK, requests can time out.
 */
import {
  BRIDGE_PROTOCOL_VERSION,
  BridgeErrors,
  hasSupportedMajor,
  type BridgeMethod,
  type RequestEnvelope,
  type SuccessEnvelope,
} from '../../machines/bridgeRequest/bridgeRequest.protocol.ts';

export interface MessagePort {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** What the SDK needs of `window`. */
export interface AppWindowLike {
  parent: MessagePort | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface RequestTimeouts {
  /** Reads answered by the host without the user (ms); null waits forever. Default 10 000. */
  read?: number | null;
  /** Requests the user must decide (transactions, signatures, permissions); default null: no timeout. */
  interactive?: number | null;
}

export interface CommunicatorOptions {
  /** Accept replies only from origins one of these matches (e.g. `/^https:\/\/app\.safe\.global$/`). */
  allowedDomains?: RegExp[] | null;
  debug?: boolean;
  timeouts?: RequestTimeouts;
  /** Defaults to the global `window`. */
  window?: AppWindowLike;
  /** Defaults to `globalThis.crypto`. */
  crypto?: Pick<Crypto, 'getRandomValues'>;
}

/** Methods that wait for the user; they get the `interactive` timeout. */
export const INTERACTIVE_METHODS: readonly BridgeMethod[] = [
  'sendTransactions',
  'signMessage',
  'signTypedMessage',
  'wallet_requestPermissions',
  'requestAddressBook',
];

export const DEFAULT_READ_TIMEOUT_MS = 10_000;

/** Request ids: 10 random bytes as 20 lower-case hex characters (product-spec §9). */
export function generateRequestId(crypto: Pick<Crypto, 'getRandomValues'> = globalThis.crypto): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

interface Pending {
  resolve(envelope: SuccessEnvelope): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface Communicator {
  send<R = unknown>(method: BridgeMethod, params: unknown): Promise<SuccessEnvelope<R>>;
}

export class PostMessageCommunicator implements Communicator {
  private readonly allowedOrigins: RegExp[] | null;
  private readonly debug: boolean;
  private readonly timeouts: { read: number | null; interactive: number | null };
  private readonly win: AppWindowLike | null;
  private readonly crypto: Pick<Crypto, 'getRandomValues'>;
  private readonly callbacks = new Map<string, Pending>();

  constructor(options: CommunicatorOptions = {}) {
    this.allowedOrigins = options.allowedDomains ?? null;
    this.debug = options.debug ?? false;
    this.timeouts = {
      read: options.timeouts?.read === undefined ? DEFAULT_READ_TIMEOUT_MS : options.timeouts.read,
      interactive: options.timeouts?.interactive ?? null,
    };
    this.win = options.window ?? (typeof window === 'undefined' ? null : (window as unknown as AppWindowLike));
    this.crypto = options.crypto ?? globalThis.crypto;
    this.win?.addEventListener('message', this.onParentMessage);
  }

  /** The A.4.1 filter. Never throws, whatever arrives. */
  isValidMessage(event: Pick<MessageEvent, 'data' | 'origin' | 'source'>): boolean {
    const { data, origin, source } = event;
    if (!this.win || source === null || source !== (this.win.parent as unknown)) return false;
    if (typeof data !== 'object' || data === null) return false;
    if (!hasSupportedMajor((data as { version?: unknown }).version)) return false;
    if (this.allowedOrigins) return this.allowedOrigins.some((pattern) => pattern.test(origin));
    return true;
  }

  private readonly onParentMessage = (event: MessageEvent): void => {
    if (!this.isValidMessage(event)) return;
    const data = event.data as { id?: unknown; success?: unknown; error?: unknown };
    if (this.debug) console.info(`Safe Apps SDK: a message was received from origin ${event.origin}.`, data);
    if (typeof data.id !== 'string') return;
    const pending = this.callbacks.get(data.id);
    if (!pending) return;
    this.callbacks.delete(data.id);
    if (pending.timer !== null) clearTimeout(pending.timer);
    if (data.success === true) pending.resolve(event.data as SuccessEnvelope);
    else pending.reject(new Error(typeof data.error === 'string' ? data.error : BridgeErrors.requestFailed));
  };

  send<R = unknown>(method: BridgeMethod, params: unknown): Promise<SuccessEnvelope<R>> {
    if (!this.win || !this.win.parent) return Promise.reject(new Error(BridgeErrors.noWindow));
    const request: RequestEnvelope = { id: generateRequestId(this.crypto), method, params, env: { sdkVersion: BRIDGE_PROTOCOL_VERSION } };
    const limit = INTERACTIVE_METHODS.includes(method) ? this.timeouts.interactive : this.timeouts.read;
    const parent = this.win.parent;
    return new Promise<SuccessEnvelope<R>>((resolve, reject) => {
      const timer =
        limit === null
          ? null
          : setTimeout(() => {
              this.callbacks.delete(request.id);
              reject(new Error(BridgeErrors.timedOut(method, limit)));
            }, limit);
      this.callbacks.set(request.id, { resolve: resolve as (envelope: SuccessEnvelope) => void, reject, timer });
      try {
        parent.postMessage(request, '*');
      } catch (error) {
        this.callbacks.delete(request.id);
        if (timer !== null) clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(BridgeErrors.requestFailed));
      }
    });
  }

  /** Requests still waiting for a reply. */
  pendingCount(): number {
    return this.callbacks.size;
  }

  /** Stops listening and rejects what is pending. */
  dispose(): void {
    this.win?.removeEventListener('message', this.onParentMessage);
    for (const [id, pending] of this.callbacks) {
      if (pending.timer !== null) clearTimeout(pending.timer);
      pending.reject(new Error(BridgeErrors.requestFailed));
      this.callbacks.delete(id);
    }
  }
}
