/**
 * Gateway request bodies built from the local SafeTx, so the bytes proposed are exactly the bytes hashed
 * and signed (security property S2).
 */
import { getAddress, isAddressEqual, zeroAddress, type Address, type Hex } from 'viem';
import type { EstimationRequest, ProposeTransactionBody } from '../gateway/types.ts';
import { safeTxHash } from './hashing.ts';
import type { SafeContext, SafeTx } from './types.ts';

export interface ProposeArgs {
  sender: Address;
  /** Sender's signature (65 bytes), or null to propose without confirming (delegates). */
  signature: Hex | null;
  /** Safe App origin, JSON `{"url","name"}`, or null. */
  origin?: string | null;
}

export function toProposeTransactionBody(ctx: SafeContext, tx: SafeTx, args: ProposeArgs): ProposeTransactionBody {
  return {
    to: getAddress(tx.to),
    value: tx.value.toString(10),
    data: tx.data === '0x' ? null : tx.data,
    nonce: tx.nonce.toString(10),
    operation: tx.operation,
    safeTxGas: tx.safeTxGas.toString(10),
    baseGas: tx.baseGas.toString(10),
    gasPrice: tx.gasPrice.toString(10),
    gasToken: getAddress(tx.gasToken),
    refundReceiver: isAddressEqual(tx.refundReceiver, zeroAddress) ? null : getAddress(tx.refundReceiver),
    safeTxHash: safeTxHash(ctx, tx),
    sender: getAddress(args.sender),
    signature: args.signature,
    origin: args.origin ?? null,
  };
}

export const toEstimationRequest = (tx: Pick<SafeTx, 'to' | 'value' | 'data' | 'operation'>): EstimationRequest => ({
  to: getAddress(tx.to),
  value: tx.value.toString(10),
  data: tx.data === '0x' ? null : tx.data,
  operation: tx.operation,
});
