import type { ChainInfo, Collectible, MessageListItem, SafeBalances, SafeInfo, SafeInfoTag, TransactionItem } from '../../domain/gateway/types.ts';
import type { NftQueueMark } from '../../domain/safe/nftTransfers.ts';
import type { KnownAddress } from '../../domain/safe/lookAlike.ts';

export type { SafeInfoTag };

/** The Safe named by `?safe=<shortName>:<address>`; the address is checked by the machine. */
export interface SafeRefInput {
  shortName: string;
  address: string;
}

export interface SafeSessionInput {
  safe: SafeRefInput;
  /** Whether the tab is visible at start (default true). */
  visible?: boolean;
  /** Fiat currency code for balances (default `usd`). */
  currency?: string;
  /** The connected wallet's account, if any (read-only mode when it is not an owner). */
  walletAddress?: string | null;
}

/**
 * Set on what the session read from the chain instead of the gateway (RPC-only mode, decision 0054): why, in words.
 * Only services set it; no gateway answer can (the gateway schemas drop unknown keys).
 */
export interface ReadFromChain {
  readFromChain?: string;
}
/**
 * The Safe being opened imitates one the signer knows (S17, decision 0064): it begins and ends like a Safe they added
 * or pinned as trusted, or an address-book entry, on the same chain, and differs inside.
 */
export interface SafeLookAlike {
  /** What it imitates, as this browser knows it (a trusted Safe is named before the others). */
  resembles: KnownAddress;
}
/**
 * Set on the Safe info of an opening (`SafeInfoRequest.checkLookAlike`) when the Safe imitates one the signer knows.
 * Only services set it, from this browser's storage; no gateway answer can (the gateway schemas drop unknown keys).
 */
export interface OpenedLookAlike {
  lookAlike?: SafeLookAlike;
}
/** Safe info as the session keeps it: the gateway's, or one read from the chain. */
export type SessionSafeInfo = SafeInfo & ReadFromChain;
/** Safe info as an opening loads it: with the look-alike it found, if any. */
export type OpenedSafeInfo = SessionSafeInfo & OpenedLookAlike;
/** Balances as the session keeps them: the gateway's, or the native coin and bundled tokens read from the chain. */
export type SessionBalances = SafeBalances & ReadFromChain;

export interface SafeSessionContext {
  safe: SafeRefInput;
  chain: ChainInfo | null;
  /** Short names the gateway lists (for the "chain not supported" message). */
  supportedShortNames: string[];
  safeInfo: SessionSafeInfo | null;
  /** The blocking error (gateway down, not a Safe...), or null. */
  error: string | null;
  /** The last failed poll of Safe info (the data shown is then older than 15 s), or null. */
  pollError: string | null;
  visible: boolean;
  walletAddress: string | null;
  currency: string;
  balances: SessionBalances | null;
  balancesError: string | null;
  fiatCodes: string[];
  fiatCodesError: string | null;
  /** Token addresses (lower-case) the user hid. */
  hiddenTokens: string[];
  showHiddenTokens: boolean;
  hideSmallBalances: boolean;
  /** The list children a screen has opened (spawned then, running from then on; decision 0017). */
  openLists: Exclude<OnDemandList, 'fiatCodes'>[];
  /** The Safe being opened imitates a known one: it opens only after the user acknowledged that (decision 0064). */
  lookAlike?: SafeLookAlike | null;
  /** The user ticked "I checked the address in full" on the look-alike warning. */
  lookAlikeAcknowledged?: boolean;
}

export interface BalancesRequest {
  chainId: string;
  safeAddress: string;
  currency: string;
}

export interface SafeInfoRequest {
  chainId: string;
  safeAddress: string;
  /** An opening (not a poll): also compare the Safe with the Safes and addresses this browser knows (decision 0064). */
  checkLookAlike?: boolean;
}

/**
 * The Safe info to watch (decision 0090): `watchSafeInfo` polls it every `intervalMs` and settles only with an answer
 * other than `known` (the object the session holds; the services give the same object for an unchanged answer), or
 * with the first poll that fails.
 */
