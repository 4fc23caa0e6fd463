export { FlowsProvider, useFlowsState, useOpenFlow } from './flowsContext.tsx';
export { FlowDialogs } from './FlowDialogs.tsx';
export { NewTransactionButton, TxActionButtons, BulkExecuteButton, SignMessageButton, ConfirmMessageButton } from './FlowButtons.tsx';
