/**
 * Hook façade over the flow host (src/services/flows, created once by the composition root outside React).
 * Views see the running flows and ask for new ones with a FlowRequest; the host fills in the Safe and wallet.
 */
import { createContext, useCallback, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { FlowEntry, FlowRequest, FlowsPort, FlowsState } from '../../machines/shared/flows.ts';

const FlowsContext = createContext<FlowsPort | null>(null);
const EMPTY: FlowsState = { flows: [], problems: [] };
const noop = () => () => {};

export function FlowsProvider({ port, children }: { port: FlowsPort | null; children: ReactNode }) {
  return <FlowsContext.Provider value={port}>{children}</FlowsContext.Provider>;
}

/** The flow host's port, or null (e.g. a view test without flows). */
export const useFlowsPort = (): FlowsPort | null => useContext(FlowsContext);

export function useFlowsState(): FlowsState {
  const port = useContext(FlowsContext);
  return useSyncExternalStore(port ? port.subscribe : noop, port ? port.getState : () => EMPTY);
}

/** `open(request)` starts a flow; `error` is why the last request could not open one (null when it did). */
export function useOpenFlow(): { open: (request: FlowRequest) => Promise<FlowEntry | null>; error: string | null; available: boolean } {
  const port = useContext(FlowsContext);
  const [error, setError] = useState<string | null>(null);
  const open = useCallback(
    async (request: FlowRequest) => {
      if (!port) return null;
      try {
        const entry = await port.open(request);
        setError(null);
        return entry;
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : String(failure));
        return null;
      }
    },
    [port],
  );
  return { open, error, available: port !== null };
}
