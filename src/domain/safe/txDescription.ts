/**
 * What a SafeTx does, decoded here from its own bytes (to, value, data, operation) — never taken from the
 * gateway. The signing screens' titles, summaries and batch lists are built from this, so what the signer reads
 * is what the bytes they sign do (issue 15, "the rule of the signing screen"). Plain JSON (uint256 values as
 * base-10 strings), so it can travel in a flow's context and be recorded in its event log.
 *
 * Produced by `describeSafeTx` (src/domain/safe/describe.ts); token symbols and decimals are read from the
 * token contracts on chain by the flows' effects, never from the gateway.
 */

export type Hex = `0x${string}`;
export type Address = `0x${string}`;

/** A Safe configuration call (OwnerManager, ModuleManager, GuardManager, FallbackManager, changeMasterCopy). */
export type SettingsEffect =
  | { type: 'addOwner'; owner: Address; threshold: number }
  | { type: 'removeOwner'; prevOwner: Address; owner: Address; threshold: number }
  | { type: 'swapOwner'; prevOwner: Address; oldOwner: Address; newOwner: Address }
  | { type: 'changeThreshold'; threshold: number }
  | { type: 'enableModule'; module: Address }
  | { type: 'disableModule'; prevModule: Address; module: Address }
  /** The zero address removes the guard. */
  | { type: 'setGuard'; guard: Address }
  | { type: 'setModuleGuard'; guard: Address }
  | { type: 'setFallbackHandler'; handler: Address }
  | { type: 'changeMasterCopy'; implementation: Address };

/** A decoding of calldata the app verified: its method and values re-encode to exactly the call's bytes. */
export interface VerifiedDecoding {
  method: string;
  /** Values as text (arrays and tuples as JSON). `name` is the ABI's parameter name; it is not part of the bytes. */
  parameters: { name: string; type: string; value: string }[];
  /** Who decoded it: a local ABI (ERC-20, Safe, …) or the gateway's decoder (then verified by re-encoding). */
  source: 'local' | 'gateway';
}

/** What one call does. */
export type CallEffect =
  /** No data and no value, to anything but the Safe itself. */
  | { kind: 'empty' }
  /** An on-chain rejection: a CALL of the Safe to itself with no value and no data (it only uses up the nonce). */
  | { kind: 'rejection' }
  | { kind: 'nativeTransfer'; to: Address; amount: string }
  /** ERC-20 `transfer` (from = null: from the caller) or `transferFrom`. */
  | { kind: 'tokenTransfer'; token: Address; from: Address | null; to: Address; amount: string }
  /** ERC-20 `approve`; `unlimited` when the amount is 2^256-1. */
  | { kind: 'tokenApproval'; token: Address; spender: Address; amount: string; unlimited: boolean }
  /** ERC-721 `transferFrom` / `safeTransferFrom`, ERC-1155 `safeTransferFrom` (amount "1" for ERC-721). */
  | { kind: 'nftTransfer'; standard: 'ERC721' | 'ERC1155'; token: Address; from: Address; to: Address; tokenId: string; amount: string }
  /** ERC-721/1155 `setApprovalForAll`. */
  | { kind: 'nftApprovalForAll'; token: Address; operator: Address; approved: boolean }
  /** A call of the Safe to itself that changes its configuration. */
  | { kind: 'settings'; change: SettingsEffect }
  /** A MultiSend / MultiSendCallOnly batch (DELEGATECALL to an allow-listed library), each call described. */
  | { kind: 'batch'; library: 'MultiSend' | 'MultiSendCallOnly'; calls: DescribedCall[] }
  /** SignMessageLib.signMessage(bytes) by DELEGATECALL: the Safe marks this message hash as signed (EIP-1271). */
  | { kind: 'signMessage'; message: Hex; messageHash: Hex }
  /** SafeMigration / SafeToL2Migration by DELEGATECALL: the Safe's implementation is replaced. */
  | { kind: 'migration'; library: 'SafeMigration' | 'SafeToL2Migration'; method: string; singleton: Address | null }
  /** Any other call: the 4-byte selector, and a verified decoding when one is available. */
  | { kind: 'contractCall'; selector: Hex; decoded: VerifiedDecoding | null }
  /** Bytes that claim a known shape but do not decode (e.g. a truncated batch). */
  | { kind: 'undecodable'; reason: string };

export interface DescribedCall {
  to: Address;
  /** Native value in wei. */
  value: string;
  operation: 0 | 1;
  /** Length of the call data in bytes. */
  dataSize: number;
  effect: CallEffect;
}

/** A token's symbol and decimals, as its contract answers on chain. */
export interface TokenMeta {
  symbol: string;
  decimals: number;
}

export interface TxDescription {
  /** The SafeTx's own call. */
  call: DescribedCall;
  /** The chain's native coin (from the chain config the app loaded). */
  native: TokenMeta;
  /** Symbols and decimals of the tokens the call touches, keyed by lower-case address; missing = not readable. */
  tokens: Record<string, TokenMeta>;
}
