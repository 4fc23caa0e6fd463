/**
 * One viem public client per chain, built from the gateway's chain config (its rpcUri) or a user override,
 * with the seed's constants (product-spec §9): polling 4000 ms, request timeout 10000 ms, retry 3 × 150 ms,
 * default block tag `latest`.
 */
import { createPublicClient, defineChain, http, type Chain, type PublicClient, type Transport } from 'viem';
import type { ChainInfo } from '../../domain/gateway/types.ts';

export const CHAIN_CLIENT_DEFAULTS = {
  pollingInterval: 4000,
  timeout: 10_000,
  retryCount: 3,
  retryDelay: 150,
  blockTag: 'latest',
} as const;

export type ChainConfig = Pick<ChainInfo, 'chainId' | 'chainName' | 'nativeCurrency' | 'rpcUri'> & Partial<Pick<ChainInfo, 'blockExplorerUriTemplate' | 'isTestnet'>>;

export interface ChainClientOptions {
  /** User-chosen RPC URL; replaces the chain config's rpcUri. */
  rpcUrl?: string;
  /** Appended to rpcUri.value when its authentication is API_KEY_PATH. */
  apiKey?: string;
  /** Transport override (tests); defaults to http(rpcUrl) with the seed's timeout and retries. */
  transport?: Transport;
}

export type ChainClient = PublicClient<Transport, Chain>;

/** The RPC URL to use: the user's override, else the chain's rpcUri (with its API key path if any). */
export function resolveRpcUrl(chain: Pick<ChainInfo, 'rpcUri'>, options: Pick<ChainClientOptions, 'rpcUrl' | 'apiKey'> = {}): string {
  const url = options.rpcUrl?.trim() || chain.rpcUri.value;
  if (!options.rpcUrl?.trim() && chain.rpcUri.authentication === 'API_KEY_PATH' && options.apiKey) return `${url}${options.apiKey}`;
  if (!/^https?:\/\//.test(url)) throw new Error(`Unsupported RPC URL: ${url}`);
  return url;
}

export function toViemChain(chain: ChainConfig, rpcUrl: string): Chain {
  return defineChain({
    id: Number(chain.chainId),
    name: chain.chainName,
    nativeCurrency: { name: chain.nativeCurrency.name, symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals },
    rpcUrls: { default: { http: [rpcUrl] } },
    ...(chain.isTestnet !== undefined ? { testnet: chain.isTestnet } : {}),
  });
}

export function createChainClient(chain: ChainConfig, options: ChainClientOptions = {}): ChainClient {
  const rpcUrl = resolveRpcUrl(chain, options);
  const transport =
    options.transport ??
    http(rpcUrl, { timeout: CHAIN_CLIENT_DEFAULTS.timeout, retryCount: CHAIN_CLIENT_DEFAULTS.retryCount, retryDelay: CHAIN_CLIENT_DEFAULTS.retryDelay });
  return createPublicClient({
    chain: toViemChain(chain, rpcUrl),
    transport,
    pollingInterval: CHAIN_CLIENT_DEFAULTS.pollingInterval,
    experimental_blockTag: CHAIN_CLIENT_DEFAULTS.blockTag,
  });
}

/** Keeps one client per chain and RPC URL; a changed override (read on every `get`) makes a new client. */
export function createChainClientRegistry(defaults: { apiKey?: string; rpcOverrides?: Record<string, string> | (() => Record<string, string>) } = {}) {
  const clients = new Map<string, ChainClient>();
  return {
    get(chain: ChainConfig, rpcOverride?: string): ChainClient {
      const overrides = typeof defaults.rpcOverrides === 'function' ? defaults.rpcOverrides() : defaults.rpcOverrides;
      const override = rpcOverride ?? overrides?.[chain.chainId];
      const options = { ...(override ? { rpcUrl: override } : {}), ...(defaults.apiKey ? { apiKey: defaults.apiKey } : {}) };
      const key = `${chain.chainId}|${resolveRpcUrl(chain, options)}`;
      let client = clients.get(key);
      if (!client) {
        client = createChainClient(chain, options);
        clients.set(key, client);
      }
      return client;
    },
    clear: () => clients.clear(),
  };
}
