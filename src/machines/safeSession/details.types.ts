/** One item opened by key (a transaction by id, a message by hash), loaded and checked against local hashes. */
import type { TxDescription } from '../../domain/safe/txDescription.ts';
import type { ConfirmationCheck } from '../../domain/safe/confirmationCheck.ts';
import type { Simulation } from '../shared/simulation.ts';
import type { DataDecoded } from '../../domain/gateway/types.ts';

export interface DetailsInput {
  chainId: string;
  safeAddress: string;
  /** Safe contract version from Safe info; hashing is version-aware. Null for an unsupported mastercopy. */
  version: string | null;
}

export interface DetailsRequest {
  chainId: string;
  key: string;
}

export interface HashRequest<TDetails> {
  chainId: string;
  /** The open Safe: hashes are computed for it, so an item of another Safe does not verify. */
  safeAddress: string;
  version: string | null;
  details: TDetails;
}

/**
 * Result of hashing an item locally. `hashes` null: the item has nothing to hash (a module transaction, an
 * incoming transfer, the Safe's creation). `computed` is the locally computed identifying hash (safeTxHash,
 * SafeMessage hash), `expected` the one the gateway gave for the item.
 */
export interface HashCheck<THashes> {
  hashes: THashes | null;
  computed: string | null;
  expected: string | null;
  /**
   * Listed signatures that do not sign the locally computed hash, as sentences (absent or empty: none). A gateway
   * that forges a transaction consistently (fields, hash and id agree) is caught here: the owners' signatures it
   * lists were made over the real hash.
   */
  forgedSignatures?: string[];
  /**
   * Where the gateway's summary (txInfo) contradicts what the bytes do, as sentences (absent or empty: none).
   * Any is a mismatch: the page says so and offers no signing.
   */
  contradictions?: string[];
  /** What the transaction does, decoded here from the hashed bytes (titles and lists come from it). */
  description?: TxDescription | null;
  /**
   * A transaction's decoded data as the gateway gave it, kept only when it was verified against the transaction's
   * data (method, parameter types and values; decision 0023). Absent or null: nothing verified, nothing to show.
   */
  decodedData?: DataDecoded | null;
  /**
   * What the chain says (issue 15 holes 3 and 6; decision 0028), for a multisig transaction whose hash verified.
   * Absent: not checked (no chain client). `error`: the chain could not be read, so no confirmation counts as
   * verified and nothing is simulated.
   */
  onChain?: OnChainCheck;
}

export interface OnChainCheck {
  /** The Safe's owners and threshold read on chain for the check. */
  owners: string[];
  threshold: number;
  /** Each confirmation the gateway lists, with the verdict reached here. */
  confirmationChecks: ConfirmationCheck[];
  /** The signers whose confirmations count: valid, current owners, one each. */
  counted: string[];
  /** The transaction simulated on the user's RPC (queued transactions only; null for executed ones). */
  simulation: Simulation | null;
  /** What the simulation found that needs the signer's attention, as sentences; `blocking` ones block signing in the flow too. */
  findings: { severity: 'blocking' | 'warning' | 'info'; title: string; detail: string }[];
  error: string | null;
}

export interface DetailsContext<TDetails, THashes> {
  chainId: string;
  safeAddress: string;
  version: string | null;
  key: string | null;
  details: TDetails | null;
  check: HashCheck<THashes> | null;
  error: string | null;
  /** What kind of failure `error` is: `notFound` (no such item; retrying cannot help) or `unavailable`. */
  errorKind: 'notFound' | 'unavailable' | null;
}

export type DetailsEvent =
  | { type: 'user.open'; key: string }
  | { type: 'user.retry' }
  /** Sent by the Safe session when the tags that cover this item changed. */
  | { type: 'system.refresh' };

/** The three hashes of a Safe transaction, computed locally (security property S1). */
export interface TxHashes {
  domainHash: string;
  messageHash: string;
  safeTxHash: string;
}

/** The hashes of an off-chain Safe message, computed locally. */
export interface MessageHashes {
  domainHash: string;
  /** EIP-191 or EIP-712 hash of the message content. */
  contentHash: string;
  /** The SafeMessage EIP-712 hash owners sign (and the gateway keys the message by). */
  safeMessageHash: string;
}

/** An opener's effects, implemented per opener by src/services/safeSession.ts. */
export interface DetailsEffects<TDetails, THashes> {
  loadDetails(input: DetailsRequest): Promise<TDetails>;
  /** The hashes computed locally and checked against what the gateway says. */
  computeHashes(input: HashRequest<TDetails>): Promise<HashCheck<THashes>>;
}
