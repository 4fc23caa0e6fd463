export { TxFlowDialog } from './TxFlowDialog.tsx';
export { TxFlowProvider, useTxFlow, useTxFlowSend, type TxFlowRef, type TxFlowSnapshot } from './txFlowContext.tsx';
export { DeleteTxDialog, type DeleteTxRef } from './DeleteTxDialog.tsx';
export { BulkExecuteDialog, type BulkExecuteRef } from './BulkExecuteDialog.tsx';
