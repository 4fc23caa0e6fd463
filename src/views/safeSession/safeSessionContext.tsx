/**
 * Hook façades over the Safe session actor (a child of the root actor, created outside React). The provider
 * takes the actor, or null when no Safe is open; screens select narrow slices and send events.
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { safeSessionMachine } from '../../machines/safeSession/safeSession.machine.ts';
import type { OnDemandList, SafeSessionEvent } from '../../machines/safeSession/safeSession.types.ts';
import { ExplorerProvider, type ExplorerTemplates } from '../components/explorer.tsx';

export type SafeSessionRef = ActorRefFrom<typeof safeSessionMachine>;
export type SafeSessionSnapshot = SnapshotFrom<typeof safeSessionMachine>;
export type SafeChildren = SafeSessionSnapshot['children'];
export type SafeChildId = keyof SafeChildren;

const SafeSessionContext = createContext<SafeSessionRef | null>(null);

function ExplorerFromSession({ actor, children }: { actor: SafeSessionRef; children: ReactNode }) {
  const template = useSelector(actor, (s) => s.context.chain?.blockExplorerUriTemplate);
  const templates: ExplorerTemplates | null = template ? { address: template.address, txHash: template.txHash } : null;
  return <ExplorerProvider templates={templates}>{children}</ExplorerProvider>;
}

/** Mount once around the Safe screens with the session actor (or null when no Safe is open). */
export function SafeSessionProvider({ actor, children }: { actor: SafeSessionRef | null; children: ReactNode }) {
  return (
    <SafeSessionContext.Provider value={actor}>
      {actor ? <ExplorerFromSession actor={actor}>{children}</ExplorerFromSession> : children}
    </SafeSessionContext.Provider>
  );
}

/** The session actor, or null when no Safe is open. */
export function useSafeSessionRef(): SafeSessionRef | null {
  return useContext(SafeSessionContext);
}

function useRequiredRef(): SafeSessionRef {
  const actor = useContext(SafeSessionContext);
  if (!actor) throw new Error('No Safe session: render Safe screens inside <SafeGate> with a SafeSessionProvider');
  return actor;
}

export function useSafeSession<T>(selector: (snapshot: SafeSessionSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useRequiredRef(), selector, compare);
}

export function useSafeSessionSend(): (event: SafeSessionEvent) => void {
  return useRequiredRef().send;
}

/** One of the session's children (lists, details) — undefined until the Safe is ready. */
export function useSafeChild<K extends SafeChildId>(id: K): SafeChildren[K] {
  return useSafeSession((s) => s.children[id]);
}

/**
 * For a screen that shows one of the lists the session loads on demand (history, messages, NFTs, fiat
 * currencies): tells the session the list is open, on mount and whenever the session can take it (the Safe
 * became ready). The session decides whether that starts anything (decision 0017).
 */
export function useListOpened(list: OnDemandList): void {
  const actor = useRequiredRef();
  const canOpen = useSelector(actor, (s) => s.can({ type: 'user.listOpened', list }));
  useEffect(() => {
    if (canOpen) actor.send({ type: 'user.listOpened', list });
  }, [actor, canOpen, list]);
}
