/**
 * Sample input and events of the walletConnection machine for the registry (QA paths, diagrams, event-log
 * tools) and its model test: plain JSON (errors as `{ name, message }`; the model test turns those into
 * `Error` instances, which is what the real effects reject with).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { DEVNET_OWNERS } from '../shared/samples.ts';
import { WALLET_TEXTS } from './walletConnection.logic.ts';
import type { SwitchChainOutput, WalletConnection, WalletConnectionContext } from './walletConnection.types.ts';

const [OWNER, OTHER] = DEVNET_OWNERS;
const NAMES = { '1': 'Ethereum', '5': 'Goerli' };
const on = (chainId: string): WalletConnection => ({ label: 'Devnet Wallet', address: OWNER, chainId });
/** The delayed event of the `retrying` state. */
export const WALLET_AFTER_RETRY = 'xstate.after.connectionRetryDelay.walletConnection.retrying';

/** The machine takes no input. */
export const walletConnectionSampleInput = undefined;

export const walletConnectionSampleEvents: AnyEventObject[] = [
  // restore after reload: nothing remembered, or a wallet on a supported, another, or an unknown chain
  ...[null, on('1'), on('5'), on('99')].map((output) => ({ type: 'xstate.done.actor.restoreWallet', output })),
  { type: 'xstate.error.actor.restoreWallet', error: { name: 'Error', message: 'The remembered wallet is gone' } },
  { type: 'user.connect' },
  ...[null, on('1'), on('5'), on('99')].map((output) => ({ type: 'xstate.done.actor.connectWallet', output })),
  { type: 'xstate.error.actor.connectWallet', error: { kind: 'unavailable', message: WALLET_TEXTS.unavailable } },
  { type: 'xstate.error.actor.connectWallet', error: { name: 'Error', message: 'The wallet did not answer' } },
  { type: 'xstate.error.actor.connectWallet', error: { code: 4001, message: 'User rejected the request.' } },
  { type: WALLET_AFTER_RETRY },
  { type: 'user.dismiss' },
  { type: 'user.disconnect' },
  { type: 'xstate.done.actor.disconnectWallet', output: undefined },
  { type: 'xstate.error.actor.disconnectWallet', error: { name: 'Error', message: 'Wallet gone' } },
  { type: 'user.switchChain' },
  ...['1', '5', '99'].map((chainId) => ({ type: 'xstate.done.actor.switchChain', output: { chainId } satisfies SwitchChainOutput })),
  { type: 'xstate.error.actor.switchChain', error: { code: 4001, message: 'User rejected the request.' } },
  { type: 'wallet.accountsChanged', accounts: [] },
  { type: 'wallet.accountsChanged', accounts: [OTHER] },
  ...['1', '5', '99'].map((chainId) => ({ type: 'wallet.chainChanged', chainId })),
  { type: 'wallet.disconnected' },
  // the Devnet Wallet's device profile changed while connected: a Ledger, then none (issue 19)
  { type: 'wallet.deviceChanged', device: { kind: 'ledger', name: 'Ledger', display: 'hashes' } },
  { type: 'wallet.deviceChanged', device: null },
  { type: 'system.requiredChainChanged', chainId: '1' },
  { type: 'system.supportedChainsChanged', chainIds: ['1', '5'], chainNames: NAMES },
];

/** Vertex identity for path generation: the state plus what its guards and views read. */
export function serializeWalletConnectionState(s: AnyMachineSnapshot): string {
  const c = s.context as WalletConnectionContext;
  return JSON.stringify([s.value, c.retries, c.requiredChainId, c.supportedChainIds !== null, c.wallet?.chainId ?? null, c.wallet?.address ?? null, c.wallet?.device?.kind ?? null, c.error?.kind ?? null]);
}
