import type { Address, Hex } from 'viem';

export type { Address, Hex } from 'viem';

export const Operation = { Call: 0, DelegateCall: 1 } as const;
export type Operation = (typeof Operation)[keyof typeof Operation];

/** The ten SafeTx fields (protocol.md B.8.1), all present, amounts as bigint. */
export interface SafeTx {
  to: Address;
  value: bigint;
  data: Hex;
  operation: Operation;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  nonce: bigint;
}

/** Where a SafeTx is hashed and executed: the Safe, its chain and its version (e.g. "1.3.0", "1.4.1+L2"). */
export interface SafeContext {
  chainId: number | bigint;
  safeAddress: Address;
  version: string;
}

/** One inner transaction of a MultiSend batch. */
export interface MetaTransaction {
  operation: Operation;
  to: Address;
  value: bigint;
  data: Hex;
}
