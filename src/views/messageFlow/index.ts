export { MessageFlowDialog } from './MessageFlowDialog.tsx';
export { MessageFlowProvider, useMessageFlow, useMessageFlowCan, useMessageFlowSend, type MessageFlowRef, type MessageFlowSnapshot } from './messageFlowContext.tsx';
