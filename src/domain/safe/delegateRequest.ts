/**
 * Typed data an owner signs to add, rename or remove a proposer (delegate) of a Safe on the gateway (protocol.md
 * B.7.15, v2 delegates): domain "Safe Transaction Service" / "1.0" with the chain id and no verifying contract,
 * `Delegate(address delegateAddress,uint256 totp)` with the checksummed delegate and the hour-based TOTP. Pure
 * (viem's hashing only). The signature covers neither the Safe nor the label: it authorises "this delegate, this
 * hour" for the delegator.
 */
import { getAddress, hashTypedData, type Hash } from 'viem';
import { deleteRequestTotp } from './deleteRequest.ts';

export const DELEGATE_TYPES = {
  Delegate: [
    { name: 'delegateAddress', type: 'address' },
    { name: 'totp', type: 'uint256' },
  ],
} as const;

/** floor(unix seconds / 3600): the same hour-based TOTP as the delete request's. */
export const delegateTotp = deleteRequestTotp;

export function delegateTypedData(args: { chainId: number | bigint | string; delegate: string; nowMs: number }) {
  return {
    domain: { name: 'Safe Transaction Service', version: '1.0', chainId: Number(args.chainId) },
    types: DELEGATE_TYPES,
    primaryType: 'Delegate' as const,
    message: { delegateAddress: getAddress(args.delegate), totp: delegateTotp(args.nowMs) },
  };
}

export const delegateRequestHash = (args: Parameters<typeof delegateTypedData>[0]): Hash => hashTypedData(delegateTypedData(args));
