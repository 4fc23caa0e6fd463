/**
 * The services the composition root (src/root.ts) shares between machines: the runtime config, the gateway client
 * built from it, the gateway's chains, the chain clients and the one wallet service. Services are provided before
 * the config is known, so they reach all of these through one Runtime.
 */
import type { GatewayProbe, RuntimeConfig } from '../machines/appSession/appSession.types.ts';
import type { ChainClient, createChainClientRegistry } from './chain/client.ts';
import { createGatewayClient, readAllPages, type GatewayClient } from './gateway/client.ts';
import type { ChainInfo, Page } from '../domain/gateway/types.ts';
import type { ChainFallback } from './rpcOnly/gateway.ts';
import { toSessionError } from './safeSession.ts';
import type { Eip1193Provider, WalletService } from './wallet/onboard.ts';
import { createLazyWalletService } from './wallet/walletService.ts';

/**
 * What the app learns at boot and its services share: the runtime config and the gateway client built from
 * it. Services are provided before the config is known, so they reach both through this holder.
 */
export class Runtime {
  config: RuntimeConfig | null = null;
  private client: GatewayClient | null = null;
  private chains: Promise<ChainInfo[]> | null = null;

  /** The chain clients (viem), loaded on first use: the Safe's home reads the gateway only. */
  private clients: Promise<ReturnType<typeof createChainClientRegistry>> | null = null;

  /** The user's RPC URL per chain (Settings › Environment); wins over config.json's overrides. */
  private userRpc: Record<string, string> = {};

  /** The one wallet service: the wallet machine connects through it; flows ask it for the provider. */
  readonly wallet: WalletService = createLazyWalletService({ loadChains: () => this.knownChains(), getConfig: () => this.config });

  configure(config: RuntimeConfig): RuntimeConfig {
    this.config = config;
    this.client = config.gatewayUrl === null ? null : createGatewayClient({ baseUrl: config.gatewayUrl });
    this.clients = null;
    this.chains = null;
    return config;
  }

  /** The connected wallet's EIP-1193 provider, or null. */
  walletProvider = (): Eip1193Provider | null => this.wallet.provider();

  /** One chain client per chain and RPC URL: the user's RPC, else config.json's override, else the gateway's. */
  chainClients = (): Promise<ReturnType<typeof createChainClientRegistry>> => {
    this.clients ??= import('./chain/client.ts').then((m) => m.createChainClientRegistry({ rpcOverrides: () => ({ ...this.config?.rpcOverrides, ...this.userRpc }) }));
    return this.clients;
  };

  /** Every chain read and simulation from now on uses these RPC URLs (the user's, per chain). */
  setUserRpc = (customRpc: Record<string, string>): void => {
    this.userRpc = { ...customRpc };
  };

  /** The RPC a chain uses when the user set none. */
  defaultRpc = (chain: ChainInfo): string => this.config?.rpcOverrides[chain.chainId] ?? chain.rpcUri.value;

  /**
   * A viem public client for a chain the gateway lists (RPC overrides and the devnet RPC applied), or, when the
   * gateway cannot list it, for a chain config.json gives an RPC for (RPC-only mode, decisions 0054/0055: the
   * session gateway's chain list adds those).
   */
  chainClient = async (chainId: string): Promise<ChainClient> => {
    const find = (chains: ChainInfo[]) => chains.find((c) => c.chainId === chainId);
    const chain = find(await this.knownChains()) ?? find((await this.sessionGateway.getChainsConfig()).results);
    if (!chain) throw new Error(`Chain ${chainId} is not listed by the gateway`);
    return (await this.chainClients()).get(chain);
  };

  /**
   * The chains the app knows (the wallet offers them; Settings › Environment lists them): the gateway's, or, when it fails in a way RPC-only mode reads around (none, not
   * reachable, refusing service), the chains config.json gives an RPC for (decision 0055). A 5xx or a timeout stays
   * an error, as the Safe's screens show it.
   */
  knownChains = async (): Promise<ChainInfo[]> => {
    try {
      return await this.loadChains();
    } catch {
      return (await this.sessionGateway.getChainsConfig()).results;
    }
  };

