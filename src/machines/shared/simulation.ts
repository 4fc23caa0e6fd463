/**
 * The outcome of simulating a SafeTx's exact `execTransaction` on the user's RPC before anyone signs (security
 * properties S7, S19; issue 15 hole 6): whether it succeeds, what it changes in the Safe's configuration and
 * whose balances move. Plain JSON, so it travels in a flow's context and is recorded in its event log.
 *
 * Produced by `simulateSafeTx` (src/services/chain/simulate.ts); see docs/decisions/0021 for the method.
 */

export type Address = `0x${string}`;

/** A change of the Safe's configuration seen in the simulated state (before → after). */
export type ConfigChange =
  | { field: 'owners' | 'modules'; before: Address[]; after: Address[] }
  | { field: 'threshold' | 'ownerCount'; before: number; after: number }
  /** `singleton` is storage slot 0 (the implementation, "masterCopy"). */
  | { field: 'singleton' | 'guard' | 'fallbackHandler'; before: Address; after: Address };

export type SimulatedAsset =
  | { kind: 'native' }
  | { kind: 'ERC20'; token: Address }
  | { kind: 'ERC721'; token: Address; tokenId: string }
  | { kind: 'ERC1155'; token: Address; tokenId: string };

/** A balance that moves: `delta` is a signed base-10 integer in the asset's base units (wei, token units, NFT count). */
export interface BalanceChange {
  holder: Address;
  asset: SimulatedAsset;
  delta: string;
}

export type Simulation =
  /** It could not be run (RPC without the method, a node error, a Safe too old…): shown as such, never skipped. */
  | { status: 'unavailable'; reason: string }
  | {
      status: 'simulated';
      /** The RPC method used, e.g. `eth_simulateV1`. */
      method: string;
      /** The block the simulation ran on top of (decimal). */
      blockNumber: string;
      /** Whether execTransaction succeeds and the Safe's call inside it does too. */
      success: boolean;
      /** The revert reason or the Safe's error code (e.g. "GS013"), when it fails. */
      revertReason: string | null;
      configChanges: ConfigChange[];
      balanceChanges: BalanceChange[];
      /** What the simulation had to assume, in plain words (e.g. "threshold set to 1 so it runs before the signatures exist"). */
      assumptions: string[];
      /**
       * Symbol and decimals of the ERC-20 tokens whose balances move, read on chain (keyed by lower-case address);
       * absent in simulations recorded before it existed: amounts are then shown in base units.
       */
      tokens?: Record<string, { symbol: string; decimals: number }>;
    };
