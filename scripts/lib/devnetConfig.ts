/** The app's runtime config.json for a running devnet: its gateway, its RPC, and the Devnet Wallet's accounts. */
import type { DevnetInfo } from '../../devnet/index.ts';

export function devnetRuntimeConfig(devnet: DevnetInfo) {
  return {
    gatewayUrl: devnet.gatewayUrl,
    rpcOverrides: { [String(devnet.chainId)]: devnet.rpcUrl },
    devnet: { chainId: devnet.chainId, rpcUrl: devnet.rpcUrl, accounts: devnet.owners },
  };
}
