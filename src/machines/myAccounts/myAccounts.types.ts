import type { HexAddress } from '../walletConnection/walletConnection.types.ts';

/** The `/v1/safes` overview of one Safe. */
export interface AccountOverview {
  /** Fiat total as the gateway sends it (a decimal string), in `currency`. */
  fiatTotal: string;
  currency: string;
  threshold: number;
  owners: number;
  queued: number;
}

/** One Safe on /welcome/accounts. */
export interface AccountRow {
  chainId: string;
  chainName: string;
  shortName: string;
  address: HexAddress;
  /** The connected wallet is an owner (from `owners/{address}/safes`). */
  owned: boolean;
  /** The user added it by address (local storage). */
  added: boolean;
  /** The name the user gave it when adding, or null. */
  name: string | null;
  /** Pinned as trusted in this browser (S17, decision 0064): a Safe opened later that imitates it is warned about first. Absent in rows of older logs. */
  trusted?: boolean;
  /** Null when the gateway had no overview for it. */
  overview: AccountOverview | null;
}

export interface AccountsData {
  rows: AccountRow[];
  /** Chains whose owned-Safes lookup failed (the rest still shows). */
  failedChains: string[];
}

/** A pin or unpin: the Safe (by chain and address) and whether it is trusted now. */
export interface TrustChange {
  chainId: string;
  address: HexAddress;
  trusted: boolean;
}

export interface MyAccountsInput {
  /** The connected wallet's address; null shows only the added Safes. */
  owner: HexAddress | null;
}

/** The machine's effects, implemented once by src/services/myAccounts.ts. */
export interface MyAccountsEffects {
  /** The owner's Safes on every chain and the Safes added by address, with their overviews. */
  loadAccounts(input: MyAccountsInput): Promise<AccountsData>;
  /** Pins (or unpins) a Safe as trusted in this browser's storage; pinning a Safe not added yet adds it. */
  setTrusted(input: TrustChange): Promise<TrustChange>;
}

export interface MyAccountsContext {
  owner: HexAddress | null;
  rows: AccountRow[];
  failedChains: string[];
  error: string | null;
  /** Why the last pin or unpin failed, or null (absent before any). */
  trustError?: string | null;
}

export type MyAccountsEvent = { type: 'user.retry' } | { type: 'user.refresh' } | ({ type: 'user.setTrusted' } & TrustChange);
