/**
 * Types of the localData machine (Settings › Data and Settings › Environment): the custom RPC URL per chain, the
 * tokens added per chain (read when a Safe's balances come from the chain, decision 0056), and the export / import of everything this browser keeps (address book, added Safes, settings, Safe Apps,
 * permissions, custom RPCs). The service (src/services/localData.ts) implements the effects.
 */

/** A chain the gateway lists, with the RPC the app uses when the user set none. */
export interface RpcChain {
  chainId: string;
  chainName: string;
  defaultRpc: string;
}

/** A token the user added for a chain: its contract, and the symbol it answered when it was added. */
export interface AddedToken {
  address: string;
  symbol: string;
}

export interface LocalDataSetup {
  chains: RpcChain[];
  /** The user's RPC URL per chain id. */
  customRpc: Record<string, string>;
  /** The tokens added per chain id (absent in records made before decision 0056). */
  addedTokens?: Record<string, AddedToken[]>;
}

export interface TokenInput {
  chainId: string;
  address: string;
}

export interface RpcInput {
  chainId: string;
  url: string;
}

/** How an import writes: merge keeps what is here and adds or updates; replace makes this browser hold the file's data only. */
export type ImportMode = 'merge' | 'replace';

/** What an import would change, per kind of data, in either mode. */
export interface ImportChange {
  kind: string;
  /** Human name, e.g. "Address book entries". */
  label: string;
  /** Valid items in the file. */
  inFile: number;
  /** Of those: new here, different from what is here, the same. */
  added: number;
  changed: number;
  unchanged: number;
  /** Items here that a replace would remove (absent from the file). */
  removedByReplace: number;
}

/** A read import file: what it would change and what is wrong with it, item by item. */
export interface ImportPreview {
  fileName: string;
  exportedAt: string | null;
  changes: ImportChange[];
  /** One line per rejected item ("Address book, item 3: address: invalid address"). */
  errors: string[];
}

export interface ImportSummary {
  mode: ImportMode;
  written: number;
  skipped: number;
}

export interface ExportSummary {
  fileName: string;
  items: number;
}

/** The machine's effects, implemented once by src/services/localData.ts. */
export interface LocalDataEffects {
  loadSetup(): Promise<LocalDataSetup>;
  /** Asks the URL for `eth_chainId`; rejects with a user-facing text when it does not answer or serves another chain. */
  checkRpc(input: RpcInput): Promise<void>;
  /** Stores (url) or removes (null) the user's RPC for a chain; resolves with all of them. */
  saveRpc(input: { chainId: string; url: string | null }): Promise<Record<string, string>>;
  /**
   * Reads the contract's symbol and decimals on the chain; rejects with a user-facing text when it does not answer
   * like an ERC-20 token, is already added, or the chain's list is full.
   */
  checkToken(input: TokenInput): Promise<AddedToken>;
  /** Adds (`add`) or removes (`remove`, an address) a chain's token; resolves with every chain's tokens. */
  saveTokens(input: { chainId: string; add: AddedToken | null; remove: string | null }): Promise<Record<string, AddedToken[]>>;
  /** Builds the JSON file of all local data and hands it to the browser as a download. */
  exportData(): Promise<ExportSummary>;
  /** Validates a chosen file and compares it with what is here; rejects with a text when the file is unusable as a whole. */
  readImport(input: { fileName: string; text: string }): Promise<ImportPreview>;
  /** Writes the file's valid items in one transaction (a failure changes nothing); resolves with the new setup. */
  applyImport(input: { text: string; mode: ImportMode }): Promise<{ summary: ImportSummary; setup: LocalDataSetup }>;
}

export interface LocalDataContext {
  chains: RpcChain[];
  customRpc: Record<string, string>;
  /** The RPC being checked or saved. */
  rpcDraft: { chainId: string; url: string | null } | null;
  /** Per chain: why the last URL was refused. */
  rpcError: { chainId: string; message: string } | null;
  /** The chain whose RPC was last saved or reset (for "Saved."). */
  rpcSaved: { chainId: string; reset: boolean } | null;
  addedTokens: Record<string, AddedToken[]>;
  /** The token being checked and added, or removed. */
  tokenDraft: { chainId: string; address: string; remove: boolean } | null;
  /** What the chain answered for the token being added. */
  checkedToken: AddedToken | null;
  /** Per chain: why the last token was refused. */
  tokenError: { chainId: string; message: string } | null;
  /** The token last added (its symbol) or removed, for the status line. */
  tokenSaved: { chainId: string; symbol: string; removed: boolean } | null;
  /** The chosen file's text, kept until it is imported or dropped. */
  importText: string | null;
  preview: ImportPreview | null;
  importMode: ImportMode;
  lastExport: ExportSummary | null;
  lastImport: ImportSummary | null;
  /** Why loading, exporting, reading or importing failed (nothing was changed). */
  error: string | null;
}

export type LocalDataEvent =
  | { type: 'user.retry' }
  | { type: 'user.saveRpc'; chainId: string; url: string }
  | { type: 'user.resetRpc'; chainId: string }
  | { type: 'user.addToken'; chainId: string; address: string }
  | { type: 'user.removeToken'; chainId: string; address: string }
  | { type: 'user.export' }
  | { type: 'user.chooseFile'; fileName: string; text: string }
  | { type: 'user.setImportMode'; mode: ImportMode }
  | { type: 'user.confirmImport' }
  | { type: 'user.cancelImport' };
