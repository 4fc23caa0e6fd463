import { describe, expect, it } from 'vitest';
import { CHAIN_CLIENT_DEFAULTS, createChainClient, createChainClientRegistry, resolveRpcUrl, type ChainConfig } from '../../../../src/services/chain/index.ts';

const chain: ChainConfig = {
  chainId: '11155111',
  chainName: 'Sepolia',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' },
  rpcUri: { authentication: 'API_KEY_PATH', value: 'https://rpc.example/v3/' },
};

describe('chain client', () => {
  it('uses the chain’s rpcUri, its API key path, or the user override', () => {
    expect(resolveRpcUrl(chain)).toBe('https://rpc.example/v3/');
    expect(resolveRpcUrl(chain, { apiKey: 'KEY' })).toBe('https://rpc.example/v3/KEY');
    expect(resolveRpcUrl(chain, { rpcUrl: 'http://127.0.0.1:8545', apiKey: 'KEY' })).toBe('http://127.0.0.1:8545');
    expect(resolveRpcUrl({ rpcUri: { authentication: 'NO_AUTHENTICATION', value: 'https://x/' } }, { apiKey: 'KEY' })).toBe('https://x/');
    expect(() => resolveRpcUrl(chain, { rpcUrl: 'wss://rpc' })).toThrow('Unsupported RPC URL: wss://rpc');
  });

  it('carries the seed’s constants: polling 4000, timeout 10000, retry 3 × 150, block tag latest', () => {
    const client = createChainClient(chain, { rpcUrl: 'http://127.0.0.1:1' });
    expect(CHAIN_CLIENT_DEFAULTS).toEqual({ pollingInterval: 4000, timeout: 10_000, retryCount: 3, retryDelay: 150, blockTag: 'latest' });
    expect(client.pollingInterval).toBe(4000);
    expect(client.transport.timeout).toBe(10_000);
    expect(client.transport.retryCount).toBe(3);
    expect(client.transport.retryDelay).toBe(150);
    expect(client.experimental_blockTag).toBe('latest');
    expect(client.chain.id).toBe(11155111);
    expect(client.chain.rpcUrls.default.http).toEqual(['http://127.0.0.1:1']);
  });

  it('keeps one client per chain and RPC URL', () => {
    const registry = createChainClientRegistry({ rpcOverrides: { '11155111': 'http://127.0.0.1:2' } });
    const a = registry.get(chain);
    expect(registry.get(chain)).toBe(a);
    expect(a.chain.rpcUrls.default.http).toEqual(['http://127.0.0.1:2']);
    const b = registry.get(chain, 'http://127.0.0.1:3');
    expect(b).not.toBe(a);
    expect(b.chain.rpcUrls.default.http).toEqual(['http://127.0.0.1:3']);
  });
});
