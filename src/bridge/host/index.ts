/** The Safe Apps host bridge: validator, communicator and the bridgeSession listener effect. */
export { BRIDGE_LIMITS, validateMessage, type AppFrame, type MessageEventLike, type RejectReason, type ValidationResult } from './validate.ts';
export {
  assertAppOrigin,
  createHostCommunicator,
  DEFAULT_MAX_PENDING,
  type DropReason,
  type HostCommunicator,
  type HostCommunicatorOptions,
  type HostWindowLike,
  type MessageTargetLike,
} from './communicator.ts';
export { createBridgeListener, type BridgeListenerOptions } from './listener.ts';