  /** The gateway client; a proxy so it can be handed out before the config is loaded. */
  readonly gateway: GatewayClient = new Proxy({} as GatewayClient, {
    get: (_, key) => {
      // No gateway in config.json: every call fails, as RPC-only mode expects (decision 0054).
      if (!this.client && this.config) return () => Promise.reject(Object.assign(new Error('No gateway is configured.'), { name: 'NoGatewayError' }));
      if (!this.client) throw new Error('The gateway is not configured yet');
      return this.client[key as keyof GatewayClient];
    },
  });

  /** RPC-only mode (decision 0054), loaded on the Safe session's first gateway failure. */
  private fallback: Promise<ChainFallback> | null = null;

  /**
   * The gateway as the Safe session reads it: a call that fails so that it falls back (no gateway, unreachable,
   * failing), or a one-page chain list that lacks a chain config.json gives an RPC for, is answered from the chain
   * (src/services/rpcOnly/gateway.ts); then that chain's reads are answered there.
   */
  readonly sessionGateway: GatewayClient = new Proxy({} as GatewayClient, {
    get:
      (_, key: string) =>
      async (...args: unknown[]) => {
        const fallback = await this.fallback;
        const load = () =>
          (this.fallback ??= import('./rpcOnly/gateway.ts').then((m) =>
            m.createChainFallback({ config: () => this.config, clients: this.chainClients, chainClient: this.chainClient }),
          ));
        return (
          fallback?.answers(key, args) ??
          (this.gateway[key as keyof GatewayClient] as (...a: unknown[]) => Promise<Page<ChainInfo>>)(...args).then(
            async (answer) => {
              const c = this.config;
              const missing =
                key === 'getChainsConfig' && !answer.next && !answer.previous && c && [c.devnet?.chainId, ...Object.keys(c.rpcOverrides)].some((id) => id && !answer.results.some((r) => r.chainId === String(id)));
              return missing || (fallback && key === 'getChainsConfig') ? (await load()).withLocal(answer) : answer;
            },
            async (error: unknown) => (await load()).instead(key, args, error),
          )
        );
      },
  });

  /** Every chain the gateway lists (following its pages), fetched once per configuration. */
  loadChains = (): Promise<ChainInfo[]> => {
    this.chains ??= readAllPages(
      () => this.gateway.getChainsConfig(),
      (link) => this.gateway.getChainsConfig(link),
    ).catch((error: unknown) => {
      this.chains = null;
      throw error;
    });
    return this.chains;
  };

  async probe(): Promise<GatewayProbe> {
    // No gateway: the wallet learns the chains config.json gives an RPC for.
    if (this.config?.gatewayUrl === null) return (await import('./rpcOnly/chains.ts')).probeOf(this.config);
    try {
      const chains = await this.loadChains();
      return { chainCount: chains.length, chains: chains.map((c) => ({ chainId: c.chainId, chainName: c.chainName })) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/fetch|network|load failed/i.test(message)) throw new Error(`Gateway unreachable at ${this.config?.gatewayUrl ?? ''}`, { cause: error });
      // Timeouts, 5xx (§8 texts) and malformed answers: the Safe screens' wording.
      throw new Error(toSessionError(error, 'chains').message, { cause: error });
    }
  }
}

/** An object whose async methods wait for `source` first: local storage opens asynchronously; a function is called on first use. */
export function whenOpen<T extends object>(source: Promise<T> | (() => Promise<T>)): T {
  let opened = typeof source === 'function' ? null : source;
  return new Proxy({} as T, {
    get: (_, key) => async (...args: unknown[]) => {
      const target = await (opened ??= (source as () => Promise<T>)());
      const member = target[key as keyof T];
      if (typeof member !== 'function') throw new Error(`${String(key)} is not a storage method`);
      return (member as (...a: unknown[]) => unknown).apply(target, args);
    },
  });
}