export interface WatchSafeInfoRequest extends SafeInfoRequest {
  known: SafeInfo | null;
  intervalMs: number;
}

/**
 * What the session loads only once a screen that shows it opens (decision 0017): the paged lists `history`,
 * `messages` and `collectibles` (children spawned by these ids) and the supported fiat currencies (the
 * `fiatCodes` region). The home shows none of them.
 */
export type OnDemandList = 'history' | 'messages' | 'collectibles' | 'fiatCodes';

/**
 * What the session tells its parent (the root, decision 0031): the Safe's chain once known (null: the gateway does
 * not list it), and that the Safe's info has loaded. Sent only when the machine runs as a child.
 */
export type SafeSessionReport =
  | { type: 'safeSession.chainResolved'; chainId: string | null }
  | { type: 'safeSession.safeLoaded'; chainId: string; address: string };

/** The session's promise effects, implemented once by src/services/safeSession.ts. */
export interface SafeSessionEffects {
  loadChains(): Promise<ChainInfo[]>;
  loadSafeInfo(input: SafeInfoRequest): Promise<OpenedSafeInfo>;
  /** Polls until the Safe info is other than `known` (or a poll fails); stopped through `signal` when the state exits. */
  watchSafeInfo(input: WatchSafeInfoRequest, signal: AbortSignal): Promise<SafeInfo>;
  loadBalances(input: BalancesRequest): Promise<SessionBalances>;
  loadFiatCodes(): Promise<string[]>;
}

export type SafeSessionEvent =
  | { type: 'user.retry' }
  /** A screen that shows `list` opened (sent on mount): starts it if it has not started yet. */
  | { type: 'user.listOpened'; list: OnDemandList }
  | { type: 'user.retryBalances' }
  | { type: 'user.retryFiatCodes' }
  | { type: 'user.setCurrency'; currency: string }
  | { type: 'user.toggleTokenHidden'; tokenAddress: string }
  | { type: 'user.toggleShowHiddenTokens' }
  | { type: 'user.toggleHideSmallBalances' }
  | { type: 'system.visibilityChanged'; visible: boolean }
  | { type: 'wallet.accountChanged'; address: string | null }
  /** Raised after a Safe info poll when tags changed. */
  | { type: 'gateway.tagsChanged'; tags: SafeInfoTag[] }
  /**
   * A flow that wrote to the gateway or the chain ended (from the root): what it may have changed reloads now,
   * and Safe info (its nonce) too, not at the next 15 s poll.
   */
  | { type: 'system.flowSettled' }
  /** The tokens added in Settings › Environment changed (from the root): balances read from the chain reload. */
  | { type: 'system.tokensChanged' }
  /** On the look-alike warning: the user ticks (or unticks) that they checked this Safe's address in full. */
  | { type: 'user.acknowledgeLookAlike'; acknowledged: boolean }
  /** On the look-alike warning: "Open this Safe anyway" (only once acknowledged). */
  | { type: 'user.openLookAlike' };

/** Item types of the four lists. */
export type QueueItem = TransactionItem;
export type HistoryItem = TransactionItem;
export type MessagesItem = MessageListItem;
/**
 * An NFT as the gateway lists it, with the queued transactions that move it, found here by decoding their own
 * bytes (hash-checked; decision 0041): `[]` none, null when the queue could not be checked, absent before any check.
 */
export type CollectibleItem = Collectible & { queuedIn?: NftQueueMark[] | null };

/** Gateway data types the session's snapshots carry, re-exported for the views (which never import services). */
export type {
  AddressInfo,
  Balance,
  ChainInfo,
  Collectible,
  DataDecoded,
  DataDecodedParameter,
  Message,
  MessageItem,
  MessageListItem,
  SafeBalances,
  SafeInfo,
  SettingsInfo,
  TransactionDetails,
  TransactionItem,
  TransactionStatus,
  TransactionSummary,
  TxInfo,
} from '../../domain/gateway/types.ts';
