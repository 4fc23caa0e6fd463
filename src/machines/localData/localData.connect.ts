/** The localData view model: what Settings › Environment (RPC and added tokens per chain) and Settings › Data show, from a snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { LocalDataMachine } from './localData.machine.ts';
import type { AddedToken, LocalDataContext, RpcChain } from './localData.types.ts';

export type LocalDataSnapshot = SnapshotFrom<LocalDataMachine>;

export interface RpcRow extends RpcChain {
  /** The user's URL, or null when the default is used. */
  custom: string | null;
  /** This chain's URL is being checked or saved. */
  busy: boolean;
  error: string | null;
  /** "Saved." / "Reset to the default." after the last change to this chain. */
  saved: 'saved' | 'reset' | null;
  /** The tokens added for this chain (read when a Safe's balances come from the chain). */
  tokens: AddedToken[];
  /** A token of this chain is being checked, added or removed. */
  tokenBusy: 'checking' | 'saving' | null;
  tokenError: string | null;
  /** The token last added or removed on this chain. */
  tokenSaved: { symbol: string; removed: boolean } | null;
}

export interface LocalDataView {
  step: 'loading' | 'loadFailed' | 'ready';
  rows: RpcRow[];
  /** Any RPC change in progress (one at a time). */
  rpcBusy: boolean;
  /** Any token change in progress (one at a time). */
  tokensBusy: boolean;
  transfer: 'idle' | 'exporting' | 'reading' | 'previewing' | 'importing';
  preview: LocalDataContext['preview'];
  importMode: LocalDataContext['importMode'];
  canImport: boolean;
  lastExport: LocalDataContext['lastExport'];
  lastImport: LocalDataContext['lastImport'];
  error: string | null;
}

const TRANSFER = ['exporting', 'reading', 'previewing', 'importing'] as const;

export function connectLocalData(snapshot: LocalDataSnapshot): LocalDataView {
  const { context } = snapshot;
  const rpcBusy = snapshot.matches({ ready: { rpc: 'checking' } }) || snapshot.matches({ ready: { rpc: 'saving' } });
  const tokenStep = snapshot.matches({ ready: { tokens: 'checking' } }) ? 'checking' : snapshot.matches({ ready: { tokens: 'saving' } }) ? 'saving' : null;
  return {
    step: snapshot.matches('ready') ? 'ready' : snapshot.matches('loadFailed') ? 'loadFailed' : 'loading',
    rows: context.chains.map((chain) => ({
      ...chain,
      custom: context.customRpc[chain.chainId] ?? null,
      busy: rpcBusy && context.rpcDraft?.chainId === chain.chainId,
      error: context.rpcError?.chainId === chain.chainId ? context.rpcError.message : null,
      saved: context.rpcSaved?.chainId === chain.chainId ? (context.rpcSaved.reset ? 'reset' : 'saved') : null,
      tokens: context.addedTokens[chain.chainId] ?? [],
      tokenBusy: context.tokenDraft?.chainId === chain.chainId ? tokenStep : null,
      tokenError: context.tokenError?.chainId === chain.chainId ? context.tokenError.message : null,
      tokenSaved: context.tokenSaved?.chainId === chain.chainId ? { symbol: context.tokenSaved.symbol, removed: context.tokenSaved.removed } : null,
    })),
    rpcBusy,
    tokensBusy: tokenStep !== null,
    transfer: TRANSFER.find((s) => snapshot.matches({ ready: { transfer: s } })) ?? 'idle',
    preview: context.preview,
    importMode: context.importMode,
    canImport: snapshot.can({ type: 'user.confirmImport' }),
    lastExport: context.lastExport,
    lastImport: context.lastImport,
    error: context.error,
  };
}
