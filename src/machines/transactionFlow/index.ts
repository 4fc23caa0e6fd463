export { transactionFlowMachine, type TransactionFlowMachine } from './transactionFlow.machine.ts';
export { deleteTxFlowMachine, DELETE_TX_FLOW_ID, type DeleteTxFlowMachine } from './deleteTxFlow.machine.ts';
export { bulkExecuteFlowMachine, bulkBlocker, BULK_EXECUTE_FLOW_ID, MAX_BULK_EXECUTE, type BulkExecuteFlowMachine } from './bulkExecuteFlow.machine.ts';
export { TX_FLOW_ID, NON_IDEMPOTENT, canExecute, canRelay, canSign, canSignAndExecute, isClearToSubmit, validConfirmations } from './transactionFlow.setup.ts';
export * from './draft.ts';
export type * from './transactionFlow.types.ts';
