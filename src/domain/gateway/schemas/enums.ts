/** The gateway's wire model: enums. Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';

export const TransactionStatusSchema = v.picklist([
  'AWAITING_CONFIRMATIONS',
  'AWAITING_EXECUTION',
  'CANCELLED',
  'FAILED',
  'SUCCESS',
]);
export const TransferDirectionSchema = v.picklist(['INCOMING', 'OUTGOING', 'UNKNOWN']);
export const TokenTypeSchema = v.picklist(['ERC20', 'ERC721', 'NATIVE_TOKEN']);
export const ConflictTypeSchema = v.picklist(['None', 'HasNext', 'End']);
export const ImplementationVersionStateSchema = v.picklist(['UP_TO_DATE', 'OUTDATED', 'UNKNOWN']);
export const MessageStatusSchema = v.picklist(['NEEDS_CONFIRMATION', 'CONFIRMED']);
export const DeviceTypeSchema = v.picklist(['ANDROID', 'IOS', 'WEB']);
export const RpcAuthenticationSchema = v.picklist(['API_KEY_PATH', 'NO_AUTHENTICATION', 'UNKNOWN']);
