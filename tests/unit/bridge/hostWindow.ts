/** Fake windows for host-side tests: a host window that dispatches message events, and counting targets. */
import type { HostWindowLike, MessageTargetLike } from '../../../src/bridge/host/communicator.ts';

export interface CountingWindow extends MessageTargetLike {
  posted: { message: unknown; targetOrigin: string }[];
}

export function countingWindow(): CountingWindow {
  const posted: CountingWindow['posted'] = [];
  return { posted, postMessage: (message, targetOrigin) => void posted.push({ message, targetOrigin }) };
}

export interface FakeHostWindow extends HostWindowLike {
  dispatch(event: { data: unknown; origin: string; source: unknown }): void;
  listenerCount(): number;
}

export function fakeHostWindow(): FakeHostWindow {
  const listeners = new Set<(event: MessageEvent) => void>();
  return {
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
    dispatch: (event) => listeners.forEach((listener) => listener(event as unknown as MessageEvent)),
    listenerCount: () => listeners.size,
  };
}
