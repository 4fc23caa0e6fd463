/**
 * Typed data the proposer signs to delete an unexecuted transaction from the gateway (protocol.md B.7.9,
 * B.8.3): hour-based TOTP, domain "Safe Transaction Service" / "1.0".
 */
import { hashTypedData, type Address, type Hash, type Hex } from 'viem';

export const DELETE_REQUEST_TYPEHASH = '0xea0e2920ae94ffdb9d98b7bbb85bc34fe4df5ccca3a98a2e3bfec8b64919fc08';
export const DELETE_REQUEST_TYPES = {
  DeleteRequest: [
    { name: 'safeTxHash', type: 'bytes32' },
    { name: 'totp', type: 'uint256' },
  ],
} as const;

/** floor(unix seconds / 3600). */
export const deleteRequestTotp = (nowMs: number): bigint => BigInt(Math.floor(nowMs / 1000 / 3600));

export function deleteRequestTypedData(args: { chainId: number | bigint; safeAddress: Address; safeTxHash: Hex; nowMs: number }) {
  return {
    domain: { name: 'Safe Transaction Service', version: '1.0', chainId: Number(args.chainId), verifyingContract: args.safeAddress },
    types: DELETE_REQUEST_TYPES,
    primaryType: 'DeleteRequest' as const,
    message: { safeTxHash: args.safeTxHash, totp: deleteRequestTotp(args.nowMs) },
  };
}

export const deleteRequestHash = (args: Parameters<typeof deleteRequestTypedData>[0]): Hash => hashTypedData(deleteRequestTypedData(args));
