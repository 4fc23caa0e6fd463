/**
 * The SafeTx as JSON (uint256 values as decimal strings), the one shape the flows, their event logs and signing
 * packages carry, and its conversions to and from the bigint SafeTx the hashing and the chain take.
 */
import { getAddress } from 'viem';
import type { Address, Hex, SafeTx } from './types.ts';

/** The ten SafeTx fields (protocol.md B.8.1) as JSON. */
export interface SafeTxJson {
  to: Address;
  value: string;
  data: Hex;
  operation: 0 | 1;
  safeTxGas: string;
  baseGas: string;
  gasPrice: string;
  gasToken: Address;
  refundReceiver: Address;
  nonce: string;
}

/** The bigint SafeTx of a JSON one, addresses checksummed. */
export const toSafeTx = (tx: SafeTxJson): SafeTx => ({
  to: getAddress(tx.to),
  value: BigInt(tx.value),
  data: tx.data,
  operation: tx.operation,
  safeTxGas: BigInt(tx.safeTxGas),
  baseGas: BigInt(tx.baseGas),
  gasPrice: BigInt(tx.gasPrice),
  gasToken: getAddress(tx.gasToken),
  refundReceiver: getAddress(tx.refundReceiver),
  nonce: BigInt(tx.nonce),
});

/** The JSON SafeTx of a bigint one (data in lower case). */
export const toSafeTxJson = (tx: SafeTx): SafeTxJson => ({
  to: tx.to,
  value: tx.value.toString(),
  data: tx.data.toLowerCase() as Hex,
  operation: tx.operation,
  safeTxGas: tx.safeTxGas.toString(),
  baseGas: tx.baseGas.toString(),
  gasPrice: tx.gasPrice.toString(),
  gasToken: tx.gasToken,
  refundReceiver: tx.refundReceiver,
  nonce: tx.nonce.toString(),
});
