/**
 * Valibot schemas of the Safe Client Gateway JSON the app consumes (protocol.md Part B, 2025 field set).
 *
 * Rules followed throughout:
 * - Nullable keys are `v.nullable` (the key must be present, value may be null), as the real gateway
 *   emits explicit nulls. Keys documented as optional (drift between versions) are `v.optional`.
 * - Objects are `v.object`: unknown extra keys are accepted and dropped (adding keys is the gateway's
 *   normal drift; dropping keys is not and fails validation).
 * - Numbers that are amounts are decimal strings; timestamps are numbers (ms) unless noted.
 */
export * from './schemas/primitives.ts';
export * from './schemas/enums.ts';
export * from './schemas/safeInfo.ts';
export * from './schemas/chainInfo.ts';
export * from './schemas/balances.ts';
export * from './schemas/dataDecoded.ts';
export * from './schemas/txInfo.ts';
export * from './schemas/transactionLists.ts';
export * from './schemas/transactionDetails.ts';
export * from './schemas/transactionWrites.ts';
export * from './schemas/relay.ts';
export * from './schemas/messages.ts';
export * from './schemas/safeApps.ts';
export * from './schemas/delegates.ts';
export * from './schemas/accounts.ts';
export * from './schemas/accountServices.ts';
