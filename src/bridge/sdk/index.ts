/** The app-side Safe Apps SDK (wire-compatible with @safe-global/safe-apps-sdk 9.1.0) and an EIP-1193 provider. */
export {
  DEFAULT_READ_TIMEOUT_MS,
  generateRequestId,
  INTERACTIVE_METHODS,
  PostMessageCommunicator,
  type AppWindowLike,
  type Communicator,
  type CommunicatorOptions,
  type RequestTimeouts,
} from './communicator.ts';
export {
  Eth,
  PermissionsError,
  Safe,
  SafeAppsSdk,
  Txs,
  Wallet,
  type AddressBookItem,
  type BaseTransaction,
  type ChainInfo,
  type EIP712TypedData,
  type EnvironmentInfo,
  type Permission,
  type PermissionRequest,
  type SafeAppsSdkOptions,
  type SafeInfoExtended,
  type SendTransactionsParams,
  type SendTransactionsResponse,
  type SignMessageResponse,
  type TransactionConfig,
} from './sdk.ts';
export { SafeAppProvider, type RequestArguments } from './provider.ts';
export { BridgeErrors, MAGIC_VALUE, MAGIC_VALUE_BYTES, PERMISSIONS_REQUEST_REJECTED } from '../../machines/bridgeRequest/bridgeRequest.protocol.ts';
