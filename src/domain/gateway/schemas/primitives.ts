/** The gateway's wire model: primitives. Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';

const HEX_RE = /^0x[0-9a-fA-F]*$/;
const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
const HASH_RE = /^0x[0-9a-fA-F]{64}$/;
const DECIMAL_RE = /^-?[0-9]+$/;

export const HexSchema = v.pipe(v.string(), v.regex(HEX_RE, 'Expected a 0x-prefixed hex string'));
export const AddressSchema = v.pipe(v.string(), v.regex(ADDRESS_RE, 'Expected a 20-byte hex address'));
export const Bytes32Schema = v.pipe(v.string(), v.regex(HASH_RE, 'Expected a 32-byte hex value'));
/** Base-10 integer as a string (wei amounts, gas values, token ids). */
export const DecimalStringSchema = v.pipe(v.string(), v.regex(DECIMAL_RE, 'Expected a decimal integer string'));
/**
 * A fiat amount or rate as a string: a finite decimal number ("1234.56", "0", "1.5e-7"). A value that is not a
 * number is refused rather than shown as 0.
 */
export const FiatStringSchema = v.pipe(
  v.string(),
  v.check((value) => /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value) && Number.isFinite(Number(value)), 'Expected a finite decimal number'),
);

export const OperationSchema = v.picklist([0, 1]);

export const AddressInfoSchema = v.object({
  value: AddressSchema,
  name: v.nullable(v.string()),
  logoUri: v.nullable(v.string()),
});

export const pageSchema = <T extends v.GenericSchema>(item: T) =>
  v.object({
    count: v.nullable(v.number()),
    next: v.nullable(v.string()),
    previous: v.nullable(v.string()),
    results: v.array(item),
  });
/** Any JSON object (empty-bodied successes are read as `{}`). */
export const EmptyObjectSchema = v.record(v.string(), v.unknown());
