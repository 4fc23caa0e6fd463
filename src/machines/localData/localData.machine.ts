/**
 * localData: Settings › Environment (a custom RPC URL per chain, checked with `eth_chainId` before it is saved;
 * tokens added per chain, checked on the chain as ERC-20 tokens, read when balances come from the chain: decision
 * 0056) and Settings › Data (export all local data as one JSON file; import one with a preview of what changes, per-item
 * errors, merge or replace). Two independent regions once the setup has loaded.
 *
 * Effects are named, never imported: `loadSetup`, `checkRpc`, `saveRpc`, `checkToken`, `saveTokens`, `exportData`, `readImport`, `applyImport`
 * (actors), provided by src/services/localData.ts.
 */
import { assign, setup } from 'xstate';
import { effectPlaceholders } from '../shared/effects.ts';
import type { AddedToken, ImportMode, LocalDataContext, LocalDataEffects, LocalDataEvent, LocalDataSetup } from './localData.types.ts';

export const LOCAL_DATA_ID = 'localData';

/** The text of an effect's error (an Error or its logged JSON form). */
function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message) return error.message;
  return 'Something went wrong; nothing was changed.';
}

export const localDataMachine = setup({
  types: {
    context: {} as LocalDataContext,
    events: {} as LocalDataEvent,
  },
  actors: effectPlaceholders<LocalDataEffects>(
    { loadSetup: true, checkRpc: true, saveRpc: true, checkToken: true, saveTokens: true, exportData: true, readImport: true, applyImport: true },
    'src/services/localData.ts',
  ),
  guards: {
    /** An http(s) URL with a host: anything else is refused before asking it anything. */
    isHttpUrl: (_, params: { url: string }) => /^https?:\/\/[^\s/?#]+[^\s]*$/.test(params.url.trim()),
    /** A contract address (0x and 40 hex digits; the checksum is checked by the effect). */
    isTokenAddress: (_, params: { address: string }) => /^0x[0-9a-fA-F]{40}$/.test(params.address.trim()),
    /** A replace needs a file without item errors: it would otherwise drop data the file failed to carry. */
    canApply: ({ context }) => context.preview !== null && (context.importMode === 'merge' || context.preview.errors.length === 0),
  },
  actions: {
    storeSetup: assign((_, setup: LocalDataSetup) => ({ chains: setup.chains, customRpc: setup.customRpc, addedTokens: setup.addedTokens ?? {}, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
    clearError: assign({ error: null }),
    startRpc: assign((_, params: { chainId: string; url: string | null }) => ({
      rpcDraft: { chainId: params.chainId, url: params.url?.trim() ?? null },
      rpcError: null,
      rpcSaved: null,
    })),
    refuseUrl: assign((_, params: { chainId: string }) => ({ rpcError: { chainId: params.chainId, message: 'Enter an http:// or https:// URL.' }, rpcSaved: null })),
    storeRpcError: assign(({ context }, params: { error: unknown }) => ({
      rpcError: { chainId: context.rpcDraft?.chainId ?? '', message: errorText(params.error) },
      rpcDraft: null,
    })),
    storeRpcSaved: assign(({ context }, customRpc: Record<string, string>) => ({
      customRpc,
      rpcSaved: { chainId: context.rpcDraft?.chainId ?? '', reset: context.rpcDraft?.url === null },
      rpcDraft: null,
    })),
    startToken: assign((_, params: { chainId: string; address: string; remove: boolean }) => ({
      tokenDraft: { chainId: params.chainId, address: params.address.trim(), remove: params.remove },
      tokenError: null,
      tokenSaved: null,
    })),
    refuseToken: assign((_, params: { chainId: string }) => ({
      tokenError: { chainId: params.chainId, message: 'Enter the token’s contract address: 0x followed by 40 hexadecimal characters.' },
      tokenSaved: null,
    })),
    storeTokenChecked: assign(({ context }, token: AddedToken) => ({ tokenDraft: context.tokenDraft && { ...context.tokenDraft, address: token.address }, checkedToken: token })),
    storeTokenError: assign(({ context }, params: { error: unknown }) => ({
      tokenError: { chainId: context.tokenDraft?.chainId ?? '', message: errorText(params.error) },
      tokenDraft: null,
      checkedToken: null,
    })),
    storeTokensSaved: assign(({ context }, addedTokens: Record<string, AddedToken[]>) => {
      const draft = context.tokenDraft;
      const before = draft ? (context.addedTokens[draft.chainId] ?? []).find((t) => t.address.toLowerCase() === draft.address.toLowerCase()) : undefined;
      return {
        addedTokens,
        tokenSaved: draft ? { chainId: draft.chainId, symbol: context.checkedToken?.symbol ?? before?.symbol ?? draft.address, removed: draft.remove } : null,
        tokenDraft: null,
        checkedToken: null,
      };
    }),
    storeExport: assign((_, summary: LocalDataContext['lastExport']) => ({ lastExport: summary, error: null })),
    storeFile: assign((_, params: { text: string }) => ({ importText: params.text, preview: null, lastImport: null, error: null, importMode: 'merge' as ImportMode })),
    storePreview: assign((_, preview: LocalDataContext['preview']) => ({ preview })),
    dropFile: assign({ importText: null, preview: null }),
    storeMode: assign((_, params: { mode: ImportMode }) => ({ importMode: params.mode })),
    storeImport: assign((_, output: { summary: LocalDataContext['lastImport']; setup: LocalDataSetup }) => ({
      lastImport: output.summary,
      chains: output.setup.chains,
      customRpc: output.setup.customRpc,
      addedTokens: output.setup.addedTokens ?? {},
      importText: null,
      preview: null,
      error: null,
    })),
  },
}).createMachine({
  id: LOCAL_DATA_ID,
  context: {
    chains: [],
    customRpc: {},
    rpcDraft: null,
    rpcError: null,
    rpcSaved: null,
    addedTokens: {},
    tokenDraft: null,
    checkedToken: null,
    tokenError: null,
    tokenSaved: null,
    importText: null,
    preview: null,
    importMode: 'merge',
    lastExport: null,
    lastImport: null,
    error: null,
  },
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'Reading the chains and the saved RPC URLs' },
      invoke: {
        id: 'loadSetup',
        src: 'loadSetup',
        onDone: { target: 'ready', actions: { type: 'storeSetup', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      meta: { description: 'The chains or the local data could not be read' },
      on: { 'user.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      type: 'parallel',
      states: {
        rpc: {
          initial: 'idle',
          states: {
            idle: {
              meta: { description: 'Showing each chain’s RPC' },
              on: {
                'user.saveRpc': [
                  { guard: { type: 'isHttpUrl', params: ({ event }) => event }, target: 'checking', actions: { type: 'startRpc', params: ({ event }) => event } },
                  { actions: { type: 'refuseUrl', params: ({ event }) => event } },
                ],
                'user.resetRpc': { target: 'saving', actions: { type: 'startRpc', params: ({ event }) => ({ chainId: event.chainId, url: null }) } },
              },
            },
            checking: {
              meta: { description: 'Asking the URL for its chain id (eth_chainId)' },
              invoke: {
                id: 'checkRpc',
                src: 'checkRpc',
                input: ({ context }) => ({ chainId: context.rpcDraft?.chainId ?? '', url: context.rpcDraft?.url ?? '' }),
                onDone: { target: 'saving' },
                onError: { target: 'idle', actions: { type: 'storeRpcError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            saving: {
              meta: { description: 'Saving (or removing) the chain’s RPC URL' },
              invoke: {
                id: 'saveRpc',
                src: 'saveRpc',
                input: ({ context }) => ({ chainId: context.rpcDraft?.chainId ?? '', url: context.rpcDraft?.url ?? null }),
                onDone: { target: 'idle', actions: { type: 'storeRpcSaved', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: { type: 'storeRpcError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        tokens: {
          initial: 'idle',
          states: {
            idle: {
              meta: { description: 'Showing each chain’s added tokens' },
              on: {
                'user.addToken': [
                  {
                    guard: { type: 'isTokenAddress', params: ({ event }) => event },
                    target: 'checking',
                    actions: { type: 'startToken', params: ({ event }) => ({ ...event, remove: false }) },
                  },
                  { actions: { type: 'refuseToken', params: ({ event }) => event } },
                ],
                'user.removeToken': { target: 'saving', actions: { type: 'startToken', params: ({ event }) => ({ ...event, remove: true }) } },
              },
            },
            checking: {
              meta: { description: 'Reading the token’s symbol and decimals on its chain' },
              invoke: {
                id: 'checkToken',
                src: 'checkToken',
                input: ({ context }) => ({ chainId: context.tokenDraft?.chainId ?? '', address: context.tokenDraft?.address ?? '' }),
                onDone: { target: 'saving', actions: { type: 'storeTokenChecked', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: { type: 'storeTokenError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            saving: {
              meta: { description: 'Saving (or removing) the token in this browser' },
              invoke: {
                id: 'saveTokens',
                src: 'saveTokens',
                input: ({ context }) => ({
                  chainId: context.tokenDraft?.chainId ?? '',
                  add: context.tokenDraft?.remove === false ? context.checkedToken : null,
                  remove: context.tokenDraft?.remove ? context.tokenDraft.address : null,
                }),
                onDone: { target: 'idle', actions: { type: 'storeTokensSaved', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: { type: 'storeTokenError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        transfer: {
          initial: 'idle',
          states: {
            idle: {
              meta: { description: 'Offering export and import' },
              on: {
                'user.export': { target: 'exporting' },
                'user.chooseFile': { target: 'reading', actions: { type: 'storeFile', params: ({ event }) => event } },
              },
            },
            exporting: {
              meta: { description: 'Building the export file' },
              invoke: {
                id: 'exportData',
                src: 'exportData',
                onDone: { target: 'idle', actions: { type: 'storeExport', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            reading: {
              meta: { description: 'Validating the chosen file and comparing it with the data here' },
              invoke: {
                id: 'readImport',
                src: 'readImport',
                input: ({ context, event }) => ({ fileName: event.type === 'user.chooseFile' ? event.fileName : 'import.json', text: context.importText ?? '' }),
                onDone: { target: 'previewing', actions: { type: 'storePreview', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: ['dropFile', { type: 'storeError', params: ({ event }) => ({ error: event.error }) }] },
              },
            },
            previewing: {
              meta: { description: 'Showing what the import would change; nothing is written yet' },
              on: {
                'user.setImportMode': { actions: { type: 'storeMode', params: ({ event }) => event } },
                'user.confirmImport': { guard: 'canApply', target: 'importing' },
                'user.cancelImport': { target: 'idle', actions: 'dropFile' },
                'user.chooseFile': { target: 'reading', actions: { type: 'storeFile', params: ({ event }) => event } },
              },
            },
            importing: {
              meta: { description: 'Writing the file’s data in one transaction' },
              invoke: {
                id: 'applyImport',
                src: 'applyImport',
                input: ({ context }) => ({ text: context.importText ?? '', mode: context.importMode }),
                onDone: { target: 'idle', actions: { type: 'storeImport', params: ({ event }) => event.output } },
                onError: { target: 'previewing', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
});

export type LocalDataMachine = typeof localDataMachine;
