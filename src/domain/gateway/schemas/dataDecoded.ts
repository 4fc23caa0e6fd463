/** The gateway's wire model: data decoded (B.7.8). Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';
import { AddressSchema, HexSchema, OperationSchema } from './primitives.ts';

export const DecodingAccuracySchema = v.picklist(['FULL_MATCH', 'PARTIAL_MATCH', 'ONLY_FUNCTION_MATCH', 'NO_MATCH', 'UNKNOWN']);

/** A decoded parameter value: a string, or (for arrays/tuples) nested arrays of strings. */
export type ParamValue = string | ParamValue[];
export const ParamValueSchema: v.GenericSchema<ParamValue> = v.union([v.string(), v.array(v.lazy(() => ParamValueSchema))]);

export interface ValueDecodedTx {
  operation: 0 | 1;
  to: string;
  value: string;
  data: string | null;
  dataDecoded?: DataDecoded | null | undefined;
}

/** A tuple component as the ABI JSON spells it. */
export interface AbiComponent {
  name?: string | undefined;
  type: string;
  components?: AbiComponent[] | undefined;
}

export interface DataDecodedParameter {
  name: string;
  /** A Solidity type as the decoder spells it; tuples come as `tuple`, `tuple[]`, … (or canonically, `(address,uint256)`). */
  type: string;
  value: ParamValue;
  valueDecoded?: ValueDecodedTx[] | DataDecoded | null | undefined;
  /**
   * The components of a `tuple` type. Not in the CGW OpenAPI (its tuples carry none), read when a decoder sends
   * them; everything is verified against the call bytes either way (src/domain/safe/crossCheck.ts).
   */
  components?: AbiComponent[] | undefined;
}

export interface DataDecoded {
  method: string;
  parameters: DataDecodedParameter[] | null;
  accuracy?: 'FULL_MATCH' | 'PARTIAL_MATCH' | 'ONLY_FUNCTION_MATCH' | 'NO_MATCH' | 'UNKNOWN' | undefined;
}

export const ValueDecodedTxSchema: v.GenericSchema<ValueDecodedTx> = v.object({
  operation: OperationSchema,
  to: AddressSchema,
  value: v.string(),
  data: v.nullable(HexSchema),
  dataDecoded: v.optional(v.nullable(v.lazy(() => DataDecodedSchema))),
});

export const AbiComponentSchema: v.GenericSchema<AbiComponent> = v.object({
  name: v.optional(v.string()),
  type: v.string(),
  components: v.optional(v.array(v.lazy(() => AbiComponentSchema))),
});

export const DataDecodedParameterSchema: v.GenericSchema<DataDecodedParameter> = v.object({
  name: v.string(),
  type: v.string(),
  value: ParamValueSchema,
  valueDecoded: v.optional(
    v.nullable(v.union([v.array(v.lazy(() => ValueDecodedTxSchema)), v.lazy(() => DataDecodedSchema)])),
  ),
  components: v.optional(v.array(AbiComponentSchema)),
});

export const DataDecodedSchema: v.GenericSchema<DataDecoded> = v.object({
  method: v.string(),
  parameters: v.nullable(v.array(DataDecodedParameterSchema)),
  accuracy: v.optional(DecodingAccuracySchema),
});
