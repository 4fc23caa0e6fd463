import { createContext, useContext, type ReactNode } from 'react';
import type { AuditPort } from './auditPort.ts';

const AuditContext = createContext<AuditPort | null>(null);

/** Supplies the event log's audit port (created by the composition root) to the audit views. */
export function AuditProvider({ port, children }: { port: AuditPort; children: ReactNode }) {
  return <AuditContext.Provider value={port}>{children}</AuditContext.Provider>;
}

/** The audit port, or null when the app runs without an event log (e.g. a view test that does not need it). */
export function useAuditPort(): AuditPort | null {
  return useContext(AuditContext);
}
