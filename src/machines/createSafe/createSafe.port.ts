/**
 * What the create-a-Safe screen asks of the composition root (decision 0018): a visit, either the connected
 * wallet's unfinished one resumed from the event log or a new one. Types only; the service that implements it
 * lives in src/services/createSafeVisits.ts and reaches the view through React context.
 */
import type { ActorRefFrom } from 'xstate';
import type { createSafeMachine } from './createSafe.machine.ts';
import type { CreateSafeWallet } from './createSafe.types.ts';

export type CreateSafeActor = ActorRefFrom<typeof createSafeMachine>;

export interface CreateSafeVisitRequest {
  /** The connected wallet: only a visit of this wallet (or, with none connected, a visit without one) is resumed. */
  wallet: CreateSafeWallet | null;
  /** `?chain=<shortName>` preselects a network of a new visit. */
  chainShortName?: string | undefined;
  /** `?owner=<address>` makes it the only signer of a new visit's form (a Safe owned by another Safe). */
  owner?: string | undefined;
  /** Navigates to the new Safe (the machine's `openSafe` action). */
  openSafe: (href: string) => void;
  /** Told when the visit's stream turns out to be held by another tab after it started (the actor is stopped). */
  onNotice?: (text: string) => void;
}

export interface CreateSafeVisit {
  actor: CreateSafeActor;
  streamId: string;
  /** Resumed from the event log (after a reload, or coming back to the screen) rather than started afresh. */
  restored: boolean;
  /** Why an unfinished visit of this wallet was not resumed (open in another tab, a log that does not replay), or null. */
  notice: string | null;
  /** Stops the actor (the user left the screen) once its events are written; the stream stays open to be resumed. */
  stop(): Promise<void>;
}

export interface CreateSafeVisitsPort {
  /** Resumes this wallet's newest unfinished visit, or starts a new one. One visit runs at a time: the previous one is stopped first. */
  open(request: CreateSafeVisitRequest): Promise<CreateSafeVisit>;
}

export const CREATE_SAFE_VISIT_TEXTS = {
  restored: 'Your unfinished Safe setup was restored.',
  lockedElsewhere: 'An unfinished Safe setup of this wallet is open in another tab; finish it there, or start a new one here.',
  notRestored: (message: string) => `An unfinished Safe setup could not be restored (${message}); a new one was started.`,
} as const;
