/**
 * Types of the walletConnection machine: the connected wallet as the app sees it, the failures its effects
 * report, and the closed vocabulary of events.
 */
import type { Failure } from '../../domain/failure.ts';
import type { SignerDevice } from '../../domain/wallet/signerDevice.ts';

export type HexAddress = `0x${string}`;

/** A connected wallet, as the effects report it: checksummed address, decimal chain id. */
export interface WalletConnection {
  /** The wallet's name as web3-onboard lists it, e.g. `Devnet Wallet`, `MetaMask`. */
  label: string;
  address: HexAddress;
  /** Decimal chain id, the gateway's form (`"1"`, `"31337"`). */
  chainId: string;
  /** The device it signs on (a hardware or remote signer, issue 19); absent for a browser wallet. */
  device?: SignerDevice;
}

/**
 * Why an effect failed:
 *  - `rejected`: the user said no in the wallet (EIP-1193 code 4001); never retried automatically.
 *  - `unavailable`: no wallet is installed or enabled in this browser.
 *  - `failed`: anything else (wallet not ready, the lazily loaded wallet code did not load, …); a
 *    connection failing this way is retried (see CONNECTION_RETRIES).
 */
export type WalletFailureKind = 'rejected' | 'unavailable' | 'failed';

export type WalletFailure = Failure<WalletFailureKind>;

/** What the connect effects resolve with: a connection, or null when the user closed the wallet list. */
export type ConnectResult = WalletConnection | null;

export interface SwitchChainInput {
  /** Decimal chain id to switch the wallet to. */
  chainId: string;
}

export interface SwitchChainOutput {
  /** Decimal chain id the wallet is on afterwards. */
  chainId: string;
}

export interface WatchWalletInput {
  label: string;
}

export interface DisconnectInput {
  label: string;
}

/** The machine's promise effects, implemented once by src/services/wallet/onboard.ts (`watchWallet` is a callback actor). */
export interface WalletConnectionEffects {
  /** Reconnects the wallet remembered from the last visit without a modal; null when none was remembered. */
  restoreWallet(): Promise<ConnectResult>;
  /** Opens the wallet list and connects the one the user picks; null when the user closed the list. */
  connectWallet(): Promise<ConnectResult>;
  switchChain(input: SwitchChainInput): Promise<SwitchChainOutput>;
  disconnectWallet(input: DisconnectInput): Promise<void>;
}

export interface WalletConnectionContext {
  wallet: WalletConnection | null;
  /** The open Safe's chain (decimal), or null when no Safe is open. Sent by the root. */
  requiredChainId: string | null;
  /** The chains the gateway lists (decimal ids); null until the root has sent them. */
  supportedChainIds: string[] | null;
  /** Chain names by decimal id, for the views ("Switch to Gnosis Chain"). */
  chainNames: Record<string, string>;
  /** Automatic connection retries used so far in this connection attempt. */
  retries: number;
  /** The last failure shown to the user, or null. */
  error: WalletFailure | null;
}

export type WalletConnectionEvent =
  | { type: 'user.connect' }
  | { type: 'user.disconnect' }
  | { type: 'user.switchChain' }
  | { type: 'user.dismiss' }
  /** Checksummed addresses, the selected one first; an empty list means the wallet was locked. */
  | { type: 'wallet.accountsChanged'; accounts: HexAddress[] }
  /** Decimal chain id. */
  | { type: 'wallet.chainChanged'; chainId: string }
  | { type: 'wallet.disconnected' }
  /** The connected wallet now signs on another device, or on none (the Devnet Wallet's device profile, issue 19). */
  | { type: 'wallet.deviceChanged'; device: SignerDevice | null }
  | { type: 'system.requiredChainChanged'; chainId: string | null }
  | { type: 'system.supportedChainsChanged'; chainIds: string[]; chainNames?: Record<string, string> };

/**
 * What the wallet tells its parent (the root, decision 0031) whenever the connected account or its chain changes:
 * the address and chain, or null once disconnected. Sent only when the machine runs as a child.
 */
export type WalletConnectionReport = { type: 'wallet.connectionChanged'; account: { address: HexAddress; chainId: string; device?: SignerDevice } | null };

/** The three ways a connected wallet can stand towards the app's chains. */
export type ChainFit = 'ready' | 'wrongChain' | 'unsupportedChain';

export interface ChainView {
  chainId: string | null;
  requiredChainId: string | null;
  supportedChainIds: string[] | null;
}
