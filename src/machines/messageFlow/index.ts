export { messageFlowMachine, type MessageFlowMachine } from './messageFlow.machine.ts';
export {
  MESSAGE_FLOW_ID,
  MESSAGE_TEXTS,
  NON_IDEMPOTENT,
  canSign,
  chainAllowsSigning,
  chainCheckOf,
  errorText,
  expectedHash,
  hasWalletSigned,
  hashMismatchText,
  isOwner,
  missingSigners,
  needsAnyChainAcknowledgement,
  ownerConfirmations,
  requestedMismatchText,
  signBlocker,
  walletFailureOf,
} from './messageFlow.setup.ts';
export type * from './messageFlow.types.ts';
