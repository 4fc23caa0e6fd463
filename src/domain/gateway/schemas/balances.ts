/** The gateway's wire model: balances, collectibles (B.7.3, B.7.4). Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';
import { AddressSchema, DecimalStringSchema, FiatStringSchema, pageSchema } from './primitives.ts';
import { TokenTypeSchema } from './enums.ts';

export const BalanceTokenInfoSchema = v.object({
  type: TokenTypeSchema,
  address: AddressSchema,
  decimals: v.number(),
  symbol: v.string(),
  name: v.string(),
  logoUri: v.string(),
});

export const BalanceSchema = v.object({
  tokenInfo: BalanceTokenInfoSchema,
  balance: DecimalStringSchema,
  fiatBalance: FiatStringSchema,
  fiatConversion: FiatStringSchema,
});

export const SafeBalancesSchema = v.object({ fiatTotal: FiatStringSchema, items: v.array(BalanceSchema) });
export const FiatCurrenciesSchema = v.array(v.string());

export const CollectibleSchema = v.object({
  address: AddressSchema,
  tokenName: v.string(),
  tokenSymbol: v.string(),
  logoUri: v.string(),
  id: v.string(),
  uri: v.nullable(v.string()),
  name: v.nullable(v.string()),
  description: v.nullable(v.string()),
  imageUri: v.nullable(v.string()),
  metadata: v.nullable(v.record(v.string(), v.unknown())),
});
export const CollectiblesSchema = v.array(CollectibleSchema);
export const CollectiblesPageSchema = pageSchema(CollectibleSchema);
