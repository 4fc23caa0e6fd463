/**
 * Typed data the proposer signs to delete an unexecuted transaction from the gateway (protocol.md B.7.9,
 * B.8.3): hour-based TOTP, domain "Safe Transaction Service" / "1.0". Pure (viem's hashing only), so the delete
 * dialog shows the same hashes the wallet is asked to sign.
 */
import { hashDomain, hashStruct, hashTypedData, type Address, type Hash, type Hex } from 'viem';

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

/** The three hashes of a DeleteRequest, as a wallet or hardware device shows them for EIP-712 typed data. */
export function deleteRequestHashes(args: Parameters<typeof deleteRequestTypedData>[0]): { domainHash: Hash; messageHash: Hash; deleteRequestHash: Hash } {
  const typed = deleteRequestTypedData(args);
  return {
    domainHash: hashDomain({ domain: { ...typed.domain, chainId: BigInt(typed.domain.chainId) }, types: { EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ] } }),
    messageHash: hashStruct({ data: typed.message, primaryType: 'DeleteRequest', types: DELETE_REQUEST_TYPES }),
    deleteRequestHash: hashTypedData(typed),
  };
}
