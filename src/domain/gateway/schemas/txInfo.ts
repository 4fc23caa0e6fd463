/** The gateway's wire model: TxInfo (B.7.8). Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';
import { AddressInfoSchema, AddressSchema } from './primitives.ts';
import { TransferDirectionSchema } from './enums.ts';
import { DataDecodedSchema } from './dataDecoded.ts';

const humanDescription = v.optional(v.nullable(v.string()));

export const TransferInfoSchema = v.variant('type', [
  v.object({ type: v.literal('NATIVE_COIN'), value: v.nullable(v.string()) }),
  v.object({
    type: v.literal('ERC20'),
    tokenAddress: AddressSchema,
    value: v.string(),
    tokenName: v.nullable(v.string()),
    tokenSymbol: v.nullable(v.string()),
    logoUri: v.nullable(v.string()),
    decimals: v.nullable(v.number()),
    trusted: v.nullable(v.boolean()),
    imitation: v.optional(v.boolean()),
  }),
  v.object({
    type: v.literal('ERC721'),
    tokenAddress: AddressSchema,
    tokenId: v.string(),
    tokenName: v.nullable(v.string()),
    tokenSymbol: v.nullable(v.string()),
    logoUri: v.nullable(v.string()),
    trusted: v.nullable(v.boolean()),
  }),
]);

export const SettingsInfoSchema = v.variant('type', [
  v.object({ type: v.literal('ADD_OWNER'), owner: AddressInfoSchema, threshold: v.number() }),
  v.object({ type: v.literal('REMOVE_OWNER'), owner: AddressInfoSchema, threshold: v.number() }),
  v.object({ type: v.literal('SWAP_OWNER'), oldOwner: AddressInfoSchema, newOwner: AddressInfoSchema }),
  v.object({ type: v.literal('CHANGE_THRESHOLD'), threshold: v.number() }),
  /** Wire value; the ts-sdk spells it CHANGE_IMPLEMENTATION — both accepted. */
  v.object({ type: v.literal('CHANGE_MASTER_COPY'), implementation: AddressInfoSchema }),
  v.object({ type: v.literal('CHANGE_IMPLEMENTATION'), implementation: AddressInfoSchema }),
  v.object({ type: v.literal('ENABLE_MODULE'), module: AddressInfoSchema }),
  v.object({ type: v.literal('DISABLE_MODULE'), module: AddressInfoSchema }),
  v.object({ type: v.literal('SET_FALLBACK_HANDLER'), handler: AddressInfoSchema }),
  v.object({ type: v.literal('SET_GUARD'), guard: AddressInfoSchema }),
  v.object({ type: v.literal('DELETE_GUARD') }),
]);

export const SwapTokenSchema = v.object({
  address: AddressSchema,
  decimals: v.number(),
  logoUri: v.nullable(v.string()),
  name: v.string(),
  symbol: v.string(),
  trusted: v.boolean(),
});

export const TransferTxInfoSchema = v.object({
  type: v.literal('Transfer'),
  humanDescription,
  sender: AddressInfoSchema,
  recipient: AddressInfoSchema,
  direction: TransferDirectionSchema,
  transferInfo: TransferInfoSchema,
});

export const SettingsChangeTxInfoSchema = v.object({
  type: v.literal('SettingsChange'),
  humanDescription,
  dataDecoded: DataDecodedSchema,
  settingsInfo: v.nullable(SettingsInfoSchema),
});

export const CustomTxInfoSchema = v.object({
  type: v.literal('Custom'),
  humanDescription,
  to: AddressInfoSchema,
  dataSize: v.string(),
  value: v.nullable(v.string()),
  methodName: v.nullable(v.string()),
  actionCount: v.nullable(v.number()),
  isCancellation: v.boolean(),
});

export const CreationTxInfoSchema = v.object({
  type: v.literal('Creation'),
  humanDescription,
  creator: AddressInfoSchema,
  transactionHash: v.string(),
  implementation: v.nullable(AddressInfoSchema),
  factory: v.nullable(AddressInfoSchema),
  saltNonce: v.optional(v.nullable(v.string())),
});

export const SwapOrderTxInfoSchema = v.object({
  type: v.literal('SwapOrder'),
  humanDescription,
  uid: v.string(),
  status: v.picklist(['presignaturePending', 'open', 'fulfilled', 'cancelled', 'expired', 'unknown']),
  kind: v.picklist(['sell', 'buy', 'unknown']),
  orderClass: v.picklist(['market', 'limit', 'liquidity', 'unknown']),
  validUntil: v.number(),
  sellAmount: v.string(),
  buyAmount: v.string(),
  executedSellAmount: v.string(),
  executedBuyAmount: v.string(),
  sellToken: SwapTokenSchema,
  buyToken: SwapTokenSchema,
  explorerUrl: v.string(),
  executedFee: v.nullable(v.string()),
  executedFeeToken: v.optional(v.nullable(SwapTokenSchema)),
  receiver: v.nullable(v.string()),
  owner: v.string(),
  fullAppData: v.nullable(v.record(v.string(), v.unknown())),
});

/** Variants the app does not render in detail; their extra keys are kept. */
export const OtherTxInfoSchema = v.looseObject({
  type: v.picklist(['SwapTransfer', 'TwapOrder', 'NativeStakingDeposit', 'NativeStakingValidatorsExit', 'NativeStakingWithdraw']),
  humanDescription,
});

export const TxInfoSchema = v.variant('type', [
  TransferTxInfoSchema,
  SettingsChangeTxInfoSchema,
  CustomTxInfoSchema,
  CreationTxInfoSchema,
  SwapOrderTxInfoSchema,
  OtherTxInfoSchema,
]);
