/**
 * RPC-only mode for the Safe session (decision 0054), loaded the first time a gateway call fails in a way that
 * falls back (fallback.ts) or when a chain of config.json is missing from the gateway's list. It remembers, per chain,
 * why that chain is read from the chain, and answers the session's effects from there: Safe info (safeInfo.ts),
 * balances (balances.ts: the bundled tokens and those the user added), history (history.ts); queued transactions are the signing packages kept in this browser
 * (packages.ts, decision 0055), and messages and NFTs say they need the gateway.
 */
import type { ChainInfo, TransactionItem } from '../../domain/gateway/types.ts';
import type { RuntimeConfig } from '../../machines/appSession/appSession.types.ts';
import type { ListPage, PageRequest } from '../../machines/pagedList/pagedList.types.ts';
import type { BalancesRequest, SafeInfoRequest, SessionBalances, SessionSafeInfo } from '../../machines/safeSession/safeSession.types.ts';
import type { Address } from 'viem';
import type { ChainClient, ChainConfig } from '../chain/client.ts';
import { SessionLoadError } from '../safeSession.ts';
import { openLocalStore } from '../storage/store.ts';
import { readBalancesFromChain } from './balances.ts';
import { localChains } from './chains.ts';
import { fallbackReason, fallbackText, type GatewayAsk } from './fallback.ts';
import { readHistoryPage } from './history.ts';
import { readSafeInfoFromChain } from './safeInfo.ts';
import { tokensFor } from './tokenList.ts';

export interface RpcOnlyDeps {
  config(): Pick<RuntimeConfig, 'rpcOverrides' | 'devnet'> | null;
  /** The chain client registry (the user's RPC per chain, then config.json's). */
  clients(): Promise<{ get(chain: ChainConfig): ChainClient }>;
  /** A client for a chain the gateway lists (its rpcUri, unless an RPC is set for it). */
  chainClient(chainId: string): Promise<ChainClient>;
  /** The tokens the user added for a chain (Settings › Environment, decision 0056); default: from the settings store. */
  addedTokens?(chainId: string): Promise<readonly Address[]>;
}

/** The tokens added for a chain, from this browser's settings; none when they cannot be read (the bundled ones still show). */
function storedTokens(): (chainId: string) => Promise<readonly Address[]> {
  let store: ReturnType<typeof openLocalStore> | null = null;
  return async (chainId) => {
    try {
      const settings = await (store ??= openLocalStore()).then((s) => s.settings.get());
      return (settings.addedTokens[chainId] ?? []).map((t) => t.address);
    } catch {
      store = null;
      return [];
    }
  };
}

export type RpcOnlySession = ReturnType<typeof createRpcOnlySession>;

export function createRpcOnlySession(deps: RpcOnlyDeps) {
  /** Why each chain is read from the chain, by chain id. */
  const reasons = new Map<string, string>();
  /** The ChainInfo the session knows each chain by (for the native coin's name and symbol). */
  const known = new Map<string, ChainInfo>();
  const local = (): ChainInfo[] => {
    const config = deps.config();
    return config ? localChains(config) : [];
  };
  const clientFor = async (chainId: string): Promise<ChainClient> => {
    const chain = local().find((c) => c.chainId === chainId);
    return chain ? (await deps.clients()).get(chain) : deps.chainClient(chainId);
  };
  const addedTokens = deps.addedTokens ?? storedTokens();
  const reasonFor = (chainId: string): string => reasons.get(chainId) ?? fallbackText('unreachable');
  /** Notes why this chain is read around the gateway's error, or rethrows the error when it must be shown. */
  const fallBackOr = (error: unknown, ask: GatewayAsk, chainId: string): void => {
    const reason = fallbackReason(error, ask);
    if (reason === null) throw error;
    reasons.set(chainId, fallbackText(reason));
  };

  const safeInfo = async (req: SafeInfoRequest): Promise<SessionSafeInfo> => readSafeInfoFromChain(await clientFor(req.chainId), req.chainId, req.safeAddress, reasonFor(req.chainId));
  const balances = async (req: BalancesRequest): Promise<SessionBalances> => {
    const chain = known.get(req.chainId) ?? local().find((c) => c.chainId === req.chainId);
    const native = chain?.nativeCurrency ?? { name: 'Native coin', symbol: 'ETH', decimals: 18, logoUri: '' };
    return readBalancesFromChain(await clientFor(req.chainId), { nativeCurrency: native }, req.safeAddress, tokensFor(req.chainId, await addedTokens(req.chainId)), reasonFor(req.chainId));
  };

  return {
    readsFromChain: (chainId: string): boolean => reasons.has(chainId),
    /** The chain's client: config.json's RPC (or the user's) for a local chain, else the gateway-listed one. */
    clientFor,

    /** The gateway's chain list failed: the chains config.json gives an RPC for, or the error when there are none. */
    chainsInstead(error: unknown): ChainInfo[] {
      const chains = local();
      const reason = fallbackReason(error, 'chains');
      if (reason === null || chains.length === 0) throw error;
      for (const chain of chains) {
        reasons.set(chain.chainId, fallbackText(reason));
        known.set(chain.chainId, chain);
      }
      return chains;
    },

    /** The gateway's chain list, plus the chains of config.json it does not list (read from the chain). */
    withLocalChains(listed: ChainInfo[]): ChainInfo[] {
      const extra = local().filter((chain) => !listed.some((c) => c.chainId === chain.chainId || c.shortName === chain.shortName));
      for (const chain of listed) {
        reasons.delete(chain.chainId);
        known.set(chain.chainId, chain);
      }
      for (const chain of extra) {
        reasons.set(chain.chainId, fallbackText('noChains'));
        known.set(chain.chainId, chain);
      }
      return [...listed, ...extra];
    },

    safeInfo,
    safeInfoInstead: (error: unknown, req: SafeInfoRequest) => {
      fallBackOr(error, 'safe', req.chainId);
      return safeInfo(req);
    },
    balances,
    balancesInstead: (error: unknown, req: BalancesRequest) => {
      fallBackOr(error, 'safe', req.chainId);
      return balances(req);
    },
    history: async (req: PageRequest): Promise<ListPage<TransactionItem>> =>
      readHistoryPage(await clientFor(req.chainId), { chainId: req.chainId, safe: req.safeAddress }, req.pageUrl),
    /** Messages and NFT lists come from the gateway only. */
    gatewayOnly(what: string): never {
      throw new SessionLoadError(`${what} come from the gateway, which is not available. They show again when it answers.`, 'unavailable');
    },
  };
}
