export { MessageFlowDialog } from './MessageFlowDialog.tsx';
export { MessageFlowProvider, useMessageFlow, useMessageFlowSend, type MessageFlowRef, type MessageFlowSnapshot } from './messageFlowContext.tsx';
