/**
 * What kind of history a stream is (decision 0049). A signing flow's stream is the audit trail: every event of it
 * is written (nothing is left out as unchanged) and it is never pruned while the flow is unfinished. Every other
 * stream is the session's: a page load's root stream, its boot children, per-visit screens.
 */

/** Machines whose streams record signing, proposing, executing or deploying: the audit trail. */
export const SIGNING_FLOW_MACHINE_IDS: ReadonlySet<string> = new Set(['transactionFlow', 'messageFlow', 'deleteTxFlow', 'bulkExecuteFlow', 'createSafe']);

export function isSigningFlowMachine(machineId: string): boolean {
  return SIGNING_FLOW_MACHINE_IDS.has(machineId);
}
