/** The gateway's wire model: Chain info (B.7.2). Part of src/domain/gateway/schemas.ts (rules in its header). */
import * as v from 'valibot';
import { AddressSchema } from './primitives.ts';
import { RpcAuthenticationSchema } from './enums.ts';

export const RpcUriSchema = v.object({ authentication: RpcAuthenticationSchema, value: v.string() });

export const NativeCurrencySchema = v.object({
  name: v.string(),
  symbol: v.string(),
  decimals: v.number(),
  logoUri: v.string(),
});

export const BlockExplorerUriTemplateSchema = v.object({
  address: v.string(),
  txHash: v.string(),
  api: v.string(),
});

/** Wire values are lower-case; the ts-sdk's upper-case spelling is accepted too. */
export const GasPriceSchema = v.variant('type', [
  v.object({
    type: v.picklist(['oracle', 'ORACLE']),
    uri: v.string(),
    gasParameter: v.string(),
    gweiFactor: v.string(),
  }),
  v.object({ type: v.picklist(['fixed', 'FIXED']), weiValue: v.string() }),
  v.object({
    type: v.picklist(['fixed1559', 'FIXED1559']),
    maxFeePerGas: v.string(),
    maxPriorityFeePerGas: v.string(),
  }),
  v.object({ type: v.picklist(['unknown', 'UNKNOWN']) }),
]);

export const ContractAddressesSchema = v.object({
  safeSingletonAddress: v.nullable(v.string()),
  safeProxyFactoryAddress: v.nullable(v.string()),
  multiSendAddress: v.nullable(v.string()),
  multiSendCallOnlyAddress: v.nullable(v.string()),
  fallbackHandlerAddress: v.nullable(v.string()),
  signMessageLibAddress: v.nullable(v.string()),
  createCallAddress: v.nullable(v.string()),
  simulateTxAccessorAddress: v.nullable(v.string()),
  safeWebAuthnSignerFactoryAddress: v.nullable(v.string()),
});

export const ChainInfoSchema = v.object({
  chainId: v.string(),
  chainName: v.string(),
  description: v.string(),
  chainLogoUri: v.nullable(v.string()),
  l2: v.boolean(),
  isTestnet: v.boolean(),
  shortName: v.string(),
  nativeCurrency: NativeCurrencySchema,
  transactionService: v.string(),
  blockExplorerUriTemplate: BlockExplorerUriTemplateSchema,
  beaconChainExplorerUriTemplate: v.object({ publicKey: v.nullable(v.string()) }),
  disabledWallets: v.array(v.string()),
  ensRegistryAddress: v.nullable(v.string()),
  balancesProvider: v.object({ chainName: v.nullable(v.string()), enabled: v.boolean() }),
  /** Dropped by the 2026 gateway (B.12), hence optional. */
  contractAddresses: v.optional(ContractAddressesSchema),
  features: v.array(v.string()),
  gasPrice: v.array(GasPriceSchema),
  publicRpcUri: RpcUriSchema,
  rpcUri: RpcUriSchema,
  safeAppsRpcUri: RpcUriSchema,
  theme: v.object({ textColor: v.string(), backgroundColor: v.string() }),
  recommendedMasterCopyVersion: v.nullable(v.string()),
});

export const MasterCopySchema = v.object({ address: AddressSchema, version: v.string() });
export const MasterCopiesSchema = v.array(MasterCopySchema);
