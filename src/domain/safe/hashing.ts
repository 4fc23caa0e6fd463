/**
 * Version-aware SafeTx hashing (protocol.md B.8.1). The typed data built here is the single object that is
 * both hashed for display and sent to the wallet for eth_signTypedData_v4 (security property S2).
 */
import { concat, hashDomain, hashStruct, keccak256, zeroAddress, type Hash, type TypedDataDefinition, type TypedDataDomain } from 'viem';
import type { SafeContext, SafeTx } from './types.ts';
import { domainHasChainId, usesDataGas } from './version.ts';

export const SAFE_TX_TYPEHASH = '0xbb8310d486368db6bd6f849402fdd73ad53d316b5a4b2644ad6efe0f941286d8';
export const SAFE_TX_TYPEHASH_DATAGAS = '0x14d461bc7412367e924637b363c7bf29b8f47e2f84869f4426e5633d8af47b20';
export const DOMAIN_TYPEHASH_WITH_CHAIN = '0x47e79534a245952e8b16893a336b85a3d9ea9fa8c573f3d803afb92a79469218';
export const DOMAIN_TYPEHASH_LEGACY = '0x035aff83d86937d35b32e04f0ddc6ff469290eef2f1b692d8a815c89404d4749';

const field = <N extends string, T extends string>(name: N, type: T) => ({ name, type }) as const;

export const SAFE_TX_TYPES = {
  SafeTx: [
    field('to', 'address'),
    field('value', 'uint256'),
    field('data', 'bytes'),
    field('operation', 'uint8'),
    field('safeTxGas', 'uint256'),
    field('baseGas', 'uint256'),
    field('gasPrice', 'uint256'),
    field('gasToken', 'address'),
    field('refundReceiver', 'address'),
    field('nonce', 'uint256'),
  ],
} as const;

/** Safe < 1.0.0: the 6th field is `dataGas`. */
export const SAFE_TX_TYPES_DATAGAS = {
  SafeTx: [
    field('to', 'address'),
    field('value', 'uint256'),
    field('data', 'bytes'),
    field('operation', 'uint8'),
    field('safeTxGas', 'uint256'),
    field('dataGas', 'uint256'),
    field('gasPrice', 'uint256'),
    field('gasToken', 'address'),
    field('refundReceiver', 'address'),
    field('nonce', 'uint256'),
  ],
} as const;

/** The Safe's EIP-712 domain: `{chainId, verifyingContract}` from 1.3.0, `{verifyingContract}` before. */
export function safeDomain(ctx: SafeContext): TypedDataDomain {
  return domainHasChainId(ctx.version)
    ? { chainId: Number(ctx.chainId), verifyingContract: ctx.safeAddress }
    : { verifyingContract: ctx.safeAddress };
}

const domainTypes = (ctx: SafeContext) =>
  domainHasChainId(ctx.version)
    ? {
        EIP712Domain: [
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
      }
    : { EIP712Domain: [{ name: 'verifyingContract', type: 'address' }] };

export function domainHash(ctx: SafeContext): Hash {
  return hashDomain({ domain: safeDomain(ctx), types: domainTypes(ctx) } as Parameters<typeof hashDomain>[0]);
}

/** Fills missing fields the way the gateway does: data `0x`, zero gas token / refund receiver. */
export function normalizeSafeTx(tx: Partial<SafeTx> & Pick<SafeTx, 'to' | 'nonce'>): SafeTx {
  return {
    to: tx.to,
    value: tx.value ?? 0n,
    data: tx.data && tx.data !== '0x' ? tx.data : '0x',
    operation: tx.operation ?? 0,
    safeTxGas: tx.safeTxGas ?? 0n,
    baseGas: tx.baseGas ?? 0n,
    gasPrice: tx.gasPrice ?? 0n,
    gasToken: tx.gasToken ?? zeroAddress,
    refundReceiver: tx.refundReceiver ?? zeroAddress,
    nonce: tx.nonce,
  };
}

export type SafeTxTypedData =
  | TypedDataDefinition<typeof SAFE_TX_TYPES, 'SafeTx'>
  | TypedDataDefinition<typeof SAFE_TX_TYPES_DATAGAS, 'SafeTx'>;

/** EIP-712 typed data of a SafeTx for this Safe version (what the wallet signs). */
export function safeTxTypedData(ctx: SafeContext, tx: SafeTx): SafeTxTypedData {
  const { baseGas, ...rest } = tx;
  const domain = safeDomain(ctx);
  if (usesDataGas(ctx.version)) {
    return { domain, types: SAFE_TX_TYPES_DATAGAS, primaryType: 'SafeTx', message: { ...rest, dataGas: baseGas } };
  }
  return { domain, types: SAFE_TX_TYPES, primaryType: 'SafeTx', message: { ...rest, baseGas } };
}

type LooseTypes = Record<string, readonly { name: string; type: string }[]>;

/** hashStruct(SafeTx): the "message hash" that hardware wallets show. */
export function safeTxMessageHash(ctx: SafeContext, tx: SafeTx): Hash {
  const typed = safeTxTypedData(ctx, tx);
  return hashStruct({ data: typed.message as Record<string, unknown>, primaryType: 'SafeTx', types: typed.types as LooseTypes });
}

export function safeTxHash(ctx: SafeContext, tx: SafeTx): Hash {
  return safeTxHashes(ctx, tx).safeTxHash;
}

export interface SafeTxHashes {
  domainHash: Hash;
  messageHash: Hash;
  safeTxHash: Hash;
}

/** The three hashes a signing screen shows (security property S1). */
export function safeTxHashes(ctx: SafeContext, tx: SafeTx): SafeTxHashes {
  const domain = domainHash(ctx);
  const message = safeTxMessageHash(ctx, tx);
  const safeTx = keccak256(concat(['0x1901', domain, message]));
  return { domainHash: domain, messageHash: message, safeTxHash: safeTx };
}

/** Encodes a SafeTx's uint fields as base-10 strings, as the gateway's propose body wants. */
export const toDecimal = (value: bigint): string => value.toString(10);
