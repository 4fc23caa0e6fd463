/**
 * Signing and execution through the connected EIP-1193 wallet (viem wallet client over custom(provider)).
 * The typed data passed to the wallet is the exact object hashed on screen (security property S2), and
 * only eth_signTypedData_v4 is used: no eth_sign fallback (S9).
 */
import { createWalletClient, custom, getAddress, type Address, type EIP1193Provider, type Hash, type Hex, type WalletClient, type Transport, type Chain, type Account } from 'viem';
import { safeAbi } from '../../domain/safe/abis.ts';
import { safeTxTypedData } from '../../domain/safe/hashing.ts';
import { safeMessageTypedData } from '../../domain/safe/messages.ts';
import type { SafeContext, SafeTx } from '../../domain/safe/types.ts';
import { CHAIN_CLIENT_DEFAULTS, toViemChain, type ChainConfig } from './client.ts';

/** Wallet connection layer constants (product-spec §9): retry 2 × 100 ms. */
export const WALLET_RETRY = { retryCount: 2, retryDelay: 100 } as const;

export type SafeWalletClient = WalletClient<Transport, Chain, Account>;

export function createSafeWalletClient(provider: EIP1193Provider, chain: ChainConfig, account: Address): SafeWalletClient {
  return createWalletClient({
    account: getAddress(account),
    chain: toViemChain(chain, chain.rpcUri.value),
    transport: custom(provider, WALLET_RETRY),
    pollingInterval: CHAIN_CLIENT_DEFAULTS.pollingInterval,
  });
}

/** Asks the wallet to sign the SafeTx typed data (eth_signTypedData_v4). */
export function signSafeTransaction(wallet: SafeWalletClient, ctx: SafeContext, tx: SafeTx): Promise<Hex> {
  const typed = safeTxTypedData(ctx, tx);
  return wallet.signTypedData(typed as Parameters<SafeWalletClient['signTypedData']>[0]);
}

/** Asks the wallet to sign the SafeMessage wrapping `innerHash` (eth_signTypedData_v4). */
export function signSafeMessage(wallet: SafeWalletClient, ctx: SafeContext, innerHash: Hex): Promise<Hex> {
  return wallet.signTypedData(safeMessageTypedData(ctx, innerHash));
}

/** Sends execTransaction from the connected account; resolves with the chain transaction hash. */
export function executeSafeTransaction(wallet: SafeWalletClient, safeAddress: Address, tx: SafeTx, signatures: Hex, gas?: bigint): Promise<Hash> {
  return wallet.writeContract({
    address: getAddress(safeAddress),
    abi: safeAbi,
    functionName: 'execTransaction',
    args: [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, signatures],
    ...(gas !== undefined ? { gas } : {}),
  });
}
