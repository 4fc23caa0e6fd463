/**
 * The walletConnection view model: what the wallet views show, computed only from a snapshot, so views never
 * ask the snapshot for its state names.
 */
import type { SnapshotFrom } from 'xstate';
import type { walletConnectionMachine } from './walletConnection.machine.ts';
import type { WalletConnection, WalletFailure } from './walletConnection.types.ts';

export type WalletConnectionSnapshot = SnapshotFrom<typeof walletConnectionMachine>;

/** The machine's top-level step, named for the views. */
export type WalletStatus = 'restoring' | 'disconnected' | 'connecting' | 'retrying' | 'failed' | 'unavailable' | 'connected' | 'disconnecting';

/** Whether a connected wallet is on the chain it should be: `wrongChain` (not the open Safe's), `unsupportedChain` (not listed by the gateway). */
export type WalletChainFit = 'ok' | 'wrongChain' | 'unsupportedChain';

export interface WalletConnectionView {
  status: WalletStatus;
  connected: boolean;
  /** The wallet has finished reconnecting the one remembered from the last visit. */
  settled: boolean;
  /** Connecting, retrying or disconnecting (not while connected). */
  busy: boolean;
  disconnecting: boolean;
  /** Connecting failed: the user rejected it, or it failed for another reason. */
  failed: boolean;
  /** No wallet is available in this browser. */
  unavailable: boolean;
  retrying: boolean;
  /** `null` unless connected. */
  chainFit: WalletChainFit | null;
  /** Asking the wallet to switch chains. */
  switching: boolean;
  /** The last chain switch failed. */
  switchFailed: boolean;
  canConnect: boolean;
  canSwitchChain: boolean;
  /** The connected wallet's address; null unless connected. */
  address: WalletConnection['address'] | null;
  wallet: WalletConnection | null;
  error: WalletFailure | null;
  retries: number;
  walletChainId: string | null;
  requiredChainId: string | null;
  supportedChainIds: string[] | null;
  chainNames: Record<string, string>;
}

const STATUSES: readonly WalletStatus[] = ['restoring', 'disconnected', 'connecting', 'retrying', 'failed', 'unavailable', 'connected', 'disconnecting'];

export function connectWalletConnection(snapshot: WalletConnectionSnapshot): WalletConnectionView {
  const status = STATUSES.find((name) => snapshot.matches(name)) ?? 'disconnected';
  const connected = status === 'connected';
  const chainFit: WalletChainFit | null = !connected
    ? null
    : snapshot.matches({ connected: 'wrongChain' })
      ? 'wrongChain'
      : snapshot.matches({ connected: 'unsupportedChain' })
        ? 'unsupportedChain'
        : 'ok';
  const { context } = snapshot;
  return {
    status,
    connected,
    settled: status !== 'restoring',
    busy: snapshot.hasTag('busy') && !connected,
    disconnecting: status === 'disconnecting',
    failed: status === 'failed',
    unavailable: status === 'unavailable',
    retrying: status === 'retrying',
    chainFit,
    switching: snapshot.hasTag('chainMismatch') && snapshot.hasTag('busy'),
    switchFailed: snapshot.matches({ connected: { wrongChain: 'switchFailed' } }) || snapshot.matches({ connected: { unsupportedChain: 'switchFailed' } }),
    canConnect: snapshot.can({ type: 'user.connect' }),
    canSwitchChain: snapshot.can({ type: 'user.switchChain' }),
    address: connected ? (context.wallet?.address ?? null) : null,
    wallet: context.wallet,
    error: context.error,
    retries: context.retries,
    walletChainId: context.wallet?.chainId ?? null,
    requiredChainId: context.requiredChainId,
    supportedChainIds: context.supportedChainIds,
    chainNames: context.chainNames,
  };
}
