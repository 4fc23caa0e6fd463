import type { HexAddress } from '../walletConnection/walletConnection.types.ts';

/** A chain the user can pick, from the gateway's chain configs. */
export interface ChainOption {
  chainId: string;
  chainName: string;
  shortName: string;
}

/** A Safe the user added by address (kept in local storage). */
export interface AddedSafe {
  chainId: string;
  address: HexAddress;
  /** The user's name for it, or empty. */
  name: string;
}

export interface LoadSafeSetup {
  chains: ChainOption[];
  added: AddedSafe[];
}

/** What the gateway says about the Safe at an address (from `/v1/chains/{chainId}/safes/{address}`). */
export interface SafeSummary {
  address: HexAddress;
  threshold: number;
  owners: HexAddress[];
  version: string | null;
}

export interface CheckSafeInput {
  chainId: string;
  address: HexAddress;
}

/** The machine's effects, implemented once by src/services/loadSafe.ts. */
export interface LoadSafeEffects {
  /** The chains the gateway lists and the Safes already added. */
  loadSetup(): Promise<LoadSafeSetup>;
  /** The gateway's Safe info at the address; rejects with `{ kind: 'notASafe' }` when there is no Safe. */
  checkSafe(input: CheckSafeInput): Promise<SafeSummary>;
  /** Stores the Safe with its name. */
  addSafe(input: AddedSafe): Promise<void>;
}

export interface LoadSafeForm {
  chainId: string;
  address: string;
  name: string;
}

export interface LoadSafeInput {
  /** Prefill from `/new-safe/load?address=…` (optionally `shortName:address`) and `?chain=<shortName>`. */
  address?: string | undefined;
  chainShortName?: string | undefined;
}

export interface LoadSafeContext {
  chains: ChainOption[];
  added: AddedSafe[];
  form: LoadSafeForm;
  /** The Safe found at the address, once checked. */
  safe: SafeSummary | null;
  /** A problem with the address field (validation texts of anchor-features §1). */
  fieldError: string | null;
  /** A problem with an effect (gateway down, storage failed). */
  error: string | null;
  prefill: LoadSafeInput;
}

export type LoadSafeEvent =
  | { type: 'user.submit'; chainId: string; address: string; name: string }
  | { type: 'user.back' }
  | { type: 'user.confirm' }
  | { type: 'user.retry' };
